/**
 * The offers catalogue, the server's quote and the purchase with points (issue 28, decision 0034),
 * through fastify.inject on the seeded demo catalogue: the spec's tiers and special offer ids, the
 * engine's figures on the server's own prices, the points taken once per order under concurrency
 * and duplicates, the 402 with the points missing, and the subscription the lessons read at once.
 */
import { and, eq, like, sql } from 'drizzle-orm'
import { DateTime } from 'luxon'
import { describe, expect, it } from 'vitest'
import {
  chapters,
  eventParticipants,
  ledgerTransactions,
  liveEvents,
  offerOrders,
  subjects,
  userOffers,
  userOfferSubjects,
  users
} from '../../server/src/db/schema.ts'
import { ErrorResponseSchema } from '../../src/shared/api/common.ts'
import {
  OffersResponseSchema,
  PurchaseResponseSchema,
  QuoteSchema,
  type OfferCard,
  type PurchaseResponse
} from '../../src/shared/api/offers.ts'
import { quote as engineQuote } from '../../src/shared/pricing/index.ts'
import { call, useLedgerCheck, useTestServer, useDemoPupil, newPupil } from './harness.ts'

const server = useTestServer()
const sami = useDemoPupil(server)
useLedgerCheck(server)

const db = () => server.app.services.database.db
const pupil = (division: number | null = 14, points = 0) => newPupil(server.app, { division, points })

async function catalogue(token: string, language = 'fr'): Promise<OfferCard[]> {
  const reply = await call(server.app, 'GET', '/api/student/offers', { token, headers: { 'accept-language': language } })
  expect(reply.status, JSON.stringify(reply.body)).toBe(200)
  return OffersResponseSchema.parse(reply.body).payload
}

function card(cards: OfferCard[], offerId: number): OfferCard {
  const found = cards.find((item) => item.offer_id === offerId)
  expect(found, `offer ${offerId}`).toBeDefined()
  return found!
}

const quoteCall = (token: string, body: Record<string, unknown>) => call(server.app, 'POST', '/api/student/checkout/quote', { token, body })
const buy = (token: string, body: Record<string, unknown>, key?: string) =>
  call<PurchaseResponse & { code?: string; missing_points?: number }>(server.app, 'POST', '/api/student/checkout/buy', {
    token,
    body,
    ...(key ? { headers: { 'idempotency-key': key } } : {})
  })

async function points(token: string): Promise<number> {
  const reply = await call<{ user: { points: number } }>(server.app, 'GET', '/api/auth/me', { token })
  return reply.body.user.points
}

