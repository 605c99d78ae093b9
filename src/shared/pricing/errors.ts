/**
 * Why the engine refuses to price a request: one stable code each, carried to the client as the
 * server's other error codes are (the purchase dialog words them from its catalogue).
 */
import { z } from 'zod'

/** The refusals that concern the discount code itself (§4 Coupons, §5), which then cannot stay applied. */
export const CODE_ERROR_CODES = [
  /** More than one code at once ('codes not combinable'). */
  'two_codes',
  /** The same code twice. */
  'code_already_added',
  'code_required',
  'code_too_short',
  'own_code',
  /** A code that is not a referral code and whose coupon terms are unknown. */
  'unknown_code',
  'code_inactive',
  'code_expired',
  /** A coupon of another offer, class (division) or period. */
  'code_not_applicable',
  /** A code while paying an instalment after the first. */
  'code_first_slice_only',
  /** Coupon terms outside what a discount can be (a percentage above 100, a fraction of a millime). */
  'invalid_coupon'
] as const

export const PricingErrorCodeSchema = z.enum([
  /** The request does not have the shape of a quote request. */
  'invalid_input',
  'unknown_period',
  /** A known period the division's pricing list does not sell. */
  'period_not_offered',
  /** Months outside 1–12, or a quantity for a period that takes none. */
  'invalid_quantity',
  'division_disabled',
  /** A 'fixed' price or pack 115's per-subject price that the catalogue lacks. */
  'price_missing',
  'subjects_required',
  'unknown_subject',
  'duplicate_subject',
  /** Subjects chosen in a division that is not a pack. */
  'subjects_not_sold_separately',
  'slice_out_of_range',
  ...CODE_ERROR_CODES
])
export type PricingErrorCode = z.infer<typeof PricingErrorCodeSchema>

export type PricingRefusal = { ok: false; code: PricingErrorCode; detail?: string }

export function refuse(code: PricingErrorCode, detail?: string): PricingRefusal {
  return detail === undefined ? { ok: false, code } : { ok: false, code, detail }
}
