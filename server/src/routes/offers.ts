/**
 * The offers routes (issue 28, decisions 0034 and 0035): the class's catalogue, a quote by the
 * server's pricing engine, the purchase with points (Idempotency-Key; 402 with the points missing)
 * and the code applied to the purchase being prepared.
 * The client's figures are never read: every price is computed again from the catalogue.
 */
import type { FastifyInstance } from 'fastify'
import { offerEndpoints as ep, offerOperatorEndpoints as op, type PurchaseRequest } from '../../../src/shared/api/offers.ts'
import { addRoute, presented, type UserRow } from '../http.ts'
import { requestLanguage } from '../language.ts'
import { normalizeDiscountCode } from '../../../src/shared/pricing/index.ts'
import { ApiError } from '../errors.ts'
import {
  presentAppliedCode,
  presentCancelledSubscription,
  presentOfferCard,
  presentOffers,
  presentOperatorCoupon,
  presentOperatorOffer,
  presentPurchase,
  presentQuote
} from '../presenters/offers.ts'
import type { Services } from '../services.ts'
import { createIdempotencyService } from '../services/idempotency.ts'
import { offerList } from '../services/offerList.ts'
import { appliedCodeOf, findCoupon, removeAppliedCode, saveAppliedCode } from '../services/discountCodes.ts'
import { addCoupon, addOffer, disableCoupon, editOffer } from '../services/offerAdmin.ts'
import { cancelSubscription } from '../services/subscriptions.ts'
import {
  checkChapter,
  checkChapterNotHeld,
  codePeriod,
  ownDivision,
  paySlice,
  pricingRefusal,
  quoteFor,
  recordPurchase,
  sliceQuote,
  sliceToPay
} from '../services/offers.ts'

type Catalogue = Awaited<ReturnType<typeof ownDivision>>

