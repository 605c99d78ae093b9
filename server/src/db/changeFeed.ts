/**
 * PostgreSQL only: the notifications of one channel (LISTEN), on a connection of its own that
 * is opened when the first listener subscribes and opened again after it is lost. Listeners are
 * told of each notification (`change`), of the moment the feed starts listening (`ready`: any
 * change before it was missed) and of the loss of the connection (`lost`: changes may be missed
 * until the next `ready`). Notifications are sent by the database at commit, by whichever
 * process committed: see server/drizzle/0004_auth_change_notify.sql.
 */
import type { Client } from 'pg'

export type ChangeEvent = 'change' | 'ready' | 'lost'
/** `table`: for a change, the table the commit changed (the trigger's payload), when it names one. */
export type ChangeListener = (event: ChangeEvent, table?: string) => void

export type ChangeFeed = {
  /** Listening now: every change committed from now on will be told. */
  readonly ready: boolean
  subscribe(listener: ChangeListener): () => void
  close(): Promise<void>
}

export type ChangeFeedOptions = {
  /** A new, unconnected client of the database. */
  client: () => Client
  channel: string
  /** Wait before opening a lost connection again. */
  retryMs?: number
}

export function createChangeFeed(options: ChangeFeedOptions): ChangeFeed {
  const retryMs = options.retryMs ?? 1_000
  const listeners = new Set<ChangeListener>()
  const tell = (event: ChangeEvent, table?: string) => {
    for (const listener of listeners) listener(event, table)
  }
  let client: Client | null = null
  let ready = false
  let started = false
  let closed = false
  let retry: NodeJS.Timeout | null = null

  function lost(from: Client): void {
    if (client !== from) return
    client = null
    from.removeAllListeners('notification')
    from.end().catch(() => undefined)
    if (ready) {
      ready = false
      tell('lost')
    }
    if (!closed) {
      retry = setTimeout(() => {
        retry = null
        void open()
      }, retryMs)
      retry.unref()
    }
  }

  async function open(): Promise<void> {
    if (closed) return
    const next = options.client()
    client = next
    // A connection error after connect is also an 'error' event: without a handler it would
    // end the process.
    next.on('error', () => lost(next))
    next.on('end', () => lost(next))
    next.on('notification', (message) => {
      if (client === next && message.channel === options.channel) tell('change', message.payload || undefined)
    })
    try {
      await next.connect()
      await next.query(`LISTEN ${options.channel}`)
    } catch {
      lost(next)
      return
    }
    if (client !== next || closed) return
    ready = true
    tell('ready')
  }

  return {
    get ready() {
      return ready
    },
    subscribe(listener) {
      listeners.add(listener)
      if (!started) {
        started = true
        void open()
      }
      return () => listeners.delete(listener)
    },
    async close() {
      closed = true
      if (retry) clearTimeout(retry)
      const current = client
      client = null
      ready = false
      if (current) {
        current.removeAllListeners('notification')
        await current.end().catch(() => undefined)
      }
    }
  }
}
