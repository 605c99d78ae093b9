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
import { inject } from 'vitest'
import { buildServer, type DarsiServer } from '../../server/src/app.ts'
import { fakeClock } from '../../server/src/clock.ts'
import { defaultConfig, type ServerConfig } from '../../server/src/config.ts'
import { DEMO_PASSWORD } from '../../server/src/seed/demo.ts'
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
  rateLimits: { loginFailuresPerAccountPerHour: 100, sensitivePerAddressPerMinute: 10_000 },
  logLevel: 'silent'
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

export async function startTestServer(overrides: Partial<ServerConfig> = {}): Promise<TestServer> {
  const root = mkdtempSync(join(tmpdir(), 'darsi-test-'))
  const dataDir = join(root, 'api')
  let databaseUrl: string | null = null
  let dropDatabase: (() => Promise<void>) | null = null
  if (inject('backend') === 'postgres') {
    const name = `t_${randomBytes(6).toString('hex')}`
    const admin = new pg.Client({ connectionString: `${inject('pgAdminUrl')}/postgres` })
    await admin.connect()
    await admin.query(`CREATE DATABASE ${name} TEMPLATE ${TEMPLATE_DB}`)
    await admin.end()
    databaseUrl = `${inject('pgAdminUrl')}/${name}`
    dropDatabase = async () => {
      const client = new pg.Client({ connectionString: `${inject('pgAdminUrl')}/postgres` })
      await client.connect()
      await client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)
      await client.end()
    }
  } else {
    cpSync(inject('templateDir'), dataDir, { recursive: true })
  }
  const clock = fakeClock(new Date())
  const app = await buildServer({
    config: { ...defaultConfig({}), ...testConfig, dataDir, databaseUrl, ...overrides },
    clock,
    logger: false
  })
  return {
    app,
    clock,
    dataDir,
    async close() {
      await app.close()
      if (dropDatabase) await dropDatabase()
      rmSync(root, { recursive: true, force: true })
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

export async function call<T = Record<string, unknown>>(app: DarsiServer, method: string, url: string, options: RequestOptions = {}): Promise<Reply<T>> {
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

export type Tokens = { token: string; refresh_token: string; user_type: string; password_expired: boolean; verified: boolean; message: string }

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