export function registerOfferRoutes(app: FastifyInstance, services: Services): void {
  const { db } = services.database
  const idempotency = createIdempotencyService(db, services.clock)

  /** The division asked for (the pupil's class's) and the engine's quote of the request, at `at`. */
  async function priced(executor: Parameters<typeof ownDivision>[0], user: UserRow, body: PurchaseRequest, at: Date, found?: Catalogue) {
    const catalogue = found ?? (await ownDivision(executor, user, body.offerDivisionDetail))
    const engineDivision = presentOfferCard(catalogue.division, catalogue.prices, catalogue.subjectDetails, catalogue.level, 'fr')
    return { catalogue, ...(await quoteFor(executor, user, body, catalogue, engineDivision, at)) }
  }

  addRoute(app, services, ep.offers, async ({ auth, request, reply }) => {
    const divisionId = auth.user.divisionId
    if (divisionId == null) return { payload: [] }
    const { catalogue, slices } = await offerList(db, divisionId, auth.user.id, services.answers.offers)
    return presented(ep.offers, {
      payload: presentOffers(
        catalogue.divisions,
        catalogue.prices,
        catalogue.subjectDetails,
        catalogue.level,
        requestLanguage(request, reply),
        slices
      )
    })
  })

  addRoute(app, services, ep.quote, async ({ auth, body }) => {
    const catalogue = await ownDivision(db, auth.user, body.offerDivisionDetail)
    // A later slice of an order in instalments is the order's own figure.
    const slice = await sliceToPay(db, auth.user, catalogue.division.id, body, false)
    if (slice) return presentQuote(sliceQuote(slice.order, slice.sliceIndex))
    return presentQuote((await priced(db, auth.user, body, services.clock.now(), catalogue)).quote)
  })

  addRoute(app, services, ep.buy, async ({ auth, body, request, reply }) => {
    if (body.chapter != null) await checkChapter(db, auth.user, body.chapter)
    return idempotency.run(
      {
        userId: auth.user.id,
        scope: `${ep.buy.method} ${ep.buy.path}`,
        key: request.headers['idempotency-key'],
        request: body,
        status: 201,
        reply
      },
      async (tx) => {
        const at = services.clock.now()
        // Priced inside the purchase's transaction: the figures charged are the ones read with it.
        if (body.chapter != null) await checkChapterNotHeld(tx, auth.user, body.chapter, at)
        const catalogue = await ownDivision(tx, auth.user, body.offerDivisionDetail)
        const slice = await sliceToPay(tx, auth.user, catalogue.division.id, body, true)
        if (slice) return presentPurchase(await paySlice(tx, auth.user, catalogue.division, slice.order, slice.sliceIndex))
        const { quote, coupon } = await priced(tx, auth.user, body, at, catalogue)
        return presentPurchase(await recordPurchase(tx, auth.user, catalogue.division, quote, coupon, body.chapter ?? null, at))
      }
    )
  })

  // ——— the code of the purchase being prepared (one at a time) ———

  addRoute(app, services, ep.applyCode, async ({ auth, body }) => {
    const catalogue = await ownDivision(db, auth.user, body.offerId)
    const engineDivision = presentOfferCard(catalogue.division, catalogue.prices, catalogue.subjectDetails, catalogue.level, 'fr')
    const existing = await appliedCodeOf(db, auth.user.id)
    if (existing) throw pricingRefusal(existing.code === normalizeDiscountCode(body.code) ? 'code_already_added' : 'two_codes')
    const request = {
      offerDivisionDetail: body.offerId,
      quantity: body.allYear ? null : body.quantity,
      offer_subject_details: body.offer_subject_details,
      code: body.code
    }
    const period = codePeriod(catalogue.prices, body.quantity ?? null, body.allYear === true)
    const { quote, coupon } = await quoteFor(db, auth.user, request, catalogue, engineDivision, services.clock.now(), period)
    const row = await saveAppliedCode(db, {
      userId: auth.user.id,
      code: normalizeDiscountCode(body.code),
      discountCodeId: coupon?.id ?? null,
      offerDivisionId: catalogue.division.id,
      quantity: body.allYear ? null : (body.quantity ?? null),
      allYear: body.allYear === true,
      createdAt: services.clock.now()
    })
    if (!row) throw pricingRefusal('two_codes')
    return { message: 'Code appliqué', discount_code: presentAppliedCode(row, coupon), quote: presentQuote(quote) }
  })

  addRoute(app, services, ep.appliedCodes, async ({ auth }) => {
    const row = await appliedCodeOf(db, auth.user.id)
    if (!row) return { payload: [] }
    return { payload: [presentAppliedCode(row, row.discountCodeId == null ? null : await findCoupon(db, row.code))] }
  })

  addRoute(app, services, ep.removeCode, async ({ auth, params }) => {
    if (!(await removeAppliedCode(db, auth.user.id, params.id))) throw new ApiError('not_found', 'Code introuvable')
    return { message: 'Code supprimé' }
  })

  // ——— a subscription cancelled by the pupil: access to its end, no renewal (decision 0045) ———

  addRoute(app, services, ep.cancelSubscription, async ({ auth, params }) =>
    presentCancelledSubscription(await cancelSubscription(db, auth.user.id, params.id, services.clock.now()))
  )

  // ——— the operator's tools: npm run admin -- offer … | coupon … (decision 0047) ———

  addRoute(app, services, op.addOffer, async ({ body }) => {
    const offer = presentOperatorOffer(await addOffer(db, body))
    return { message: `Offre ${offer.offer_id} ajoutée à la classe ${offer.division_id} (offre de classe ${offer.id})`, offer }
  })

  addRoute(app, services, op.editOffer, async ({ params, body }) => {
    const offer = presentOperatorOffer(await editOffer(db, params.id, body))
    const what = body.disabled === true ? 'désactivée' : body.disabled === false ? 'réactivée' : 'modifiée'
    return { message: `Offre de classe ${offer.id} ${what}`, offer }
  })

  addRoute(app, services, op.addCoupon, async ({ body }) => {
    const coupon = presentOperatorCoupon(await addCoupon(db, body, services.clock.now()))
    return { message: `Code ${coupon.code} ajouté`, coupon }
  })

  addRoute(app, services, op.disableCoupon, async ({ body }) => {
    const coupon = presentOperatorCoupon(await disableCoupon(db, body.code))
    return { message: `Code ${coupon.code} désactivé`, coupon }
  })
}
