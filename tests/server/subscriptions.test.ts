/**
 * A pupil cancels a subscription (decision 0045): it keeps its dates (access to the end of the
 * paid period, the learning routes still open its lessons), it is marked cancelled in the
 * subscriptions history, a later instalment of it is refused, cancelling again answers the same;
 * another pupil's is unknown and an ended one is refused.
 */
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { userOffers } from '../../server/src/db/schema.ts'
import { CancelSubscriptionResponseSchema } from '../../src/shared/api/offers.ts'
import { tunisDate } from '../../src/shared/tunisDate.ts'
import { call, newPupil, useOfferDivisions, useTestServer, type Pupil } from './harness.ts'

const server = useTestServer()
const divisionOf = useOfferDivisions(server)

const db = () => server.app.services.database.db
/** A pupil of class 14 nobody else touches, with `points` in the wallet. */
const pupil = (points = 0) => newPupil(server.app, { points })

const buy = (who: Pupil, body: Record<string, unknown>) =>
  call<{ subscription: { id: number; end_date: string } }>(server.app, 'POST', '/api/student/checkout/buy', { token: who.token, body })
const cancel = (who: Pupil, id: number) => call(server.app, 'POST', `/api/student/subscriptions/${id}/cancel`, { token: who.token })
const history = async (who: Pupil) =>
  (
    await call<Array<{ id: number; cancelled_at: string | null; end_date: string }>>(
      server.app,
      'GET',
      '/api/student/history/subscriptions',
      {
        token: who.token
      }
    )
  ).body

describe('a subscription cancelled by the pupil', () => {
  it('keeps its dates (access to the end of the paid period) and shows cancelled in the history; twice is the same', async () => {
    const me = await pupil(100)
    const bought = await buy(me, { offerDivisionDetail: divisionOf(112), period: 'month' })
    expect(bought.status, JSON.stringify(bought.body)).toBe(201)
    const { id, end_date } = bought.body.subscription
    const reply = await cancel(me, id)
    expect(reply.status, JSON.stringify(reply.body)).toBe(200)
    const answer = CancelSubscriptionResponseSchema.parse(reply.body)
    expect(answer.subscription).toMatchObject({ id, end_date, group: { id: 112 } })
    expect(answer.subscription.cancelled_at).toBe(server.app.services.clock.now().toISOString())
    const again = CancelSubscriptionResponseSchema.parse((await cancel(me, id)).body)
    expect(again.subscription.cancelled_at).toBe(answer.subscription.cancelled_at)
    expect(await history(me)).toEqual(
      expect.arrayContaining([expect.objectContaining({ id, end_date, cancelled_at: answer.subscription.cancelled_at })])
    )
    // Still an active offer of the pupil (its dates are unchanged): /auth/me lists it.
    const me2 = await call<{ user: { offers: Array<{ group_id: number; end_date: string }> } }>(server.app, 'GET', '/api/auth/me', {
      token: me.token
    })
    expect(me2.body.user.offers).toEqual(expect.arrayContaining([expect.objectContaining({ group_id: 112, end_date })]))
  })

  it("refuses another pupil's (404) and an ended one (409 subscription_ended)", async () => {
    const me = await pupil(100)
    const other = await pupil()
    const bought = await buy(me, { offerDivisionDetail: divisionOf(112), period: 'month' })
    expect((await cancel(other, bought.body.subscription.id)).status).toBe(404)
    expect((await cancel(me, 2_000_000_000)).status).toBe(404)
    const yesterday = tunisDate(server.app.services.clock.now().getTime() - 86_400_000)
    const [ended] = await db()
      .insert(userOffers)
      .values({ userId: me.id, groupId: 107, startDate: '2025-09-01', endDate: yesterday })
      .returning({ id: userOffers.id })
    const reply = await cancel(me, ended!.id)
    expect(reply.status).toBe(409)
    expect(reply.body).toMatchObject({ code: 'subscription_ended' })
    const [row] = await db().select({ cancelledAt: userOffers.cancelledAt }).from(userOffers).where(eq(userOffers.id, ended!.id))
    expect(row!.cancelledAt).toBeNull()
  })

  it('is not paid on: a later instalment of a cancelled subscription is refused, nothing charged', async () => {
    const me = await pupil(1000)
    const top50 = divisionOf(122)
    const first = await buy(me, { offerDivisionDetail: top50 })
    expect(first.status, JSON.stringify(first.body)).toBe(201)
    expect((await cancel(me, first.body.subscription.id)).status).toBe(200)
    const balance = async () =>
      (await call<{ user: { points: number } }>(server.app, 'GET', '/api/auth/me', { token: me.token })).body.user.points
    const before = await balance()
    const second = await buy(me, { offerDivisionDetail: top50, sliceIndex: 2 })
    expect(second.status).toBe(409)
    expect(second.body).toMatchObject({ code: 'subscription_cancelled' })
    expect(await balance()).toBe(before)
  })
})
