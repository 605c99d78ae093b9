/**
 * Mobile-operator plans (issue 28, decision 0046) through fastify.inject: the checkout answering
 * the operator sandbox's page, the PIN sent by SMS through the outbox, the plan started only by
 * the operator's signed notification (never by the return link), one active plan per number, the
 * renewals charged once per period by the job, a failed renewal and an unsubscription (by the API
 * and by SMS STOP) leaving the access to the end of the paid period; replayed, out-of-order and
 * unsigned notifications and a renewal run twice refused with their codes, nothing charged.
 */
import { and, asc, eq } from 'drizzle-orm'
import fc from 'fast-check'
import { beforeAll, describe, expect, it } from 'vitest'
import { operatorCharges, operatorSubscriptions, userOffers } from '../../server/src/db/schema.ts'
import { OPERATOR_RENEWAL_JOB, renewDuePlans } from '../../server/src/jobs/operatorBilling.ts'
import { notificationKey, planById, signNotification } from '../../server/src/services/operatorBilling.ts'
import { levelOf } from '../../server/src/services/offers.ts'
import { renewPlan } from '../../server/src/services/operatorSandbox.ts'
import { ErrorResponseSchema } from '../../src/shared/api/common.ts'
import {
  OperatorCheckoutResponseSchema,
  OperatorPlanResponseSchema,
  type OperatorNotification
} from '../../src/shared/api/operatorBilling.ts'
import { tunisDateOf } from '../../src/shared/pricing/calendar.ts'
import { levelRate } from '../../src/shared/pricing/levelRates.ts'
import { call, lastCode, newPupil, postForm, uniquePhone, useTestServer, type Pupil } from './harness.ts'

const server = useTestServer()
beforeAll(() => {
  // Noon in Tunis: a day's plan bought now ends today.
  server.clock.set('2026-03-10T11:00:00Z')
})

const db = () => server.app.services.database.db
const DAY = 24 * 3_600_000
/** A pupil of class 14 nobody else touches. */
const pupil = () => newPupil(server.app)

async function checkout(who: Pupil, body: Record<string, unknown>) {
  return call(server.app, 'POST', '/api/checkout', { token: who.token, body })
}

const form = (url: string, fields: Record<string, string>) => postForm(server.app, url, fields)

/** A plan through the sandbox: checkout, PIN by SMS, PIN typed back. */
async function subscribe(who: Pupil, phone: string, recurrence: '1' | '7' = '1') {
  const reply = await checkout(who, { recurrence, phone, division: 14 })
  expect(reply.status, JSON.stringify(reply.body)).toBe(200)
  const { payload } = OperatorCheckoutResponseSchema.parse(reply.body)
  const page = new URL(payload.redirectUrl).pathname
  expect((await form(`${page}/pin`, {})).statusCode).toBe(200)
  const confirmed = await form(page, { decision: 'confirm', pin: await lastCode(server.app, phone) })
  return { plan: payload.subscription, page, confirmed }
}

async function access(planId: number) {
  const plan = await planById(db(), planId)
  const [row] = await db().select().from(userOffers).where(eq(userOffers.id, plan!.userOfferId!))
  return { plan: plan!, access: row! }
}

function signed(notification: OperatorNotification, signature?: string) {
  const key = notificationKey(server.app.services.secrets.codeSecret)
  return call(server.app, 'POST', '/api/operator-billing/notifications', {
    body: notification,
    headers: { 'x-operator-signature': signature ?? signNotification(key, notification) }
  })
}