describe('GET student/offers', () => {
  it("lists the class's offers by position with the tiers and the special ids of the specification", async () => {
    const cards = await catalogue(sami.token)
    expect(cards.map((item) => item.offer_id)).toEqual([83, 33, 102, 127, 122, 107, 112, 80, 84, 115, 119])
    expect(cards.map((item) => item.offer.position)).toEqual([...cards.map((item) => item.offer.position)].sort((a, b) => a - b))
    expect(cards.map((item) => item.offer.name)).toEqual(
      expect.arrayContaining(['Gratuit', 'Excellent', 'Standard', 'Top 50', 'Silver+', 'Gold', 'Optimum'])
    )
    expect(card(cards, 80).offer.group).toEqual({ id: 85, name: 'Optimum' })
    expect(card(cards, 84)).toMatchObject({ type: 'pack', offer: { group: { id: 84 } } })
    // 102: no period selector, its Finalprice; 33: the daily and weekly plans at the bac rates, the unsubscribe menu.
    expect(card(cards, 102)).toMatchObject({ pricing: [], periods: ['fixed'], Finalprice: 120, Baseprice: 150 })
    expect(card(cards, 33)).toMatchObject({
      dailyPrice: 2.3,
      weeklyPrice: 17.25,
      periods: ['day', 'week'],
      offer: { unsubscribable: true }
    })
    expect(cards.filter((item) => item.offer.unsubscribable).map((item) => item.offer_id)).toEqual([33])
    expect(card(cards, 83)).toMatchObject({ offer: { is_free: true }, Finalprice: 0 })
    expect(card(cards, 122)).toMatchObject({
      slices: [{ amount: 200 }, { amount: 150 }, { amount: 100 }],
      indexSliceToPay: 1,
      disabled: false
    })
    expect(card(cards, 127).pricing).toEqual([
      { period: 'month', price: 50, final_price: 40, discount: 10, discountpercentage: 20 },
      { period: 'rest_of_year', price: 350, final_price: 280, discount: 70, discountpercentage: 20 }
    ])
    // Pack 115 has exactly three subjects in this class; 119 the sciences.
    expect(card(cards, 115).subject_details.map((detail) => detail.subject)).toEqual([
      'Mathématiques',
      'Physique',
      'Sciences de la vie et de la terre'
    ])
    expect(card(cards, 119).subject_details.map((detail) => [detail.subject, detail.price])).toEqual([
      ['Mathématiques', 120],
      ['Physique', 100],
      ['Sciences de la vie et de la terre', 90],
      ['Informatique', 90]
    ])
  })

  it("holds the offers of the demo pupil's subscriptions, at the prices he paid", async () => {
    const cards = await catalogue(sami.token)
    const held = await db()
      .select({ groupId: userOffers.groupId, amountPaid: userOffers.amountPaid, id: userOffers.id })
      .from(userOffers)
      .where(eq(userOffers.userId, sami.id))
    for (const subscription of held)
      expect(
        cards.some((item) => item.offer.group.id === subscription.groupId),
        String(subscription.groupId)
      ).toBe(true)
    // Silver+ by the month: his four subjects come to what he paid; Gold for the year.
    const silver = held.find((row) => row.groupId === 107)!
    const opened = await db()
      .select({ subjectId: userOfferSubjects.subjectId })
      .from(userOfferSubjects)
      .where(eq(userOfferSubjects.userOfferId, silver.id))
    const prices = card(cards, 107).subject_details.filter((detail) => opened.some((row) => row.subjectId === detail.subjectId))
    expect(prices.reduce((sum, detail) => sum + detail.price, 0) * 1000).toBe(silver.amountPaid)
    expect(card(cards, 112).pricing.find((entry) => entry.period === 'rest_of_year')?.final_price).toBe(290)
  })

  it('names the offers in Arabic, prices a basic class at its rates and shows an offer it does not sell as disabled', async () => {
    const lina = await pupil(31)
    const cards = await catalogue(lina.token, 'ar')
    expect(card(cards, 112)).toMatchObject({ name: 'الذهبي', offer: { name: 'الذهبي' } })
    expect(card(cards, 33)).toMatchObject({ dailyPrice: 1.6, weeklyPrice: 12.25 })
    expect(card(cards, 122).disabled).toBe(true)
  })

  it('answers an empty list to a pupil without a class, and refuses a visitor', async () => {
    const nobody = await pupil(null)
    expect(await catalogue(nobody.token)).toEqual([])
    expect((await call(server.app, 'GET', '/api/student/offers')).status).toBe(401)
  })
})

