/**
 * Coupons and referral codes of a purchase (decision 0035): `/student/discount-code` applies one
 * code at a time with the quote it gives, lists and removes it; each refusal has its own code; the
 * purchase spends the code atomically (a coupon with one use left is used once by 50 pupils at
 * once; a pupil uses a coupon once; a failed purchase keeps nothing of it).
 */
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { appliedDiscountCodes, discountCodeRedemptions, discountCodes, offerOrders, users } from '../../server/src/db/schema.ts'
import { audit, ledgerTotal } from '../../server/src/services/ledger.ts'
import { DiscountCodeAnswerSchema, DiscountCodeListSchema, OffersResponseSchema, type OfferCard } from '../../src/shared/api/offers.ts'
import { call, startTestServer, type TestServer, newPupil, type Pupil } from './harness.ts'

let server: TestServer
let cards: OfferCard[]
beforeAll(async () => {
  server = await startTestServer()
  const reader = await pupil()
  const reply = await call(server.app, 'GET', '/api/student/offers', { token: reader.token })
  cards = OffersResponseSchema.parse(reply.body).payload
})
afterAll(async () => {
  if (server) {
    expect(await audit(db())).toEqual([])
    expect(await ledgerTotal(db())).toBe(0)
    await server.close()
  }
})

const db = () => server.app.services.database.db
const pupil = (points = 0) => newPupil(server.app, { points })

const divisionOf = (offerId: number) => cards.find((card) => card.offer_id === offerId)!.id
const apply = (who: Pupil, body: Record<string, unknown>) =>
  call(server.app, 'POST', '/api/student/discount-code', { token: who.token, body })
const applied = async (who: Pupil) =>
  DiscountCodeListSchema.parse((await call(server.app, 'GET', '/api/student/discount-code', { token: who.token })).body).payload
const buy = (who: Pupil, body: Record<string, unknown>) =>
  call<{ order: { amount_paid: number; id: number }; quote: { code: unknown; total: number } }>(
    server.app,
    'POST',
    '/api/student/checkout/buy',
    { token: who.token, body }
  )
const quote = (who: Pupil, body: Record<string, unknown>) =>
  call(server.app, 'POST', '/api/student/checkout/quote', { token: who.token, body })

async function coupon(values: Partial<typeof discountCodes.$inferInsert> & { code: string }): Promise<number> {
  const [row] = await db()
    .insert(discountCodes)
    .values({ discountType: 'percentage_discount', discountValue: 1000, ...values })
    .returning({ id: discountCodes.id })
  return row!.id
}

