import type {
  OfferCard,
  OffersApi,
  PurchaseRequest,
  PurchaseResponse,
  QuoteAnswer
} from '../../../../../../src/renderer/src/features/offers/api.ts'
import type { SnackbarInput } from '../../../../../../src/renderer/src/stores/UiStore.ts'

export type Call = { name: keyof OffersApi; args: unknown[] }

/** An offers API whose answers each test sets; it records every call with its arguments. */
export function fakeOffersApi(overrides: Partial<OffersApi> = {}): OffersApi & { calls: Call[] } {
  const calls: Call[] = []
  const fail = (name: string) => () => Promise.reject(new Error(`unexpected call ${name}`))
  const merged: OffersApi = {
    offers: () => Promise.resolve([]),
    quote: fail('quote'),
    buy: fail('buy'),
    removeAppliedCode: fail('removeAppliedCode'),
    ...overrides
  }
  return {
    calls,
    offers: (...args) => (calls.push({ name: 'offers', args }), merged.offers(...args)),
    quote: (...args) => (calls.push({ name: 'quote', args }), merged.quote(...args)),
    buy: (...args) => (calls.push({ name: 'buy', args }), merged.buy(...args)),
    removeAppliedCode: (...args) => (calls.push({ name: 'removeAppliedCode', args }), merged.removeAppliedCode(...args))
  }
}

const base = {
  color: '#FFB300',
  description: null,
  button_label: 'Acheter',
  disabled: false,
  pricing: [],
  Baseprice: null,
  Finalprice: null,
  price: null,
  infoDiscount: null,
  slices: [],
  indexSliceToPay: null,
  weeklyPrice: 17.25,
  dailyPrice: 2.3,
  offer_subject_details: null,
  subject_details: []
}

function card(offerId: number, id: number, name: string, position: number, rest: Partial<OfferCard>): OfferCard {
  return {
    ...base,
    id,
    offer_id: offerId,
    name,
    type: 'primary',
    offer: { id: offerId, is_free: false, position, name, group: { id: offerId, name }, unsubscribable: false },
    periods: [],
    ...rest
  } as OfferCard
}

/** The demo catalogue's offers of a bac class (server/src/seed/offers.ts), as GET /student/offers gives them. */
export const gold = card(112, 7, 'Gold', 7, {
  pricing: [
    { period: 'month', price: 45, final_price: 45 },
    { period: 'rest_of_year', price: 290, final_price: 290 }
  ],
  periods: ['month', 'rest_of_year']
})
export const mobile = card(33, 2, 'Darsi Mobile', 2, {
  pricing: [
    { period: 'day', price: 2.3, final_price: 2.3 },
    { period: 'week', price: 17.25, final_price: 17.25 }
  ],
  periods: ['day', 'week']
})
export const standard = card(102, 3, 'Standard', 3, { Baseprice: 150, Finalprice: 120, periods: ['fixed'] })
export const optimum = card(80, 8, 'Optimum', 8, {
  pricing: [{ period: 'rest_of_year', price: 460, final_price: 390 }],
  slices: [{ amount: 130 }, { amount: 130 }, { amount: 130 }],
  indexSliceToPay: 1,
  periods: ['rest_of_year']
})
export const top50 = card(122, 5, 'Top 50', 5, {
  disabled: true,
  pricing: [{ period: 'rest_of_year', price: 450, final_price: 450 }],
  periods: ['rest_of_year']
})
export const pack115 = card(115, 10, 'Pack à la carte', 10, {
  type: 'pack',
  Baseprice: 35,
  Finalprice: 30,
  pricing: [{ period: 'month', price: 0, final_price: 0 }],
  periods: ['month'],
  subject_details: [
    { id: 101, subjectId: 1, subject: 'Mathématiques', price: 30 },
    { id: 102, subjectId: 2, subject: 'Physique', price: 30 },
    { id: 103, subjectId: 3, subject: 'SVT', price: 30 }
  ]
})

/** A quote as the server answers it (its figures are not read by the dialog, only its code's terms). */
export function quoteAnswer(code: QuoteAnswer['code']): QuoteAnswer {
  return {
    currency: 'TND',
    period: { period: 'month', quantity: 1, multiMonth: false, startDate: '2026-01-15', endDate: '2026-02-14' },
    listPrice: 45000,
    base: 45000,
    pack: null,
    afterPack: 45000,
    code,
    total: 45000 - (code?.discount ?? 0),
    slices: [45000],
    sliceIndex: -1,
    dueNow: 45000 - (code?.discount ?? 0),
    snapshot: {}
  }
}

export const tenPercent = (code: string): NonNullable<QuoteAnswer['code']> => ({
  kind: 'coupon',
  code,
  discountType: 'percentage_discount',
  basisPoints: 1000,
  fixedAmount: null,
  discount: 4500
})

export function purchaseResponse(request: PurchaseRequest): PurchaseResponse {
  return {
    message: 'Abonnement activé',
    order: { id: 1, offer_id: 112, offer_division_id: request.offerDivisionDetail, amount_paid: 45, points: 105, chapter_id: null },
    subscription: {
      id: 9,
      name: 'Gold',
      group: { id: 112, name: 'Gold' },
      amount_paid: 45,
      start_date: '2026-01-15',
      end_date: '2026-02-14'
    },
    quote: quoteAnswer(null)
  }
}

export function recorder() {
  const notes: SnackbarInput[] = []
  const purchases: PurchaseResponse[] = []
  return {
    notes,
    purchases,
    notify: (input: SnackbarInput) => notes.push(input),
    onPurchased: (response: PurchaseResponse) => purchases.push(response)
  }
}

/** Keys k1, k2 … in order. */
export function sequentialKeys(): () => string {
  let next = 0
  return () => `k${++next}`
}
