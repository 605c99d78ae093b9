import { AxiosError, type AxiosAdapter, type AxiosResponse, type InternalAxiosRequestConfig } from 'axios'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { ApiError } from '../../../../src/renderer/src/api/errors.ts'
import { createHttp, type TokenSource } from '../../../../src/renderer/src/api/http.ts'
import { RefreshQueue } from '../../../../src/renderer/src/api/refreshQueue.ts'
import { DEFAULT_SETTINGS } from '../fakePlatform.ts'

type Handler = (config: InternalAxiosRequestConfig) => { status: number; data: unknown } | 'network'

/** A server in memory: answers each request through `handle`, records what it was sent. */
function fakeServer(handle: Handler) {
  const seen: { url: string; base: string; authorization: string | null }[] = []
  const adapter: AxiosAdapter = async (config) => {
    const header = config.headers?.get?.('Authorization')
    seen.push({ url: config.url ?? '', base: config.baseURL ?? '', authorization: typeof header === 'string' ? header : null })
    // Let concurrent requests meet on the same turn, as they would on a real network.
    await new Promise((resolve) => setTimeout(resolve, 1))
    const answer = handle(config)
    if (answer === 'network') throw new AxiosError('Network Error', 'ERR_NETWORK', config)
    const response: AxiosResponse = { data: answer.data, status: answer.status, statusText: '', headers: {}, config }
    if (answer.status >= 400) throw new AxiosError('failed', 'ERR_BAD_RESPONSE', config, {}, response)
    return response
  }
  return { adapter, seen }
}

/** A session holding a token, whose refresh answers `next` (or fails). */
function tokens(initial: string | null, refresh: () => Promise<string>, refreshToken = true) {
  const state = { token: initial, refreshes: 0, unauthorized: 0 }
  const source: TokenSource = {
    accessToken: () => state.token,
    canRefresh: () => refreshToken && state.token !== null,
    refresh: async () => {
      state.refreshes++
      state.token = await refresh()
      return state.token
    },
    onUnauthorized: () => {
      state.unauthorized++
      state.token = null
    }
  }
  return { state, source }
}

const Ok = z.object({ ok: z.literal(true) })
const expired = { status: 401, data: { code: 'token_expired', message: 'Token expired' } }
const get = (path: string, extra: object = {}) => ({ method: 'GET' as const, path, schema: Ok, ...extra })

describe('RefreshQueue', () => {
  it('runs one refresh at a time and lets a later one start once it settled', async () => {
    const queue = new RefreshQueue<string>()
    let runs = 0
    let release: (value: string) => void = () => undefined
    const refresh = () => {
      runs++
      return new Promise<string>((resolve) => {
        release = resolve
      })
    }
    const first = queue.run(refresh)
    const second = queue.run(refresh)
    expect(queue.busy).toBe(true)
    release('t1')
    await expect(Promise.all([first, second])).resolves.toEqual(['t1', 't1'])
    expect(runs).toBe(1)
    expect(queue.busy).toBe(false)
    const third = queue.run(() => Promise.resolve('t2'))
    await expect(third).resolves.toBe('t2')
  })

  it('hands the same failure to every waiter and does not stay busy', async () => {
    const queue = new RefreshQueue<string>()
    const failure = new Error('refused')
    const waiters = [queue.run(() => Promise.reject(failure)), queue.run(() => Promise.resolve('never'))]
    for (const waiter of waiters) await expect(waiter).rejects.toBe(failure)
    expect(queue.busy).toBe(false)
  })
})