describe('POST student/checkout/quote', () => {
  it("gives the engine's quote on the server's figures, the same the app computes from the catalogue", async () => {
    const cards = await catalogue(sami.token)
    const gold = card(cards, 112)
    const reply = await quoteCall(sami.token, { offerDivisionDetail: gold.id, period: 'month', quantity: 3 })
    expect(reply.status, JSON.stringify(reply.body)).toBe(200)
    const answer = QuoteSchema.parse(reply.body)
    expect(answer).toMatchObject({
      base: 135_000,
      total: 135_000,
      dueNow: 135_000,
      period: { period: 'month', quantity: 3, multiMonth: true }
    })
    const local = engineQuote({ division: gold, level: 'bac', period: 'month', quantity: 3, at: server.clock.now() })
    expect(local.ok && JSON.parse(JSON.stringify(local.quote))).toEqual(reply.body)
  })

  it('applies the pack rules with the expected millimes', async () => {
    const cards = await catalogue(sami.token)
    const table: Array<[number, string, number[], number, number]> = [
      // offer, period, subject positions, base, total
      [115, 'month', [0, 1, 2], 90_000, 67_500], // the 3 subjects of a pack of exactly 3: 25 %
      [115, 'month', [0, 1], 60_000, 54_000], // 2 subjects: 10 %
      [115, 'month', [2], 30_000, 30_000],
      [84, 'fixed', [0, 1, 2, 3], 60_000, 45_000], // every subject of 84: 25 %
      [84, 'fixed', [0, 1, 2], 45_000, 45_000],
      [107, 'month', [0, 1], 20_000, 20_000]
    ]
    for (const [offerId, period, positions, base, total] of table) {
      const pack = card(cards, offerId)
      const reply = await quoteCall(sami.token, {
        offerDivisionDetail: pack.id,
        period,
        offer_subject_details: positions.map((i) => pack.subject_details[i]!.id)
      })
      expect(reply.status, `${offerId} ${JSON.stringify(reply.body)}`).toBe(200)
      expect(reply.body, `${offerId} ${positions.join(',')}`).toMatchObject({ base, total })
    }
  })

  it('refuses what it cannot price, each with its own code, and never reads a figure from the client', async () => {
    const cards = await catalogue(sami.token)
    const gold = card(cards, 112)
    const cases: Array<[Record<string, unknown>, number, string]> = [
      [{ offerDivisionDetail: gold.id }, 422, 'validation_failed'], // two periods: which one?
      [{ offerDivisionDetail: gold.id, period: 'week' }, 422, 'period_not_offered'],
      [{ offerDivisionDetail: gold.id, period: 'month', quantity: 13 }, 422, 'validation_failed'],
      [{ offerDivisionDetail: gold.id, period: 'month', offer_subject_details: [1] }, 422, 'subjects_not_sold_separately'],
      [{ offerDivisionDetail: card(cards, 115).id, period: 'month' }, 422, 'subjects_required'],
      [{ offerDivisionDetail: card(cards, 115).id, period: 'month', offer_subject_details: [999_999] }, 422, 'unknown_subject'],
      [{ offerDivisionDetail: gold.id, period: 'month', code: 'CPNOBODY' }, 422, 'unknown_code'],
      [{ offerDivisionDetail: gold.id, period: 'month', code: 'AB' }, 422, 'code_too_short'],
      [{ offerDivisionDetail: card(cards, 122).id, sliceIndex: 2, code: 'BIENVENUE10' }, 422, 'earlier_slice_unpaid'], // no first slice paid
      [{ offerDivisionDetail: gold.id, period: 'month', code: 'PROMO10' }, 422, 'unknown_code'],
      [{ offerDivisionDetail: gold.id, period: 'month', price: 0 }, 422, 'unknown_field'],
      [{ offerDivisionDetail: 999_999, period: 'month' }, 404, 'not_found']
    ]
    for (const [body, status, code] of cases) {
      const reply = await quoteCall(sami.token, body)
      expect([reply.status, (reply.body as { code: string }).code], JSON.stringify(body)).toEqual([status, code])
      expect(ErrorResponseSchema.safeParse(reply.body).success).toBe(true)
    }
    // Another class's offer is refused with the level message.
    const other = card(await catalogue((await pupil(31)).token), 112)
    expect((await quoteCall(sami.token, { offerDivisionDetail: other.id, period: 'month' })).body).toMatchObject({
      code: 'level_not_allowed'
    })
  })

  it("takes a friend's referral code (5 %) but not the pupil's own", async () => {
    const friend = await pupil(14)
    await db().update(users).set({ giftCode: 'CPFRIEND1' }).where(eq(users.id, friend.id))
    const me = await pupil(14)
    await db().update(users).set({ giftCode: 'CPMINE01' }).where(eq(users.id, me.id))
    const gold = card(await catalogue(me.token), 112)
    const reply = await quoteCall(me.token, { offerDivisionDetail: gold.id, period: 'month', code: ' cpfriend1 ' })
    expect(reply.body).toMatchObject({ afterPack: 45_000, code: { kind: 'referral', code: 'CPFRIEND1', discount: 2250 }, total: 42_750 })
    expect((await quoteCall(me.token, { offerDivisionDetail: gold.id, period: 'month', code: 'CPMINE01' })).body).toMatchObject({
      code: 'own_code'
    })
  })
})

