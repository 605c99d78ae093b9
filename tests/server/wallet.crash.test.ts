/**
 * M4: every acknowledged payment survives `kill -9` exactly once. The real server process
 * (`node server/src/index.ts`) runs on a copy of the seeded database while two clients stream
 * D17 top-ups and confirmed transfers with Idempotency-Keys; it is killed with SIGKILL at a
 * random moment, 20 times, and restarted each time. A client whose request died retries it
 * with the same key, as the real client does. At the end the wallets must equal a model of the
 * completed operations (nothing lost, nothing twice) and the ledger must reconcile.
 */
import { expect, describe, it } from 'vitest'
import { readOperatorKey } from '../../server/src/services/secrets.ts'
import { Gone, crashServer, http, killAtRandomMoment, signIn } from './crashHarness.ts'
import { demo } from './harness.ts'

const ROUNDS = 20

const server = crashServer()

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
    let base = await server.start()
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
      const { dead, killed } = killAtRandomMoment(server)
      await Promise.all([drive('topups', dead), drive('transfers', dead), killed])
      if (process.env.CRASH_DEBUG) console.log('round', round, Date.now() - started, interrupted, JSON.stringify(completed))
      base = await server.start()
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
    const auditReply = await fetch(`${base}/operator/ledger/audit`, { headers: { 'x-operator-key': readOperatorKey(server.dataDir, {})! } })
    expect(await auditReply.json()).toEqual({ ok: true, total: 0, problems: [] })
    // The kills landed mid-stream: requests died in flight, and operations were acknowledged in between.
    expect(interrupted).toBeGreaterThanOrEqual(ROUNDS / 2)
    expect(completed.topups).toBeGreaterThan(1)
    expect(completed.transfers).toBeGreaterThan(1)
    await server.killNow()
    if (process.env.CRASH_DEBUG) console.log('done', Date.now() - started, interrupted, JSON.stringify(completed))
  }, 540_000)
})
