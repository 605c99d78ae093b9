/**
 * An operator's refund of an offer order (issue 28, decision 0048): the exact millimes back in the
 * wallet, the lesson locked again, the coupon usable again with its count back, the referrer's
 * tokens back down, every paid slice given back, once only (also when ten refunds come at once),
 * an operator plan's order refused, and the `order show|refund` commands.
 */
import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { runAdmin } from '../../server/src/admin.ts'
import { discountCodeRedemptions, discountCodes, notifications, offerOrders, users } from '../../server/src/db/schema.ts'
import { ledgerTotal, walletBalance } from '../../server/src/services/ledger.ts'
import { nextSlices } from '../../server/src/services/offers.ts'
import { refundOrder } from '../../server/src/services/refunds.ts'
import { ApiError } from '../../server/src/errors.ts'
import { OffersResponseSchema, type OfferCard } from '../../src/shared/api/offers.ts'
import { call, newPupil, useLedgerCheck, useTestServer, type Pupil } from './harness.ts'

const server = useTestServer()
let cards: OfferCard[]
let api = ''
beforeAll(async () => {
  const reader = await newPupil(server.app)
  cards = OffersResponseSchema.parse((await call(server.app, 'GET', '/api/student/offers', { token: reader.token })).body).payload
  api = await server.app.listen({ port: 0, host: '127.0.0.1' })
})
useLedgerCheck(server)

const db = () => server.app.services.database.db
const divisionOf = (offerId: number) => cards.find((card) => card.offer_id === offerId)!.id
const PAID_LESSON = '/api/student/subjects/mathematiques/chapters/limites-et-continuite/contents/continuite-sur-un-intervalle'

const buy = async (who: Pupil, body: Record<string, unknown>) => {
  const reply = await call<{ order: { amount_paid: number; id: number } }>(server.app, 'POST', '/api/student/checkout/buy', {
    token: who.token,
    body
  })
  expect(reply.status, JSON.stringify(reply.body)).toBe(201)
  return reply.body.order
}
const locked = async (who: Pupil) => (await call<{ locked: boolean }>(server.app, 'GET', PAID_LESSON, { token: who.token })).body.locked
const giftPoint = async (id: number) =>
  (await db().select({ giftPoint: users.giftPoint }).from(users).where(eq(users.id, id)))[0]!.giftPoint
const refund = (orderId: number, reason: string | null = 'Demande du parent', language?: 'fr' | 'en' | 'ar') =>
  refundOrder(db(), orderId, { reason, at: server.clock.now(), notifications: server.app.services.notifications, language })
const refusalOf = async (work: Promise<unknown>): Promise<string> => {
  try {
    await work
  } catch (error) {
    if (error instanceof ApiError) return error.code
    throw error
  }
  throw new Error('not refused')
}
const orderRow = async (id: number) => (await db().select().from(offerOrders).where(eq(offerOrders.id, id)))[0]!

