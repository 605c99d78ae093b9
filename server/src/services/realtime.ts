/**
 * The notification service's push channel: each open stream (Server-Sent Events) of a user is a
 * subscriber here, and whatever the server creates for that user is written to it at once.
 *
 * The hub lives in the API process. With PGlite there is one process per data directory, so it
 * sees every event; with several API processes on one PostgreSQL database an event reaches the
 * streams of the process that created it, and the others' clients catch up when they reconnect
 * (the stream replays missed notifications): docs/decisions/0007-notifications-realtime.md.
 */
import type { StreamEvent } from '../../../src/shared/api/notifications.ts'

export type StreamWriter = {
  /** Writes one event; false when the connection is gone. */
  send(event: StreamEvent, data: unknown, id?: number): boolean
  /** Ends the stream (server shutting down). */
  end(): void
}

export type RealtimeHub = {
  subscribe(userId: number, writer: StreamWriter): () => void
  /** To one user's streams, or to everybody's with `null`. */
  publish(userId: number | null, event: StreamEvent, data: unknown, id?: number): number
  /** Open streams (of one user). */
  count(userId?: number): number
  /** Ends every stream: called before the server closes, so closing never waits on them. */
  closeAll(): void
}

/** One SSE frame; data is JSON on a single line, so no field can break the framing. */
export function sseFrame(event: StreamEvent, data: unknown, id?: number): string {
  return `${id !== undefined ? `id: ${id}\n` : ''}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`
}

/**
 * Streams one user may hold open at once: the app opens one per signed-in window; a newer one
 * past the limit ends the oldest (a client left behind reconnects and replays).
 */
export const STREAMS_PER_USER = 5

export function createRealtimeHub(): RealtimeHub {
  const byUser = new Map<number, Set<StreamWriter>>()
  const drop = (userId: number, writer: StreamWriter) => {
    const set = byUser.get(userId)
    if (!set) return
    set.delete(writer)
    if (set.size === 0) byUser.delete(userId)
  }
  return {
    subscribe(userId, writer) {
      let set = byUser.get(userId)
      if (!set) {
        set = new Set()
        byUser.set(userId, set)
      }
      while (set.size >= STREAMS_PER_USER) {
        const oldest = set.values().next().value!
        set.delete(oldest)
        oldest.end()
      }
      set.add(writer)
      byUser.set(userId, set)
      return () => drop(userId, writer)
    },
    publish(userId, event, data, id) {
      const targets = userId === null ? [...byUser.entries()] : byUser.has(userId) ? [[userId, byUser.get(userId)!] as const] : []
      let delivered = 0
      for (const [owner, writers] of targets) {
        for (const writer of [...writers]) {
          if (writer.send(event, data, id)) delivered += 1
          else drop(owner, writer)
        }
      }
      return delivered
    },
    count(userId) {
      if (userId !== undefined) return byUser.get(userId)?.size ?? 0
      let total = 0
      for (const set of byUser.values()) total += set.size
      return total
    },
    closeAll() {
      for (const set of byUser.values()) for (const writer of set) writer.end()
      byUser.clear()
    }
  }
}
