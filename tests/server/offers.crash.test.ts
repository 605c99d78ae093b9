/**
 * Purchases survive `kill -9` exactly once (issue 28, decision 0034). The real server process runs
 * on a copy of the seeded database while the demo pupil streams D17 top-ups and purchases of a
 * month of Gold, each with its Idempotency-Key; the process is killed with SIGKILL at a random
 * moment, again and again, and restarted. A request that died is sent again with its key, as the
 * app does. At the end the wallet, the orders and the subscriptions equal a model of the completed
 * operations (nothing lost, nothing twice) and the ledger reconciles — on PGlite and PostgreSQL.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { cpSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { solveChallenge } from 'altcha-lib'
import { deriveKey } from 'altcha-lib/algorithms/sha'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { readOperatorKey } from '../../server/src/services/secrets.ts'
import { DEMO_PASSWORD, demo } from './harness.ts'
import { TEMPLATE_DB } from './globalSetup.ts'

const ROUNDS = 12
const ENTRY = fileURLToPath(new URL('../../server/src/index.ts', import.meta.url))
const GOLD_OFFER = 112

let root: string
let dataDir: string
let databaseUrl: string | null = null
let dropDatabase: (() => Promise<void>) | null = null
let child: ChildProcess | null = null

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'darsi-offers-crash-'))
  dataDir = join(root, 'api')
  if (inject('backend') === 'postgres') {
    const name = `crash_${randomBytes(5).toString('hex')}`
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
})

afterAll(async () => {
  if (child && child.exitCode === null) child.kill('SIGKILL')
  if (dropDatabase) await dropDatabase()
  rmSync(root, { recursive: true, force: true })
})

/** Starts the server and resolves with its URL once it listens. */
function start(): Promise<string> {
  const args = [
    ENTRY,
    '--port',
    '0',
    '--data-dir',
    dataDir,
    '--seed',
    'demo',
    '--dev',
    ...(databaseUrl ? ['--database-url', databaseUrl] : [])
  ]
  const proc = spawn(process.execPath, args, {
    env: {
      ...process.env,
      DARSI_CAPTCHA_MAX_NUMBER: '200',
      DARSI_LOG_LEVEL: 'error',
      DARSI_IDEMPOTENCY_LEASE_MS: '1500',
      NODE_ENV: 'test'
    },
    stdio: ['ignore', 'pipe', 'pipe']
  })
  child = proc
  return new Promise((resolve, reject) => {
    let output = ''
    const timer = setTimeout(() => reject(new Error(`server did not start: ${output}`)), 20_000)
    proc.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      const match = /listening on (http:\/\/\S+)/.exec(output)
      if (match) {
        clearTimeout(timer)
        resolve(match[1]!)
      }
    })
    proc.stderr!.on('data', (chunk: Buffer) => {
      output += chunk.toString()
    })
    proc.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`server exited with ${code}: ${output}`))
    })
  })
}

function killNow(): Promise<void> {
  const proc = child
  if (!proc || proc.exitCode !== null || proc.signalCode !== null) return Promise.resolve()
  return new Promise((resolve) => {
    proc.once('exit', () => resolve())
    proc.kill('SIGKILL')
  })
}

/** The server went away (killed): the request's fate is unknown to the client. */
class Gone extends Error {}

type Answer = { status: number; body: Record<string, unknown> }

async function http(
  base: string,
  method: string,
  path: string,
  options: { token?: string; body?: unknown; key?: string; form?: Record<string, string> } = {}
): Promise<Answer> {
  let response: Response
  try {
    response = await fetch(`${base}${path}`, {
      method,
      redirect: 'manual',
      headers: {
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
        ...(options.key ? { 'idempotency-key': options.key } : {}),
        ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(options.form ? { 'content-type': 'application/x-www-form-urlencoded' } : {})
      },
      body: options.form
        ? new URLSearchParams(options.form).toString()
        : options.body !== undefined
          ? JSON.stringify(options.body)
          : undefined
    })
  } catch {
    throw new Gone()
  }
  const text = await response.text().catch(() => {
    throw new Gone()
  })
  let body: Record<string, unknown>
  try {
    body = JSON.parse(text) as Record<string, unknown>
  } catch {
    body = { text }
  }
  return { status: response.status, body }
}

