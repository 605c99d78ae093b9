/**
 * The one HTTP layer: an axios instance per service base URL, the bearer token from the
 * session (held in memory, owned by the main process), one refresh in flight with the waiting
 * requests replayed, the 401 policy, every answer parsed with the shared schema, and the
 * interface language sent with every request (Accept-Language: the server names classes,
 * delegations and institutes in it).
 */
import axios, { type AxiosAdapter, type AxiosInstance, type AxiosRequestConfig } from 'axios'
import type { z } from 'zod'
import type { ApiBaseUrls } from '../../../shared/ipc.ts'
import { ApiError, apiErrorFromResponse, isApiError } from './errors.ts'
import { RefreshQueue } from './refreshQueue.ts'

export type ServiceName = keyof ApiBaseUrls

export interface TokenSource {
  /** The access token to send, or null when signed out. */
  accessToken(): string | null
  /** Whether a refresh token is at hand. */
  canRefresh(): boolean
  /** Exchanges the refresh token for a new pair; resolves with the new access token. */
  refresh(): Promise<string>
  /** The session is over (a 401 that no refresh could cure). */
  onUnauthorized(): void
}

export interface RequestSpec<S extends z.ZodType> {
  service?: ServiceName
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH'
  path: string
  query?: Record<string, string | number>
  body?: unknown
  schema: S
  /** False for the public calls: no bearer, and a 401 means bad input, not a lost session. */
  auth?: boolean
  signal?: AbortSignal
  /** Extra request headers (`Idempotency-Key` on money-moving POSTs). */
  headers?: Record<string, string>
  /** Upload progress of the body, from 0 to 1 (file uploads). */
  onUploadProgress?: (fraction: number) => void
}

export interface HttpClient {
  request<S extends z.ZodType>(spec: RequestSpec<S>): Promise<z.output<S>>
}

const TIMEOUT_MS = 20_000

/** axios's progress event as a fraction; a body of unknown length reports nothing. */
function uploadProgress(report: (fraction: number) => void): AxiosRequestConfig['onUploadProgress'] {
  return (event) => {
    if (event.total) report(Math.min(1, Math.max(0, event.loaded / event.total)))
  }
}
const REFRESHABLE = new Set(['token_expired', 'token_invalid', 'unauthenticated'])

export interface HttpOptions {
  adapter?: AxiosAdapter
  /** The interface language at the time of each request (`fr`, `en-US`, `ar`), sent as Accept-Language. */
  language?: () => string
}

export function createHttp(baseUrls: ApiBaseUrls, tokens: TokenSource, options: HttpOptions = {}): HttpClient {
  const instances = new Map<ServiceName, AxiosInstance>()
  const instance = (service: ServiceName): AxiosInstance => {
    let found = instances.get(service)
    if (!found) {
      found = axios.create({
        baseURL: baseUrls[service],
        timeout: TIMEOUT_MS,
        headers: { Accept: 'application/json' },
        ...(options.adapter ? { adapter: options.adapter } : {})
      })
      instances.set(service, found)
    }
    return found
  }
  const refreshQueue = new RefreshQueue<string>()

  async function send(spec: RequestSpec<z.ZodType>, token: string | null): Promise<unknown> {
    const config: AxiosRequestConfig = {
      method: spec.method,
      url: spec.path,
      params: spec.query,
      data: spec.body,
      signal: spec.signal,
      headers: {
        ...(options.language ? { 'Accept-Language': options.language() } : {}),
        ...spec.headers,
        ...(token ? { Authorization: `Bearer ${token}` } : {})
      },
      ...(spec.onUploadProgress ? { onUploadProgress: uploadProgress(spec.onUploadProgress) } : {})
    }
    try {
      const response = await instance(spec.service ?? 'api').request(config)
      return response.data
    } catch (error) {
      if (axios.isAxiosError(error) && error.response) throw apiErrorFromResponse(error.response.status, error.response.data)
      if (axios.isCancel(error)) throw new ApiError('network', 'cancelled')
      throw new ApiError('network', error instanceof Error ? error.message : 'network')
    }
  }

  async function request<S extends z.ZodType>(spec: RequestSpec<S>): Promise<z.output<S>> {
    const authenticated = spec.auth !== false
    let token = authenticated ? tokens.accessToken() : null
    let data: unknown
    try {
      // A refresh already running: wait for its token rather than send one known to be stale.
      if (authenticated && refreshQueue.busy) token = await refreshQueue.run(() => tokens.refresh())
      data = await send(spec, token)
    } catch (error) {
      if (!authenticated || !isApiError(error) || error.status !== 401) throw error
      const current = tokens.accessToken()
      if (!token || !current || !REFRESHABLE.has(error.code) || (current === token && !tokens.canRefresh())) {
        if (current) tokens.onUnauthorized()
        throw error
      }
      let fresh: string
      try {
        // Another request refreshed while this one was out: replay with its token.
        fresh = current !== token ? current : await refreshQueue.run(() => tokens.refresh())
      } catch (refreshError) {
        if (!isApiError(refreshError) || !refreshError.isNetwork) tokens.onUnauthorized()
        throw isApiError(refreshError) && refreshError.isNetwork ? refreshError : error
      }
      data = await send(spec, fresh).catch((retryError: unknown) => {
        if (isApiError(retryError) && retryError.status === 401) tokens.onUnauthorized()
        throw retryError
      })
    }
    const parsed = spec.schema.safeParse(data)
    if (!parsed.success) throw new ApiError('invalid_response', 'invalid response')
    return parsed.data
  }

  return { request }
}
