/**
 * /auth/me's discountCode, discountType and discountAmount (decision 0045): the code the pupil
 * applied in the purchase dialog and has not used yet — a coupon's percentage or amount in dinars,
 * a referral code's 5 % — seen at once when applied, removed or used by a purchase.
 */
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { users } from '../../server/src/db/schema.ts'
import { MeResponseSchema } from '../../src/shared/api/accounts.ts'
import { call, newPupil, useOfferDivisions, useTestServer, type Pupil } from './harness.ts'

const server = useTestServer()
const divisionOf = useOfferDivisions(server)

const db = () => server.app.services.database.db
/** A pupil of class 14 nobody else touches, with `points` in the wallet. */
const pupil = (points = 0) => newPupil(server.app, { points })

const gold = () => divisionOf(112)
const discount = async (who: Pupil) => {
  const me = MeResponseSchema.parse((await call(server.app, 'GET', '/api/auth/me', { token: who.token })).body)
  return { discountCode: me.discountCode, discountType: me.discountType, discountAmount: me.discountAmount }
}
const apply = (who: Pupil, code: string) =>
  call<{ discount_code: { id: number } }>(server.app, 'POST', '/api/student/discount-code', {
    token: who.token,
    body: { code, offerId: gold(), quantity: 1 }
  })

describe('/auth/me discount fields', () => {
  it('are null without an applied code, then the coupon applied (percentage), then null once removed', async () => {
    const me = await pupil()
    expect(await discount(me)).toEqual({ discountCode: null, discountType: null, discountAmount: null })
    const applied = await apply(me, 'bienvenue10')
    expect(applied.status).toBe(200)
    expect(await discount(me)).toEqual({ discountCode: 'BIENVENUE10', discountType: 'percentage_discount', discountAmount: 10 })
    expect(
      (await call(server.app, 'DELETE', `/api/student/discount-code/${applied.body.discount_code.id}`, { token: me.token })).status
    ).toBe(200)
    expect(await discount(me)).toEqual({ discountCode: null, discountType: null, discountAmount: null })
  })

  it('give a fixed coupon in dinars and a referral code as 5 %; a purchase that uses the code clears them', async () => {
    const me = await pupil(100)
    expect((await apply(me, 'GOLD5')).status).toBe(200)
    expect(await discount(me)).toEqual({ discountCode: 'GOLD5', discountType: 'fixed', discountAmount: 5 })

    const friend = await pupil(100)
    const sponsor = await pupil()
    await db().update(users).set({ giftCode: 'CPDISC01' }).where(eq(users.id, sponsor.id))
    expect((await apply(friend, 'cpdisc01')).status).toBe(200)
    expect(await discount(friend)).toEqual({ discountCode: 'CPDISC01', discountType: 'percentage_discount', discountAmount: 5 })
    const bought = await call(server.app, 'POST', '/api/student/checkout/buy', {
      token: friend.token,
      body: { offerDivisionDetail: gold(), period: 'month' }
    })
    expect(bought.status).toBe(201)
    expect(await discount(friend)).toEqual({ discountCode: null, discountType: null, discountAmount: null })
  })
})
