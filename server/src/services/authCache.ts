/**
 * Signed-in sessions and their users kept in memory, so that an authenticated request does not
 * read them from the database each time. Only for PGlite: one process owns its data directory,
 * so every write passes through this process and the cache can be kept exact:
 *
 * - every statement that may change a user or a session (any statement but a SELECT or a plain
 *   INSERT that names the `users` or `sessions` table) empties the cache when it starts and when
 *   it ends;
 * - a database read stores its result only if the cache was not emptied since the read began
 *   (`begin()` gives the ticket `set()` checks), so a read that raced a write never stores what it
 *   read before the write.
 *
 * A revoked session (logout, password change or reset, refresh-token reuse) and a changed user
 * row are therefore never served from memory once the statement that changed them has run. With
 * PostgreSQL other processes may write to the same database, so the cache stays off there.
 * Entries are bounded: beyond `maxEntries` the least recently used is dropped.
 */
import type { UserRow } from '../http.ts'

export type AuthCacheEntry = {
  /** The user row as read with the session (frozen: it is shared between requests). */
  user: Readonly<UserRow>
  /** When the session itself ends. */
  expiresAt: Date
}

export type AuthCache = {
  readonly enabled: boolean
  readonly size: number
  get(sessionId: string): AuthCacheEntry | undefined
  /** A ticket to take before reading a session from the database. */
  begin(): number
  /** Stores what a read found, unless the cache was emptied since its ticket was taken. */
  set(ticket: number, sessionId: string, entry: AuthCacheEntry): void
  clear(): void
  /** Stops following the database's statements (the server is closing). */
  close(): void
}

/**
 * A statement that may change a user or a session row: anything but a read or a plain insert
 * (which only adds rows, none of them read before) that names the `users` or `sessions` table.
 * An insert that updates on conflict counts as a change; so does anything else.
 */
export function changesAuthRows(statement: string): boolean {
  const text = statement.trimStart().toLowerCase()
  if (text.startsWith('select') || !/\b(?:users|sessions)\b/.test(text)) return false
  return !text.startsWith('insert') || /\bdo\s+update\b/.test(text)
}

function freezeRow(row: UserRow): Readonly<UserRow> {
  for (const value of Object.values(row)) {
    if (value && typeof value === 'object') Object.freeze(value)
  }
  return Object.freeze(row)
}

export type AuthCacheOptions = {
  maxEntries: number
  /** The database's statement listeners (Database.onStatement): the cache empties itself on changes. */
  follow?: (listener: (statement: string) => void) => () => void
}

export function createAuthCache(options: AuthCacheOptions): AuthCache {
  const maxEntries = options.maxEntries
  // Map order is use order: a hit moves the entry to the end, eviction takes the first.
  const entries = new Map<string, AuthCacheEntry>()
  let generation = 0
  const clear = () => {
    generation += 1
    entries.clear()
  }
  const stop = options.follow?.((statement) => {
    if (changesAuthRows(statement)) clear()
  })
  return {
    enabled: true,
    get size() {
      return entries.size
    },
    get(sessionId) {
      const entry = entries.get(sessionId)
      if (entry) {
        entries.delete(sessionId)
        entries.set(sessionId, entry)
      }
      return entry
    },
    begin() {
      return generation
    },
    set(ticket, sessionId, entry) {
      if (ticket !== generation) return
      entries.delete(sessionId)
      entries.set(sessionId, { user: freezeRow(entry.user as UserRow), expiresAt: entry.expiresAt })
      while (entries.size > maxEntries) entries.delete(entries.keys().next().value!)
    },
    clear,
    close() {
      stop?.()
    }
  }
}

/** The cache of a database it cannot be kept exact for (PostgreSQL), or of a server with it turned off. */
export const noAuthCache: AuthCache = {
  enabled: false,
  size: 0,
  get: () => undefined,
  begin: () => 0,
  set: () => undefined,
  clear: () => undefined,
  close: () => undefined
}
