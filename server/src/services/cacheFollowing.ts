/**
 * What the in-memory caches kept exact share (services/authCache.ts, services/answerCache.ts):
 * emptying themselves on this process's statements that change their tables and, on PostgreSQL,
 * on whatever the change feed tells (a commit of any process, a loss, listening again); and the
 * cache of a server with it turned off.
 */
import type { ChangeFeed } from '../db/changeFeed.ts'
import type { StatementListener } from '../db/pgliteStatements.ts'

export type Following = {
  /** The database's statement listeners (Database.onStatement). */
  follow?: (listener: StatementListener) => () => void
  /** The changes committed by every process (Database.authChanges, PostgreSQL). */
  feed?: ChangeFeed
}

/**
 * Calls `clear` on each followed statement that `changes` says may change the cached rows, and on
 * every event of the feed but a change it names of a table not in `tables` (when given); returns
 * the stop.
 */
export function clearOnChanges(
  following: Following,
  changes: (statement: string) => boolean,
  clear: () => void,
  tables?: readonly string[]
): () => void {
  const stopFollowing = following.follow?.((statement) => {
    if (changes(statement)) clear()
  })
  // Whatever the feed tells (a change, a loss, listening again) empties the cache, but a commit
  // to a table the cache does not read.
  const read = tables && new Set(tables)
  const stopFeed = following.feed?.subscribe((event, table) => {
    if (event === 'change' && read && table !== undefined && !read.has(table)) return
    clear()
  })
  return () => {
    stopFollowing?.()
    stopFeed?.()
  }
}

/** A cache turned off: nothing kept, every read goes to the database. */
export const offCache = {
  enabled: false,
  size: 0,
  get: () => undefined,
  begin: () => 0,
  set: () => undefined,
  clear: () => undefined,
  close: () => undefined
} as const
