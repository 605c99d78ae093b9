/**
 * The operator landing (/offers/{operator}, decision 0046), signed out: each level's daily and
 * weekly prices from the level rate table, and the checkout of a visitor, opened for the pupil
 * whose account proved the number, in that pupil's class; a number no pupil proved, another class
 * or a bad number refused on their fields, never a 5xx.
 */
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { operatorSubscriptions, users } from '../../server/src/db/schema.ts'
import { levelOf } from '../../server/src/services/offers.ts'
import { ErrorResponseSchema } from '../../src/shared/api/common.ts'
import { MeResponseSchema } from '../../src/shared/api/accounts.ts'
import {
  OperatorCheckoutResponseSchema,
  OperatorOffersResponseSchema,
  OperatorVisitorReturnResponseSchema
} from '../../src/shared/api/operatorBilling.ts'
import { parseDeepLink } from '../../src/shared/deepLink.ts'
import { LEVEL_RATES, levelRate } from '../../src/shared/pricing/levelRates.ts'
import { call, createUser, lastCode, postForm, rateLimitsWith, startTestServer, uniquePhone, useTestServer } from './harness.ts'

const server = useTestServer()
beforeAll(() => {
  server.clock.set('2026-03-10T11:00:00Z')
})

const db = () => server.app.services.database.db
const landingCheckout = (body: Record<string, unknown>) => call(server.app, 'POST', '/api/operator-billing/landing/checkout', { body })

/** A pupil of class 14 whose account proved its number. */
async function pupil(phone: string): Promise<number> {
  const id = await createUser(server.app, { credential: phone, division: 14 })
  await db().update(users).set({ phoneVerified: true }).where(eq(users.id, id))
  return id
}

