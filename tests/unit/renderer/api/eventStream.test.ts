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
    expect(seen).toEqual([{ event: 'notification', data: '{"id":4}', id: '4' }, { event: 'message', data: 'a\nb', id: null }])
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

describe('openEventStream', () => {
  it('sends the token in a header, reconnects after a cut and resumes after the last event', async () => {
    const requests: Array<Record<string, string>> = []
    const responses = [
      streamOf(['id: 7\nevent: notification\ndata: {"id":7}\n\n']),
      streamOf(['id: 8\nevent: notification\ndata: {"id":8}\n\n'])
    ]
    const timers: Array<() => void> = []
    const received: string[] = []
    const opens: boolean[] = []
    const stream = openEventStream({
      url: 'http://127.0.0.1:4000/notify/stream',
      tokens: { accessToken: () => 'access-1', canRefresh: () => true, refresh: async () => 'access-2' },
      resumeFrom: '5',
      fetch: async (_url, init) => {
        requests.push({ ...(init?.headers as Record<string, string>) })
        return responses.shift() ?? new Promise<Response>(() => undefined)
      },
      onMessage: (m) => received.push(m.data),
      onOpen: ({ resumed }) => opens.push(resumed),
      setTimeout: (handler) => {
        timers.push(handler)
        return timers.length
      },
      clearTimeout: () => undefined
    })
    await tick()
    await tick()
    expect(received).toEqual(['{"id":7}'])
    expect(requests[0]).toMatchObject({ Authorization: 'Bearer access-1', 'Last-Event-ID': '5' })
    expect(timers).toHaveLength(1)
    timers.shift()!()
    await tick()
    await tick()
    expect(received).toEqual(['{"id":7}', '{"id":8}'])
    expect(requests[1]).toMatchObject({ 'Last-Event-ID': '7' })
    expect(opens).toEqual([true, true])
    expect(stream.lastEventId).toBe('8')
    stream.close()
  })

  it('refreshes once on a 401, and stops when the session cannot be refreshed', async () => {
    let refreshed = 0
    const tokens: string[] = []
    let unauthorized = 0
    openEventStream({
      url: 'http://x/notify/stream',
      tokens: { accessToken: () => 'old', canRefresh: () => true, refresh: async () => { refreshed++; throw new ApiError('refresh_token_invalid', 'gone', { status: 401 }) } },
      fetch: async (_url, init) => {
        tokens.push((init?.headers as Record<string, string>).Authorization!)
        return new Response('', { status: 401 })
      },
      onMessage: () => undefined,
      onUnauthorized: () => unauthorized++,
      setTimeout: () => {
        throw new Error('no reconnect expected')
      }
    })
    await tick()
    await tick()
    expect(tokens).toEqual(['Bearer old'])
    expect(refreshed).toBe(1)
    expect(unauthorized).toBe(1)
  })
})
