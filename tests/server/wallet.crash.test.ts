/**
 * M4: every acknowledged payment survives `kill -9` exactly once. The real server process
 * (`node server/src/index.ts`) runs on a copy of the seeded database while two clients stream
 * D17 top-ups and confirmed transfers with Idempotency-Keys; it is killed with SIGKILL at a
 * random moment, 20 times, and restarted each time. A client whose request died retries it
 * with the same key, as the real client does. At the end the wallets must equal a model of the
 * completed operations (nothing lost, nothing twice) and the ledger must reconcile.
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

const ROUNDS = 20
const ENTRY = fileURLToPath(new URL('../../server/src/index.ts', import.meta.url))

let root: string
let dataDir: string
let databaseUrl: string | null = null
let dropDatabase: (() => Promise<void>) | null = null
let child: ChildProcess | null = null

beforeAll(async () => {
  root = mkdtempSync(join(tmpdir(), 'darsi-crash-'))
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

type Who = 'sami' | 'lina'
type Op = { kind: 'topup'; who: Who; amount: number } | { kind: 'transfer'; from: Who; to: Who; points: number }
type Progress = { index: number; step: number; orderId?: string; code?: string }

/** A deterministic stream: alternate top-ups, and transfers back and forth (never short of points). */
function operations(count: number): { topups: Op[]; transfers: Op[] } {
  let seed = 7
  const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31
  const topups: Op[] = []
  const transfers: Op[] = []
  for (let i = 0; i < count; i++) {
    topups.push({ kind: 'topup', who: i % 2 ? 'lina' : 'sami', amount: 1 + Math.floor(next() * 50) })
    const points = 10 + Math.floor(next() * 21)
    transfers.push({ kind: 'transfer', from: 'sami', to: 'lina', points }, { kind: 'transfer', from: 'lina', to: 'sami', points })
  }
  return { topups, transfers }
}

describe('kill -9 of the API mid-stream (M4)', () => {
  it(`loses and duplicates nothing over ${ROUNDS} kills`, async () => {
    let base = await start()
    const tokens: Record<Who, string> = { sami: await signIn(base, demo.student), lina: await signIn(base, demo.abroad) }
    const credential: Record<Who, string> = { sami: demo.student, lina: demo.abroad }
    const opening = { sami: 0, lina: 0 }
    for (const who of ['sami', 'lina'] as const) {
      opening[who] = ((await http(base, 'GET', '/api/auth/me', { token: tokens[who] })).body.user as { points: number }).points
    }
    // Long enough for 20 rounds of a fast server (each lane stops at its kill, wherever it is).
    const stream = operations(5000)
    const model = { ...opening }
    const completed = { topups: 0, transfers: 0 }
    const progress: Record<'topups' | 'transfers', Progress> = { topups: { index: 0, step: 0 }, transfers: { index: 0, step: 0 } }

    /** One step of the current operation; true when the operation is complete. */
    async function step(lane: 'topups' | 'transfers'): Promise<boolean> {
      const state = progress[lane]
      const op = stream[lane][state.index]!
      const key = `${lane}-${state.index}`
      if (op.kind === 'topup') {
        if (state.step === 0) {
          const reply = await http(base, 'POST', '/api/student/codes', {
            token: tokens[op.who],
            key,
            body: { amount: op.amount, paymentMethod: 'd17' }
          })
          if (reply.status === 409) return false
          expect(reply.status, JSON.stringify(reply.body)).toBe(201)
          state.orderId = reply.body.order_id as string
          state.step = 1
          return false
        }
        const paid = await http(base, 'POST', `/sandbox/d17/${state.orderId}`, { form: { decision: 'pay' } })
        expect(paid.status).toBe(200)
        model[op.who] += op.amount
        return true
      }
      if (state.step === 0) {
        const reply = await http(base, 'POST', '/api/student/transfer-points', {
          token: tokens[op.from],
          key,
          body: { toUser: credential[op.to], points: op.points }
        })
        if (reply.status === 409) return false
        expect(reply.status, JSON.stringify(reply.body)).toBe(201)
        state.step = 1
        return false
      }
      if (state.step === 1) {
        const outbox = await http(base, 'GET', `/dev/outbox?${new URLSearchParams({ to: credential[op.from] })}`)
        state.code = (outbox.body as unknown as Array<{ code: string }>)[0]!.code
        state.step = 2
        return false
      }
      const confirmed = await http(base, 'POST', `/api/student/confirm-transfer-points?confirmationToken=${state.code}`, {
        token: tokens[op.from],
        key: `${key}-confirm`
      })
      if (confirmed.status === 409) return false
      expect(confirmed.status, JSON.stringify(confirmed.body)).toBe(200)
      model[op.from] -= op.points
      model[op.to] += op.points
      return true
    }

    async function drive(lane: 'topups' | 'transfers', until: () => boolean): Promise<void> {
      while (!until()) {
        try {
          const before = progress[lane].step
          if (await step(lane)) {
            completed[lane]++
            progress[lane] = { index: progress[lane].index + 1, step: 0 }
          } else if (progress[lane].step === before) {
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

    const started = Date.now()
    let interrupted = 0
    for (let round = 0; round < ROUNDS; round++) {
      // Warm the fresh process up first, so that each round acknowledges operations before its kill.
      await http(base, 'GET', '/api/student/wallet', { token: tokens.sami })
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
      await Promise.all([drive('topups', () => dead), drive('transfers', () => dead), killer])
      if (process.env.CRASH_DEBUG) console.log('round', round, Date.now() - started, interrupted, JSON.stringify(completed))
      base = await start()
    }
    // A last clean run finishes the operation each client was on when the final kill came (its
    // first request may have been applied without an answer).
    const done = { topups: progress.topups.index + 1, transfers: progress.transfers.index + 1 }
    await Promise.all([
      drive('topups', () => progress.topups.index >= done.topups),
      drive('transfers', () => progress.transfers.index >= done.transfers)
    ])

    for (const who of ['sami', 'lina'] as const) {
      const me = await http(base, 'GET', '/api/auth/me', { token: tokens[who] })
      expect((me.body.user as { points: number }).points, who).toBe(model[who])
    }
    // One points code per top-up, each paid once; one transfer per transfer, all confirmed.
    const codes = [
      ...((await http(base, 'GET', '/api/codes', { token: tokens.sami })).body as unknown as unknown[]),
      ...((await http(base, 'GET', '/api/codes', { token: tokens.lina })).body as unknown as unknown[])
    ] as Array<{ status: string }>
    expect(codes).toHaveLength(completed.topups)
    expect(codes.every((code) => code.status === 'paid')).toBe(true)
    const transfers = (await http(base, 'GET', '/api/student/transfer-points-history', { token: tokens.lina })).body as unknown as Array<{
      status: string
    }>
    expect(transfers).toHaveLength(completed.transfers)
    expect(transfers.every((transfer) => transfer.status === 'confirmed')).toBe(true)
    const auditReply = await fetch(`${base}/operator/ledger/audit`, { headers: { 'x-operator-key': readOperatorKey(dataDir, {})! } })
    expect(await auditReply.json()).toEqual({ ok: true, total: 0, problems: [] })
    // The kills landed mid-stream: requests died in flight, and operations were acknowledged in between.
    expect(interrupted).toBeGreaterThanOrEqual(ROUNDS / 2)
    expect(completed.topups).toBeGreaterThan(1)
    expect(completed.transfers).toBeGreaterThan(1)
    await killNow()
    if (process.env.CRASH_DEBUG) console.log('done', Date.now() - started, interrupted, JSON.stringify(completed))
  }, 540_000)
})