describe('/student/discount-code', () => {
  it('applies one code at a time with the quote it gives, lists it and removes it', async () => {
    const me = await pupil()
    const gold = divisionOf(112)
    const reply = await apply(me, { code: ' bienvenue10 ', offerId: gold, quantity: 1 })
    expect(reply.status, JSON.stringify(reply.body)).toBe(200)
    const answer = DiscountCodeAnswerSchema.parse(reply.body)
    expect(answer.discount_code).toMatchObject({
      code: 'BIENVENUE10',
      kind: 'coupon',
      discountType: 'percentage_discount',
      discountAmount: 10,
      offerId: gold,
      quantity: 1,
      allYear: false
    })
    expect(answer.quote).toMatchObject({ afterPack: 45_000, code: { kind: 'coupon', discount: 4500 }, total: 40_500 })
    expect(await applied(me)).toEqual([answer.discount_code])
    // The quote and the purchase take the applied code without naming it; naming another is two codes.
    expect((await quote(me, { offerDivisionDetail: gold, period: 'month' })).body).toMatchObject({ total: 40_500 })
    expect((await quote(me, { offerDivisionDetail: gold, period: 'month', code: 'GOLD5' })).body).toMatchObject({ code: 'two_codes' })
    // One at a time: the same code again, or another.
    expect((await apply(me, { code: 'BIENVENUE10', offerId: gold })).body).toMatchObject({ code: 'code_already_added' })
    expect((await apply(me, { code: 'GOLD5', offerId: gold })).body).toMatchObject({ code: 'two_codes' })
    // Removed, it is gone; another pupil cannot remove it.
    const other = await pupil()
    expect((await call(server.app, 'DELETE', `/api/student/discount-code/${answer.discount_code.id}`, { token: other.token })).status).toBe(
      404
    )
    expect((await call(server.app, 'DELETE', `/api/student/discount-code/${answer.discount_code.id}`, { token: me.token })).status).toBe(
      200
    )
    expect(await applied(me)).toEqual([])
    expect((await call(server.app, 'DELETE', `/api/student/discount-code/${answer.discount_code.id}`, { token: me.token })).status).toBe(
      404
    )
    expect((await quote(me, { offerDivisionDetail: gold, period: 'month' })).body).toMatchObject({ total: 45_000, code: null })
  })

  it('refuses each code it cannot take with its own code', async () => {
    const me = await pupil()
    await db().update(users).set({ giftCode: 'CPSELF01' }).where(eq(users.id, me.id))
    const owned = await pupil()
    await coupon({ code: 'MAISON', ownerId: owned.id })
    const gold = divisionOf(112)
    const excellent = divisionOf(127)
    const cases: Array<[Record<string, unknown>, string]> = [
      [{ code: '', offerId: gold }, 'code_required'],
      [{ code: 'AB', offerId: gold }, 'code_too_short'],
      [{ code: 'NOPE404', offerId: gold }, 'unknown_code'],
      [{ code: 'CPNOBODY', offerId: gold }, 'unknown_code'],
      [{ code: 'CPSELF01', offerId: gold }, 'own_code'],
      [{ code: 'EXPIRE2025', offerId: gold }, 'code_expired'],
      [{ code: 'INACTIF', offerId: gold }, 'code_inactive'],
      [{ code: 'GOLD5', offerId: excellent }, 'code_not_applicable'],
      [{ code: 'ANNEE20', offerId: gold, quantity: 2 }, 'code_not_applicable']
    ]
    for (const [body, code] of cases) {
      const reply = await apply(me, body)
      expect([reply.status, (reply.body as { code: string }).code], JSON.stringify(body)).toEqual([422, code])
    }
    expect((await apply(owned, { code: 'maison', offerId: gold })).body).toMatchObject({ code: 'own_code' })
    expect(await applied(me)).toEqual([])
    // The rest of the year is what ANNEE20 is for; a coupon is taken on the first instalment only.
    expect((await apply(me, { code: 'ANNEE20', offerId: gold, allYear: true })).body).toMatchObject({
      quote: { period: { period: 'rest_of_year' }, code: { basisPoints: 2000 } }
    })
    const top50 = divisionOf(122)
    const payer = await pupil(1000)
    expect((await buy(payer, { offerDivisionDetail: top50 })).status).toBe(201)
    expect((await quote(payer, { offerDivisionDetail: top50, sliceIndex: 2, code: 'ANNEE20' })).body).toMatchObject({
      code: 'code_first_slice_only'
    })
  })

  it("takes a friend's referral code for 5 %", async () => {
    const friend = await pupil()
    await db().update(users).set({ giftCode: 'CPAMI042' }).where(eq(users.id, friend.id))
    const me = await pupil()
    const reply = await apply(me, { code: 'cpami042', offerId: divisionOf(112), quantity: 1 })
    expect(reply.body).toMatchObject({ discount_code: { kind: 'referral', discountAmount: 5 }, quote: { total: 42_750 } })
  })

  it("quotes a coupon on a pack with the pupil's chosen subjects", async () => {
    await coupon({ code: 'PACK10' })
    const pack = cards.find((card) => card.offer_id === 115)!
    const chosen = pack.subject_details.map((detail) => detail.id)
    const me = await pupil()
    // The three subjects of a pack of exactly three: 25 % (90 → 67.5 dinars), then the coupon's 10 %.
    const reply = await apply(me, { code: 'PACK10', offerId: pack.id, quantity: 1, offer_subject_details: chosen })
    expect(reply.status, JSON.stringify(reply.body)).toBe(200)
    expect(DiscountCodeAnswerSchema.parse(reply.body).quote).toMatchObject({
      base: 90_000,
      pack: { basisPoints: 2500, discount: 22_500 },
      afterPack: 67_500,
      code: { code: 'PACK10', discount: 6750 },
      total: 60_750
    })
    // Two of them: 10 % (60 → 54 dinars), then 10 %; a subject of another pack is refused as at purchase.
    const other = await pupil()
    expect(
      (await apply(other, { code: 'PACK10', offerId: pack.id, quantity: 1, offer_subject_details: chosen.slice(0, 2) })).body
    ).toMatchObject({
      quote: { afterPack: 54_000, total: 48_600 }
    })
    const third = await pupil()
    expect(await apply(third, { code: 'PACK10', offerId: pack.id, quantity: 1, offer_subject_details: [999_999] })).toMatchObject({
      status: 422,
      body: { code: 'unknown_subject' }
    })
    expect(await applied(third)).toEqual([])
  })
})

