/**
 * Test server per test file: a copy of the seeded template (PGlite) or a fresh database from
 * the template database (PostgreSQL), a fake clock, a quick bot check, and request helpers.
 */
import { randomBytes } from 'node:crypto'
import { cpSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { solveChallenge } from 'altcha-lib'
import { deriveKey } from 'altcha-lib/algorithms/sha'
import pg from 'pg'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, expect, inject } from 'vitest'
import { buildServer, type DarsiServer } from '../../server/src/app.ts'
import { fakeClock } from '../../server/src/clock.ts'
import { defaultConfig, type RateLimitSettings, type ServerConfig } from '../../server/src/config.ts'
import { chapters, contents, subjects, userOffers, users } from '../../server/src/db/schema.ts'
import { audit, inTransaction, ledgerTotal, move } from '../../server/src/services/ledger.ts'
import { DEMO_PASSWORD } from '../../server/src/seed/demo.ts'
import { OffersResponseSchema, type OfferCard } from '../../src/shared/api/offers.ts'
import { TEMPLATE_DB } from './globalSetup.ts'

export { DEMO_PASSWORD }

export type TestServer = {
  app: DarsiServer
  clock: ReturnType<typeof fakeClock>
  dataDir: string
  close(): Promise<void>
}

export const testConfig: Partial<ServerConfig> = {
  captcha: { enabled: true, maxNumber: 200, ttlSeconds: 600 },
  rateLimits: {
    loginFailuresPerAccountPerHour: 100,
    sensitivePerAddressPerMinute: 10_000,
    searchesPerUserPerMinute: 10_000,
    accountLookupsPerAddressPerHour: 10_000
  },
  sandbox: true,
  // Suites drive one account through many codes; the hourly budget is tested with its default.
  codeMaxPerHour: 1000,
  logLevel: 'silent'
}

/** The test server's rate limits with some set lower, for a test of those limits. */
export function rateLimitsWith(limits: Partial<RateLimitSettings>): RateLimitSettings {
  return { ...testConfig.rateLimits!, ...limits }
}

/** Demo accounts of the seed (docs/demo-accounts.md). */
export const demo = {
  student: '20000001',
  abroad: 'lina.haddad@demo.darsi.tn',
  unverified: '20000003',
  expired: '20000004',
  incomplete: '20000005',
  test: '20000006',
  parent: '20000007',
  teacher: 'nadia.benali@demo.darsi.tn',
  influencer: '20000009',
  admin: 'admin@demo.darsi.tn'
} as const

export type TestDatabase = { root: string; dataDir: string; databaseUrl: string | null; drop(): Promise<void> }

