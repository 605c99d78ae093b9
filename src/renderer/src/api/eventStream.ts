/**
 * A Server-Sent Events client over fetch: unlike EventSource it sends the bearer token in a
 * header (never in the URL), and it reconnects with a growing delay, asking the server to replay
 * what came after the last event it saw (`Last-Event-ID`).
 */
import { isApiError } from './errors.ts'
import type { TokenSource } from './http.ts'

export interface StreamMessage {
  event: string
  data: string
  id: string | null
}

export interface EventStreamOptions {
  url: string
  tokens: Pick<TokenSource, 'accessToken' | 'canRefresh' | 'refresh'>
  onMessage(message: StreamMessage): void
  /** Each (re)connection; `resumed` is true when the server was asked to replay. */
  onOpen?(info: { resumed: boolean }): void
  onDisconnect?(): void
  /** The session is gone (401 that a refresh could not cure): the stream stops. */
  onUnauthorized?(): void
  fetch?: typeof fetch
  /** Where to resume on the first connection (later ones resume from the last event seen). */
  resumeFrom?: string | null
  /**
   * A connection silent for this long is taken as dead and replaced (the server writes a comment
   * every 25 s; a network change can leave a socket open that carries nothing). 45 s by default.
   */
  idleTimeoutMs?: number
  /** Subscribes to "the network is back" (the window's `online` event): reconnect at once. */
  onNetworkBack?(listener: () => void): () => void
  /** Delay before reconnect attempt `n` (0-based), ms. */
  backoff?(attempt: number): number
  setTimeout?(handler: () => void, ms: number): unknown
  clearTimeout?(handle: unknown): void
}

export interface EventStream {
  close(): void
  /** The id of the last event received (the resume point). */
  readonly lastEventId: string | null
}

/** 1 s, 2 s, 4 s … up to 30 s, with up to 20 % jitter so clients do not reconnect together. */
export function defaultBackoff(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(30_000, 1000 * 2 ** Math.min(attempt, 5))
  return Math.round(base * (1 + 0.2 * random()))
}

/** Splits SSE text into messages; returns the unfinished rest. */
export function parseSse(buffer: string, emit: (message: StreamMessage) => void, state: { lastId: string | null }): string {
  const normalized = buffer.replace(/\r\n?/g, '\n')
  let rest = normalized
  let cut: number
  while ((cut = rest.indexOf('\n\n')) >= 0) {
    const block = rest.slice(0, cut)
    rest = rest.slice(cut + 2)
    let event = 'message'
    const data: string[] = []
    let id: string | null = null
    for (const line of block.split('\n')) {
      if (line === '' || line.startsWith(':')) continue
      const colon = line.indexOf(':')
      const field = colon >= 0 ? line.slice(0, colon) : line
      const value = colon >= 0 ? line.slice(colon + 1).replace(/^ /, '') : ''
      if (field === 'event') event = value
      else if (field === 'data') data.push(value)
      else if (field === 'id' && !value.includes('\0')) id = value
    }
    if (id !== null) state.lastId = id
    if (data.length > 0) emit({ event, data: data.join('\n'), id })
  }
  return rest
}

class UnauthorizedStream extends Error {}

export function openEventStream(options: EventStreamOptions): EventStream {
  const doFetch = options.fetch ?? ((input, init) => fetch(input, init))
  const backoff = options.backoff ?? ((attempt: number) => defaultBackoff(attempt))
  const later = options.setTimeout ?? ((handler, ms) => setTimeout(handler, ms))
  const cancel = options.clearTimeout ?? ((handle) => clearTimeout(handle as ReturnType<typeof setTimeout>))
  const state = { lastId: options.resumeFrom ?? null }
  let closed = false
  let attempt = 0
  let controller: AbortController | null = null
  let timer: unknown = null
  let idle: unknown = null
  const idleTimeoutMs = options.idleTimeoutMs ?? 45_000
  const stopIdle = () => {
    if (idle !== null) cancel(idle)
    idle = null
  }
  /** Every byte received proves the connection alive; silence past the limit ends it. */
  const watch = (current: AbortController) => {
    stopIdle()
    idle = later(() => {
      idle = null
      current.abort()
    }, idleTimeoutMs)
  }

  async function connectOnce(token: string): Promise<void> {
    const current = new AbortController()
    controller = current
    const headers: Record<string, string> = { Accept: 'text/event-stream', Authorization: `Bearer ${token}` }
    if (state.lastId) headers['Last-Event-ID'] = state.lastId
    watch(current)
    const response = await doFetch(options.url, { headers, signal: current.signal, cache: 'no-store' })
    if (response.status === 401) throw new UnauthorizedStream()
    if (!response.ok || !response.body) throw new Error(`stream ${response.status}`)
    attempt = 0
    options.onOpen?.({ resumed: state.lastId !== null })
    const reader = response.body.pipeThrough(new TextDecoderStream()).getReader()
    let buffer = ''
    for (;;) {
      const { value, done } = await reader.read()
      if (done) return
      watch(current)
      buffer = parseSse(
        buffer + value,
        (message) => {
          if (!closed) options.onMessage(message)
        },
        state
      )
    }
  }

  async function run(): Promise<void> {
    if (closed) return
    let token = options.tokens.accessToken()
    try {
      if (!token) throw new UnauthorizedStream()
      try {
        await connectOnce(token)
      } catch (error) {
        if (!(error instanceof UnauthorizedStream) || !options.tokens.canRefresh() || closed) throw error
        // An expired access token: one refresh (shared with every other client), then again.
        try {
          token = await options.tokens.refresh()
        } catch (refreshError) {
          throw isApiError(refreshError) && !refreshError.isNetwork ? new UnauthorizedStream() : refreshError
        }
        await connectOnce(token)
      }
    } catch (error) {
      stopIdle()
      if (closed) return
      if (error instanceof UnauthorizedStream) {
        closed = true
        options.onUnauthorized?.()
        return
      }
    }
    stopIdle()
    if (closed) return
    options.onDisconnect?.()
    timer = later(() => {
      timer = null
      void run()
    }, backoff(attempt++))
  }

  const stopNetworkWatch = options.onNetworkBack?.(() => {
    if (closed) return
    // Back online: the old socket may be dead without knowing it; start over now.
    attempt = 0
    if (timer !== null) {
      cancel(timer)
      timer = null
      void run()
    } else {
      controller?.abort()
    }
  })

  void run()
  return {
    close() {
      closed = true
      stopNetworkWatch?.()
      stopIdle()
      controller?.abort()
      if (timer !== null) cancel(timer)
      timer = null
    },
    get lastEventId() {
      return state.lastId
    }
  }
}
