/**
 * Registers the routes of the contract's endpoint table: validation with the shared zod
 * schemas (answers 422 with the spec's messages), authentication by access, the bot check,
 * rate limits, and the error shape of every answer.
 */
import { timingSafeEqual } from 'node:crypto'
import { and, eq, isNull, sql } from 'drizzle-orm'
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifySchemaCompiler } from 'fastify'
import type { z } from 'zod'
import { ErrorResponseSchema, servicePrefixes, type Endpoint } from '../../src/shared/api/common.ts'
import { frText, isMessageKey } from '../../src/shared/rules/messages.ts'
import type { Services } from './services.ts'
import { ApiError } from './errors.ts'
import { preparedFor } from './db/prepared.ts'
import { ledgerAccounts, sessions, users } from './db/schema.ts'
import { userViewColumns, type UserViewRow } from './presenters/user.ts'
import type { AccessClaims } from './services/tokens.ts'

export type UserRow = typeof users.$inferSelect
export type AuthInfo = {
  user: UserRow
  sessionId: string
  impersonatorId: number | null
  /** The user's view, read in the same query as the session when the route asks for it (RouteOptions.userView). */
  view?: UserViewRow
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthInfo | null
  }
}

/** A request part that failed its schema; the error handler maps it to a 422. */
export class RequestValidationError extends Error {
  readonly issues: z.core.$ZodIssue[]
  readonly statusCode = 422
  constructor(issues: z.core.$ZodIssue[]) {
    super('Validation failed')
    this.name = 'RequestValidationError'
    this.issues = issues
  }
}

/**
 * Where a request holds a NUL character, or null. No field of the API takes one, and PostgreSQL
 * refuses it in text (22021): it is refused as bad input with the field named, never reaching
 * the database.
 */
export function nulCharacterPath(data: unknown, path: PropertyKey[] = [], depth = 0): PropertyKey[] | null {
  if (typeof data === 'string') return data.includes('\u0000') ? path : null
  if (data === null || typeof data !== 'object' || ArrayBuffer.isView(data) || depth > 32) return null
  for (const [key, value] of Object.entries(data)) {
    const found = nulCharacterPath(value, [...path, Array.isArray(data) ? Number(key) : key], depth + 1)
    if (found) return found
  }
  return null
}

export const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema }) =>
  (data) => {
    const nul = nulCharacterPath(data)
    if (nul)
      return {
        error: new RequestValidationError([{ code: 'custom', path: nul, message: 'common.invalid', input: undefined } as z.core.$ZodIssue])
      }
    const result = schema.safeParse(data)
    return result.success ? { value: result.data } : { error: new RequestValidationError(result.error.issues) }
  }

/** PostgreSQL's refusals of a text it cannot store (NUL, a character the encoding lacks). */
function isUnstorableText(error: unknown): boolean {
  for (
    let current = error, depth = 0;
    current && typeof current === 'object' && depth < 4;
    current = (current as { cause?: unknown }).cause, depth++
  ) {
    const code = (current as { code?: unknown }).code
    if (code === '22021' || code === '22P05') return true
  }
  return false
}

function issuesToFields(issues: z.core.$ZodIssue[]): Record<string, string[]> {
  // A Map: field names come from the request, and `toString` or `__proto__` must stay data.
  const fields = new Map<string, string[]>()
  const add = (field: string, key: string) => {
    const list = fields.get(field) ?? []
    if (!list.includes(key)) list.push(key)
    fields.set(field, list)
  }
  for (const issue of issues) {
    const base = issue.path.map(String).join('.')
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) add(base ? `${base}.${key}` : key, 'common.unknownField')
      continue
    }
    add(base || '_', isMessageKey(issue.message) ? issue.message : 'common.invalid')
  }
  return Object.fromEntries(fields)
}