describe('checkout', () => {
  it('answers the operator page for a daily plan; a bad phone, another class or recurrence are refused', async () => {
    const sami = await pupil()
    const reply = await checkout(sami, { recurrence: '1', phone: '+216 50 111 222', division: 14 })
    expect(reply.status).toBe(200)
    const body = OperatorCheckoutResponseSchema.parse(reply.body)
    expect(body.payload.redirectUrl).toMatch(/\/sandbox\/operator\/[\w-]+$/)
    expect(body.payload.subscription).toMatchObject({ status: 'pending', phone: '50111222', recurrence: 1, paid_until: null })
    expect(body.payload.subscription.price * 1000).toBe(levelRate(await levelOf(db(), 14), 'day'))

    const badPhone = await checkout(sami, { recurrence: '7', phone: '12345678', division: 14 })
    expect(badPhone.status).toBe(422)
    expect(ErrorResponseSchema.parse(badPhone.body).errors?.phone).toEqual(['Veuillez saisir un numéro de téléphone valide'])
    expect((await checkout(sami, { recurrence: '3', phone: '50111222', division: 14 })).status).toBe(422)
    const other = await checkout(sami, { recurrence: '7', phone: '50111222', division: 15 })
    expect(other.status).toBe(403)
    expect(ErrorResponseSchema.parse(other.body).code).toBe('level_not_allowed')
    expect((await call(server.app, 'POST', '/api/checkout', { body: { recurrence: '1', phone: '50111222', division: 14 } })).status).toBe(
      401
    )
  })
})

