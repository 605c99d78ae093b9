/**
 * The one HTTP layer: an axios instance per service base URL, the bearer token from the
 * session (held in memory, owned by the main process), one refresh in flight with the waiting
 * requests replayed, the 401 policy, every answer parsed with the shared schema, and the
 * interface language sent with every request (Accept-Language: the server names classes,
 * delegations and institutes in it).
 *
 * The API modules call through `call`, which takes an entry of the shared endpoint tables
 * (`src/shared/api/*`, the ones the server registers its routes from): the method, the service
 * and the path (with its typed `:name` parameters) come from the entry, the query and body are
 * typed by its schemas, and the answer is parsed with its response schema. A path or a schema
 * of the client cannot drift from the server's.
 */
import axios, { type AxiosAdapter, type AxiosInstance, type AxiosRequestConfig } from 'axios'
import type { z } from 'zod'
import type { endpoints } from '../../../shared/api/index.ts'
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

type Tables = typeof endpoints
type TableEntry = { [Domain in keyof Tables]: Tables[Domain][keyof Tables[Domain]] }[keyof Tables]
/** An entry of the shared endpoint tables served by one of the app's base URLs (not the operator's). */
export type ClientEndpoint = Extract<TableEntry, { service: ServiceName }>

/** `/countries/:id/states` → `'id'` */
type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never
/** Query values travel as text: a number stands for its digits. */
type QueryValue<T> = T extends string ? T | number : T
type QueryOf<Q extends z.ZodType> = { [K in keyof z.input<Q>]: QueryValue<z.input<Q>[K]> }
/** Upload endpoints take their multipart form as it is; the others a body of their schema's input. */
export type CallBody<E> = E extends { multipart: true } ? FormData : E extends { body: infer B extends z.ZodType } ? z.input<B> : never

type ParamsPart<E extends ClientEndpoint> = [PathParamNames<E['path']>] extends [never]
  ? { params?: never }
  : { params: Record<PathParamNames<E['path']>, string | number> }
type QueryPart<E extends ClientEndpoint> = E extends { querystring: infer Q extends z.ZodType }
  ? Partial<QueryOf<Q>> extends QueryOf<Q>
    ? { query?: QueryOf<Q> }
    : { query: QueryOf<Q> }
  : { query?: never }
type BodyPart<E extends ClientEndpoint> = [CallBody<E>] extends [never] ? { body?: never } : { body: CallBody<E> }

/** What a call adds to its endpoint: path parameters, query and body as the contract types them. */
export type CallOptions<E extends ClientEndpoint> = ParamsPart<E> &
  QueryPart<E> &
  BodyPart<E> & {
    /** False to send no session bearer (a call carrying its own `Authorization`); public endpoints never send one. */
    auth?: false
    signal?: AbortSignal
    /** Extra request headers (`Idempotency-Key` on money-moving POSTs). */
    headers?: Record<string, string>
    /** Upload progress of the body, from 0 to 1 (file uploads). */
    onUploadProgress?: (fraction: number) => void
  }
/** The options as the layer reads them, once the contract's typing has been checked at the call. */
interface LooseCallOptions {
  params?: Readonly<Record<string, string | number>>
  query?: Record<string, string | number>
  body?: unknown
  auth?: false
  signal?: AbortSignal
  headers?: Record<string, string>
  onUploadProgress?: (fraction: number) => void
}
type CallArgs<E extends ClientEndpoint> =
  Partial<CallOptions<E>> extends CallOptions<E> ? [options?: CallOptions<E>] : [options: CallOptions<E>]
/** The parsed answer of an endpoint. */
export type ResponseOf<E extends ClientEndpoint> = z.output<E['response']>

/** What the API modules call with: only entries of the shared tables. */
export interface HttpClient {
  call<E extends ClientEndpoint>(endpoint: E, ...options: CallArgs<E>): Promise<ResponseOf<E>>
}

/** The client and the request layer under it (tested on its own). */
export interface HttpLayer extends HttpClient {
  request<S extends z.ZodType>(spec: RequestSpec<S>): Promise<z.output<S>>
}

/** The endpoint's path with its `:name` parameters filled in, each encoded. */
export function endpointPath(path: string, params: Readonly<Record<string, string | number>> | undefined): string {
  return path.replace(/:(\w+)/g, (_match, name: string) => {
    const value = params?.[name]
    if (value === undefined) throw new Error(`missing path parameter ${name} of ${path}`)
    return encodeURIComponent(String(value))
  })
}

/** The full address of an entry, for the calls that do not go through axios (the event stream). */
export function endpointUrl(baseUrls: ApiBaseUrls, endpoint: ClientEndpoint, params?: Readonly<Record<string, string | number>>): string {
  return `${baseUrls[endpoint.service]}${endpointPath(endpoint.path, params)}`
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

export function createHttp(baseUrls: ApiBaseUrls, tokens: TokenSource, options: HttpOptions = {}): HttpLayer {
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

  function call<E extends ClientEndpoint>(endpoint: E, ...args: CallArgs<E>): Promise<ResponseOf<E>> {
    const options = (args[0] ?? {}) as LooseCallOptions
    return request({
      service: endpoint.service,
      method: endpoint.method,
      path: endpointPath(endpoint.path, options.params),
      query: options.query,
      body: options.body,
      schema: endpoint.response,
      auth: endpoint.access !== 'public' && options.auth !== false,
      signal: options.signal,
      headers: options.headers,
      onUploadProgress: options.onUploadProgress
    }) as Promise<ResponseOf<E>>
  }

  return { request, call }
}
