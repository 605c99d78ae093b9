/**
 * Builds the Fastify app of the platform API: every route group on one origin, the contract's
 * validation and error shapes, security headers, CORS, rate limits and redacted logs. Tests
 * call `buildServer` and use `app.inject`; the CLI in index.ts listens.
 */
import cors from '@fastify/cors'
import rateLimit from '@fastify/rate-limit'
import websocket from '@fastify/websocket'
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyServerOptions } from 'fastify'
import { serializerCompiler } from 'fastify-type-provider-zod'
import helmet from 'helmet'
import { healthEndpoints } from '../../src/shared/api/health.ts'
import { REDACTED, redactText, SECRET_FIELDS } from '../../src/shared/redaction.ts'
import { systemClock, type Clock } from './clock.ts'
import { defaultConfig, type ServerConfig } from './config.ts'
import { openDatabase, type Database } from './db/client.ts'
import { runExclusive } from './db/lock.ts'
import { addRoute, installErrorHandler, validatorCompiler } from './http.ts'
import { serverJobs } from './jobs/index.ts'
import { createJobRunner, type JobRunner } from './jobs/runner.ts'
import { registerAuthRoutes } from './routes/auth.ts'
import { registerAssistanceRoutes } from './routes/assistance.ts'
import { registerAttachmentRoutes } from './routes/attachments.ts'
import { registerMagazineRoutes } from './routes/magazines.ts'
import { registerAvatarRoutes } from './routes/avatar.ts'
import { registerContentRoutes } from './routes/content.ts'
import { registerHomeRoutes } from './routes/home.ts'
import { registerLearningRoutes } from './routes/learning.ts'
import { registerNotificationRoutes } from './routes/notifications.ts'
import { registerOfferRoutes } from './routes/offers.ts'
import { registerOperatorBillingRoutes } from './routes/operatorBilling.ts'
import { registerOperatorRoutes } from './routes/operator.ts'
import { registerRefundRoutes } from './routes/refunds.ts'
import { registerPickerRoutes } from './routes/pickers.ts'
import { registerProfileRoutes } from './routes/profile.ts'
import { PROGRESS_SOCKET_MAX_PAYLOAD, registerProgressRoutes } from './routes/progress.ts'
import { registerQuizRoutes } from './routes/quizzes.ts'
import { registerReactionRoutes } from './routes/reactions.ts'
import { registerSandboxRoutes } from './routes/sandbox.ts'
import { registerSearchRoutes } from './routes/search.ts'
import { registerUserRoutes } from './routes/user.ts'
import { registerVideoReportRoutes } from './routes/videoReports.ts'
import { registerWalletRoutes } from './routes/wallet.ts'
import { seedDemo } from './seed/demo.ts'
import { createFileStorage, createServices, type Services } from './services.ts'
import type { Transports } from './services/outbox.ts'
import { hashPassword } from './services/passwords.ts'
import { loadSecrets } from './services/secrets.ts'

export type BuildServerOptions = {
  /** Settings over the defaults (data directory, database URL, limits, captcha difficulty …). */
  config?: Partial<ServerConfig>
  /** An already opened database; otherwise one is opened from `config` and closed with the app. */
  database?: Database
  clock?: Clock
  /** Fastify logger options; `false` for none (the default in tests). */
  logger?: FastifyServerOptions['logger']
  /** Delivery of e-mail and SMS; defaults from the SMTP and SMS settings. */
  transports?: Transports
}

export type DarsiServer = FastifyInstance & { services: Services; jobs: JobRunner }

const fieldPath = (name: string) => (/^\w+$/.test(name) ? name : `["${name}"]`)

/** Where the secret fields of src/shared/redaction.ts are masked: at the top of a log line and one level down. */
const REDACTED_PATHS = [
  'req.headers.authorization',
  'req.headers["x-operator-key"]',
  'req.headers.cookie',
  'req.body',
  'res.headers["set-cookie"]',
  ...SECRET_FIELDS.flatMap((name) => [fieldPath(name), `*${fieldPath(name).startsWith('[') ? '' : '.'}${fieldPath(name)}`])
]

/**
 * The server's one logger (Fastify's pino): its lines carry no secrets. Headers, bodies and the
 * secret fields are masked, and the secret values of a request's query string.
 */
export function loggerOptions(level: ServerConfig['logLevel']): FastifyServerOptions['logger'] {
  return {
    level,
    redact: { paths: REDACTED_PATHS, censor: REDACTED },
    serializers: {
      req(request: { method: string; url: string; ip?: string }) {
        return { method: request.method, url: redactText(request.url), remoteAddress: request.ip }
      }
    }
  }
}

function allowedOrigin(config: ServerConfig, origin: string): boolean {
  if (origin === 'app://darsi' || config.corsOrigins.includes(origin)) return true
  if (config.production) return false
  return /^http:\/\/(?:127\.0\.0\.1|localhost)(?::\d{1,5})?$/.test(origin)
}

/**
 * The headers helmet sets with our options. They depend on nothing of the request, so its
 * middleware runs once, on a stand-in response, rather than a dozen setHeader calls per request.
 */
export function helmetHeaders(): Record<string, string> {
  const middleware = helmet({
    contentSecurityPolicy: { directives: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] } },
    crossOriginResourcePolicy: { policy: 'same-site' }
  })
  const headers: Record<string, string> = {}
  const response = {
    setHeader(name: string, value: string | number) {
      headers[name.toLowerCase()] = String(value)
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()]
    }
  }
  let failure: unknown = null
  middleware({ headers: {} } as Parameters<typeof middleware>[0], response as unknown as Parameters<typeof middleware>[1], (error) => {
    failure = error ?? null
  })
  if (failure) throw failure as Error
  return Object.freeze(headers) as Record<string, string>
}