describe('createHttp', () => {
  it('uses one base URL per service and sends the bearer token only on authenticated calls', async () => {
    const server = fakeServer(() => ({ status: 200, data: { ok: true } }))
    const { source } = tokens('t0', async () => 'never')
    const http = createHttp(DEFAULT_SETTINGS.apiBaseUrls, source, { adapter: server.adapter })
    await http.request(get('/auth/me'))
    await http.request(get('/countries', { auth: false }))
    await http.request(get('/getMessages', { service: 'notify' }))
    expect(server.seen.map((request) => request.authorization)).toEqual(['Bearer t0', null, 'Bearer t0'])
    expect(server.seen[2]!.base).toBe(DEFAULT_SETTINGS.apiBaseUrls.notify)
  })

  it('sends the interface language of the moment with every request, an explicit header first', async () => {
    const languages: Array<string | null> = []
    const server = fakeServer((config) => {
      const header = config.headers.get('Accept-Language')
      languages.push(typeof header === 'string' ? header : null)
      return { status: 200, data: { ok: true } }
    })
    const { source } = tokens('t0', async () => 'never')
    let language = 'ar'
    const http = createHttp(DEFAULT_SETTINGS.apiBaseUrls, source, { adapter: server.adapter, language: () => language })
    await http.request(get('/divisions', { auth: false }))
    language = 'en-US'
    await http.request(get('/auth/me'))
    await http.request(get('/edit-division', { headers: { 'Accept-Language': 'fr' } }))
    expect(languages).toEqual(['ar', 'en-US', 'fr'])
  })

  it('refreshes once for many requests that met an expired token, and replays them all', async () => {
    const server = fakeServer((config) => {
      return config.headers.get('Authorization') === 'Bearer fresh' ? { status: 200, data: { ok: true } } : expired
    })
    const { state, source } = tokens('stale', async () => {
      await new Promise((resolve) => setTimeout(resolve, 5))
      return 'fresh'
    })
    const http = createHttp(DEFAULT_SETTINGS.apiBaseUrls, source, { adapter: server.adapter })
    const results = await Promise.all([http.request(get('/a')), http.request(get('/b')), http.request(get('/c'))])
    expect(results).toEqual([{ ok: true }, { ok: true }, { ok: true }])
    expect(state.refreshes).toBe(1)
    expect(state.unauthorized).toBe(0)
    const replays = server.seen.filter((request) => request.authorization === 'Bearer fresh').map((request) => request.url)
    expect(replays.sort()).toEqual(['/a', '/b', '/c'])
  })

  it('makes a request sent during a refresh wait for the new token instead of sending the stale one', async () => {
    const server = fakeServer((config) =>
      config.headers.get('Authorization') === 'Bearer fresh' ? { status: 200, data: { ok: true } } : expired
    )
    let release: (token: string) => void = () => undefined
    const { source } = tokens('stale', () => new Promise<string>((resolve) => (release = resolve)))
    const http = createHttp(DEFAULT_SETTINGS.apiBaseUrls, source, { adapter: server.adapter })
    const first = http.request(get('/first'))
    await new Promise((resolve) => setTimeout(resolve, 10))
    const second = http.request(get('/second'))
    release('fresh')
    await expect(Promise.all([first, second])).resolves.toHaveLength(2)
    expect(server.seen.filter((request) => request.url === '/second').map((request) => request.authorization)).toEqual(['Bearer fresh'])
  })

  it('ends the session when the refresh is refused, failing every waiting request', async () => {
    const server = fakeServer(() => expired)
    const { state, source } = tokens('stale', async () => {
      throw new ApiError('refresh_token_reused', 'reused', { status: 401 })
    })
    const http = createHttp(DEFAULT_SETTINGS.apiBaseUrls, source, { adapter: server.adapter })
    const outcomes = await Promise.allSettled([http.request(get('/a')), http.request(get('/b'))])
    expect(outcomes.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected'])
    expect(state.refreshes).toBe(1)
    expect(state.unauthorized).toBeGreaterThanOrEqual(1)
    expect(state.token).toBeNull()
  })

  it('ends the session on a 401 when no refresh is possible', async () => {
    const server = fakeServer(() => ({ status: 401, data: { code: 'unauthenticated', message: 'Unauthenticated' } }))
    const { state, source } = tokens('t0', async () => 'never', false)
    const http = createHttp(DEFAULT_SETTINGS.apiBaseUrls, source, { adapter: server.adapter })
    await expect(http.request(get('/auth/me'))).rejects.toMatchObject({ code: 'unauthenticated', status: 401 })
    expect(state.unauthorized).toBe(1)
    expect(state.refreshes).toBe(0)
  })

  it('treats a 401 on a public call as a wrong answer, not a lost session', async () => {
    const server = fakeServer(() => ({ status: 401, data: { code: 'invalid_credentials', message: 'Invalid credentials.' } }))
    const { state, source } = tokens('t0', async () => 'never')
    const http = createHttp(DEFAULT_SETTINGS.apiBaseUrls, source, { adapter: server.adapter })
    await expect(http.request(get('/auth/login_check', { auth: false }))).rejects.toMatchObject({
      code: 'invalid_credentials',
      message: 'Invalid credentials.'
    })
    expect(state.unauthorized).toBe(0)
  })

  it('keeps the session when the network fails, and says so with a typed error', async () => {
    const server = fakeServer(() => 'network')
    const { state, source } = tokens('t0', async () => 'never')
    const http = createHttp(DEFAULT_SETTINGS.apiBaseUrls, source, { adapter: server.adapter })
    const error = await http.request(get('/auth/me')).catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(ApiError)
    expect((error as ApiError).isNetwork).toBe(true)
    expect(state.unauthorized).toBe(0)
    expect(state.token).toBe('t0')
  })

  it('parses every answer with its schema and refuses one that does not match', async () => {
    const server = fakeServer(() => ({ status: 200, data: { ok: 'yes' } }))
    const { source } = tokens('t0', async () => 'never')
    const http = createHttp(DEFAULT_SETTINGS.apiBaseUrls, source, { adapter: server.adapter })
    await expect(http.request(get('/auth/me'))).rejects.toMatchObject({ code: 'invalid_response' })
  })

  it('carries the server field errors and keys on the typed error', async () => {
    const body = {
      code: 'validation_failed',
      message: 'Validation failed',
      errors: { phone: ['Numéro invalide'] },
      keys: { phone: ['phone.invalid'] }
    }
    const server = fakeServer(() => ({ status: 422, data: body }))
    const { source } = tokens(null, async () => 'never')
    const http = createHttp(DEFAULT_SETTINGS.apiBaseUrls, source, { adapter: server.adapter })
    const error = (await http.request(get('/auth/register', { auth: false })).catch((caught: unknown) => caught)) as ApiError
    expect(error.code).toBe('validation_failed')
    expect(error.fields).toEqual({ phone: ['Numéro invalide'] })
    expect(error.keys).toEqual({ phone: ['phone.invalid'] })
  })

  it('carries the points a refused purchase lacks (402 missing_points)', async () => {
    const body = { code: 'insufficient_points', message: 'Solde de points insuffisant', missing_points: 92.5 }
    const server = fakeServer(() => ({ status: 402, data: body }))
    const { source } = tokens('token', async () => 'never')
    const http = createHttp(DEFAULT_SETTINGS.apiBaseUrls, source, { adapter: server.adapter })
    const error = (await http.request({ ...get('/student/checkout/buy'), method: 'POST' }).catch((caught: unknown) => caught)) as ApiError
    expect(error).toMatchObject({ code: 'insufficient_points', status: 402, missingPoints: 92.5 })
  })
})
