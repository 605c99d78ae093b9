import type { OfferDivision, PricingEntry, SubjectDetail } from '../../../../src/shared/pricing/index.ts'

/** A division of the catalogue in the specification's shape (prices in dinars). */
export function division(overrides: Partial<OfferDivision> = {}): OfferDivision {
  return {
    id: 501,
    offer_id: 80,
    name: 'Optimum — Bac Mathématiques',
    type: 'primary',
    disabled: false,
    pricing: [],
    Finalprice: null,
    offer: { is_free: false, position: 1 },
    subject_details: [],
    ...overrides
  }
}

export function entry(period: PricingEntry['period'], price: number, finalPrice: number): PricingEntry {
  return { period, price, final_price: finalPrice, discount: price - finalPrice, discountpercentage: null }
}

export function subjects(prices: number[]): SubjectDetail[] {
  return prices.map((price, i) => ({ id: 900 + i, subjectId: 1 + i, subject: `Matière ${i + 1}`, price }))
}

/** A pack of the given offer, sold whole ('fixed'): each subject at its own price, or all at Finalprice for 115. */
export function pack(offerId: number, prices: number[], finalPrice: number | null = null): OfferDivision {
  return division({
    id: 700 + offerId,
    offer_id: offerId,
    type: 'pack',
    subject_details: subjects(prices),
    Finalprice: finalPrice,
    pricing: [entry('fixed', 0, 0), entry('month', 0, 0)]
  })
}

export const AT = '2026-01-15T09:00:00+01:00'
