/**
 * Opens the database of a data directory: embedded PGlite by default, PostgreSQL when a URL is
 * given. Runs the migrations of `server/drizzle/` before answering. PGlite has no lock of its
 * own, so the data directory is locked with a pid file for the life of the process.
 */
import { mkdirSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { PGlite } from '@electric-sql/pglite'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import type { PoolClient } from 'pg'
import type { ChangeFeed } from './changeFeed.ts'
import * as schema from './schema.ts'
import { acquireLock, type DataDirLock } from './lock.ts'
import type { StatementListener } from './pgliteStatements.ts'

export type Schema = typeof schema
export type Db = PgDatabase<PgQueryResultHKT, Schema>
/** A transaction or the database itself: repositories accept either. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]
export type Executor = Db | Tx

export type Database = {
  db: Db
  kind: 'pglite' | 'postgres'
  /**
   * Calls `listener` with the text of each statement this process runs, synchronously, as it
   * starts and once it has ended (and, on PostgreSQL, a statement run inside a transaction once
   * more when the transaction has ended). Returns the unsubscribe.
   */
  onStatement?(listener: StatementListener): () => void
  /**
   * PostgreSQL only: the changes to sessions, users and their views committed by any process
   * (channel `darsi_auth`, fired by the triggers of migration 0004).
   */
  authChanges?: ChangeFeed
  /**
   * PostgreSQL only: runs `work` on a connection of the pool kept for it alone, for what lives
   * in a session (an advisory lock, db/lock.ts); the connection goes back to the pool after.
   */
  withConnection?<T>(work: (query: SessionQuery) => Promise<T>): Promise<T>
  close(): Promise<void>
}

/** A statement on one connection: its rows. */
export type SessionQuery = (text: string, values?: unknown[]) => Promise<Record<string, unknown>[]>

export type OpenDatabaseOptions = {
  /** Directory of the PGlite files (created when missing). Ignored with `databaseUrl`. */
  dataDir: string
  databaseUrl?: string | null
  /** Run the migrations (default true). */
  migrate?: boolean
  /** Size of the PostgreSQL pool. */
  poolSize?: number
}

export const MIGRATIONS_DIR = fileURLToPath(new URL('../../drizzle', import.meta.url))

export async function openDatabase(options: OpenDatabaseOptions): Promise<Database> {
  return options.databaseUrl ? openPostgres(options.databaseUrl, options) : openPglite(options.dataDir, options)
}

// Each backend's driver is loaded only when that backend is opened: a start loads one of them.
async function openPglite(dataDir: string, options: OpenDatabaseOptions): Promise<Database> {
  const [{ PGlite }, { drizzle: drizzlePglite }, { migrate: migratePglite }, { withPreparedStatements }] = await Promise.all([
    import('@electric-sql/pglite'),
    import('drizzle-orm/pglite'),
    import('drizzle-orm/pglite/migrator'),
    import('./pgliteStatements.ts')
  ])
  mkdirSync(dataDir, { recursive: true })
  const lock: DataDirLock = acquireLock(dataDir, 'pglite.lock')
  let client: PGlite | null = null
  try {
    client = await PGlite.create({ dataDir: `${dataDir}/pglite` })
    if (options.migrate !== false) await migratePglite(drizzlePglite({ client, schema }), { migrationsFolder: MIGRATIONS_DIR })
    // Statements are prepared once the schema is final: a migration never runs under a prepared plan.
    const prepared = withPreparedStatements(client)
    const db = drizzlePglite({ client: prepared.client, schema })
    const opened = client
    return {
      db: db as unknown as Db,
      kind: 'pglite',
      onStatement: prepared.onStatement,
      async close() {
        try {
          await opened.close()
        } finally {
          lock.release()
        }
      }
    }
  } catch (error) {
    if (client) await client.close().catch(() => undefined)
    lock.release()
    throw error
  }
}