describe('the operator landing', () => {
  it("lists each level's daily and weekly plans signed out, priced by the level rate table, named in the request's language", async () => {
    const reply = await call(server.app, 'GET', '/api/operator-billing/offers')
    expect(reply.status).toBe(200)
    const offers = OperatorOffersResponseSchema.parse(reply.body).payload
    expect(offers.map(({ dailyPrice, weeklyPrice }) => [dailyPrice, weeklyPrice])).toEqual(
      Object.values(LEVEL_RATES).map((rate) => [rate.day / 1000, rate.week / 1000])
    )
    expect(offers[0]).toMatchObject({ level: 'Primaire', dailyPrice: 0.95, weeklyPrice: 7.75 })
    const arabic = await call(server.app, 'GET', '/api/operator-billing/offers', { headers: { 'accept-language': 'ar' } })
    expect(OperatorOffersResponseSchema.parse(arabic.body).payload[0]!.level).toMatch(/[\u0600-\u06FF]/)
  })

  it("opens a visitor's plan for the pupil who proved the number; the operator's charge makes that pupil a client", async () => {
    const phone = uniquePhone()
    const id = await pupil(phone)
    const reply = await landingCheckout({ recurrence: '7', phone: `+216 ${phone}`, division: 14 })
    expect(reply.status, JSON.stringify(reply.body)).toBe(200)
    const { payload } = OperatorCheckoutResponseSchema.parse(reply.body)
    expect(payload.subscription).toMatchObject({ status: 'pending', phone, recurrence: 7 })
    expect(payload.subscription.price * 1000).toBe(levelRate(await levelOf(db(), 14), 'week'))
    const [plan] = await db().select().from(operatorSubscriptions).where(eq(operatorSubscriptions.id, payload.subscription.id))
    expect(plan!.userId).toBe(id)

    const page = new URL(payload.redirectUrl).pathname
    const form = (fields: Record<string, string>, url = page) => postForm(server.app, url, fields)
    expect((await form({}, `${page}/pin`)).statusCode).toBe(200)
    await form({ decision: 'confirm', pin: await lastCode(server.app, phone) })
    const { token } = await server.app.services.sessions.start(id)
    const me = MeResponseSchema.parse((await call(server.app, 'GET', '/api/auth/me', { token })).body)
    expect(me.isOperatorClient).toBe(true)
  })

  it("tells the visitor the outcome of the operator's success return, with its reference only and nothing about the plan", async () => {
    const phone = uniquePhone()
    await pupil(phone)
    const { payload } = OperatorCheckoutResponseSchema.parse((await landingCheckout({ recurrence: '1', phone, division: 14 })).body)
    const page = new URL(payload.redirectUrl).pathname
    const form = (fields: Record<string, string>, url = page) => postForm(server.app, url, fields)
    const visitorReturn = (query: Record<string, string>) =>
      call(server.app, 'GET', `/api/operator-billing/landing/success?${new URLSearchParams({ ...query, front: '1' })}`)
    const id = String(payload.subscription.id)
    // Before the confirmation: the plan is pending, whatever the reference.
    const early = await visitorReturn({ subscriptionId: id, reference: 'a'.repeat(64) })
    expect(early.status).toBe(200)
    expect(OperatorVisitorReturnResponseSchema.parse(early.body)).toEqual({ message: 'Une erreur est survenue', activated: false })

    await form({}, `${page}/pin`)
    const back = await form({ decision: 'confirm', pin: await lastCode(server.app, phone) })
    const link = parseDeepLink(String(back.headers.location))
    expect(link).toMatchObject({ kind: 'operator-return', outcome: 'success' })
    const query = link?.kind === 'operator-return' ? link.query : {}
    expect(query.reference).toMatch(/^[0-9a-f]{64}$/)

    const reply = await visitorReturn(query)
    expect(reply.status, JSON.stringify(reply.body)).toBe(200)
    expect(reply.body).toEqual({ message: 'Abonnement activé', activated: true })
    // Without the reference the operator handed back, or with another plan's, the active plan is not told apart from a failed one.
    const forgeries: Array<Record<string, string>> = [
      { subscriptionId: id, transactionId: `sbx-${id}-1`, status: 'charged' },
      { subscriptionId: id, reference: '0'.repeat(64) },
      { subscriptionId: String(payload.subscription.id + 1), reference: query.reference! }
    ]
    for (const forged of forgeries) {
      const answer = await visitorReturn(forged)
      expect(answer.status).toBe(200)
      expect(answer.body).toEqual({ message: 'Une erreur est survenue', activated: false })
    }
    // Another field is refused, as in every query; never a 5xx.
    expect((await visitorReturn({ subscriptionId: id, phone })).status).toBe(422)
  })

  it('refuses a number no pupil proved, another class than the pupil’s and a bad number, on their fields', async () => {
    const unknown = await landingCheckout({ recurrence: '1', phone: uniquePhone(), division: 14 })
    expect(unknown.status).toBe(422)
    const body = ErrorResponseSchema.parse(unknown.body)
    expect(body.code).toBe('operator_no_account')
    expect(body.errors?.phone).toEqual(['Aucun compte élève n’utilise ce numéro : inscrivez-vous ou connectez-vous'])

    // A number typed at registration but never proven is no account's.
    const unproven = uniquePhone()
    await createUser(server.app, { credential: unproven, division: 14 })
    await db().update(users).set({ phoneVerified: false }).where(eq(users.phone, unproven))
    expect(ErrorResponseSchema.parse((await landingCheckout({ recurrence: '1', phone: unproven, division: 14 })).body).code).toBe(
      'operator_no_account'
    )

    const phone = uniquePhone()
    await pupil(phone)
    const other = await landingCheckout({ recurrence: '1', phone, division: 15 })
    expect(other.status).toBe(403)
    expect(ErrorResponseSchema.parse(other.body).code).toBe('level_not_allowed')

    const bad = await landingCheckout({ recurrence: '1', phone: '12345678', division: 14 })
    expect(bad.status).toBe(422)
    expect(ErrorResponseSchema.parse(bad.body).errors?.phone).toEqual(['Veuillez saisir un numéro de téléphone valide'])
    expect((await landingCheckout({ recurrence: '1', phone })).status).toBe(422)
  })
})

describe('the landing checkout, signed out', () => {
  it('answers 429, never 5xx, past the per-address limit, so it cannot be used to sound out numbers', async () => {
    const limited = await startTestServer({
      rateLimits: rateLimitsWith({ sensitivePerAddressPerMinute: 3 })
    })
    try {
      const statuses: number[] = []
      for (let i = 0; i < 5; i++) {
        const reply = await call(limited.app, 'POST', '/api/operator-billing/landing/checkout', {
          body: { recurrence: '1', phone: uniquePhone(), division: 14 }
        })
        statuses.push(reply.status)
      }
      expect(statuses).toEqual([422, 422, 422, 429, 429])
    } finally {
      await limited.close()
    }
  })
})