describe('the operator sandbox and its notification', () => {
  it('a daily plan starts on the notification only; the return link before it starts nothing', async () => {
    const sami = await pupil()
    const phone = uniquePhone()
    const reply = await checkout(sami, { recurrence: '1', phone, division: 14 })
    const { payload } = OperatorCheckoutResponseSchema.parse(reply.body)
    const page = new URL(payload.redirectUrl).pathname

    // The return link forged before any charge reports the plan as it is: pending, nothing opened.
    const early = await call(server.app, 'GET', '/api/operator-billing/success', {
      token: sami.token,
      query: { subscriptionId: String(payload.subscription.id), front: '1' }
    })
    expect(early.status).toBe(200)
    expect(OperatorPlanResponseSchema.parse(early.body).subscription?.status).toBe('pending')
    expect(await db().select().from(userOffers).where(eq(userOffers.userId, sami.id))).toEqual([])

    const shown = await server.app.inject({ method: 'GET', url: page })
    expect(shown.statusCode).toBe(200)
    expect(shown.headers['content-type']).toContain('text/html')
    expect(shown.body).toContain('Code PIN')
    expect((await form(`${page}/pin`, {})).statusCode).toBe(200)
    const pin = await lastCode(server.app, phone)
    expect(pin).toMatch(/^\d{4}$/)

    const wrong = await form(page, { decision: 'confirm', pin: pin === '1111' ? '2222' : '1111' })
    expect(wrong.statusCode).toBe(422)
    expect(wrong.body).toContain('Code PIN incorrect')
    expect((await planById(db(), payload.subscription.id))!.status).toBe('pending')

    const confirmed = await form(page, { decision: 'confirm', pin })
    expect(confirmed.statusCode).toBe(302)
    expect(confirmed.headers.location).toMatch(/^darsi:\/\/operator\/success\?/)
    const { plan, access: opened } = await access(payload.subscription.id)
    const today = tunisDateOf(server.clock.now())
    expect(plan).toMatchObject({ status: 'active', periodsPaid: 1, paidUntil: today })
    expect(opened).toMatchObject({ userId: sami.id, groupId: 104, offerId: 33, startDate: today, endDate: today })

    const success = await call(server.app, 'GET', '/api/operator-billing/success', {
      token: sami.token,
      query: { subscriptionId: String(plan.id), transactionId: `sbx-${plan.id}-1`, front: '1' }
    })
    expect(success.body).toMatchObject({ message: 'Abonnement activé', subscription: { status: 'active', paid_until: today } })
    // The page is closed once the plan is decided.
    expect((await server.app.inject({ method: 'GET', url: page })).statusCode).toBe(409)
  })

  it('one active plan per number: "Le numéro existe déjà" on the phone', async () => {
    const phone = uniquePhone()
    await subscribe(await pupil(), phone)
    const reply = await checkout(await pupil(), { recurrence: '7', phone, division: 14 })
    expect(reply.status).toBe(422)
    const error = ErrorResponseSchema.parse(reply.body)
    expect(error).toMatchObject({ code: 'phone_taken', message: 'Le numéro existe déjà', errors: { phone: ['Le numéro existe déjà'] } })
  })

  it('PIN 0000 is an insufficient credit: the checkout fails, nothing opens', async () => {
    const sami = await pupil()
    const reply = await checkout(sami, { recurrence: '7', phone: uniquePhone(), division: 14 })
    const { payload } = OperatorCheckoutResponseSchema.parse(reply.body)
    const failed = await form(new URL(payload.redirectUrl).pathname, { decision: 'confirm', pin: '0000' })
    expect(failed.headers.location).toMatch(/^darsi:\/\/operator\/echec\?.*status=insufficient_credit/)
    expect((await planById(db(), payload.subscription.id))!.status).toBe('failed')
    expect(await db().select().from(userOffers).where(eq(userOffers.userId, sami.id))).toEqual([])
    const echec = await call(server.app, 'POST', '/api/operator-billing/echec', {
      token: sami.token,
      query: { subscriptionId: String(payload.subscription.id), status: 'insufficient_credit' }
    })
    expect(echec.status).toBe(200)
  })

  it('a replayed, unsigned, out-of-order or twice-charged notification is refused and changes nothing', async () => {
    const { plan } = await subscribe(await pupil(), uniquePhone(), '7')
    const before = await access(plan.id)

    const replay = await signed({ transactionId: `sbx-${plan.id}-1`, subscriptionId: plan.id, event: 'charged', period: 1 })
    expect(replay.status).toBe(409)
    expect(ErrorResponseSchema.parse(replay.body).code).toBe('operator_notification_replayed')

    const again = await signed({ transactionId: `other-${plan.id}-1`, subscriptionId: plan.id, event: 'charged', period: 1 })
    expect(again.status).toBe(409)
    expect(ErrorResponseSchema.parse(again.body).code).toBe('operator_period_already_charged')

    const skipped = await signed({ transactionId: `sbx-${plan.id}-3`, subscriptionId: plan.id, event: 'charged', period: 3 })
    expect(skipped.status).toBe(409)
    expect(ErrorResponseSchema.parse(skipped.body).code).toBe('operator_notification_out_of_order')

    const forged = await signed({ transactionId: `sbx-${plan.id}-2`, subscriptionId: plan.id, event: 'charged', period: 2 }, 'f'.repeat(64))
    expect(forged.status).toBe(401)
    expect(ErrorResponseSchema.parse(forged.body).code).toBe('operator_signature_invalid')

    const unknown = await signed({ transactionId: 'sbx-unknown', subscriptionId: 2_000_000, event: 'charged', period: 1 })
    expect(unknown.status).toBe(404)

    expect(await access(plan.id)).toEqual(before)
    expect(await db().select().from(operatorCharges).where(eq(operatorCharges.subscriptionId, plan.id))).toHaveLength(1)
  })
})

