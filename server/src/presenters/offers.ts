/**
 * Offers and purchases in the contract's shapes (src/shared/api/offers.ts): amounts from millimes
 * to dinars (points), names in the request's language, the daily and weekly entries at the level
 * rate table's figures (what the engine charges for them).
 */
import type {
  AppliedDiscountCode,
  CancelSubscriptionResponse,
  OfferCard,
  OperatorCoupon,
  OperatorOffer,
  PurchaseResponse,
  QuoteAnswer
} from '../../../src/shared/api/offers.ts'
import {
  codeKind,
  levelRate,
  REFERRAL_BASIS_POINTS,
  toDinars,
  type LevelSlug,
  type Period,
  type Quote
} from '../../../src/shared/pricing/index.ts'
import { localName, type Language } from '../language.ts'
import { couponAmount, type AppliedRow, type CouponRow } from '../services/discountCodes.ts'
import type { AdminOffer } from '../services/offerAdmin.ts'
import type { OfferDivisionRow, OfferPriceRow, Purchase, SubjectDetailRow } from '../services/offers.ts'
import type { CancelledSubscription } from '../services/subscriptions.ts'

const dinars = (millimes: number | null | undefined): number | null => (millimes == null ? null : toDinars(millimes))

/**
 * The slice a purchase of this division pays: the next of the pupil's order in instalments when one
 * waits, else the first of a plan in instalments, none otherwise (the whole price).
 */
export function indexSliceToPay(row: Pick<OfferDivisionRow, 'id' | 'slices'>, nextSlices?: ReadonlyMap<number, number>): number | null {
  return nextSlices?.get(row.id) ?? (row.slices.length > 0 ? 1 : null)
}

/** One offer division as the offers page shows it and the pricing engine reads it. */
export function presentOfferCard(
  row: OfferDivisionRow,
  prices: OfferPriceRow[],
  details: SubjectDetailRow[],
  level: LevelSlug,
  lang: Language,
  nextSlices?: ReadonlyMap<number, number>
): OfferCard {
  const pricing = prices.map((entry) => {
    const period = entry.period as Period
    if (period === 'day' || period === 'week') {
      const rate = toDinars(levelRate(level, period))
      return { period, price: rate, final_price: rate, discount: null, discountpercentage: null }
    }
    return {
      period,
      price: toDinars(entry.price),
      final_price: toDinars(entry.finalPrice),
      discount: dinars(entry.discount),
      discountpercentage: entry.discountBasisPoints == null ? null : entry.discountBasisPoints / 100
    }
  })
  const subjectDetails = details.map((detail) => ({
    id: detail.id,
    subjectId: detail.subjectId,
    subject: detail.subject,
    price: toDinars(detail.price),
    description: detail.description
  }))
  const sellsPeriod = (period: Period) => prices.some((entry) => entry.period === period)
  const finalPrice = dinars(row.finalPrice)
  return {
    id: row.id,
    offer_id: row.offerId,
    name: localName(row.name, row.nameAr, lang),
    type: row.type as OfferCard['type'],
    color: row.color,
    description: localName(row.description ?? '', row.descriptionAr, lang) || null,
    button_label: localName(row.buttonLabel ?? '', row.buttonLabelAr, lang) || null,
    disabled: row.disabled,
    pricing,
    Baseprice: dinars(row.basePrice),
    Finalprice: finalPrice,
    price: finalPrice,
    infoDiscount: row.infoDiscount,
    slices: row.slices.map((amount) => ({ amount: toDinars(amount) })),
    indexSliceToPay: indexSliceToPay(row, nextSlices),
    weeklyPrice: sellsPeriod('week') ? toDinars(levelRate(level, 'week')) : null,
    dailyPrice: sellsPeriod('day') ? toDinars(levelRate(level, 'day')) : null,
    offer: {
      id: row.offer.id,
      is_free: row.offer.isFree,
      position: row.offer.position,
      name: localName(row.offer.name, row.offer.nameAr, lang),
      group: row.group,
      unsubscribable: row.offer.unsubscribable
    },
    offer_subject_details: subjectDetails,
    subject_details: subjectDetails,
    periods: prices.length > 0 ? prices.map((entry) => entry.period as Period) : ['fixed']
  }
}

