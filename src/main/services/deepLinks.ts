/**
 * `darsi://` links from the OS (`second-instance` argv on Windows and Linux, `open-url` on
 * macOS). They are untrusted, may arrive twice for one click, and may arrive before the page can
 * listen: parse, de-duplicate, and hold them until the renderer says it is ready.
 */
import { findDeepLinkArgument, parseDeepLink, type DeepLink } from '../../shared/deepLink.ts'
import { Logger } from '../logger.ts'

export type DeepLinkListener = (link: DeepLink) => void

export interface DeepLinkQueue {
  /** Queues or delivers one raw link; false when it was dropped (unparseable or duplicate). */
  push(raw: unknown): boolean
  /** The `darsi://` argument of a command line, as `second-instance` receives it. */
  pushFromArgv(argv: readonly unknown[]): boolean
  /** The renderer listens: deliver what waited, then deliver as links arrive. */
  markReady(): void
  /** The page is reloading: hold links again until the next `markReady()`. */
  markNotReady(): void
  onDeliver(listener: DeepLinkListener): () => void
  readonly pending: number
}

export interface DeepLinkQueueOptions {
  now?: () => number
  /** Identical links within this window count as one (OSes may report a click twice). */
  dedupeWindowMs?: number
  maxQueued?: number
  logger?: Logger
}

export const DEEP_LINK_DEDUPE_MS = 2000
export const DEEP_LINK_MAX_QUEUED = 10

export function createDeepLinkQueue(options: DeepLinkQueueOptions = {}): DeepLinkQueue {
  const now = options.now ?? Date.now
  const dedupeWindowMs = options.dedupeWindowMs ?? DEEP_LINK_DEDUPE_MS
  const maxQueued = options.maxQueued ?? DEEP_LINK_MAX_QUEUED
  const logger = options.logger ?? Logger.silent
  const listeners = new Set<DeepLinkListener>()
  const recent = new Map<string, number>()
  let queue: DeepLink[] = []
  let ready = false

  const deliver = (link: DeepLink): void => {
    for (const listener of [...listeners]) {
      try {
        listener(link)
      } catch {
        logger.warn('a deep-link listener failed')
      }
    }
  }

  const flush = (): void => {
    if (!ready || listeners.size === 0) return
    const waiting = queue
    queue = []
    for (const link of waiting) deliver(link)
  }

  const isDuplicate = (raw: string): boolean => {
    const at = now()
    for (const [key, seenAt] of recent) if (at - seenAt > dedupeWindowMs) recent.delete(key)
    const seenAt = recent.get(raw)
    recent.set(raw, at)
    return seenAt !== undefined && at - seenAt <= dedupeWindowMs
  }

  const push = (raw: unknown): boolean => {
    if (typeof raw !== 'string') return false
    const link = parseDeepLink(raw)
    if (!link) {
      logger.warn('dropped an unparseable deep link')
      return false
    }
    if (isDuplicate(raw)) return false
    if (ready && listeners.size > 0) {
      deliver(link)
      return true
    }
    queue.push(link)
    // Keep the newest: they are what the user clicked last.
    if (queue.length > maxQueued) queue = queue.slice(queue.length - maxQueued)
    return true
  }

  return {
    push,
    pushFromArgv(argv) {
      if (!Array.isArray(argv)) return false
      const raw = findDeepLinkArgument(argv.filter((arg): arg is string => typeof arg === 'string'))
      return raw === null ? false : push(raw)
    },
    markReady() {
      ready = true
      flush()
    },
    markNotReady() {
      ready = false
    },
    onDeliver(listener) {
      listeners.add(listener)
      flush()
      return () => {
        listeners.delete(listener)
      }
    },
    get pending() {
      return queue.length
    }
  }
}