export function validationResponse(issues: z.core.$ZodIssue[], prefixes: Endpoint['messagePrefixes'] = {}) {
  const keys = issuesToFields(issues)
  const errors = Object.fromEntries(Object.entries(keys).map(([field, list]) => [field, list.map(frText)]))
  const onlyUnknown = Object.values(keys).every((list) => list.every((key) => key === 'common.unknownField'))
  const [firstField, firstList] = Object.entries(errors)[0] ?? []
  const first = firstList?.[0] ?? 'Validation failed'
  const prefix = firstField !== undefined ? (prefixes[firstField] ?? '') : ''
  return { code: onlyUnknown ? ('unknown_field' as const) : ('validation_failed' as const), message: `${prefix}${first}`, errors, keys }
}

export function installErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | ApiError | RequestValidationError, request, reply) => {
    if (error instanceof RequestValidationError) {
      const { messagePrefixes } = request.routeOptions.config as { messagePrefixes?: Endpoint['messagePrefixes'] }
      return reply.code(422).send(validationResponse(error.issues, messagePrefixes))
    }
    if (error instanceof ApiError) return reply.code(error.statusCode).send(error.toResponse())
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500
    if (status === 429) return reply.code(429).send({ code: 'rate_limited', message: 'Trop de tentatives, veuillez réessayer plus tard' })
    if (status === 413) return reply.code(413).send({ code: 'payload_too_large', message: 'Requête trop volumineuse' })
    if (status === 415) return reply.code(415).send({ code: 'unsupported_media_type', message: 'Type de contenu non pris en charge' })
    if ((status >= 400 && status < 500) || isUnstorableText(error)) {
      return reply.code(status === 400 || status >= 500 ? 422 : status).send({ code: 'validation_failed', message: 'Requête invalide' })
    }
    request.log.error({ err: error }, 'request failed')
    return reply
      .code(500)
      .send({ code: 'server_error', message: "Server error: une erreur s'est produite, veuillez réessayer ultérieurement" })
  })
  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send({ code: 'not_found', message: 'Not found' })
  })
}

type Out<S> = S extends z.ZodType ? z.output<S> : undefined
type Field<E, K extends string> = E extends Record<K, infer S> ? Out<S> : undefined
export type RouteContext<E extends Endpoint> = {
  body: Field<E, 'body'>
  query: Field<E, 'querystring'>
  params: Field<E, 'params'>
  auth: E['access'] extends 'public' | 'operator' ? null : AuthInfo
  request: FastifyRequest
  reply: FastifyReply
}
export type RouteHandler<E extends Endpoint> = (ctx: RouteContext<E>) => Promise<z.input<E['response']> | Serialized>

/**
 * An answer already checked against its endpoint's response schema and turned into JSON, exactly
 * as the route's serializer would (`serializeResponse`): sent as it is. For answers asked far
 * more often than their content changes (/auth/me), kept with what they were made from.
 */
export class Serialized {
  readonly json: string
  constructor(json: string) {
    this.json = json
  }
}

/** What the serializer of fastify-type-provider-zod sends: the encoded (checked) value as JSON; throws if it breaks the schema. */
export function serializeResponse<E extends Endpoint>(endpoint: E, value: z.input<E['response']>): Serialized {
  return new Serialized(JSON.stringify(endpoint.response.encode(value as z.output<E['response']>)))
}

/**
 * An answer its presenter writes in the response schema's own shape (its keys in the schema's
 * order, nothing the schema would drop or convert): JSON.stringify once, without the schema's
 * encoding of the whole answer first. For the large answers of the lists a screen opens
 * (docs/decisions/0030-lists-at-the-p8-bar.md); tests/server/lists.test.ts checks that each
 * equals its schema's encoding.
 */
export function presented<E extends Endpoint>(_endpoint: E, value: z.input<E['response']>): Serialized {
  return new Serialized(JSON.stringify(value))
}

const JSON_CONTENT_TYPE = 'application/json; charset=utf-8'

