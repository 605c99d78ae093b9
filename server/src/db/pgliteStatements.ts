/**
 * PGlite with named prepared statements. `PGlite.query` parses, plans and describes every
 * statement again and enters the WebAssembly backend six times per query (parse, describe,
 * bind, describe, execute, sync). Here each distinct SQL text is parsed once as a named
 * statement (its parameter types kept), and every later run sends bind, describe, execute and
 * sync in ONE call: a few times less CPU per query, and PostgreSQL keeps the plan. Parameters
 * are serialized exactly as `PGlite.query` does (by the type the server gave each parameter)
 * and results parsed by the same code, so callers see no difference.
 *
 * Concurrency is PGlite's own: a query outside a transaction waits for a running transaction
 * (the transaction lock) and for the running query (the query lock); inside a transaction only
 * the query lock is taken, as `Transaction.query` does.
 *
 * Statement listeners (`onStatement`) see the text of every statement, synchronously, right
 * before the backend runs it and again once it has ended: the in-memory caches that must follow
 * writes (services/authCache.ts) hang on them.
 */
import { messages, parse, protocol, type PGlite, type QueryOptions, type Results, type Transaction } from '@electric-sql/pglite'
import { query as template } from '@electric-sql/pglite/template'

export type PreparedStatementsOptions = {
  /** Named statements kept at most (at least 1); the least recently used is closed beyond it. */
  maxStatements?: number
}

export type StatementListener = (statement: string) => void

export type PreparedPglite = {
  /** The client to give drizzle: PGlite's interface, prepared statements underneath. */
  client: PGlite
  /** Calls `listener` as each statement starts and once it has ended; returns the unsubscribe. */
  onStatement(listener: StatementListener): () => void
}

type Statement = { name: string; paramTypes: number[] }

/** PostgreSQL's code for a prepared statement that no longer exists. */
const UNDEFINED_STATEMENT = '26000'

function concat(parts: Uint8Array[]): Uint8Array {
  if (parts.length === 1) return parts[0]!
  const out = new Uint8Array(parts.reduce((size, part) => size + part.length, 0))
  let offset = 0
  for (const part of parts) {
    out.set(part, offset)
    offset += part.length
  }
  return out
}

/** What this path handles; COPY (PGlite's /dev/blob) and other options (explicit parameter types) go to `PGlite.query`. */
function handled(text: string, options: QueryOptions | undefined): boolean {
  if (/^\s*copy\b/i.test(text)) return false
  if (!options) return true
  for (const key of Object.keys(options)) {
    if (key !== 'rowMode' && key !== 'parsers' && key !== 'serializers') return false
  }
  return true
}

