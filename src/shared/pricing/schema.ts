/**
 * The shapes the pricing engine reads, with the specification's field names (part 1, §3: Offer
 * division, Pricing entry, Subject detail, Offer purchase payload, Discount code). Catalogue
 * prices are in dinars as the API carries them (1 point = 1 dinar), each a whole number of
 * millimes; the engine turns them into millimes once.
 */
import { z } from 'zod'
import { LevelSlugSchema } from '../api/pickers.ts'
import { toMillimes } from './money.ts'

export { LevelSlugSchema }
export type LevelSlug = z.infer<typeof LevelSlugSchema>

/**
 * The periods a pricing entry sells: 'day' and 'week' (the auto-renewing plans, priced by the
 * level rate table), 'month' ('Par mois', a number of months; 3 or more is multi-month),
 * 'rest_of_year' ('reste de l'année', to the end of the school year) and 'fixed' (an offer without
 * a period selector, such as offer 102: the division's Finalprice).
 */
export const PeriodSchema = z.enum(['day', 'week', 'month', 'rest_of_year', 'fixed'])
export type Period = z.infer<typeof PeriodSchema>

/** An amount in dinars: non-negative, at most three decimals. */
export const DinarsSchema = z
  .number()
  .nonnegative()
  .max(1_000_000)
  .refine((value) => toMillimes(value) !== null, { error: 'whole millimes' })

export const DiscountTypeSchema = z.enum(['percentage_discount', 'fixed'])
export type DiscountType = z.infer<typeof DiscountTypeSchema>

/** Pricing entry: the entry's price before and after its own discount, for one period. */
export const PricingEntrySchema = z.object({
  period: PeriodSchema,
  price: DinarsSchema,
  final_price: DinarsSchema,
  discount: DinarsSchema.nullish(),
  discountpercentage: z.number().min(0).max(100).nullish()
})
export type PricingEntry = z.infer<typeof PricingEntrySchema>

/** Subject detail: one subject a pack sells, at its own price. */
export const SubjectDetailSchema = z.object({
  id: z.number().int(),
  subjectId: z.number().int(),
  subject: z.string(),
  price: DinarsSchema,
  description: z.string().nullish()
})
export type SubjectDetail = z.infer<typeof SubjectDetailSchema>

export const InfoDiscountSchema = z.object({
  discountType: DiscountTypeSchema,
  discountValue: z.number().nonnegative()
})

/** An instalment of the division's payment plan: its amount, in dinars. */
export const SliceSchema = z.object({ amount: DinarsSchema })

/** The slice being paid: 1…n for an instalment, -1 for the whole price at once. */
export const SliceIndexSchema = z.number().int().min(-1).max(24)

/** Offer division: what the purchase dialog shows and the engine prices. */
export const OfferDivisionSchema = z.object({
  id: z.number().int(),
  offer_id: z.number().int(),
  name: z.string(),
  type: z.enum(['primary', 'pack']),
  color: z.string().nullish(),
  description: z.string().nullish(),
  button_label: z.string().nullish(),
  disabled: z.boolean(),
  pricing: z.array(PricingEntrySchema).max(16),
  Baseprice: DinarsSchema.nullish(),
  Finalprice: DinarsSchema.nullish(),
  price: DinarsSchema.nullish(),
  infoDiscount: InfoDiscountSchema.nullish(),
  slices: z.array(SliceSchema).max(12).default([]),
  indexSliceToPay: SliceIndexSchema.nullish(),
  weeklyPrice: DinarsSchema.nullish(),
  dailyPrice: DinarsSchema.nullish(),
  offer: z.object({ is_free: z.boolean(), position: z.number().int() }),
  offer_subject_details: z.array(SubjectDetailSchema).max(64).nullish(),
  subject_details: z.array(SubjectDetailSchema).max(64).default([])
})
export type OfferDivision = z.input<typeof OfferDivisionSchema>

/** Offer purchase payload (`student/checkout/buy`): offer_subject_details are the chosen subject details' ids. */
export const OfferPurchasePayloadSchema = z.object({
  offerDivisionDetail: z.number().int(),
  quantity: z.number().int().min(1).max(12).nullish(),
  chapter: z.number().int().nullish(),
  content_id: z.number().int().nullish(),
  offer_subject_details: z.array(z.number().int()).max(64).nullish()
})
export type OfferPurchasePayload = z.infer<typeof OfferPurchasePayloadSchema>

/**
 * What a coupon grants and where it applies (the Discount code's discount and its
 * discount_code_offers, discount_code_offer_division and periods; an empty list is no limit).
 * Uses, per-pupil redemption and ownership are the server's to check against its records.
 */
export const CouponTermsSchema = z.object({
  discountType: DiscountTypeSchema,
  discountValue: z.number().nonnegative().max(1_000_000),
  active: z.boolean().default(true),
  expiresAt: z.iso.datetime({ offset: true }).nullish(),
  offerIds: z.array(z.number().int()).max(64).default([]),
  offerDivisionIds: z.array(z.number().int()).max(256).default([]),
  periods: z.array(PeriodSchema).max(5).default([])
})
export type CouponTerms = z.input<typeof CouponTermsSchema>

/** A code typed in the purchase dialog: a referral code (prefix CP) or a coupon with its terms. */
export const AppliedCodeSchema = z.object({
  code: z.string().max(64),
  coupon: CouponTermsSchema.nullish()
})
export type AppliedCode = z.input<typeof AppliedCodeSchema>

export const QuoteRequestSchema = z.object({
  division: OfferDivisionSchema,
  /** The level of the pupil's class: it prices the daily and weekly plans. */
  level: LevelSlugSchema,
  /** Checked by the engine, so an unknown period is its own refusal. */
  period: z.string().max(32),
  /** Months, for 'month'. */
  quantity: z.number().int().nullish(),
  /** For a pack: the chosen subject details' ids. */
  subjectIds: z.array(z.number().int()).max(64).nullish(),
  codes: z.array(AppliedCodeSchema).max(8).default([]),
  /** The slice paid now; the division's indexSliceToPay when absent. */
  sliceIndex: SliceIndexSchema.nullish(),
  /** The instant of the quote: rest-of-year and a coupon's expiry are read in Africa/Tunis at it. */
  at: z.union([z.date(), z.iso.datetime({ offset: true })]),
  /** The buyer's own referral code, refused as a code of their own. */
  buyerGiftCode: z.string().max(64).nullish()
})
export type QuoteRequest = z.input<typeof QuoteRequestSchema>
