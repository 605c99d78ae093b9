import { describe, expect, it } from 'vitest'
import { ApiError } from '../../../../src/renderer/src/api/errors.ts'
import { defaultBackoff, openEventStream, parseSse, type StreamMessage } from '../../../../src/renderer/src/api/eventStream.ts'

function streamOf(chunks: string[]): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const chunk of chunks) controller.enqueue(new TextEncoder().encode(chunk))
      controller.close()
    }
  })
  return new Response(body, { status: 200, headers: { 'content-type': 'text/event-stream' } })
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('parseSse', () => {
  it('reads events split across chunks, skips comments, keeps the last id', () => {
    const seen: StreamMessage[] = []
    const state = { lastId: null as string | null }
    let rest = parseSse(': connected\n\nid: 4\nevent: notif', (m) => seen.push(m), state)
    rest = parseSse(`${rest}ication\ndata: {"id":4}\n\nevent: message\r\ndata: a\r\ndata: b\r\n\r\n`, (m) => seen.push(m), state)
    expect(rest).toBe('')
    expect(seen).toEqual([
      { event: 'notification', data: '{"id":4}', id: '4' },
      { event: 'message', data: 'a\nb', id: null }
    ])
    expect(state.lastId).toBe('4')
  })
})

describe('defaultBackoff', () => {
  it('grows from 1 s to 30 s at most', () => {
    expect(defaultBackoff(0, () => 0)).toBe(1000)
    expect(defaultBackoff(3, () => 0)).toBe(8000)
    expect(defaultBackoff(20, () => 1)).toBe(36_000)
  })
})

/** Timers run by hand: each has its delay, cancelled ones disappear. */
function fakeTimers() {
  let next = 1
  const pending = new Map<number, { handler: () => void; ms: number }>()
  return {
    pending,
    setTimeout: (handler: () => void, ms: number) => {
      const id = next++
      pending.set(id, { handler, ms })
      return id
    },
    clearTimeout: (id: unknown) => {
      pending.delete(id as number)
    },
    /** Runs the timers of this delay. */
    fire(ms: number) {
      for (const [id, timer] of [...pending]) {
        if (timer.ms !== ms) continue
        pending.delete(id)
        timer.handler()
      }
    },
    delays: () => [...pending.values()].map((t) => t.ms)
  }
}

/** A stream that stays open and silent until aborted. */
function silentStream(signal: AbortSignal | null | undefined): Response {
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      signal?.addEventListener('abort', () => controller.error(new DOMException('aborted', 'AbortError')))
    }
  })
  return new Response(body, { status: 200 })
}

describe('openEventStream', () => {
  it('sends the token in a header, reconnects after a cut and resumes after the last event', async () => {
    const requests: Array<Record<string, string>> = []
    const responses = [
      streamOf(['id: 7\nevent: notification\ndata: {"id":7}\n\n']),
      streamOf(['id: 8\nevent: notification\ndata: {"id":8}\n\n'])
    ]
    const timers = fakeTimers()
    const received: string[] = []
    const opens: boolean[] = []
    const stream = openEventStream({
      url: 'http://127.0.0.1:4000/notify/stream',
      tokens: { accessToken: () => 'access-1', canRefresh: () => true, refresh: async () => 'access-2' },
      resumeFrom: '5',
      fetch: async (_url, init) => {
        requests.push({ ...(init?.headers as Record<string, string>) })
        return responses.shift() ?? silentStream(init?.signal)
      },
      onMessage: (m) => received.push(m.data),
      onOpen: ({ resumed }) => opens.push(resumed),
      backoff: (attempt) => 1000 * (attempt + 1),
      setTimeout: timers.setTimeout,
      clearTimeout: timers.clearTimeout
    })
    await tick()
    await tick()
    expect(received).toEqual(['{"id":7}'])
    expect(requests[0]).toMatchObject({ Authorization: 'Bearer access-1', 'Last-Event-ID': '5' })
    // The stream ended: one reconnect waits, and no idle watch is left.
    expect(timers.delays()).toEqual([1000])
    timers.fire(1000)
    await tick()
    await tick()
    expect(received).toEqual(['{"id":7}', '{"id":8}'])
    expect(requests[1]).toMatchObject({ 'Last-Event-ID': '7' })
    expect(opens).toEqual([true, true])
    expect(stream.lastEventId).toBe('8')
    stream.close()
    expect(timers.pending.size).toBe(0)
  })

  it('replaces a connection that stays silent past the idle limit', async () => {
    const timers = fakeTimers()
    let requests = 0
    const stream = openEventStream({
      url: 'http://x/notify/stream',
      tokens: { accessToken: () => 't', canRefresh: () => false, refresh: async () => 't' },
      fetch: async (_url, init) => {
        requests++
        return silentStream(init?.signal)
      },
      onMessage: () => undefined,
      idleTimeoutMs: 45_000,
      backoff: () => 1000,
      setTimeout: timers.setTimeout,
      clearTimeout: timers.clearTimeout
    })
    await tick()
    expect(requests).toBe(1)
    expect(timers.delays()).toEqual([45_000])
    timers.fire(45_000)
    await tick()
    await tick()
    expect(timers.delays()).toEqual([1000])
    timers.fire(1000)
    await tick()
    expect(requests).toBe(2)
    stream.close()
  })

  it('starts over at once when the network comes back', async () => {
    const timers = fakeTimers()
    let requests = 0
    let networkBack: () => void = () => undefined
    const stream = openEventStream({
      url: 'http://x/notify/stream',
      tokens: { accessToken: () => 't', canRefresh: () => false, refresh: async () => 't' },
      fetch: async (_url, init) => {
        requests++
        if (requests === 1) throw new TypeError('Failed to fetch')
        return silentStream(init?.signal)
      },
      onMessage: () => undefined,
      onNetworkBack: (listener) => {
        networkBack = listener
        return () => undefined
      },
      backoff: (attempt) => 1000 * 2 ** attempt,
      setTimeout: timers.setTimeout,
      clearTimeout: timers.clearTimeout
    })
    await tick()
    await tick()
    expect(timers.delays()).toEqual([1000])
    networkBack()
    await tick()
    expect(requests).toBe(2)
    stream.close()
  })

  it('refreshes once on a 401, and stops when the session cannot be refreshed', async () => {
    let refreshed = 0
    const tokens: string[] = []
    let unauthorized = 0
    const timers = fakeTimers()
    openEventStream({
      url: 'http://x/notify/stream',
      tokens: {
        accessToken: () => 'old',
        canRefresh: () => true,
        refresh: async () => {
          refreshed++
          throw new ApiError('refresh_token_invalid', 'gone', { status: 401 })
        }
      },
      fetch: async (_url, init) => {
        tokens.push((init?.headers as Record<string, string>).Authorization!)
        return new Response('', { status: 401 })
      },
      onMessage: () => undefined,
      onUnauthorized: () => unauthorized++,
      setTimeout: timers.setTimeout,
      clearTimeout: timers.clearTimeout
    })
    await tick()
    await tick()
    expect(tokens).toEqual(['Bearer old'])
    expect(refreshed).toBe(1)
    expect(unauthorized).toBe(1)
    // Stopped for good: nothing scheduled.
    expect(timers.pending.size).toBe(0)
  })
})
