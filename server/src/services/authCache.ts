/**
 * Signed-in sessions, their users and the users' views kept in memory, so that an authenticated
 * request does not read them from the database each time. The cache is kept exact:
 *
 * - every statement this process runs that may change a user, a session or a user's view (see
 *   `changesAuthRows`) empties the cache when it starts and when it ends (on PostgreSQL, a
 *   statement inside a transaction once more when the transaction ends);
 * - with PostgreSQL, other processes may write to the same database: every such change, whoever
 *   commits it, is notified by the database (triggers of migration 0004, channel `darsi_auth`)
 *   and empties the cache as the notification arrives. Without the listening connection (not
 *   yet open, or lost) the cache is off; it starts empty once listening again. Entries are also
 *   read again after `maxAgeMs`, a bound on staleness should a notification ever go missing;
 * - a database read stores its result only if the cache was not emptied since the read began
 *   (`begin()` gives the ticket `set()` checks), so a read that raced a write never stores what it
 *   read before the write.
 *
 * A revoked session (logout, password change or reset, refresh-token reuse) and a changed user
 * row are therefore never served from memory by the process that changed them once the
 * statement has run, nor by another process once the commit's notification has reached it
 * (docs/decisions/0012-session-cache-on-postgresql.md). Entries are bounded: beyond
 * `maxEntries` the least recently used is dropped.
 */
import type { UserRow } from '../http.ts'
import type { UserViewRow } from '../presenters/user.ts'
import { clearOnChanges, offCache, type Following } from './cacheFollowing.ts'

export type AuthCacheEntry = {
  /** The user row as read with the session (frozen: it is shared between requests). */
  user: Readonly<UserRow>
  /** When the session itself ends. */
  expiresAt: Date
  /** The user's view (names, subscriptions, balance) when it was read with the session (frozen too). */
  view?: Readonly<UserViewRow>
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

/** Tables of the cached rows themselves: a plain insert only adds rows no entry was read from. */
export const AUTH_ROW_TABLES = ['users', 'sessions'] as const
/**
 * Tables the user's view is read from (presenters/user.ts), and `ledger_entries`, whose inserts
 * move balances (trigger `ledger_entries_apply`): any write to them is a change.
 */
export const AUTH_VIEW_TABLES = [
  'ledger_accounts',
  'ledger_entries',
  'user_offers',
  'offer_groups',
  'divisions',
  'levels',
  'optional_subjects',
  'countries',
  'states',
  'delegations',
  'institutes',
  // The code the pupil applied and its coupon: /auth/me's discountCode, discountType and discountAmount (decision 0045).
  'applied_discount_codes',
  'discount_codes',
  // /auth/me's isOperatorClient: a plan the operator charged (decision 0046).
  'operator_subscriptions'
] as const

const ROW_TABLE = new RegExp(`\\b(?:${AUTH_ROW_TABLES.join('|')})\\b`)
const VIEW_TABLE = new RegExp(`\\b(?:${AUTH_VIEW_TABLES.join('|')})\\b`)

/**
 * A statement that may change a user, a session or a user's view: anything but a read that names
 * one of the view's tables, and anything but a read or a plain insert (which only adds rows,
 * none of them read before) that names `users` or `sessions`. An insert that updates on conflict
 * counts as a change; so does anything else.
 */
export function changesAuthRows(statement: string): boolean {
  const text = statement.trimStart().toLowerCase()
  if (text.startsWith('select')) return false
  if (VIEW_TABLE.test(text)) return true
  if (!ROW_TABLE.test(text)) return false
  return !text.startsWith('insert') || /\bdo\s+update\b/.test(text)
}

function freezeRow<T extends object>(row: T): Readonly<T> {
  for (const value of Object.values(row)) {
    if (value && typeof value === 'object') Object.freeze(value)
  }
  return Object.freeze(row)
}

/** The cache empties itself on the changes it follows, and is off while the feed is not listening. */
export type AuthCacheOptions = Following & {
  maxEntries: number
  /** An entry older than this is read again (a bound on staleness); none by default. */
  maxAgeMs?: number
  /** Milliseconds of a monotonic clock (performance.now by default). */
  now?: () => number
}

type Stored = AuthCacheEntry & { storedAt: number }

export function createAuthCache(options: AuthCacheOptions): AuthCache {
  const { maxEntries, feed } = options
  const maxAgeMs = options.maxAgeMs ?? Number.POSITIVE_INFINITY
  const now = options.now ?? (() => performance.now())
  // Map order is use order: a hit moves the entry to the end, eviction takes the first.
  const entries = new Map<string, Stored>()
  let generation = 0
  const clear = () => {
    generation += 1
    entries.clear()
  }
  const stop = clearOnChanges(options, changesAuthRows, clear)
  return {
    enabled: true,
    get size() {
      return entries.size
    },
    get(sessionId) {
      const entry = entries.get(sessionId)
      if (!entry) return undefined
      entries.delete(sessionId)
      if ((feed && !feed.ready) || now() - entry.storedAt > maxAgeMs) return undefined
      entries.set(sessionId, entry)
      return entry
    },
    begin() {
      return generation
    },
    set(ticket, sessionId, entry) {
      if (ticket !== generation || (feed && !feed.ready)) return
      entries.delete(sessionId)
      entries.set(sessionId, {
        user: freezeRow(entry.user as UserRow),
        expiresAt: entry.expiresAt,
        ...(entry.view ? { view: freezeRow(entry.view) } : {}),
        storedAt: now()
      })
      while (entries.size > maxEntries) entries.delete(entries.keys().next().value!)
    },
    clear,
    close: stop
  }
}

/** The cache of a server with it turned off (DARSI_AUTH_CACHE_ENTRIES=0). */
export const noAuthCache: AuthCache = offCache