type CompilersFactory = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>

/**
 * Every schema is a zod schema, validated and serialized by zod: given these factories, Fastify
 * does not load its own compilers (Ajv, fast-json-stringify) at start. Typed for Ajv schemas,
 * hence the cast.
 */
const zodCompilers = { buildValidator: () => validatorCompiler, buildSerializer: () => serializerCompiler } as unknown as CompilersFactory

export async function buildServer(options: BuildServerOptions = {}): Promise<DarsiServer> {
  const config: ServerConfig = { ...defaultConfig(), ...options.config }
  if (config.dev && config.production) throw new Error('--dev is refused when NODE_ENV=production')
  if (config.sandbox && config.production) throw new Error('DARSI_SANDBOX is refused when NODE_ENV=production')
  const clock = options.clock ?? systemClock
  const secrets = loadSecrets(config.dataDir)
  const database = options.database ?? (await openDatabase({ dataDir: config.dataDir, databaseUrl: config.databaseUrl }))
  const ownsDatabase = !options.database
  try {
    // The seed runs before the logger exists: its warnings are logged once the server is built.
    const seedWarnings: string[] = []
    if (config.seed === 'demo') {
      await seedDemo(database.db, {
        hash: (password) => hashPassword(password, config.argon2),
        now: clock.now(),
        storage: createFileStorage(config, secrets, clock),
        warn: (message) => seedWarnings.push(message)
      })
    }
    const services = createServices(config, database, clock, secrets, options.transports)
    const app = Fastify({
      logger: options.logger ?? false,
      bodyLimit: 256 * 1024,
      trustProxy: false,
      // An undecodable or oversized path segment answers in the contract's error shape too.
      frameworkErrors: (_error, _request, reply) => {
        void (reply as FastifyReply).code(422).send({ code: 'validation_failed', message: 'Requête invalide' })
      },
      schemaController: { compilersFactory: zodCompilers }
    }) as unknown as DarsiServer
    app.decorate('services', services)
    for (const warning of seedWarnings) app.log.warn({ module: 'seed' }, warning)
    app.decorateRequest('auth', null)
    app.setValidatorCompiler(validatorCompiler)
    app.setSerializerCompiler(serializerCompiler)
    installErrorHandler(app)
    app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 64 * 1024 }, (_request, body, done) => {
      done(null, Object.fromEntries(new URLSearchParams(body as string)))
    })

    // Security headers on every answer, 404s included: helmet's, worked out once at start.
    const securityHeaders = helmetHeaders()
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(securityHeaders)
      done()
    })
    await app.register(cors, {
      origin: (origin, callback) => callback(null, !origin || allowedOrigin(config, origin)),
      methods: ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'],
      allowedHeaders: ['authorization', 'content-type', 'accept-language', 'idempotency-key', 'x-admin-id', 'last-event-id'],
      maxAge: 600
    })
    await app.register(rateLimit, {
      global: false,
      errorResponseBuilder: (_request, context) => ({
        statusCode: context.statusCode,
        code: 'rate_limited',
        message: 'Trop de tentatives, veuillez réessayer plus tard'
      })
    })

    // Before the routes: an upgrade request to any other route is refused (the progress socket, routes/progress.ts).
    await app.register(websocket, { options: { maxPayload: PROGRESS_SOCKET_MAX_PAYLOAD } })

    for (const endpoint of Object.values(healthEndpoints)) {
      addRoute(app, services, endpoint, async () => ({ status: 'ok' as const, service: endpoint.service }))
    }
    registerPickerRoutes(app, services)
    registerAuthRoutes(app, services)
    registerUserRoutes(app, services)
    registerAvatarRoutes(app, services)
    registerOperatorRoutes(app, services)
    if (config.sandbox) registerSandboxRoutes(app, services)
    registerWalletRoutes(app, services)
    registerProfileRoutes(app, services)
    registerNotificationRoutes(app, services)
    registerSearchRoutes(app, services)
    registerHomeRoutes(app, services)
    registerLearningRoutes(app, services)
    registerProgressRoutes(app, services)
    registerContentRoutes(app, services)
    registerOfferRoutes(app, services)
    registerRefundRoutes(app, services)
    registerOperatorBillingRoutes(app, services)
    registerReactionRoutes(app, services)
    registerVideoReportRoutes(app, services)
    registerAssistanceRoutes(app, services)
    registerAttachmentRoutes(app, services)
    registerMagazineRoutes(app, services)
    registerQuizRoutes(app, services)

    // The periodic work, from the start to the close (decision 0025).
    const jobs = createJobRunner({
      clock,
      log: app.log.child({ module: 'jobs' }),
      exclusive: (name, work) => runExclusive(database, name, work)
    })
    for (const job of serverJobs(services)) jobs.add(job)
    app.decorate('jobs', jobs)
    app.addHook('onReady', async () => {
      jobs.start()
    })

    app.addHook('onClose', async () => {
      await jobs.stop()
      services.outbox.stop()
      services.authCache.close()
      for (const cache of Object.values(services.answers)) cache.close()
      if (ownsDatabase) await database.close()
    })
    await app.ready()
    return app
  } catch (error) {
    if (ownsDatabase) await database.close().catch(() => undefined)
    throw error
  }
}