describe('a purchase spends its code', () => {
  it('uses the applied coupon once: recorded, counted, and not to be applied again', async () => {
    const me = await pupil(100)
    const id = await coupon({ code: 'TROIS3', maxUses: 3 })
    const gold = divisionOf(112)
    expect((await apply(me, { code: 'TROIS3', offerId: gold, quantity: 1 })).status).toBe(200)
    const reply = await buy(me, { offerDivisionDetail: gold, period: 'month' })
    expect(reply.status, JSON.stringify(reply.body)).toBe(201)
    expect(reply.body.order.amount_paid).toBe(40.5)
    expect(reply.body.quote.code).toMatchObject({ code: 'TROIS3', discount: 4500 })
    expect(await applied(me)).toEqual([])
    const [row] = await db().select({ uses: discountCodes.uses }).from(discountCodes).where(eq(discountCodes.id, id))
    expect(row!.uses).toBe(1)
    expect(await db().select().from(discountCodeRedemptions).where(eq(discountCodeRedemptions.userId, me.id))).toMatchObject([
      { discountCodeId: id, orderId: reply.body.order.id }
    ])
    expect((await apply(me, { code: 'TROIS3', offerId: gold })).body).toMatchObject({ code: 'code_already_used' })
    expect((await buy(me, { offerDivisionDetail: gold, period: 'month', code: 'TROIS3' })).body).toMatchObject({
      code: 'code_already_used'
    })
  })

  it('keeps the coupon unused and applied when the purchase fails for want of points', async () => {
    const me = await pupil(5)
    const id = await coupon({ code: 'RESTE1', maxUses: 1 })
    const gold = divisionOf(112)
    expect((await apply(me, { code: 'RESTE1', offerId: gold, quantity: 1 })).status).toBe(200)
    expect(await buy(me, { offerDivisionDetail: gold, period: 'month' })).toMatchObject({ status: 402, body: { missing_points: 35.5 } })
    const [row] = await db().select({ uses: discountCodes.uses }).from(discountCodes).where(eq(discountCodes.id, id))
    expect(row!.uses).toBe(0)
    expect(await applied(me)).toHaveLength(1)
    expect(await db().select().from(discountCodeRedemptions).where(eq(discountCodeRedemptions.userId, me.id))).toEqual([])
  })

  it('lets exactly one of 50 pupils buying at once use a coupon with one use', async () => {
    const id = await coupon({ code: 'PREMIER1', maxUses: 1 })
    const gold = divisionOf(112)
    const pupils = await Promise.all(Array.from({ length: 50 }, () => pupil(50)))
    for (const who of pupils) expect((await apply(who, { code: 'PREMIER1', offerId: gold, quantity: 1 })).status).toBe(200)
    const replies = await Promise.all(pupils.map((who) => buy(who, { offerDivisionDetail: gold, period: 'month' })))
    const statuses = replies.map((reply) => reply.status)
    expect(statuses.filter((status) => status === 201)).toHaveLength(1)
    expect(
      replies.filter((reply) => reply.status === 422 && (reply.body as unknown as { code: string }).code === 'code_max_uses_reached')
    ).toHaveLength(49)
    const [row] = await db().select({ uses: discountCodes.uses }).from(discountCodes).where(eq(discountCodes.id, id))
    expect(row!.uses).toBe(1)
    expect(await db().select().from(discountCodeRedemptions).where(eq(discountCodeRedemptions.discountCodeId, id))).toHaveLength(1)
    const orders = await db().select({ code: offerOrders.code }).from(offerOrders).where(eq(offerOrders.code, 'PREMIER1'))
    expect(orders).toHaveLength(1)
    // The 49 others still hold it applied; they may remove it and buy without it.
    const loser = pupils[statuses.indexOf(422)]!
    const [kept] = await db()
      .select({ id: appliedDiscountCodes.id })
      .from(appliedDiscountCodes)
      .where(eq(appliedDiscountCodes.userId, loser.id))
    expect((await call(server.app, 'DELETE', `/api/student/discount-code/${kept!.id}`, { token: loser.token })).status).toBe(200)
    expect((await buy(loser, { offerDivisionDetail: gold, period: 'month' })).status).toBe(201)
  })
})