describe('renewals, failures and unsubscription', () => {
  it('the job charges each period once: run twice, and the same renewal asked twice, charge one period', async () => {
    server.clock.set('2026-03-10T11:00:00Z')
    const { plan } = await subscribe(await pupil(), uniquePhone())
    // Nothing is due while the day paid for runs.
    expect(await renewDuePlans(server.app.services, server.clock.now())).toMatchObject({ renewed: 0 })

    server.clock.advance(DAY)
    const due = await planById(db(), plan.id)
    expect(await server.app.jobs.runNow(OPERATOR_RENEWAL_JOB)).toBe('done')
    expect(await server.app.jobs.runNow(OPERATOR_RENEWAL_JOB)).toBe('done')
    // A second process holding the plan as it was before the first renewal asks again: refused.
    await expect(renewPlan(server.app.services, due!)).rejects.toMatchObject({ code: 'operator_notification_replayed' })

    const { plan: renewed, access: opened } = await access(plan.id)
    expect(renewed).toMatchObject({ status: 'active', periodsPaid: 2, paidUntil: '2026-03-11' })
    expect(opened).toMatchObject({ startDate: '2026-03-10', endDate: '2026-03-11', amountPaid: 2 * renewed.price })
    const charges = await db().select().from(operatorCharges).where(eq(operatorCharges.subscriptionId, plan.id))
    expect(charges.map((charge) => [charge.period, charge.status])).toEqual([
      [1, 'paid'],
      [2, 'paid']
    ])
  })

  it('a renewal the number cannot pay ends the plan; the access runs to the end of the period paid', async () => {
    server.clock.set('2026-04-01T11:00:00Z')
    const phone = `${uniquePhone().slice(0, 6)}00`
    const { plan } = await subscribe(await pupil(), phone, '7')
    server.clock.set('2026-04-08T11:00:00Z')
    expect(await renewDuePlans(server.app.services, server.clock.now())).toMatchObject({ failed: 1 })
    const { plan: ended, access: opened } = await access(plan.id)
    expect(ended).toMatchObject({ status: 'ended', periodsPaid: 1, paidUntil: '2026-04-07' })
    expect(opened.endDate).toBe('2026-04-07')
    const [failure] = await db()
      .select()
      .from(operatorCharges)
      .where(and(eq(operatorCharges.subscriptionId, plan.id), eq(operatorCharges.period, 2)))
    expect(failure).toMatchObject({ status: 'failed', amount: 0 })
  })

  it('unsubscribing by the API keeps the access to the period end and stops the renewals', async () => {
    server.clock.set('2026-05-04T11:00:00Z')
    const sami = await pupil()
    const phone = uniquePhone()
    const { plan } = await subscribe(sami, phone, '7')
    const reply = await call(server.app, 'POST', '/api/operator-billing/unsubscribe', { token: sami.token })
    expect(reply.status).toBe(200)
    expect(OperatorPlanResponseSchema.parse(reply.body).subscription).toMatchObject({ status: 'cancelled', paid_until: '2026-05-10' })
    const [sms] = await server.app.services.outbox.list(phone, 1)
    expect(sms!.body).toContain('désabonné')
    const again = await call(server.app, 'POST', '/api/operator-billing/unsubscribe', { token: sami.token })
    expect(again.status).toBe(409)
    expect(ErrorResponseSchema.parse(again.body).code).toBe('operator_plan_not_active')

    server.clock.set('2026-05-12T11:00:00Z')
    await renewDuePlans(server.app.services, server.clock.now())
    const { plan: cancelled, access: opened } = await access(plan.id)
    expect(cancelled).toMatchObject({ status: 'cancelled', periodsPaid: 1 })
    expect(opened.endDate).toBe('2026-05-10')
    // Once the plan no longer holds it, the number can subscribe again.
    expect((await checkout(await pupil(), { recurrence: '1', phone, division: 14 })).status).toBe(200)
  })

  it('an SMS STOP to the operator unsubscribes the number', async () => {
    server.clock.set('2026-06-01T11:00:00Z')
    const sami = await pupil()
    const phone = uniquePhone()
    const { plan } = await subscribe(sami, phone)
    const stop = await form('/sandbox/operator/sms', { from: `+216${phone}`, text: 'stop' })
    expect(stop.statusCode).toBe(200)
    expect(stop.body).toContain('Vous êtes désabonné')
    expect((await planById(db(), plan.id))!.status).toBe('cancelled')
    const mine = await call(server.app, 'GET', '/api/operator-billing/subscription', { token: sami.token })
    expect(OperatorPlanResponseSchema.parse(mine.body).subscription).toMatchObject({ id: plan.id, status: 'cancelled' })
    const none = await form('/sandbox/operator/sms', { from: phone, text: 'STOP' })
    expect(none.body).toContain('aucun abonnement actif')
  })

  it('the sandbox pages refuse unknown checkouts', async () => {
    expect((await server.app.inject({ method: 'GET', url: '/sandbox/operator/unknown-token' })).statusCode).toBe(404)
    expect((await form('/sandbox/operator/unknown-token', { decision: 'confirm', pin: '1234' })).statusCode).toBe(404)
    const rows = await db().select({ id: operatorSubscriptions.id }).from(operatorSubscriptions)
    expect(rows.length).toBeGreaterThan(0)
  })
})