/** A private copy of the seeded template: a PGlite directory, or a PostgreSQL database. */
export async function prepareDatabase(): Promise<TestDatabase> {
  const root = mkdtempSync(join(tmpdir(), 'darsi-test-'))
  const dataDir = join(root, 'api')
  if (inject('backend') !== 'postgres') {
    cpSync(inject('templateDir'), dataDir, { recursive: true })
    return { root, dataDir, databaseUrl: null, drop: async () => rmSync(root, { recursive: true, force: true }) }
  }
  const name = `t_${randomBytes(6).toString('hex')}`
  const adminUrl = `${inject('pgAdminUrl')}/postgres`
  const admin = new pg.Client({ connectionString: adminUrl })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DB}`)
  await admin.end()
  return {
    root,
    dataDir,
    databaseUrl: `${inject('pgAdminUrl')}/${name}`,
    async drop() {
      const client = new pg.Client({ connectionString: adminUrl })
      await client.connect()
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await client.end()
      rmSync(root, { recursive: true, force: true })
    }
  }
}

/** The command line options of a real server process (`node server/src/index.ts`) on `database`, on any free port, seeded with the demo data. */
export function serverProcessOptions(database: TestDatabase): string[] {
  return [
    '--port',
    '0',
    '--data-dir',
    database.dataDir,
    '--seed',
    'demo',
    '--dev',
    ...(database.databaseUrl ? ['--database-url', database.databaseUrl] : [])
  ]
}

export async function startTestServer(overrides: Partial<ServerConfig> = {}): Promise<TestServer> {
  const database = await prepareDatabase()
  const clock = fakeClock(new Date())
  try {
    const app = await buildServer({
      config: { ...defaultConfig({}), ...testConfig, dataDir: database.dataDir, databaseUrl: database.databaseUrl, ...overrides },
      clock,
      logger: false
    })
    return {
      app,
      clock,
      dataDir: database.dataDir,
      async close() {
        await app.close()
        await database.drop()
      }
    }
  } catch (error) {
    await database.drop()
    throw error
  }
}

/**
 * The file's test server: started before its tests, closed after them. Call at the top level of
 * the file; the fields read the running server.
 */
export function useTestServer(overrides: Partial<ServerConfig> = {}): TestServer {
  let server: TestServer | undefined
  beforeAll(async () => {
    server = await startTestServer(overrides)
  })
  afterAll(async () => {
    await server?.close()
  })
  const running = () => {
    if (!server) throw new Error('the test server starts before the tests')
    return server
  }
  return {
    get app() {
      return running().app
    },
    get clock() {
      return running().clock
    },
    get dataDir() {
      return running().dataDir
    },
    close: () => running().close()
  }
}

/**
 * After the file's tests, before its server closes (call after useTestServer: the hooks after the
 * tests run last registered first): whatever the tests did, the ledger still reconciles.
 */
export function useLedgerCheck(server: TestServer): void {
  afterAll(async () => {
    expect(await audit(server.app.services.database.db)).toEqual([])
    expect(await ledgerTotal(server.app.services.database.db)).toBe(0)
  })
}

/** Runs `work` on a connection of its own to the database at `url` (a change by another process or client), then closes it. */
export async function onAnotherConnection<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    return await work(client)
  } finally {
    await client.end()
  }
}

/** Whether `condition` came to hold within `timeoutMs`, asked every 5 ms. */
export async function until(condition: () => boolean | Promise<boolean>, timeoutMs = 3_000): Promise<boolean> {
  const end = Date.now() + timeoutMs
  while (Date.now() < end) {
    if (await condition()) return true
    await new Promise((resolve) => setTimeout(resolve, 5))
  }
  return condition()
}

/** On PostgreSQL, until the server listens for the other processes' changes (its caches are on from then); at once on PGlite. */
export async function listening(app: DarsiServer): Promise<void> {
  const feed = app.services.database.authChanges
  if (feed) await until(() => feed.ready, 2_000)
}

export type TwoServers = { a: DarsiServer; b: DarsiServer; databaseUrl: string }

/**
 * PostgreSQL: two servers on one fresh database, each with its own pool, listening connection and
 * caches, as two processes would be; started (and listening) before the file's tests, closed after.
 */
export function useTwoServers(): TwoServers {
  let database: TestDatabase | undefined
  let servers: { a: DarsiServer; b: DarsiServer } | undefined
  beforeAll(async () => {
    database = await prepareDatabase()
    const config = { ...defaultConfig({}), ...testConfig, dataDir: database.dataDir, databaseUrl: database.databaseUrl }
    const a = await buildServer({ config, clock: fakeClock(new Date()), logger: false })
    const b = await buildServer({ config, clock: fakeClock(new Date()), logger: false })
    servers = { a, b }
    if (!(await until(() => a.services.database.authChanges!.ready && b.services.database.authChanges!.ready))) {
      throw new Error('the two servers do not listen for changes')
    }
  })
  afterAll(async () => {
    await servers?.a.close()
    await servers?.b.close()
    await database?.drop()
  })
  const running = () => {
    if (!servers || !database) throw new Error('the two servers start before the tests')
    return { ...servers, databaseUrl: database.databaseUrl! }
  }
  return {
    get a() {
      return running().a
    },
    get b() {
      return running().b
    },
    get databaseUrl() {
      return running().databaseUrl
    }
  }
}

export type Reply<T = Record<string, unknown>> = { status: number; body: T; headers: Record<string, unknown> }

export type RequestOptions = {
  token?: string
  body?: unknown
  query?: Record<string, string>
  headers?: Record<string, string>
}

export async function call<T = Record<string, unknown>>(
  app: DarsiServer,
  method: string,
  url: string,
  options: RequestOptions = {}
): Promise<Reply<T>> {
  const response = await app.inject({
    method: method as 'GET',
    url,
    query: options.query,
    headers: { ...(options.token ? { authorization: `Bearer ${options.token}` } : {}), ...options.headers },
    ...(options.body !== undefined ? { payload: options.body as Record<string, unknown> } : {})
  })
  let body: unknown
  try {
    body = response.json()
  } catch {
    body = response.body
  }
  return { status: response.statusCode, body: body as T, headers: response.headers }
}

/** Fetches a challenge and solves it as the client does: the `g-recaptcha-response` value. */
export async function captcha(app: DarsiServer): Promise<string> {
  const { body } = await call(app, 'GET', '/api/captcha/challenge')
  const challenge = body as unknown as Parameters<typeof solveChallenge>[0]['challenge']
  const solution = await solveChallenge({ challenge, deriveKey })
  if (!solution) throw new Error('captcha not solved')
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64')
}

export type Tokens = {
  token: string
  refresh_token: string
  user_type: string
  password_expired: boolean
  verified: boolean
  message: string
}

/**
 * The class of the registration helpers when a test names none: Bac Sciences expérimentales and
 * one of its optional subjects (German), which such a class requires (§5, all fields required).
 */
export const REGISTRATION_CLASS = { division: 14, optionalSubject: 64 } as const

/**
 * Registers a pupil through the API, the bot check solved, and returns the session it opens
 * (unverified until the code sent to its phone or e-mail is entered). `fields` adds to or
 * overrides a Tunisian pupil's form: `phone`, or `email` and `country` abroad.
 */
export async function registerPupil(app: DarsiServer, password: string, fields: Record<string, unknown>): Promise<Tokens> {
  const reply = await call<Tokens>(app, 'POST', '/api/auth/register', {
    body: {
      name: 'Leila',
      lastName: 'Mansour',
      birthDate: '2009-04-12',
      ...('division' in fields ? {} : REGISTRATION_CLASS),
      plainPassword: { first: password, second: password },
      'g-recaptcha-response': await captcha(app),
      ...fields
    }
  })
  if (reply.status !== 201) throw new Error(`registration failed: ${reply.status} ${JSON.stringify(reply.body)}`)
  return reply.body
}

export async function login(app: DarsiServer, username: string, password = DEMO_PASSWORD): Promise<Tokens> {
  const reply = await call<Tokens>(app, 'POST', '/api/auth/login_check', {
    body: { username, password, 'g-recaptcha-response': await captcha(app) }
  })
  if (reply.status !== 200) throw new Error(`login ${username} failed: ${reply.status} ${JSON.stringify(reply.body)}`)
  return reply.body
}

/** The newest code sent to a phone (8 digits) or e-mail address. */
export async function lastCode(app: DarsiServer, to: string): Promise<string> {
  const [row] = await app.services.outbox.list(to, 1)
  if (!row?.code) throw new Error(`no code sent to ${to}`)
  return row.code
}

export type NewUser = {
  credential: string
  password?: string
  name?: string
  lastName?: string
  role?: string
  division?: number
  verified?: boolean
  isTest?: boolean
}

/** A fresh account through the operator endpoint, so a test owns an account nobody else touches. */
export async function createUser(app: DarsiServer, user: NewUser): Promise<number> {
  const reply = await call<{ id: number }>(app, 'POST', '/operator/users', {
    headers: { 'x-operator-key': app.services.secrets.operatorKey },
    body: { password: DEMO_PASSWORD, name: 'Eleve', lastName: 'Essai', ...user }
  })
  if (reply.status !== 201) throw new Error(`create ${user.credential} failed: ${reply.status} ${JSON.stringify(reply.body)}`)
  return reply.body.id
}

let uniqueCounter = 0
/** A Tunisian mobile number no demo account uses (per process; test files use separate databases). */
export function uniquePhone(): string {
  uniqueCounter++
  return `5${String(1_000_000 + uniqueCounter).slice(-7)}`
}

export type Pupil = { id: number; token: string }

/** The demo pupil (demo.student) signed in, with his account's id. */
export async function demoPupil(app: DarsiServer): Promise<Pupil> {
  const tokens = await login(app, demo.student)
  const [row] = await app.services.database.db.select({ id: users.id }).from(users).where(eq(users.phone, demo.student))
  return { id: row!.id, token: tokens.token }
}

/** The demo pupil, signed in before the file's tests once its server runs (useTestServer). */
export function useDemoPupil(server: TestServer): Pupil {
  const pupil: Pupil = { id: 0, token: '' }
  beforeAll(async () => {
    Object.assign(pupil, await demoPupil(server.app))
  })
  return pupil
}

export type PupilOptions = {
  /** The class (14 when not given; null: none). */
  division?: number | null
  /** A Gold subscription (group 112) opening every subject, from 2020 to 2100. */
  subscribed?: boolean
  freeHours?: number
  /** Points in the wallet, opened through the ledger. */
  points?: number
}

/** A fresh pupil nobody else touches, with a session straight from the service. */
export async function newPupil(app: DarsiServer, options: PupilOptions = {}): Promise<Pupil> {
  const db = app.services.database.db
  const division = options.division === undefined ? 14 : options.division
  const id = await createUser(app, { credential: uniquePhone(), ...(division === null ? {} : { division }) })
  if (options.freeHours) await db.update(users).set({ freeHours: options.freeHours }).where(eq(users.id, id))
  if (options.subscribed) await db.insert(userOffers).values({ userId: id, groupId: 112, startDate: '2020-01-01', endDate: '2100-01-01' })
  if (options.points && options.points > 0)
    await inTransaction(db, (tx) => move(tx, 'opening', `test:${id}`, { system: 'opening' }, { userId: id }, options.points! * 1000))
  const { token } = await app.services.sessions.start(id)
  return { id, token }
}

/** The offers page's cards as a fresh pupil of class 14 reads them. */
export async function offerCards(app: DarsiServer): Promise<OfferCard[]> {
  const reader = await newPupil(app)
  return OffersResponseSchema.parse((await call(app, 'GET', '/api/student/offers', { token: reader.token })).body).payload
}

/**
 * The offer division id of an offer's card (offerCards), the cards read before the file's tests
 * once its server runs (useTestServer).
 */
export function useOfferDivisions(server: TestServer): (offerId: number) => number {
  let cards: OfferCard[] = []
  beforeAll(async () => {
    cards = await offerCards(server.app)
  })
  return (offerId) => cards.find((card) => card.offer_id === offerId)!.id
}

/**
 * Two maths lessons of class 14 in the seed (limits and continuity): 'continuite-sur-un-intervalle',
 * not free, with its chapter and subject, and the free first one, 'limite-finie-en-un-point'.
 */
export async function mathsLessons(app: DarsiServer): Promise<{ id: number; chapterId: number; subjectId: number; freeId: number }> {
  const db = app.services.database.db
  const [maths] = await db
    .select({ id: subjects.id })
    .from(subjects)
    .where(and(eq(subjects.divisionId, 14), eq(subjects.slug, 'mathematiques')))
  const rows = await db
    .select({ id: contents.id, slug: contents.slug, chapterId: contents.chapterId })
    .from(contents)
    .innerJoin(chapters, eq(chapters.id, contents.chapterId))
    .where(eq(chapters.subjectId, maths!.id))
  const paid = rows.find((row) => row.slug === 'continuite-sur-un-intervalle')!
  return {
    id: paid.id,
    chapterId: paid.chapterId,
    subjectId: maths!.id,
    freeId: rows.find((row) => row.slug === 'limite-finie-en-un-point')!.id
  }
}

/** A minimal MP4 (file type and movie header boxes): 90 s at a timescale of 600. */
export function tinyMp4(): Buffer {
  const box = (type: string, body: Buffer) => {
    const out = Buffer.concat([Buffer.alloc(4), Buffer.from(type), body])
    out.writeUInt32BE(out.length, 0)
    return out
  }
  const mvhd = Buffer.alloc(20)
  mvhd.writeUInt32BE(600, 12)
  mvhd.writeUInt32BE(54_000, 16)
  return Buffer.concat([box('ftyp', Buffer.from('isom\0\0\0\0isomavc1')), box('moov', box('mvhd', mvhd)), box('mdat', Buffer.alloc(64))])
}

/** A form-encoded POST, as a browser page sends its form. */
export function postForm(app: DarsiServer, url: string, fields: Record<string, string>) {
  return app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString()
  })
}