describe('POST student/checkout/buy', () => {
  it("charges the engine's price, keeps the quote with the order and opens the bought subjects at once", async () => {
    const me = await pupil(14, 100)
    const PAID_LESSON = '/api/student/subjects/mathematiques/chapters/limites-et-continuite/contents/continuite-sur-un-intervalle'
    const PHYSICS_LESSON = '/api/student/subjects/physique/chapters/le-condensateur/contents/energie-emmagasinee-dans-un-condensateur'
    expect((await call<{ locked: boolean }>(server.app, 'GET', PAID_LESSON, { token: me.token })).body.locked).toBe(true)
    const silver = card(await catalogue(me.token), 107)
    const maths = silver.subject_details.find((detail) => detail.subject === 'Mathématiques')!
    const english = silver.subject_details.find((detail) => detail.subject === 'Anglais')!
    const body = { offerDivisionDetail: silver.id, offer_subject_details: [maths.id, english.id], quantity: 2 }
    const expected = engineQuote({
      division: silver,
      level: 'bac',
      period: 'month',
      quantity: 2,
      subjectIds: body.offer_subject_details,
      at: server.clock.now()
    })
    expect(expected.ok).toBe(true)
    const total = expected.ok ? expected.quote.total : 0
    expect(total).toBe(34_000)

    const reply = await buy(me.token, body)
    expect(reply.status, JSON.stringify(reply.body)).toBe(201)
    const answer = PurchaseResponseSchema.parse(reply.body)
    expect(answer.order).toMatchObject({ amount_paid: 34, points: 66 })
    expect(await points(me.token)).toBe(66)
    expect(answer.subscription).toMatchObject({
      group: { id: 107, name: 'Silver+' },
      amount_paid: 34,
      start_date: expected.ok && expected.quote.period.startDate
    })
    expect(answer.subscription.end_date).toBe(expected.ok && expected.quote.period.endDate)
    const [order] = await db().select().from(offerOrders).where(eq(offerOrders.userId, me.id))
    expect(order).toMatchObject({ total: 34_000, paid: 34_000, period: 'month', quantity: 2, userOfferId: answer.subscription.id })
    expect((order!.quote as { snapshot: { subjects: unknown[] } }).snapshot.subjects).toHaveLength(2)

    // The subscription opens maths (and English), not physics.
    expect((await call<{ locked: boolean }>(server.app, 'GET', PAID_LESSON, { token: me.token })).body.locked).toBe(false)
    expect((await call<{ locked: boolean }>(server.app, 'GET', PHYSICS_LESSON, { token: me.token })).body.locked).toBe(true)
    // The current user lists it.
    const profile = await call<{ user: { offers: Array<{ group_id: number }> } }>(server.app, 'GET', '/api/auth/me', { token: me.token })
    expect(profile.body.user.offers.map((offer) => offer.group_id)).toContain(107)
  })

  it('pays the first instalment of a plan in slices, or the whole price when asked', async () => {
    const me = await pupil(14, 1000)
    const top50 = card(await catalogue(me.token), 122)
    // The rest of the school year, split 200 / 150 / 100 by largest remainder.
    const expected = engineQuote({ division: top50, level: 'bac', period: 'rest_of_year', at: server.clock.now() })
    if (!expected.ok) throw new Error(expected.code)
    const { total, slices } = expected.quote
    expect(slices.reduce((sum, slice) => sum + slice, 0)).toBe(total)
    const first = await buy(me.token, { offerDivisionDetail: top50.id })
    expect(first.status, JSON.stringify(first.body)).toBe(201)
    expect(first.body.quote).toMatchObject({ sliceIndex: 1, slices, dueNow: slices[0] })
    expect(first.body.order.amount_paid * 1000).toBe(slices[0])
    const whole = await buy(me.token, { offerDivisionDetail: top50.id, sliceIndex: -1 })
    expect(whole.body.quote).toMatchObject({ sliceIndex: -1, slices: [total], dueNow: total })
    expect(Math.round((await points(me.token)) * 1000)).toBe(1_000_000 - slices[0]! - total)
  })

  it('pays the slices of a plan in instalments in order, each at its amount in the order, the access growing with them', async () => {
    const me = await pupil(14, 1000)
    const top50 = card(await catalogue(me.token), 122)
    const first = await buy(me.token, { offerDivisionDetail: top50.id })
    expect(first.status, JSON.stringify(first.body)).toBe(201)
    const { slices, period } = first.body.quote
    const subscriptionId = first.body.subscription.id
    // The first slice opens the first third of the period.
    const days = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) + 1
    const fullDays = days(period.startDate, period.endDate!)
    expect(days(period.startDate, first.body.subscription.end_date!)).toBe(Math.ceil(fullDays / 3))
    expect(card(await catalogue(me.token), 122).indexSliceToPay).toBe(2)

    // Slice 3 before 2, or a code with a later slice, is refused and charges nothing.
    for (const body of [{ sliceIndex: 3 }, { code: 'BIENVENUE10' }]) {
      const refused = await buy(me.token, { offerDivisionDetail: top50.id, ...body })
      expect([refused.status, refused.body.code]).toEqual([422, 'sliceIndex' in body ? 'earlier_slice_unpaid' : 'code_first_slice_only'])
    }
    expect((await quoteCall(me.token, { offerDivisionDetail: top50.id, sliceIndex: 3 })).body).toMatchObject({
      code: 'earlier_slice_unpaid'
    })
    expect((await quoteCall(me.token, { offerDivisionDetail: top50.id })).body).toMatchObject({ sliceIndex: 2, dueNow: slices[1], slices })
    // In millimes: the slice's amount changes with the day (the rest of the school year), and
    // 1000 - 142.574 is not 857.426 in floating point.
    expect(Math.round((await points(me.token)) * 1000)).toBe(1_000_000 - slices[0]!)

    // Ten payments of slice 2 at once: one is taken.
    const seconds = await Promise.all(Array.from({ length: 10 }, () => buy(me.token, { offerDivisionDetail: top50.id, sliceIndex: 2 })))
    expect(seconds.filter((reply) => reply.status === 201)).toHaveLength(1)
    expect(seconds.filter((reply) => reply.status === 409 && reply.body.code === 'slice_already_paid')).toHaveLength(9)
    const second = seconds.find((reply) => reply.status === 201)!
    expect(second.body.order.amount_paid * 1000).toBe(slices[1])
    expect(second.body.subscription.id).toBe(subscriptionId)
    expect(days(period.startDate, second.body.subscription.end_date!)).toBe(Math.ceil((2 * fullDays) / 3))
    expect(Math.round((await points(me.token)) * 1000)).toBe(1_000_000 - slices[0]! - slices[1]!)

    const third = await buy(me.token, { offerDivisionDetail: top50.id })
    expect(third.status, JSON.stringify(third.body)).toBe(201)
    expect(third.body.quote).toMatchObject({ sliceIndex: 3, dueNow: slices[2] })
    expect(third.body.subscription).toMatchObject({ id: subscriptionId, end_date: period.endDate })
    expect(third.body.subscription.amount_paid * 1000).toBe(first.body.quote.total)
    expect(card(await catalogue(me.token), 122).indexSliceToPay).toBe(1)
    expect((await buy(me.token, { offerDivisionDetail: top50.id, sliceIndex: 3 })).body.code).toBe('slice_already_paid')
    const [order] = await db().select().from(offerOrders).where(eq(offerOrders.id, first.body.order.id))
    expect(order).toMatchObject({ sliceCount: 3, slicesPaid: 3 })
    const charges = await db()
      .select({ reference: ledgerTransactions.reference })
      .from(ledgerTransactions)
      .where(and(eq(ledgerTransactions.kind, 'purchase'), like(ledgerTransactions.reference, `order:${order!.id}%`)))
      .orderBy(ledgerTransactions.id)
    expect(charges.map((row) => row.reference)).toEqual([`order:${order!.id}`, `order:${order!.id}:slice:2`, `order:${order!.id}:slice:3`])
  })

  it("warns before the paid slices' share of the period ends, naming the slice to pay", async () => {
    const me = await pupil(14, 1000)
    const top50 = card(await catalogue(me.token), 122)
    const first = await buy(me.token, { offerDivisionDetail: top50.id })
    const end = first.body.subscription.end_date!
    const alerts = async () => (await call<Array<Record<string, unknown>>>(server.app, 'GET', '/api/alerts', { token: me.token })).body
    expect(await alerts()).toEqual([])
    const saved = server.clock.now()
    try {
      server.clock.set(new Date(new Date(`${end}T09:00:00+01:00`).getTime() - 5 * 86_400_000))
      const fresh = (await server.app.services.sessions.start(me.id)).token
      const list = (await call<Array<Record<string, unknown>>>(server.app, 'GET', '/api/alerts', { token: fresh })).body
      expect(list).toEqual([
        expect.objectContaining({ groupeName: 'Top 50', expirationDate: end, restDays: 5, isSlice: true, sliceIndex: 2 })
      ])
    } finally {
      server.clock.set(saved)
    }
  })

  it('refuses a purchase the wallet cannot pay with 402 and the points missing, keeping nothing', async () => {
    const me = await pupil(14, 10)
    const gold = card(await catalogue(me.token), 112)
    const reply = await buy(me.token, { offerDivisionDetail: gold.id, period: 'month' })
    expect(reply.status).toBe(402)
    expect(reply.body).toMatchObject({ code: 'insufficient_points', missing_points: 35 })
    expect(await db().select().from(offerOrders).where(eq(offerOrders.userId, me.id))).toEqual([])
    expect(await db().select().from(userOffers).where(eq(userOffers.userId, me.id))).toEqual([])
    expect(await points(me.token)).toBe(10)
    // With no points at all.
    const broke = await pupil(14)
    expect(await buy(broke.token, { offerDivisionDetail: gold.id, period: 'month' })).toMatchObject({
      status: 402,
      body: { missing_points: 45 }
    })
  })

  it('makes exactly one order of 50 parallel purchases on a wallet with points for one (49 × 402)', async () => {
    const me = await pupil(14, 45)
    const gold = card(await catalogue(me.token), 112)
    const replies = await Promise.all(Array.from({ length: 50 }, () => buy(me.token, { offerDivisionDetail: gold.id, period: 'month' })))
    const statuses = replies.map((reply) => reply.status).sort()
    expect(statuses.filter((status) => status === 201)).toHaveLength(1)
    expect(statuses.filter((status) => status === 402)).toHaveLength(49)
    expect(await db().select().from(offerOrders).where(eq(offerOrders.userId, me.id))).toHaveLength(1)
    expect(await db().select().from(userOffers).where(eq(userOffers.userId, me.id))).toHaveLength(1)
    expect(await points(me.token)).toBe(0)
  })

  it('makes one order of 20 duplicate requests with one Idempotency-Key', async () => {
    const me = await pupil(14, 500)
    const gold = card(await catalogue(me.token), 112)
    const body = { offerDivisionDetail: gold.id, period: 'month' }
    const replies = await Promise.all(Array.from({ length: 20 }, () => buy(me.token, body, 'buy-gold-1')))
    expect(replies.every((reply) => reply.status === 201 || reply.status === 409)).toBe(true)
    const done = replies.filter((reply) => reply.status === 201)
    expect(done.length).toBeGreaterThanOrEqual(1)
    for (const reply of done) expect(reply.body.order.id).toBe(done[0]!.body.order.id)
    expect(await db().select().from(offerOrders).where(eq(offerOrders.userId, me.id))).toHaveLength(1)
    const [charges] = await db()
      .select({ n: sql<number>`count(*)::int` })
      .from(offerOrders)
      .where(and(eq(offerOrders.userId, me.id), eq(offerOrders.paid, 45_000)))
    expect(charges!.n).toBe(1)
    expect(await points(me.token)).toBe(455)
    const late = await buy(me.token, body, 'buy-gold-1')
    expect([late.status, late.body.order.id]).toEqual([201, done[0]!.body.order.id])
    expect((await buy(me.token, { ...body, quantity: 2 }, 'buy-gold-1')).status).toBe(422)
  })

  it('sells a chapter once: the subscription names it and opens it, and a second purchase is refused', async () => {
    const me = await pupil(14, 500)
    const LESSON = '/api/student/subjects/physique/chapters/le-condensateur/contents/energie-emmagasinee-dans-un-condensateur'
    const OTHER = '/api/student/subjects/physique/chapters/oscillations-mecaniques-libres/contents/amortissement-des-oscillations'
    const [chapter] = await db()
      .select({ id: chapters.id })
      .from(chapters)
      .innerJoin(subjects, eq(subjects.id, chapters.subjectId))
      .where(and(eq(subjects.divisionId, 14), eq(chapters.slug, 'le-condensateur')))
    const gold = card(await catalogue(me.token), 112)
    const body = { offerDivisionDetail: gold.id, period: 'month', chapter: chapter!.id }
    // Bought twice at once: one purchase, the other refused.
    const both = await Promise.all([buy(me.token, body), buy(me.token, body)])
    expect(both.map((reply) => reply.status).sort()).toEqual([201, 409])
    const first = both.find((reply) => reply.status === 201)!
    expect(both.find((reply) => reply.status === 409)!.body.code).toBe('chapter_already_purchased')
    expect(first.body.order.chapter_id).toBe(chapter!.id)
    expect((await call<{ locked: boolean }>(server.app, 'GET', LESSON, { token: me.token })).body.locked).toBe(false)
    expect((await call<{ locked: boolean }>(server.app, 'GET', OTHER, { token: me.token })).body.locked).toBe(true)
    // Again later: refused, nothing charged.
    expect((await buy(me.token, body)).body.code).toBe('chapter_already_purchased')
    expect(await points(me.token)).toBe(455)
  })

  it("joins the bought chapter's live sessions still to come, once, and the home's week tells it", async () => {
    const me = await pupil(14, 500)
    const [chapter] = await db()
      .select({ id: chapters.id, subjectId: chapters.subjectId })
      .from(chapters)
      .innerJoin(subjects, eq(subjects.id, chapters.subjectId))
      .where(and(eq(subjects.divisionId, 14), eq(chapters.slug, 'oscillations-mecaniques-libres')))
    const now = server.clock.now().getTime()
    const event = (name: string, startsIn: number, disabled = false) => ({
      subjectId: chapter!.subjectId,
      chapterId: chapter!.id,
      name,
      startsAt: new Date(now + startsIn),
      endsAt: new Date(now + startsIn + 3_600_000),
      disabled
    })
    const rows = await db()
      .insert(liveEvents)
      .values([event('À venir', 60_000), event('En cours', -1_800_000), event('Passée', -7_200_000), event('Annulée', 60_000, true)])
      .returning({ id: liveEvents.id, name: liveEvents.name })
    const gold = card(await catalogue(me.token), 112)
    const bought = await buy(me.token, { offerDivisionDetail: gold.id, period: 'month', chapter: chapter!.id })
    expect(bought.status, JSON.stringify(bought.body)).toBe(201)
    const joined = await db()
      .select({ eventId: eventParticipants.eventId, source: eventParticipants.source })
      .from(eventParticipants)
      .where(eq(eventParticipants.userId, me.id))
    const names = new Map(rows.map((row) => [row.id, row.name]))
    expect(joined.map((row) => [names.get(row.eventId), row.source]).sort()).toEqual([
      ['En cours', 'chapter_purchase'],
      ['À venir', 'chapter_purchase']
    ])
    // The home's live sessions of the week (or the next, past Sunday's end in Tunis) tell the pupil takes part.
    const start = DateTime.fromMillis(now + 60_000, { zone: 'Africa/Tunis' })
    const offset = start.startOf('week').equals(DateTime.fromMillis(now, { zone: 'Africa/Tunis' }).startOf('week')) ? 0 : 1
    const week = await call<Array<{ id: number; participated: boolean }>>(server.app, 'GET', '/api/events', {
      token: me.token,
      query: { offset: String(offset) }
    })
    const upcoming = week.body.find((item) => names.get(item.id) === 'À venir')
    expect(upcoming?.participated).toBe(true)
    const other = await pupil(14, 0)
    const seen = await call<Array<{ id: number; participated: boolean }>>(server.app, 'GET', '/api/events', {
      token: other.token,
      query: { offset: String(offset) }
    })
    expect(seen.body.find((item) => names.get(item.id) === 'À venir')?.participated).toBe(false)
    // Refunded, the chapter's sessions still to end are left.
    const refunded = await call(server.app, 'POST', `/operator/orders/${bought.body.order.id}/refund`, {
      headers: { 'x-operator-key': server.app.services.secrets.operatorKey },
      body: {}
    })
    expect(refunded.status, JSON.stringify(refunded.body)).toBe(200)
    expect(await db().select().from(eventParticipants).where(eq(eventParticipants.userId, me.id))).toEqual([])
  })

  it("buys the free offer for nothing, and refuses another class's chapter", async () => {
    const me = await pupil(14)
    const free = card(await catalogue(me.token), 83)
    const reply = await buy(me.token, { offerDivisionDetail: free.id })
    expect(reply.status, JSON.stringify(reply.body)).toBe(201)
    expect(reply.body.order.amount_paid).toBe(0)
    const gold = card(await catalogue(me.token), 112)
    expect((await buy(me.token, { offerDivisionDetail: gold.id, period: 'month', chapter: 999_999 })).status).toBe(404)
    // Ids beyond a database integer are refused by the schema, not by the database.
    for (const field of ['chapter', 'content_id', 'offerDivisionDetail']) {
      expect((await buy(me.token, { offerDivisionDetail: gold.id, period: 'month', [field]: 2 ** 40 })).status, field).toBe(422)
    }
    expect((await buy(me.token, { offerDivisionDetail: gold.id, period: 'month', offer_subject_details: [2 ** 40] })).status).toBe(422)
  })
})
