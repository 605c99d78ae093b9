/**
 * Purchases survive `kill -9` exactly once (issue 28, decision 0034). The real server process runs
 * on a copy of the seeded database while the demo pupil streams D17 top-ups and purchases of a
 * month of Gold, each with its Idempotency-Key; the process is killed with SIGKILL at a random
 * moment, again and again, and restarted. A request that died is sent again with its key, as the
 * app does. At the end the wallet, the orders and the subscriptions equal a model of the completed
 * operations (nothing lost, nothing twice) and the ledger reconciles — on PGlite and PostgreSQL.
 */
import { expect, describe, it } from 'vitest'
import { readOperatorKey } from '../../server/src/services/secrets.ts'
import { Gone, crashServer, http, killAtRandomMoment, signIn } from './crashHarness.ts'
import { demo } from './harness.ts'

const ROUNDS = 12
const GOLD_OFFER = 112

const server = crashServer()

type Subscription = { amount_paid: number; group: { id: number } }

describe('kill -9 of the API during a stream of purchases', () => {
  it(`loses and duplicates no purchase over ${ROUNDS} kills`, async () => {
    let base = await server.start()
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
      const { dead, killed } = killAtRandomMoment(server)
      await Promise.all([drive(dead), killed])
      base = await server.start()
    }
    // A last clean run finishes the operation under way at the final kill.
    const last = progress.index + 1
    await drive(() => progress.index >= last)

    token = await signIn(base, demo.student)
    expect(((await http(base, 'GET', '/api/auth/me', { token })).body.user as { points: number }).points).toBe(model)
    expect(model).toBe(opening)
    // One subscription per acknowledged purchase, none twice.
    expect(goldMonths(await subscriptionsOf()) - before).toBe(purchases)
    const auditReply = await fetch(`${base}/operator/ledger/audit`, { headers: { 'x-operator-key': readOperatorKey(server.dataDir, {})! } })
    expect(await auditReply.json()).toEqual({ ok: true, total: 0, problems: [] })
    expect(interrupted).toBeGreaterThanOrEqual(ROUNDS / 2)
    expect(purchases).toBeGreaterThan(1)
    await server.killNow()
  }, 540_000)
})