export type RouteOptions = {
  /** Per-address limit of the sensitive endpoints (sign-in, codes, reset). */
  limited?: boolean
  /** Requests per signed-in user per minute, counted once the session is known (429 past it). */
  perUserPerMinute?: number
  /** The handler presents the current user: read the user's view with the session (one query, not two). */
  userView?: boolean
}

function isLoopback(ip: string): boolean {
  return ip === '127.0.0.1' || ip === '::1' || ip === '::ffff:127.0.0.1'
}

function sameSecret(given: string, expected: string): boolean {
  const a = Buffer.from(given)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}

export function isPasswordExpired(user: UserRow, services: Services): boolean {
  if (!user.passwordHash || !user.passwordChangedAt) return false
  const maxAgeMs = services.config.passwordMaxAgeDays * 86_400_000
  return services.clock.now().getTime() - user.passwordChangedAt.getTime() > maxAgeMs
}

const liveSession = and(
  eq(sessions.id, sql.placeholder('sessionId')),
  eq(sessions.userId, sql.placeholder('userId')),
  isNull(sessions.revokedAt)
)

/** The live session of an access token and its user: read by authenticated requests the cache cannot answer. */
const sessionUserQuery = preparedFor((db) =>
  db
    .select({ user: users, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(liveSession)
    .limit(1)
    .prepare('session_user')
)

/** The same with the user's view, for the routes that present the current user. */
const sessionUserViewQuery = preparedFor((db) =>
  db
    .select({ user: users, expiresAt: sessions.expiresAt, ...userViewColumns })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(ledgerAccounts, eq(ledgerAccounts.userId, users.id))
    .where(liveSession)
    .limit(1)
    .prepare('session_user_view')
)

type LiveSession = { user: UserRow; expiresAt: Date; view?: UserViewRow }

/** The session of the claims with its user: from memory when the cache has it, else from the database. */
async function liveSessionOf(services: Services, claims: AccessClaims, withView: boolean): Promise<LiveSession | null> {
  const cache = services.authCache
  const cached = cache.get(claims.sessionId)
  if (cached && cached.user.id === claims.userId && (!withView || cached.view)) {
    return { user: cached.user, expiresAt: cached.expiresAt, ...(cached.view ? { view: cached.view } : {}) }
  }
  const ticket = cache.begin()
  const db = services.database.db
  const params = { sessionId: claims.sessionId, userId: claims.userId }
  let found: LiveSession | null = null
  if (withView) {
    const [row] = await sessionUserViewQuery(db).execute(params)
    if (row) {
      const { user, expiresAt, ...view } = row
      found = { user, expiresAt, view }
    }
  } else {
    const [row] = await sessionUserQuery(db).execute(params)
    if (row) found = row
  }
  if (found && found.expiresAt.getTime() > services.clock.now().getTime()) cache.set(ticket, claims.sessionId, found)
  return found
}

async function authenticate(services: Services, request: FastifyRequest, endpoint: Endpoint, options: RouteOptions): Promise<void> {
  if (endpoint.access === 'public') return
  if (endpoint.access === 'operator') {
    if (!services.config.operatorRemote && !isLoopback(request.ip))
      throw new ApiError('forbidden', 'Operator calls are accepted from this machine only')
    const key = request.headers['x-operator-key']
    if (typeof key !== 'string' || !sameSecret(key, services.secrets.operatorKey)) {
      throw new ApiError('operator_key_invalid', 'Invalid operator key')
    }
    return
  }
  const header = request.headers.authorization
  const match = typeof header === 'string' ? /^Bearer ([\w.~+/=-]{10,4096})$/.exec(header) : null
  if (!match) throw new ApiError('unauthenticated', 'Authentication required')
  request.auth = await authenticateToken(services, match[1]!, endpoint.access, options.userView === true)
}

/**
 * The session of an access token, checked for an access level (`session`, `user` or `admin`):
 * what every authenticated route does with its bearer token, and the progress WebSocket with
 * the token of its query string (a browser's WebSocket sends no header).
 */
export async function authenticateToken(
  services: Services,
  token: string,
  access: Exclude<Endpoint['access'], 'public' | 'operator'>,
  withView = false
): Promise<AuthInfo> {
  const claims = await services.access.verify(token)
  if (claims === 'expired') throw new ApiError('token_expired', 'Token expired')
  if (claims === 'invalid') throw new ApiError('token_invalid', 'Invalid token')
  const session = await liveSessionOf(services, claims, withView)
  if (!session || session.expiresAt.getTime() <= services.clock.now().getTime()) throw new ApiError('token_invalid', 'Invalid token')
  const auth: AuthInfo = {
    user: session.user,
    sessionId: claims.sessionId,
    impersonatorId: claims.impersonatorId,
    ...(session.view ? { view: session.view } : {})
  }
  if (access === 'user' || access === 'admin') {
    if (!auth.user.verified) throw new ApiError('not_verified', 'Account not verified')
    if (!auth.impersonatorId && isPasswordExpired(auth.user, services)) throw new ApiError('password_expired', 'Password expired')
  }
  if (access === 'admin' && auth.user.role !== 'admin') throw new ApiError('forbidden', 'Access denied')
  return auth
}

export function addRoute<E extends Endpoint>(
  app: FastifyInstance,
  services: Services,
  endpoint: E,
  handler: RouteHandler<E>,
  options: RouteOptions = {}
): void {
  const status = endpoint.status ?? 200
  const errorStatuses = [422, 429, ...(endpoint.errors ?? [])]
  const response: Record<number, z.ZodType> = { [status]: endpoint.response }
  for (const code of errorStatuses) response[code] = ErrorResponseSchema
  const limit = services.config.rateLimits.sensitivePerAddressPerMinute
  app.route({
    method: endpoint.method,
    url: `${servicePrefixes[endpoint.service]}${endpoint.path}`,
    schema: {
      ...(endpoint.body ? { body: endpoint.body } : {}),
      ...(endpoint.querystring ? { querystring: endpoint.querystring } : {}),
      ...(endpoint.params ? { params: endpoint.params } : {}),
      response
    },
    config: {
      ...(options.limited ? { rateLimit: { max: limit, timeWindow: 60_000 } } : {}),
      ...(options.perUserPerMinute !== undefined
        ? {
            rateLimit: {
              max: options.perUserPerMinute,
              timeWindow: 60_000,
              hook: 'preHandler' as const,
              keyGenerator: (request: FastifyRequest) => `user:${request.auth?.user.id ?? request.ip}`
            }
          }
        : {}),
      ...(endpoint.messagePrefixes ? { messagePrefixes: endpoint.messagePrefixes } : {})
    },
    preValidation: async (request) => {
      await authenticate(services, request, endpoint, options)
    },
    preHandler: endpoint.captcha
      ? async (request) => {
          const body = request.body as Record<string, unknown> | undefined
          const solution = body?.['g-recaptcha-response']
          if (!(await services.captcha.verify(typeof solution === 'string' ? solution : undefined))) {
            throw new ApiError('captcha_failed', frText('captcha.invalid'), {
              status: 422,
              fieldKeys: { 'g-recaptcha-response': ['captcha.invalid'] }
            })
          }
        }
      : undefined,
    handler: async (request, reply) => {
      const ctx = {
        body: request.body,
        query: request.query,
        params: request.params,
        auth: request.auth,
        request,
        reply
      } as RouteContext<E>
      const result = await handler(ctx)
      // A handler answering another success itself (206 for a range) keeps it.
      if (reply.statusCode === 200) reply.code(status)
      if (result instanceof Serialized) {
        reply.header('content-type', JSON_CONTENT_TYPE)
        return result.json
      }
      return result
    }
  })
}
