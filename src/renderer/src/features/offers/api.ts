/** The offers area's calls: entries of the shared offers table, parsed with their response schemas. */
import {
  offerEndpoints,
  type OfferCard,
  type PurchaseRequest,
  type PurchaseResponse,
  type QuoteAnswer
} from '../../../../shared/api/offers.ts'
import type { HttpClient } from '../../api/http.ts'

export type { OfferCard, PurchaseRequest, PurchaseResponse, QuoteAnswer }

export interface OffersApi {
  /** The offers of the pupil's class, by position. */
  offers(): Promise<OfferCard[]>
  /** The server's price of a purchase (its code checked against its records); nothing is charged. */
  quote(body: PurchaseRequest): Promise<QuoteAnswer>
  /** Money-moving: `idempotencyKey` is the same for retries of one purchase. */
  buy(body: PurchaseRequest, idempotencyKey: string): Promise<PurchaseResponse>
  /** Removes the code the pupil applied and has not used yet (`/student/discount-code`), found by its text. */
  removeAppliedCode(code: string): Promise<void>
}

export function createOffersApi(http: HttpClient): OffersApi {
  return {
    offers: () => http.call(offerEndpoints.offers).then((answer) => answer.payload),
    quote: (body) => http.call(offerEndpoints.quote, { body }),
    buy: (body, key) => http.call(offerEndpoints.buy, { body, headers: { 'Idempotency-Key': key } }),
    removeAppliedCode: async (code) => {
      const { payload } = await http.call(offerEndpoints.appliedCodes)
      for (const row of payload.filter((applied) => applied.code === code))
        await http.call(offerEndpoints.removeCode, { params: { id: row.id } })
    }
  }
}