/** The first word of a statement that ends a transaction. */
const TRANSACTION_END = /^\s*(?:commit|rollback|end|abort)\b/i
const TRANSACTION_BEGIN = /^\s*(?:begin|start\s+transaction)\b/i

/**
 * Reports the statements of a pooled connection to `notify` as they start and end. Statements
 * run inside a transaction are reported once more when it ends: only then do other connections
 * (and other requests of this process) see what they changed.
 */
function observeStatements(client: PoolClient, notify: (text: string) => void): void {
  const query = client.query.bind(client) as (...args: unknown[]) => unknown
  let inTransaction = false
  let pending: string[] = []
  const ended = (text: string) => {
    notify(text)
    if (TRANSACTION_BEGIN.test(text)) {
      inTransaction = true
      pending = []
    } else if (TRANSACTION_END.test(text)) {
      inTransaction = false
      const run = pending
      pending = []
      for (const statement of new Set(run)) notify(statement)
    } else if (inTransaction && !/^\s*select\b/i.test(text)) {
      pending.push(text)
    }
  }
  ;(client as { query: unknown }).query = (...args: unknown[]) => {
    const config = args[0]
    const text = typeof config === 'string' ? config : (config as { text?: unknown } | null)?.text
    if (typeof text !== 'string') return query(...args)
    notify(text)
    const last = args.length - 1
    const callback = args[last]
    if (typeof callback === 'function') {
      args[last] = (...results: unknown[]) => {
        ended(text)
        return (callback as (...values: unknown[]) => unknown)(...results)
      }
      return query(...args)
    }
    const result = query(...args)
    // A submittable (a cursor, a stream) reports its own end: only its start is told.
    return result instanceof Promise ? result.finally(() => ended(text)) : result
  }
}

async function openPostgres(url: string, options: OpenDatabaseOptions): Promise<Database> {
  const [{ default: pg }, { drizzle: drizzlePg }, { migrate: migratePg }, { createChangeFeed }] = await Promise.all([
    import('pg'),
    import('drizzle-orm/node-postgres'),
    import('drizzle-orm/node-postgres/migrator'),
    import('./changeFeed.ts')
  ])
  const pool = new pg.Pool({ connectionString: url, max: options.poolSize ?? 10 })
  // An idle connection the server ends (restart, failover, a dropped database) is an 'error' of
  // the pool: it replaces the connection, and the process must not die of it.
  pool.on('error', () => undefined)
  const listeners = new Set<StatementListener>()
  const notify = (text: string) => {
    for (const listener of listeners) listener(text)
  }
  const open = new Set<PoolClient>()
  pool.on('connect', (client) => {
    open.add(client)
    client.once('end', () => open.delete(client))
    observeStatements(client, notify)
  })
  const authChanges = createChangeFeed({ client: () => new pg.Client({ connectionString: url, keepAlive: true }), channel: 'darsi_auth' })
  try {
    const db = drizzlePg(pool, { schema })
    if (options.migrate !== false) await migratePg(db, { migrationsFolder: MIGRATIONS_DIR })
    return {
      db: db as unknown as Db,
      kind: 'postgres',
      onStatement(listener) {
        listeners.add(listener)
        return () => listeners.delete(listener)
      },
      authChanges,
      async withConnection(work) {
        const client = await pool.connect()
        let broken: Error | undefined
        try {
          return await work(async (text, values) => {
            try {
              return (await client.query(text, values)).rows as Record<string, unknown>[]
            } catch (error) {
              // A failed statement may leave the session unknown: the connection is not reused.
              broken = error as Error
              throw error
            }
          })
        } finally {
          client.release(broken)
        }
      },
      async close() {
        await authChanges.close()
        // pool.end() resolves once it has asked each connection to end; wait until they have.
        const ended = [...open].map((client) => new Promise<void>((resolve) => client.once('end', () => resolve())))
        await pool.end()
        await Promise.all(ended)
      }
    }
  } catch (error) {
    await pool.end().catch(() => undefined)
    throw error
  }
}
