/**
 * Answers of a list kept in memory, by key (a user's id, a class), kept exact the way the cache of
 * signed-in sessions is (services/authCache.ts, docs/decisions/0012-session-cache-on-postgresql.md):
 *
 * - every statement of this process that may change one of the list's tables (anything but a
 *   read naming one of them) empties the cache when it starts and when it ends, and on
 *   PostgreSQL once more when its transaction ends;
 * - on PostgreSQL the commits of every process are told by the database (channel `darsi_auth`,
 *   migrations 0004, 0026 to 0028 and 0030), each naming its table: a commit to one of the list's tables
 *   empties the cache, as do a lost connection and listening again; the cache is off while not listening;
 *   an entry is read again after `maxAgeMs` should a notification go missing;
 * - a read stores its answer only if the cache was not emptied since the read began (the ticket
 *   of `begin()`), so a read racing a write never stores what it read before the write;
 * - an answer that changes with time alone carries the instant it stops being true (`validUntil`:
 *   the transfer history's first transfer to pass its hold), and is read again from then on.
 *
 * docs/decisions/0030-lists-at-the-p8-bar.md (decision 6) says which lists use it and why: the
 * transfer history (by user) and the offers page's class catalogue (by class).
 */
import { clearOnChanges, offCache, type Following } from './cacheFollowing.ts'

export type AnswerCache = {
  readonly enabled: boolean
  readonly size: number
  /** The answer stored under `key`, if it is still true at `at`. */
  get(key: string, at: Date): string | undefined
  /** A ticket to take before reading the answer from the database. */
  begin(): number
  /** Stores what a read found, unless the cache was emptied since its ticket was taken. */
  set(ticket: number, key: string, answer: string, validUntil: Date | null): void
  clear(): void
  /** Stops following the database (the server is closing). */
  close(): void
}

export type AnswerCacheOptions = Following & {
  /** The tables the answers are read from. */
  tables: readonly string[]
  maxEntries: number
  /** Characters of answers kept at most, all entries together (none by default). */
  maxChars?: number
  /** An entry older than this is read again; none by default. */
  maxAgeMs?: number
  /** Milliseconds of a monotonic clock (performance.now by default). */
  now?: () => number
}

/** Whether a statement may change one of `tables`: anything but a read that names one. */
export function changesTables(tables: readonly string[]): (statement: string) => boolean {
  const named = new RegExp(`\\b(?:${tables.join('|')})\\b`)
  return (statement) => {
    const text = statement.trimStart().toLowerCase()
    return !text.startsWith('select') && named.test(text)
  }
}

type Stored = { answer: string; validUntil: number; storedAt: number }

export function createAnswerCache(options: AnswerCacheOptions): AnswerCache {
  const { maxEntries, feed } = options
  const maxAgeMs = options.maxAgeMs ?? Number.POSITIVE_INFINITY
  const maxChars = options.maxChars ?? Number.POSITIVE_INFINITY
  const now = options.now ?? (() => performance.now())
  const changes = changesTables(options.tables)
  // Map order is use order: a hit moves the entry to the end, eviction takes the first.
  const entries = new Map<string, Stored>()
  let generation = 0
  let chars = 0
  const drop = (key: string) => {
    const entry = entries.get(key)
    if (!entry) return
    chars -= entry.answer.length
    entries.delete(key)
  }
  const clear = () => {
    generation += 1
    entries.clear()
    chars = 0
  }
  const stop = clearOnChanges(options, changes, clear, options.tables)
  return {
    enabled: true,
    get size() {
      return entries.size
    },
    get(key, at) {
      const entry = entries.get(key)
      if (!entry) return undefined
      drop(key)
      if ((feed && !feed.ready) || now() - entry.storedAt > maxAgeMs || at.getTime() >= entry.validUntil) return undefined
      entries.set(key, entry)
      chars += entry.answer.length
      return entry.answer
    },
    begin() {
      return generation
    },
    set(ticket, key, answer, validUntil) {
      if (ticket !== generation || (feed && !feed.ready) || answer.length > maxChars) return
      drop(key)
      entries.set(key, { answer, validUntil: validUntil?.getTime() ?? Number.POSITIVE_INFINITY, storedAt: now() })
      chars += answer.length
      while (entries.size > maxEntries || chars > maxChars) drop(entries.keys().next().value!)
    },
    clear,
    close: stop
  }
}

/** A cache turned off: every read goes to the database. */
export const noAnswerCache: AnswerCache = offCache