describe('random input (fast-check): never a 5xx, nothing charged out of order', () => {
  it('random checkout bodies are answered by the contract', async () => {
    const sami = await pupil()
    const body = fc.oneof(
      {
        weight: 3,
        arbitrary: fc.record(
          {
            recurrence: fc.oneof(fc.constantFrom('1', '7', 1, 7, '3', 0, null), fc.string({ maxLength: 4 })),
            phone: fc.oneof(
              fc.constant('').map(() => uniquePhone()),
              fc.constantFrom('+21650111222', '0021699000111', '12345678'),
              fc.string({ maxLength: 24 })
            ),
            division: fc.oneof(fc.constantFrom(14, 15, 0, -1, 2_147_483_648), fc.integer(), fc.string({ maxLength: 4 }))
          },
          { requiredKeys: [] }
        )
      },
      { weight: 1, arbitrary: fc.anything({ maxDepth: 2 }) }
    )
    await fc.assert(
      fc.asyncProperty(body, async (input) => {
        const reply = await checkout(sami, input as Record<string, unknown>)
        expect(reply.status, JSON.stringify(reply.body)).toBeLessThan(500)
        if (reply.status === 200) OperatorCheckoutResponseSchema.parse(reply.body)
        else expect(ErrorResponseSchema.safeParse(reply.body).success, JSON.stringify(reply.body)).toBe(true)
      }),
      { numRuns: 60 }
    )
  })

  it('signed or forged notifications in any order and replays keep one charge per period, in sequence', async () => {
    const { plan } = await subscribe(await pupil(), uniquePhone())
    const other = await subscribe(await pupil(), uniquePhone())
    const key = notificationKey(server.app.services.secrets.codeSecret)
    const notification = fc.record({
      transactionId: fc.oneof(fc.constantFrom(`sbx-${plan.id}-1`, `sbx-${plan.id}-2`, 'again'), fc.stringMatching(/^[\w-]{1,24}$/)),
      subscriptionId: fc.oneof(fc.constantFrom(plan.id, other.plan.id), fc.integer({ min: 1, max: 2_147_483_647 })),
      event: fc.constantFrom('charged' as const, 'charge_failed' as const, 'unsubscribed' as const),
      period: fc.option(fc.integer({ min: 1, max: 4 }), { nil: undefined })
    })
    await fc.assert(
      fc.asyncProperty(notification, fc.boolean(), async (input, sign) => {
        const reply = await call(server.app, 'POST', '/api/operator-billing/notifications', {
          body: input,
          headers: { 'x-operator-signature': sign ? signNotification(key, input) : 'bad' }
        })
        expect(reply.status, JSON.stringify(reply.body)).toBeLessThan(500)
        if (reply.status !== 200) expect(ErrorResponseSchema.safeParse(reply.body).success).toBe(true)
        if (!sign) expect(reply.status).toBe(401)
      }),
      { numRuns: 80 }
    )
    for (const id of [plan.id, other.plan.id]) {
      const current = (await planById(db(), id))!
      const charges = await db()
        .select()
        .from(operatorCharges)
        .where(eq(operatorCharges.subscriptionId, id))
        .orderBy(asc(operatorCharges.period))
      // Periods charged from 1 on without a gap or a repeat, and the plan counts the paid ones.
      expect(charges.map((charge) => charge.period)).toEqual(charges.map((_, index) => index + 1))
      expect(charges.filter((charge) => charge.status === 'paid')).toHaveLength(current.periodsPaid)
    }
  })
})