describe('refundOrder', () => {
  it('gives back the exact millimes, locks the lesson again, marks the order and tells the pupil', async () => {
    const me = await newPupil(server.app, { points: 100 })
    const before = await walletBalance(db(), me.id)
    expect(await locked(me)).toBe(true)
    const order = await buy(me, { offerDivisionDetail: divisionOf(112), period: 'month' })
    expect(await walletBalance(db(), me.id)).toBe(before - 45_000)
    expect(await locked(me)).toBe(false)

    const done = await refund(order.id)
    expect(done.refunded).toBe(45_000)
    expect(await walletBalance(db(), me.id)).toBe(before)
    expect(await locked(me)).toBe(true)
    expect(await orderRow(order.id)).toMatchObject({
      status: 'refunded',
      refundReason: 'Demande du parent',
      refundedAt: server.clock.now()
    })
    const told = await db().select().from(notifications).where(eq(notifications.userId, me.id))
    expect(told).toMatchObject([{ title: 'Commande remboursée', link: '/porte-monnaie' }])
    expect(told[0]!.body).toContain('45 points')
  })

  it('words the notice in the language asked for', async () => {
    const me = await newPupil(server.app, { points: 100 })
    const order = await buy(me, { offerDivisionDetail: divisionOf(112), period: 'month' })
    await refund(order.id, null, 'ar')
    const [told] = await db().select().from(notifications).where(eq(notifications.userId, me.id))
    expect(told).toMatchObject({ title: 'تمّ استرداد الطلب' })
    expect(told!.body).toContain('(45)')
  })

  it('releases the coupon: its use count back and the pupil may use it again', async () => {
    const [coupon] = await db()
      .insert(discountCodes)
      .values({ code: 'REMBOURSE1', discountType: 'percentage_discount', discountValue: 1000, maxUses: 1 })
      .returning()
    const me = await newPupil(server.app, { points: 200 })
    const order = await buy(me, { offerDivisionDetail: divisionOf(112), period: 'month', code: 'REMBOURSE1' })
    const usesOf = async () =>
      (await db().select({ uses: discountCodes.uses }).from(discountCodes).where(eq(discountCodes.id, coupon!.id)))[0]!.uses
    expect(await usesOf()).toBe(1)

    const done = await refund(order.id)
    expect(done).toMatchObject({ couponReleased: true, refunded: 40_500 })
    expect(await usesOf()).toBe(0)
    expect(
      await db()
        .select()
        .from(discountCodeRedemptions)
        .where(and(eq(discountCodeRedemptions.discountCodeId, coupon!.id), eq(discountCodeRedemptions.userId, me.id)))
    ).toEqual([])
    const again = await buy(me, { offerDivisionDetail: divisionOf(112), period: 'month', code: 'REMBOURSE1' })
    expect(again.amount_paid).toBe(40.5)
    expect(await usesOf()).toBe(1)
  })

  it("takes the referrer's tokens back", async () => {
    const sponsor = await newPupil(server.app)
    await db().update(users).set({ giftCode: 'CPREMB001' }).where(eq(users.id, sponsor.id))
    const friend = await newPupil(server.app, { points: 100 })
    const order = await buy(friend, { offerDivisionDetail: divisionOf(112), period: 'month', code: 'CPREMB001' })
    expect(await giftPoint(sponsor.id)).toBe(2138)
    const done = await refund(order.id)
    expect(done.earning).toMatchObject({ amount: 2138, orderId: order.id })
    expect(await giftPoint(sponsor.id)).toBe(0)
    expect(done.refunded).toBe(42_750)
  })

  it('gives back every paid slice of an order in instalments, which then waits for no slice', async () => {
    const me = await newPupil(server.app, { points: 1000 })
    const before = await walletBalance(db(), me.id)
    const top50 = divisionOf(122)
    const first = await buy(me, { offerDivisionDetail: top50 })
    await buy(me, { offerDivisionDetail: top50, sliceIndex: 2 })
    expect((await orderRow(first.id)).slicesPaid).toBe(2)
    expect((await nextSlices(db(), me.id)).get(top50)).toBe(3)
    const paid = before - (await walletBalance(db(), me.id))
    expect(paid).toBeGreaterThan(first.amount_paid * 1000)
    const done = await refund(first.id)
    expect(done.refunded).toBe(paid)
    expect(await walletBalance(db(), me.id)).toBe(before)
    expect((await nextSlices(db(), me.id)).has(top50)).toBe(false)
  })

  it('refuses a second refund with nothing moved, and makes one of ten at once', async () => {
    const me = await newPupil(server.app, { points: 100 })
    const before = await walletBalance(db(), me.id)
    const order = await buy(me, { offerDivisionDetail: divisionOf(112), period: 'month' })
    const results = await Promise.allSettled(Array.from({ length: 10 }, () => refund(order.id)))
    expect(results.filter((result) => result.status === 'fulfilled')).toHaveLength(1)
    for (const result of results) {
      if (result.status === 'rejected') expect((result.reason as ApiError).code).toBe('order_already_refunded')
    }
    expect(await walletBalance(db(), me.id)).toBe(before)
    const total = await ledgerTotal(db())
    expect(await refusalOf(refund(order.id))).toBe('order_already_refunded')
    expect(await walletBalance(db(), me.id)).toBe(before)
    expect(await ledgerTotal(db())).toBe(total)
    expect(await db().select().from(notifications).where(eq(notifications.userId, me.id))).toHaveLength(1)
  })

  it("refuses an unknown order and an order of the mobile operator's plan", async () => {
    expect(await refusalOf(refund(2_000_000_000))).toBe('order_not_found')
    const me = await newPupil(server.app, { points: 100 })
    const order = await buy(me, { offerDivisionDetail: divisionOf(33), period: 'day' })
    const balance = await walletBalance(db(), me.id)
    expect(await refusalOf(refund(order.id))).toBe('order_operator_billed')
    expect(await walletBalance(db(), me.id)).toBe(balance)
    expect(await orderRow(order.id)).toMatchObject({ status: 'paid', refundedAt: null })
  })
})

describe('npm run admin -- order show|refund', () => {
  const admin = (...args: string[]) => runAdmin(['--api', api, ...args], { DARSI_OPERATOR_KEY: server.app.services.secrets.operatorKey })

  it('shows an order, refunds it once with its reason, and refuses bad input', async () => {
    const me = await newPupil(server.app, { points: 100 })
    const before = await walletBalance(db(), me.id)
    const order = await buy(me, { offerDivisionDetail: divisionOf(112), period: 'month' })
    const shown = await admin('order', 'show', String(order.id))
    expect(shown).toContain(`[commande ${order.id}] élève ${me.id}`)
    expect(shown).toContain('payé 45 points')
    expect(shown).toContain(', paid,')

    const done = await admin('order', 'refund', String(order.id), '--reason', 'Erreur de classe')
    expect(done).toContain(`Commande ${order.id} remboursée : 45 points rendus`)
    expect(done).toContain('(Erreur de classe)')
    expect(await walletBalance(db(), me.id)).toBe(before)
    expect(await locked(me)).toBe(true)

    await expect(admin('order', 'refund', String(order.id))).rejects.toThrow('409 Cette commande est déjà remboursée')
    await expect(admin('order', 'show', '1999999999')).rejects.toThrow('404 Commande introuvable')
    await expect(admin('order', 'refund', 'abc')).rejects.toThrow('orderId must be a positive integer')
    await expect(admin('order', 'refund', String(order.id), '--lang', 'de')).rejects.toThrow('--lang must be one of fr, en, ar')
    await expect(admin('order', 'refund', String(order.id), '--reason', 'x'.repeat(501))).rejects.toThrow('--reason takes at most 500')
    await expect(admin('order', 'cancel', String(order.id))).rejects.toThrow('Usage')
  })
})
