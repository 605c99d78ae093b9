/**
 * The code step: one coupon or one referral code (specification part 1, §3, §4, §5, §9). A code
 * beginning with CP is a referral code, which gives the friend 5 % off; any other is a coupon,
 * a percentage (percentage_discount) or a fixed amount in dinars. Codes apply only when the
 * first instalment is paid (slice index 1 or -1), one at a time.
 */
import { COUPON_MIN_LENGTH } from '../constants.ts'
import { refuse, type PricingRefusal } from './errors.ts'
import { percentOf, toBasisPoints, toMillimes, type Millimes } from './money.ts'
import type { CouponTermsSchema, DiscountType, Period } from './schema.ts'
import type { z } from 'zod'

export const REFERRAL_PREFIX = 'CP'
/** The friend's discount with a referral code: 5 %. */
export const REFERRAL_BASIS_POINTS = 500
/** The referrer's share of what the friend's order actually paid: 5 %, in tokens (decision 0045). */
export const REFERRER_BASIS_POINTS = 500
/** A token is worth one millime: 1000 tokens make one point (one dinar). */
export const TOKENS_PER_POINT = 1000

/** The tokens a referrer earns on a friend's payment of `paidMillimes`: 5 %, rounded half up once. */
export function referrerTokens(paidMillimes: number): number {
  return percentOf(Math.max(0, paidMillimes), REFERRER_BASIS_POINTS)
}

export type CodeKind = 'referral' | 'coupon'

/** A code as it is compared and stored: without surrounding spaces, in capitals. */
export function normalizeDiscountCode(code: string): string {
  return code.trim().toUpperCase()
}

export function codeKind(code: string): CodeKind {
  return normalizeDiscountCode(code).startsWith(REFERRAL_PREFIX) ? 'referral' : 'coupon'
}

/** The code field's own rule: required, at least 3 characters. */
export function checkDiscountCode(code: string): 'code_required' | 'code_too_short' | null {
  const normalized = normalizeDiscountCode(code)
  if (normalized === '') return 'code_required'
  return normalized.length < COUPON_MIN_LENGTH ? 'code_too_short' : null
}

/** Whether a code may be used on the slice being paid: the first, or the whole price at once. */
export function isFirstSlice(sliceIndex: number): boolean {
  return sliceIndex === 1 || sliceIndex === -1
}

export type CodeDiscount = {
  kind: CodeKind
  code: string
  discountType: DiscountType
  /** The percentage in basis points, or null for a fixed amount. */
  basisPoints: number | null
  /** The fixed amount asked, or null for a percentage. */
  fixedAmount: Millimes | null
  discount: Millimes
}

type CouponTerms = z.output<typeof CouponTermsSchema>

export type CodeContext = {
  offerId: number
  offerDivisionId: number
  period: Period
  sliceIndex: number
  at: Date
  buyerGiftCode: string | null | undefined
}

/** The discount of one code on the amount after the pack rule, or why it does not apply. */
export function codeDiscount(
  applied: { code: string; coupon?: CouponTerms | null },
  base: Millimes,
  context: CodeContext
): CodeDiscount | PricingRefusal {
  const format = checkDiscountCode(applied.code)
  if (format) return refuse(format)
  const code = normalizeDiscountCode(applied.code)
  if (context.buyerGiftCode && normalizeDiscountCode(context.buyerGiftCode) === code) return refuse('own_code')
  if (!isFirstSlice(context.sliceIndex)) return refuse('code_first_slice_only')
  if (codeKind(code) === 'referral') {
    return {
      kind: 'referral',
      code,
      discountType: 'percentage_discount',
      basisPoints: REFERRAL_BASIS_POINTS,
      fixedAmount: null,
      discount: percentOf(base, REFERRAL_BASIS_POINTS)
    }
  }
  const terms = applied.coupon
  if (!terms) return refuse('unknown_code')
  if (!terms.active) return refuse('code_inactive')
  if (terms.expiresAt && Date.parse(terms.expiresAt) <= context.at.getTime()) return refuse('code_expired')
  if (terms.offerIds.length > 0 && !terms.offerIds.includes(context.offerId)) return refuse('code_not_applicable', 'offer')
  if (terms.offerDivisionIds.length > 0 && !terms.offerDivisionIds.includes(context.offerDivisionId))
    return refuse('code_not_applicable', 'division')
  if (terms.periods.length > 0 && !terms.periods.includes(context.period)) return refuse('code_not_applicable', 'period')
  if (terms.discountType === 'percentage_discount') {
    const basisPoints = toBasisPoints(terms.discountValue)
    if (basisPoints === null) return refuse('invalid_coupon')
    return {
      kind: 'coupon',
      code,
      discountType: terms.discountType,
      basisPoints,
      fixedAmount: null,
      discount: percentOf(base, basisPoints)
    }
  }
  const fixedAmount = toMillimes(terms.discountValue)
  if (fixedAmount === null) return refuse('invalid_coupon')
  return { kind: 'coupon', code, discountType: terms.discountType, basisPoints: null, fixedAmount, discount: Math.min(base, fixedAmount) }
}