/** The catalogue of a class, each division with its own prices and subject details. */
export function presentOffers(
  rows: OfferDivisionRow[],
  prices: OfferPriceRow[],
  details: SubjectDetailRow[],
  level: LevelSlug,
  lang: Language,
  nextSlices?: ReadonlyMap<number, number>
): OfferCard[] {
  return rows.map((row) =>
    presentOfferCard(
      row,
      prices.filter((entry) => entry.offerDivisionId === row.id),
      details.filter((detail) => detail.offerDivisionId === row.id),
      level,
      lang,
      nextSlices
    )
  )
}

export function presentQuote(quote: Quote): QuoteAnswer {
  return { ...quote, snapshot: quote.snapshot as unknown as Record<string, unknown> }
}

/** A subscription as both the purchase and the cancellation answer it: its class's group, price paid and dates. */
function presentSubscription({ subscription, group }: Pick<Purchase, 'subscription' | 'group'>) {
  return {
    id: subscription.id,
    name: group.name,
    group,
    amount_paid: toDinars(subscription.amountPaid),
    start_date: subscription.startDate,
    end_date: subscription.endDate
  }
}

export function presentPurchase(purchase: Purchase): PurchaseResponse {
  const { order, subscription } = purchase
  return {
    message: 'Abonnement activé',
    order: {
      id: order.id,
      offer_id: order.offerId,
      offer_division_id: order.offerDivisionId,
      amount_paid: toDinars(purchase.quote.dueNow),
      points: toDinars(purchase.balance),
      chapter_id: subscription.chapterId
    },
    subscription: presentSubscription(purchase),
    quote: presentQuote(purchase.quote)
  }
}

/** The applied code: a coupon's terms, or a referral code's 5 %. */
export function presentAppliedCode(row: AppliedRow, coupon: CouponRow | null): AppliedDiscountCode {
  const base = { id: row.id, code: row.code, offerId: row.offerDivisionId, quantity: row.quantity, allYear: row.allYear }
  if (!coupon || codeKind(row.code) === 'referral') {
    return {
      ...base,
      kind: 'referral',
      discountType: 'percentage_discount',
      discountAmount: REFERRAL_BASIS_POINTS / 100,
      discount_code_offers: [],
      discount_code_offer_division: []
    }
  }
  return {
    ...base,
    kind: 'coupon',
    discountType: coupon.discountType as AppliedDiscountCode['discountType'],
    discountAmount: coupon.discountType === 'fixed' ? toDinars(coupon.discountValue) : coupon.discountValue / 100,
    discount_code_offers: coupon.offerIds,
    discount_code_offer_division: coupon.offerDivisions
  }
}

/** A cancelled subscription: its dates kept (access to its end), and when it was cancelled. */
export function presentCancelledSubscription(cancelled: CancelledSubscription): CancelSubscriptionResponse {
  return {
    message: 'Abonnement résilié',
    subscription: { ...presentSubscription(cancelled), cancelled_at: cancelled.subscription.cancelledAt!.toISOString() }
  }
}

/** An offer division as the operator's tools answer it (amounts in dinars). */
export function presentOperatorOffer(row: AdminOffer): OperatorOffer {
  return {
    id: row.division.id,
    offer_id: row.offer.id,
    division_id: row.division.divisionId,
    name: row.division.name,
    type: row.division.type as OperatorOffer['type'],
    color: row.division.color,
    description: row.division.description,
    disabled: row.division.disabled,
    position: row.offer.position,
    group: row.group,
    pricing: row.prices.map((entry) => ({
      period: entry.period as OperatorOffer['pricing'][number]['period'],
      price: toDinars(entry.price),
      final_price: toDinars(entry.finalPrice)
    })),
    subjects: row.subjects.map((entry) => ({ subject_id: entry.subjectId, price: toDinars(entry.price) }))
  }
}

/** A coupon as the operator's tools answer it. */
export function presentOperatorCoupon(row: CouponRow): OperatorCoupon {
  return {
    id: row.id,
    code: row.code,
    discountType: row.discountType as 'percentage_discount' | 'fixed',
    discountAmount: couponAmount(row),
    active: row.active,
    expires_at: row.expiresAt?.toISOString() ?? null,
    max_uses: row.maxUses,
    uses: row.uses,
    allYear: row.allYear,
    offers: row.offerIds,
    offer_divisions: row.offerDivisions.map((division) => division.id)
  }
}