export function withPreparedStatements(client: PGlite, options: PreparedStatementsOptions = {}): PreparedPglite {
  const maxStatements = Math.max(1, options.maxStatements ?? 500)
  const serialize = protocol.serialize
  // Map order is use order: a hit moves the statement to the end, eviction takes the first.
  const statements = new Map<string, Statement>()
  const closing: string[] = []
  let counter = 0
  const listeners = new Set<StatementListener>()

  function notify(text: string): void {
    for (const listener of listeners) listener(text)
  }

  /** Runs a statement through another path of PGlite (COPY, `exec`), listeners told before and after. */
  async function observed<T>(text: string, execute: () => Promise<T>): Promise<T> {
    notify(text)
    try {
      return await execute()
    } finally {
      notify(text)
    }
  }

  function forget(text: string): void {
    const statement = statements.get(text)
    if (!statement) return
    statements.delete(text)
    closing.push(statement.name)
  }

  /** Close messages of evicted statements, sent ahead of the next query. */
  function takeClosing(): Uint8Array[] {
    return closing.splice(0).map((name) => serialize.close({ type: 'S', name }))
  }

  async function prepare(text: string): Promise<Statement> {
    const name = `darsi_${(counter += 1)}`
    const described = await client.execProtocolStream(
      concat([...takeClosing(), serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync()]),
      { syncToFs: false }
    )
    const statement = { name, paramTypes: parse.parseDescribeStatementResults(described) }
    // Room is made before the new statement is added: it is never the one closed.
    while (statements.size >= maxStatements) forget(statements.keys().next().value!)
    statements.set(text, statement)
    return statement
  }

  async function run(text: string, params: unknown[], queryOptions: QueryOptions | undefined, retried = false): Promise<Results> {
    try {
      let statement = statements.get(text)
      if (statement) {
        statements.delete(text)
        statements.set(text, statement)
      } else {
        statement = await prepare(text)
      }
      const paramTypes = statement.paramTypes
      const values = params.map((value, index) => {
        if (value == null) return null
        const type = paramTypes[index]!
        const serializer = queryOptions?.serializers?.[type] ?? client.serializers[type]
        return serializer ? serializer(value) : String(value)
      })
      const message = concat([
        ...takeClosing(),
        serialize.bind({ statement: statement.name, values }),
        serialize.describe({ type: 'P' }),
        serialize.execute({}),
        serialize.sync()
      ])
      // The backend runs the statement synchronously within this call: listeners see its start
      // with nothing else run in between.
      notify(text)
      let results
      try {
        results = await client.execProtocolStream(message, { syncToFs: false })
      } finally {
        notify(text)
      }
      // PGlite would copy its whole parser table (hundreds of types) to apply a caller's few
      // parsers; a table that inherits from it answers the same lookups at no cost.
      const { parsers, ...resultOptions } = queryOptions ?? {}
      const table = parsers ? Object.assign(Object.create(client.parsers) as typeof client.parsers, parsers) : client.parsers
      return parse.parseResults(results, table, resultOptions)[0]!
    } catch (error) {
      if (error instanceof messages.DatabaseError) {
        if (error.code === UNDEFINED_STATEMENT && !retried) {
          statements.delete(text)
          return run(text, params, queryOptions, true)
        }
        // The details PGlite adds to the errors of its own queries.
        Object.assign(error, { query: text, params, queryOptions })
      }
      throw error
    }
  }

  async function query<T>(text: string, params: unknown[] = [], queryOptions?: QueryOptions): Promise<Results<T>> {
    if (!handled(text, queryOptions)) return observed(text, () => client.query<T>(text, params, queryOptions))
    await client._checkReady()
    return client._runExclusiveTransaction(async () => {
      const results = await client._runExclusiveQuery(() => run(text, params, queryOptions))
      await client.syncToFs()
      return results as Results<T>
    })
  }

  function inTransaction(tx: Transaction): Transaction {
    const txQuery = async <T>(text: string, params: unknown[] = [], queryOptions?: QueryOptions): Promise<Results<T>> => {
      if (!handled(text, queryOptions)) return observed(text, () => tx.query<T>(text, params, queryOptions))
      if (tx.closed) throw new Error('Transaction is closed')
      return (await client._runExclusiveQuery(() => run(text, params, queryOptions))) as Results<T>
    }
    return new Proxy(tx, {
      get(target, property, receiver) {
        if (property === 'query') return txQuery
        if (property === 'sql') {
          return <T>(strings: TemplateStringsArray, ...values: unknown[]) => {
            const templated = template(strings, ...values)
            return txQuery<T>(templated.query, templated.params)
          }
        }
        if (property === 'exec') return (text: string, execOptions?: QueryOptions) => observed(text, () => target.exec(text, execOptions))
        return Reflect.get(target, property, receiver)
      }
    })
  }

  const prepared = new Proxy(client, {
    get(target, property) {
      if (property === 'query') return query
      if (property === 'exec') return (text: string, execOptions?: QueryOptions) => observed(text, () => target.exec(text, execOptions))
      if (property === 'transaction') {
        return <T>(callback: (tx: Transaction) => Promise<T>) => target.transaction((tx) => callback(inTransaction(tx)))
      }
      if (property === 'sql') {
        return <T>(strings: TemplateStringsArray, ...values: unknown[]) => {
          const templated = template(strings, ...values)
          return query<T>(templated.query, templated.params)
        }
      }
      const value: unknown = Reflect.get(target, property, target)
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value
    }
  })
  return {
    client: prepared,
    onStatement(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    }
  }
}
