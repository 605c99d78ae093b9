/**
 * The purchase dialog's instalments (issue 28): for every offer of the seed sold in slices, what
 * the dialog shows for the slice to pay is what the server stores and charges. The first slice is
 * the shared engine's, on the card the pupil's offers list gives, at the same instant (the dialog
 * computes it); a later slice is the order's own stored figure, which the dialog asks the server's
 * quote for: recomputed today, the rest of the year is shorter and the engine's figure is another.
 */
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { offerOrders, users } from '../../server/src/db/schema.ts'
import { levelOfCard } from '../../src/renderer/src/features/offers/stores/offerRules.ts'
import { OffersResponseSchema, PurchaseResponseSchema, QuoteSchema, type OfferCard } from '../../src/shared/api/offers.ts'
import { quote as priceQuote, type Period, type Quote } from '../../src/shared/pricing/index.ts'
import { call, newPupil, useTestServer, type Pupil } from './harness.ts'

const server = useTestServer()
beforeAll(() => {
  // 15 January 2026 in Tunis: the rest of the school year is prorated.
  server.clock.set('2026-01-15T09:00:00Z')
})

const db = () => server.app.services.database.db

async function cards(pupil: Pupil): Promise<OfferCard[]> {
  return OffersResponseSchema.parse((await call(server.app, 'GET', '/api/student/offers', { token: pupil.token })).body).payload
}

/** The sliced period of a card (never the daily and weekly plans). */
function slicedPeriod(card: OfferCard): Period {
  return card.periods.find((period) => period !== 'day' && period !== 'week')!
}

/** The dialog's preview: the engine on the card, as PurchaseStore.result computes it. */
function preview(card: OfferCard, sliceIndex: number, giftCode: string | null): Quote {
  const result = priceQuote({
    division: card,
    level: levelOfCard(card),
    period: slicedPeriod(card),
    quantity: null,
    subjectIds: null,
    codes: [],
    sliceIndex,
    at: server.clock.now(),
    buyerGiftCode: giftCode
  })
  if (!result.ok) throw new Error(`no price for offer ${card.offer_id}: ${result.code}`)
  return result.quote
}

/** The dialog's request for the slice (PurchaseStore.request). */
const request = (card: OfferCard, sliceIndex: number) => ({
  offerDivisionDetail: card.id,
  period: slicedPeriod(card),
  quantity: null,
  offer_subject_details: null,
  code: null,
  sliceIndex
})

async function buy(pupil: Pupil, card: OfferCard, sliceIndex: number) {
  const reply = await call(server.app, 'POST', '/api/student/checkout/buy', {
    token: pupil.token,
    headers: { 'idempotency-key': `slice-preview-${pupil.id}-${card.id}-${sliceIndex}` },
    body: request(card, sliceIndex)
  })
  expect(reply.status, JSON.stringify(reply.body)).toBe(201)
  return PurchaseResponseSchema.parse(reply.body)
}

describe('the slice the dialog shows is the slice the server stores and charges', () => {
  it('for every sliced offer of the seed: the first slice previewed by the engine, a later one by the server’s quote', async () => {
    const pupil = await newPupil(server.app, { points: 5_000 })
    const [row] = await db().select({ giftCode: users.giftCode }).from(users).where(eq(users.id, pupil.id))
    const giftCode = row?.giftCode ?? null
    const sliced = (await cards(pupil)).filter((card) => card.slices.length > 1 && !card.disabled)
    expect(sliced.map((card) => card.offer_id).sort()).toEqual([122, 80].sort())

    for (const card of sliced) {
      const first = preview(card, card.indexSliceToPay ?? 1, giftCode)
      expect(first.sliceIndex).toBe(1)
      const bought = await buy(pupil, card, first.sliceIndex)
      expect(bought.quote.slices).toEqual(first.slices)
      expect(bought.quote.dueNow).toBe(first.dueNow)
      expect(bought.order.amount_paid * 1000).toBe(first.dueNow)
      const [order] = await db().select().from(offerOrders).where(eq(offerOrders.id, bought.order.id))
      expect((order!.quote as Quote).slices).toEqual(first.slices)
      expect(order!.paid).toBe(first.dueNow)
    }

    // A month later the second slice is due: the order's stored slice, not today's engine figure.
    server.clock.set('2026-02-20T09:00:00Z')
    // A session of that day (the first one has expired meanwhile).
    const later: Pupil = { id: pupil.id, token: (await server.app.services.sessions.start(pupil.id)).token }
    for (const card of (await cards(later)).filter((item) => sliced.some((s) => s.id === item.id))) {
      expect(card.indexSliceToPay).toBe(2)
      const [order] = await db().select().from(offerOrders).where(eq(offerOrders.offerDivisionId, card.id))
      const stored = (order!.quote as Quote).slices
      const asked = await call(server.app, 'POST', '/api/student/checkout/quote', { token: later.token, body: request(card, 2) })
      const shown = QuoteSchema.parse(asked.body)
      expect(shown.dueNow).toBe(stored[1])
      expect(shown.slices).toEqual(stored)
      // Recomputed today, the engine would show another figure: the dialog shows the server's.
      expect(preview(card, 2, giftCode).dueNow).not.toBe(stored[1])
      const paid = await buy(later, card, 2)
      expect(paid.order.amount_paid * 1000).toBe(stored[1])
    }
  })
})