async function signIn(base: string, username: string): Promise<string> {
  const challenge = (await http(base, 'GET', '/api/captcha/challenge')).body as unknown as Parameters<typeof solveChallenge>[0]['challenge']
  const solution = await solveChallenge({ challenge, deriveKey })
  const reply = await http(base, 'POST', '/api/auth/login_check', {
    body: {
      username,
      password: DEMO_PASSWORD,
      'g-recaptcha-response': Buffer.from(JSON.stringify({ challenge, solution })).toString('base64')
    }
  })
  if (reply.status !== 200) throw new Error(`login ${username}: ${reply.status} ${JSON.stringify(reply.body)}`)
  return reply.body.token as string
}

type Subscription = { amount_paid: number; group: { id: number } }

describe('kill -9 of the API during a stream of purchases', () => {
  it(`loses and duplicates no purchase over ${ROUNDS} kills`, async () => {
    let base = await start()
    let token = await signIn(base, demo.student)
    const opening = ((await http(base, 'GET', '/api/auth/me', { token })).body.user as { points: number }).points
    const offers = (await http(base, 'GET', '/api/student/offers', { token })).body.payload as Array<{ id: number; offer_id: number }>
    const gold = offers.find((card) => card.offer_id === GOLD_OFFER)!.id
    const subscriptionsOf = async () =>
      (await http(base, 'GET', '/api/student/history/subscriptions', { token })).body as unknown as Subscription[]
    const goldMonths = (list: Subscription[]) => list.filter((item) => item.group.id === GOLD_OFFER && item.amount_paid === 45).length
    const before = goldMonths(await subscriptionsOf())

    let model = opening
    let purchases = 0
    let interrupted = 0
    // Each operation: a top-up of 45 points by D17 (create, pay), then a month of Gold (45 points).
    const progress: { index: number; step: number; orderId?: string } = { index: 0, step: 0 }

    async function step(): Promise<boolean> {
      const key = `op-${progress.index}`
      if (progress.step === 0) {
        const reply = await http(base, 'POST', '/api/student/codes', {
          token,
          key: `${key}-topup`,
          body: { amount: 45, paymentMethod: 'd17' }
        })
        if (reply.status === 409) return false
        expect(reply.status, JSON.stringify(reply.body)).toBe(201)
        progress.orderId = reply.body.order_id as string
        progress.step = 1
        return false
      }
      if (progress.step === 1) {
        const paid = await http(base, 'POST', `/sandbox/d17/${progress.orderId}`, { form: { decision: 'pay' } })
        expect(paid.status).toBe(200)
        model += 45
        progress.step = 2
        return false
      }
      const bought = await http(base, 'POST', '/api/student/checkout/buy', {
        token,
        key: `${key}-buy`,
        body: { offerDivisionDetail: gold, period: 'month' }
      })
      if (bought.status === 409) return false
      expect(bought.status, JSON.stringify(bought.body)).toBe(201)
      model -= 45
      purchases++
      return true
    }

    async function drive(until: () => boolean): Promise<void> {
      while (!until()) {
        try {
          const stepBefore = progress.step
          if (await step()) {
            progress.index++
            progress.step = 0
          } else if (progress.step === stepBefore) {
            // 409: the same key is still running (or its dead claim has not expired yet).
            await new Promise((resolve) => setTimeout(resolve, 100))
          }
        } catch (error) {
          if (!(error instanceof Gone)) throw error
          interrupted++
          return
        }
      }
    }

    for (let round = 0; round < ROUNDS; round++) {
      await http(base, 'GET', '/api/student/offers', { token })
      let dead = false
      const killer = new Promise<void>((resolve) => {
        setTimeout(
          () => {
            dead = true
            void killNow().then(resolve)
          },
          300 + Math.random() * 600
        )
      })
      await Promise.all([drive(() => dead), killer])
      base = await start()
    }
    // A last clean run finishes the operation under way at the final kill.
    const last = progress.index + 1
    await drive(() => progress.index >= last)

    token = await signIn(base, demo.student)
    expect(((await http(base, 'GET', '/api/auth/me', { token })).body.user as { points: number }).points).toBe(model)
    expect(model).toBe(opening)
    // One subscription per acknowledged purchase, none twice.
    expect(goldMonths(await subscriptionsOf()) - before).toBe(purchases)
    const auditReply = await fetch(`${base}/operator/ledger/audit`, { headers: { 'x-operator-key': readOperatorKey(dataDir, {})! } })
    expect(await auditReply.json()).toEqual({ ok: true, total: 0, problems: [] })
    expect(interrupted).toBeGreaterThanOrEqual(ROUNDS / 2)
    expect(purchases).toBeGreaterThan(1)
    await killNow()
  }, 540_000)
})
