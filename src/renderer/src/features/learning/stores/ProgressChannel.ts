/**
 * The progress WebSocket of one lesson (part 2, §7 and §9): every tick goes to the journal first,
 * then over the socket when it is open; the server's answers are matched to the ticks in the
 * order they were sent (it applies them one after the other) and take them off the journal. A
 * closed socket opens again PROGRESS_RECONNECT_SECONDS later and sends what the journal kept; an
 * expired token is refreshed first. A locked or unknown lesson ends the channel.
 */
import {
  PROGRESS_SOCKET_CLOSE,
  ProgressSocketReplySchema,
  type ProgressReply,
  type ProgressTickBody
} from '../../../../../shared/api/learning.ts'
import { PROGRESS_RECONNECT_SECONDS } from '../../../../../shared/constants.ts'
import type { JournalEntry, ProgressJournal } from './progressJournal.ts'
import type { Tick } from './tickRecorder.ts'

/** What the channel needs of a WebSocket (the browser's, or a test's). */
export type SocketLike = Pick<WebSocket, 'readyState' | 'send' | 'close' | 'onopen' | 'onmessage' | 'onclose' | 'onerror'>

const OPEN = 1

/** Refusals that will not change by sending the tick again: it leaves the journal. */
const RETRYABLE = new Set(['rate_limited', 'server_error'])

export interface ChannelDeps {
  contentId: number
  journal: ProgressJournal
  /** The socket's address with a fresh token, or null when signed out. */
  socketUrl: () => string | null
  openSocket: (url: string) => SocketLike
  /** Exchanges the refresh token (the socket closed with 4401). */
  refreshToken: () => Promise<unknown>
  /** POST /progress, for what the journal holds of other lessons. */
  post: (body: ProgressTickBody) => Promise<ProgressReply>
  onProgress: (reply: ProgressReply) => void
  /** The lesson is locked (a subscription ended) or gone: no more ticks are taken. */
  onClosedForGood: (reason: 'locked' | 'notFound') => void
  /** Whether the server can be reached (shown by the player). */
  onConnection?: (connected: boolean) => void
  setTimer?: (run: () => void, ms: number) => unknown
  clearTimer?: (handle: unknown) => void
}

export class ProgressChannel {
  private readonly deps: ChannelDeps
  private socket: SocketLike | null = null
  /** The ticks sent on the open socket, waiting for their answers, in order. */
  private inFlight: Tick[] = []
  private reconnect: unknown = null
  private disposed = false
  private ended = false

  constructor(deps: ChannelDeps) {
    this.deps = deps
  }

  /** Opens the socket (and sends what the journal kept for the lesson). */
  start(): void {
    this.connect()
  }

  /** New ticks of the player: journalled, then sent if the socket is open. */
  send(ticks: readonly Tick[]): void {
    if (ticks.length === 0 || this.ended) return
    this.deps.journal.add(this.deps.contentId, ticks)
    if (this.socket?.readyState === OPEN) for (const tick of ticks) this.transmit(tick)
  }

  /** The page closes: the socket too; what is not answered stays in the journal for next time. */
  dispose(): void {
    this.disposed = true
    this.stopTimer()
    const socket = this.socket
    this.socket = null
    if (socket) {
      socket.onclose = null
      socket.close(1000, 'closed')
    }
  }

  private connect(): void {
    if (this.disposed || this.ended) return
    const url = this.deps.socketUrl()
    if (!url) return
    let socket: SocketLike
    try {
      socket = this.deps.openSocket(url)
    } catch {
      this.scheduleReconnect()
      return
    }
    this.socket = socket
    this.inFlight = []
    socket.onopen = () => {
      this.deps.onConnection?.(true)
      for (const entry of this.deps.journal.entriesOf(this.deps.contentId)) this.transmit(entry.tick)
    }
    socket.onmessage = (event) => this.answer(event.data)
    socket.onerror = () => undefined
    socket.onclose = (event) => {
      if (this.socket !== socket) return
      this.socket = null
      this.inFlight = []
      this.deps.onConnection?.(false)
      this.closed(event.code)
    }
  }

  private closed(code: number): void {
    if (this.disposed) return
    if (code === PROGRESS_SOCKET_CLOSE.forbidden || code === PROGRESS_SOCKET_CLOSE.notFound) {
      this.ended = true
      this.deps.onClosedForGood(code === PROGRESS_SOCKET_CLOSE.forbidden ? 'locked' : 'notFound')
      return
    }
    if (code === PROGRESS_SOCKET_CLOSE.tokenExpired) {
      void this.deps.refreshToken().then(
        () => this.connect(),
        () => this.scheduleReconnect()
      )
      return
    }
    this.scheduleReconnect()
  }

  private scheduleReconnect(): void {
    if (this.disposed || this.ended || this.reconnect !== null) return
    const setTimer = this.deps.setTimer ?? ((run, ms) => setTimeout(run, ms))
    this.reconnect = setTimer(() => {
      this.reconnect = null
      this.connect()
    }, PROGRESS_RECONNECT_SECONDS * 1000)
  }

  private stopTimer(): void {
    if (this.reconnect === null) return
    ;(this.deps.clearTimer ?? ((handle) => clearTimeout(handle as ReturnType<typeof setTimeout>)))(this.reconnect)
    this.reconnect = null
  }

  private transmit(tick: Tick): void {
    const socket = this.socket
    if (!socket || socket.readyState !== OPEN) return
    this.inFlight.push(tick)
    socket.send(JSON.stringify(tick))
  }

  private answer(data: unknown): void {
    let parsed: unknown
    try {
      parsed = JSON.parse(String(data))
    } catch {
      return
    }
    const reply = ProgressSocketReplySchema.safeParse(parsed)
    if (!reply.success) return
    const tick = this.inFlight.shift()
    if (!tick || (reply.data.sequence !== null && reply.data.sequence !== tick.sequence)) return
    if (reply.data.type === 'progress') {
      this.deps.journal.remove(tick.viewToken, tick.sequence)
      const { type: _type, sequence: _sequence, ...progress } = reply.data
      this.deps.onProgress(progress)
      return
    }
    if (!RETRYABLE.has(reply.data.code)) this.deps.journal.remove(tick.viewToken, tick.sequence)
    if (reply.data.code === 'content_locked') {
      this.ended = true
      this.deps.onClosedForGood('locked')
      this.dispose()
    }
  }
}

/**
 * Sends what the journal kept of other lessons (a viewing cut by a lost connection or a closed
 * app), over POST /progress, one tick after the other; stops at the first failure to reach the
 * server (the rest waits for next time).
 */
export async function flushJournal(
  journal: ProgressJournal,
  post: (body: ProgressTickBody) => Promise<ProgressReply>,
  except: number | null
): Promise<void> {
  const waiting: JournalEntry[] = journal.entries().filter((entry) => entry.contentId !== except)
  for (const entry of waiting) {
    try {
      await post({ ...entry.tick, contentId: entry.contentId })
      journal.remove(entry.tick.viewToken, entry.tick.sequence)
    } catch (error) {
      if (!isFinalRefusal(error)) return
      journal.remove(entry.tick.viewToken, entry.tick.sequence)
    }
  }
}

/** An answer of the server that sending the tick again will not change (a 4xx other than 401/408/429). */
function isFinalRefusal(error: unknown): boolean {
  const status = (error as { status?: unknown } | null)?.status
  return typeof status === 'number' && status >= 400 && status < 500 && status !== 401 && status !== 408 && status !== 429
}
