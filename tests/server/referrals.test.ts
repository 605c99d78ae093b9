/**
 * The referrer's earning (decision 0045): a friend who buys with the referrer's CP code gives the
 * referrer 5 % of the amount actually paid in tokens (`gift_point` of /auth/me, 1 token = 1
 * millime), in the purchase's own transaction: once per friend, not on a failed purchase nor on a
 * replay, grown by the order's later instalments, reversed when the order is refunded; the
 * buyer's own code is refused.
 */
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { referralEarnings, users } from '../../server/src/db/schema.ts'
import { inTransaction } from '../../server/src/services/ledger.ts'
import { reverseReferralEarning } from '../../server/src/services/referrals.ts'
import { referrerTokens } from '../../src/shared/pricing/index.ts'
import { call, newPupil, useOfferDivisions, useLedgerCheck, useTestServer, type Pupil } from './harness.ts'

const server = useTestServer()
const divisionOf = useOfferDivisions(server)
useLedgerCheck(server)

const db = () => server.app.services.database.db
let codes = 0

/** A pupil of class 14 nobody else touches, with `points` in the wallet and, given one, a CP code. */
async function pupil(points = 0, giftCode?: string): Promise<Pupil> {
  const fresh = await newPupil(server.app, { points })
  if (giftCode) await db().update(users).set({ giftCode }).where(eq(users.id, fresh.id))
  return fresh
}

/** A referrer holding a fresh CP code. */
async function referrer(): Promise<Pupil & { code: string }> {
  const code = `CPREF${String(++codes).padStart(3, '0')}`
  return { ...(await pupil(0, code)), code }
}

const buy = (who: Pupil, body: Record<string, unknown>, key?: string) =>
  call<{ order: { amount_paid: number; id: number }; code?: string }>(server.app, 'POST', '/api/student/checkout/buy', {
    token: who.token,
    body,
    headers: key ? { 'idempotency-key': key } : undefined
  })
const giftPoint = async (who: Pupil) =>
  (await call<{ user: { gift_point: number } }>(server.app, 'GET', '/api/auth/me', { token: who.token })).body.user.gift_point
const earningsOf = (who: Pupil) => db().select().from(referralEarnings).where(eq(referralEarnings.referrerId, who.id))

describe("the referrer's 5 % in tokens", () => {
  it('rises by 5 % of the amount actually paid once the friend pays, in /auth/me', async () => {
    const sponsor = await referrer()
    const friend = await pupil(100)
    expect(await giftPoint(sponsor)).toBe(0)
    // A month of Gold: 45 Dt, 5 % off with the code: 42.75 Dt paid; the referrer earns 5 % of 42 750 millimes.
    const reply = await buy(friend, { offerDivisionDetail: divisionOf(112), period: 'month', code: sponsor.code.toLowerCase() })
    expect(reply.status, JSON.stringify(reply.body)).toBe(201)
    expect(reply.body.order.amount_paid).toBe(42.75)
    expect(await giftPoint(sponsor)).toBe(2138)
    expect(await earningsOf(sponsor)).toMatchObject([
      { friendId: friend.id, orderId: reply.body.order.id, paid: 42_750, amount: 2138, reversedAt: null }
    ])
    // The friend's own tokens do not move.
    expect(await giftPoint(friend)).toBe(0)
  })

  it('is earned once per friend, not twice on a replayed purchase nor on a later order', async () => {
    const sponsor = await referrer()
    const friend = await pupil(200)
    const body = { offerDivisionDetail: divisionOf(112), period: 'month', code: sponsor.code }
    const first = await buy(friend, body, 'ref-once-1')
    const replay = await buy(friend, body, 'ref-once-1')
    expect([first.status, replay.status]).toEqual([201, 201])
    expect(replay.body.order.id).toBe(first.body.order.id)
    const later = await buy(friend, body, 'ref-once-2')
    expect(later.status).toBe(201)
    expect(await earningsOf(sponsor)).toHaveLength(1)
    expect(await giftPoint(sponsor)).toBe(2138)
  })

  it('earns nothing when the purchase fails (no points): the earning goes with the purchase', async () => {
    const sponsor = await referrer()
    const friend = await pupil(1)
    const reply = await buy(friend, { offerDivisionDetail: divisionOf(112), period: 'month', code: sponsor.code })
    expect(reply.status).toBe(402)
    expect(await earningsOf(sponsor)).toEqual([])
    expect(await giftPoint(sponsor)).toBe(0)
  })

  it("grows with the order's later instalments: 5 % of all it has paid, rounded once", async () => {
    const sponsor = await referrer()
    const friend = await pupil(1000)
    const top50 = divisionOf(122)
    const first = await buy(friend, { offerDivisionDetail: top50, code: sponsor.code })
    expect(first.status, JSON.stringify(first.body)).toBe(201)
    const firstPaid = Math.round(first.body.order.amount_paid * 1000)
    expect(await giftPoint(sponsor)).toBe(referrerTokens(firstPaid))
    const second = await buy(friend, { offerDivisionDetail: top50, sliceIndex: 2 })
    expect(second.status, JSON.stringify(second.body)).toBe(201)
    const paid = firstPaid + Math.round(second.body.order.amount_paid * 1000)
    expect(await earningsOf(sponsor)).toMatchObject([{ paid, amount: referrerTokens(paid) }])
    expect(await giftPoint(sponsor)).toBe(referrerTokens(paid))
  })

  it('is reversed when the order is refunded, once', async () => {
    const sponsor = await referrer()
    const friend = await pupil(100)
    const reply = await buy(friend, { offerDivisionDetail: divisionOf(112), period: 'month', code: sponsor.code })
    expect(await giftPoint(sponsor)).toBe(2138)
    const at = new Date()
    const reversed = await inTransaction(db(), (tx) => reverseReferralEarning(tx, reply.body.order.id, at))
    expect(reversed).toMatchObject({ amount: 2138, orderId: reply.body.order.id })
    expect(await giftPoint(sponsor)).toBe(0)
    expect(await inTransaction(db(), (tx) => reverseReferralEarning(tx, reply.body.order.id, at))).toBeNull()
    expect(await giftPoint(sponsor)).toBe(0)
    expect(await earningsOf(sponsor)).toMatchObject([{ reversedAt: at }])
  })

  it("refuses the buyer's own code (own_code): nothing charged, nothing earned", async () => {
    const self = await pupil(100, 'CPSELFREF')
    const reply = await buy(self, { offerDivisionDetail: divisionOf(112), period: 'month', code: 'cpselfref' })
    expect(reply.status).toBe(422)
    expect(reply.body).toMatchObject({ code: 'own_code' })
    expect(await earningsOf(self)).toEqual([])
    expect(await giftPoint(self)).toBe(0)
  })

  it('earns nothing on a coupon', async () => {
    const friend = await pupil(100)
    const reply = await buy(friend, { offerDivisionDetail: divisionOf(112), period: 'month', code: 'BIENVENUE10' })
    expect(reply.status).toBe(201)
    expect(await db().select().from(referralEarnings).where(eq(referralEarnings.friendId, friend.id))).toEqual([])
  })
})
