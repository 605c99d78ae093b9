/**
 * Queries of the hot paths (authentication, the current user) built once per database handle:
 * no SQL is rebuilt per request, and on PostgreSQL the name makes a server-side prepared
 * statement on each pooled connection, so its plan is reused. (On PGlite every statement is
 * prepared by the driver: see pgliteStatements.ts.)
 */
import type { Executor } from './client.ts'

export function preparedFor<Q>(build: (db: Executor) => Q): (db: Executor) => Q {
  const built = new WeakMap<Executor, Q>()
  return (db) => {
    let query = built.get(db)
    if (!query) {
      query = build(db)
      built.set(db, query)
    }
    return query
  }
}
