/**
 * The offers contract (specification part 1: §2 Offers; §3 Offer division, Pricing entry, Subject
 * detail, Offer purchase payload, Subscription; §4 Buy offer; §7 `student/offers`,
 * `student/checkout/buy`; §8 402; §9 level rates, offer and group ids, pack rules, tiers): the
 * class's offers by position, a quote of a purchase computed by the server, and the purchase with
 * points.
 *
 * The offer divisions are the pricing engine's input as they are (`src/shared/pricing/schema.ts`):
 * the app prices a choice instantly with the same engine; the server prices it again from its own
 * figures and alone decides what is charged (decisions 0032 and 0034). A quote's figures are the
 * engine's, in millimes (1 point = 1 dinar = 1000 millimes).
 */
import { z } from 'zod'
import { DinarsSchema, OfferDivisionSchema, OfferPurchasePayloadSchema, PeriodSchema, SliceIndexSchema } from '../pricing/schema.ts'
import { PricingErrorCodeSchema } from '../pricing/errors.ts'
import { IdNameSchema, MessageResponseSchema, type Endpoint, IdPathSchema } from './common.ts'

/** An offer division as the offers page shows it: the engine's shape, with the offer's id, group and menu. */
export const OfferCardSchema = OfferDivisionSchema.extend({
  offer: z.object({
    id: z.number().int(),
    is_free: z.boolean(),
    position: z.number().int(),
    name: z.string(),
    /** What a purchase opens: the group a subscription is recorded under. */
    group: IdNameSchema,
    /** The unsubscribe menu (offer 33) for holders of a mobile-operator client record. */
    unsubscribable: z.boolean()
  }),
  /** The periods the purchase dialog offers, in the order of the pricing list. */
  periods: z.array(PeriodSchema)
})
export type OfferCard = z.infer<typeof OfferCardSchema>

/** `GET student/offers`: the pupil's class's offers, by the offer's position (§7 "reads payload"). */
export const OffersResponseSchema = z.object({ payload: z.array(OfferCardSchema) })
export type OffersResponse = z.infer<typeof OffersResponseSchema>

/** An id of a database row (a PostgreSQL integer). */
const rowId = z
  .number({ error: 'common.required' })
  .int({ error: 'common.invalid' })
  .positive({ error: 'common.invalid' })
  .max(2_147_483_647, { error: 'common.invalid' })

/** A pack's chosen subject details (their ids), as the purchase and the code take them. */
const SubjectDetailIdsSchema = z.array(rowId, { error: 'common.invalid' }).max(64, { error: 'common.invalid' }).nullish()

/** A code typed in the purchase dialog (a coupon, or a referral code beginning with CP). */
const CodeFieldSchema = z.string({ error: 'common.invalid' }).max(64, { error: 'common.invalid' })

/**
 * What a purchase asks for: the Offer purchase payload, plus the period of the purchase dialog
 * (needed when the division sells more than one), the code applied and the slice paid now.
 */
export const PurchaseRequestSchema = z.strictObject({
  ...OfferPurchasePayloadSchema.shape,
  offerDivisionDetail: rowId,
  chapter: rowId.nullish(),
  content_id: rowId.nullish(),
  offer_subject_details: SubjectDetailIdsSchema,
  /** One of the division's periods; may be left out when it sells only one. */
  period: PeriodSchema.nullish(),
  code: CodeFieldSchema.nullish(),
  /** 1 for the first instalment, -1 for the whole price at once; the division's indexSliceToPay when left out. */
  sliceIndex: SliceIndexSchema.nullish()
})
export type PurchaseRequest = z.infer<typeof PurchaseRequestSchema>

const millimes = z.number().int().nonnegative()

/** The engine's quote (`src/shared/pricing/quote.ts`), figures in millimes. */
export const QuoteSchema = z.object({
  currency: z.literal('TND'),
  period: z.object({
    period: PeriodSchema,
    quantity: z.number().int(),
    multiMonth: z.boolean(),
    startDate: z.string(),
    endDate: z.string().nullable()
  }),
  listPrice: millimes,
  base: millimes,
  pack: z.object({ id: z.string(), basisPoints: z.number().int(), discount: millimes }).nullable(),
  afterPack: millimes,
  code: z
    .object({
      kind: z.enum(['referral', 'coupon']),
      code: z.string(),
      discountType: z.enum(['percentage_discount', 'fixed']),
      basisPoints: z.number().int().nullable(),
      fixedAmount: millimes.nullable(),
      discount: millimes
    })
    .nullable(),
  total: millimes,
  slices: z.array(millimes),
  sliceIndex: z.number().int(),
  dueNow: millimes,
  /** The rules and catalogue figures the quote used (kept with the order). */
  snapshot: z.record(z.string(), z.unknown())
})
export type QuoteAnswer = z.infer<typeof QuoteSchema>

/** The subscription a purchase opened (§3 Subscription), dates in Tunis. */
export const PurchasedSubscriptionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  group: IdNameSchema,
  amount_paid: z.number(),
  start_date: z.string().nullable(),
  end_date: z.string().nullable()
})

/** A subscription the pupil cancelled: its dates kept (access to its end), not renewed (decision 0045). */
export const CancelledSubscriptionSchema = PurchasedSubscriptionSchema.extend({ cancelled_at: z.string() })
export const CancelSubscriptionResponseSchema = z.object({ message: z.string(), subscription: CancelledSubscriptionSchema })
export type CancelSubscriptionResponse = z.infer<typeof CancelSubscriptionResponseSchema>

export const PurchaseResponseSchema = z.object({
  message: z.string(),
  order: z.object({
    id: z.number().int(),
    offer_id: z.number().int(),
    offer_division_id: z.number().int(),
    /** Points taken from the wallet now (the whole price, or the slice paid). */
    amount_paid: z.number(),
    /** The wallet's balance after the purchase, in points. */
    points: z.number(),
    chapter_id: z.number().int().nullable()
  }),
  subscription: PurchasedSubscriptionSchema,
  quote: QuoteSchema
})
export type PurchaseResponse = z.infer<typeof PurchaseResponseSchema>

/**
 * `POST /student/discount-code`: a code typed in the purchase dialog, for the offer division
 * (`offerId`), the months (`quantity`) or the rest of the year (`allYear`) being bought, and a
 * pack's chosen subjects (`offer_subject_details`, as the purchase takes them).
 */
export const DiscountCodeRequestSchema = z.strictObject({
  code: z.string({ error: 'common.required' }).max(64, { error: 'common.invalid' }),
  offerId: rowId,
  offer_subject_details: SubjectDetailIdsSchema,
  quantity: z
    .number({ error: 'common.invalid' })
    .int({ error: 'common.invalid' })
    .min(1, { error: 'common.invalid' })
    .max(12, { error: 'common.invalid' })
    .nullish(),
  allYear: z.boolean({ error: 'common.invalid' }).nullish()
})
export type DiscountCodeRequest = z.infer<typeof DiscountCodeRequestSchema>

/** The code a pupil applied (§3 Discount code): what it grants and where it applies. */
export const AppliedDiscountCodeSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  /** A referral code (prefix CP: 5 % for the friend) or a coupon. */
  kind: z.enum(['referral', 'coupon']),
  /** The offer division it was applied to. */
  offerId: z.number().int(),
  quantity: z.number().int().nullable(),
  allYear: z.boolean(),
  discountType: z.enum(['percentage_discount', 'fixed']),
  /** A percentage (0–100) or an amount in dinars. */
  discountAmount: z.number().nonnegative(),
  /** The offers and offer divisions a coupon is limited to (none: any). */
  discount_code_offers: z.array(z.number().int()),
  discount_code_offer_division: z.array(z.object({ id: z.number().int(), type: z.enum(['primary', 'pack']) }))
})
export type AppliedDiscountCode = z.infer<typeof AppliedDiscountCodeSchema>

export const DiscountCodeAnswerSchema = z.object({ message: z.string(), discount_code: AppliedDiscountCodeSchema, quote: QuoteSchema })
export const DiscountCodeListSchema = z.object({ payload: z.array(AppliedDiscountCodeSchema) })

/** The engine's refusals are error codes of their own (422), worded by the app's catalogue. */
export const PURCHASE_REFUSAL_CODES = PricingErrorCodeSchema.options

export const offerEndpoints = {
  offers: {
    method: 'GET',
    service: 'api',
    path: '/student/offers',
    access: 'user',
    summary: "The offers of the pupil's class, by position: divisions (whole class or pack), pricing list, slices, subject details",
    response: OffersResponseSchema,
    errors: [401, 403]
  },
  quote: {
    method: 'POST',
    service: 'api',
    path: '/student/checkout/quote',
    access: 'user',
    summary:
      "A purchase priced by the server's engine from its own figures (period, months, pack subjects, code, slice); nothing is charged",
    body: PurchaseRequestSchema,
    response: QuoteSchema,
    errors: [401, 403, 404, 409]
  },
  buy: {
    method: 'POST',
    service: 'api',
    path: '/student/checkout/buy',
    access: 'user',
    summary:
      'Buys an offer with points (Idempotency-Key): the server prices it again, takes the points in one ledger transaction and opens the subscription; 402 with the points missing',
    body: PurchaseRequestSchema,
    status: 201,
    response: PurchaseResponseSchema,
    errors: [401, 402, 403, 404, 409]
  },
  applyCode: {
    method: 'POST',
    service: 'api',
    path: '/student/discount-code',
    access: 'user',
    summary:
      'Applies a coupon or a CP referral code to the purchase being prepared (one at a time), with the quote it gives; it is used by the next purchase',
    body: DiscountCodeRequestSchema,
    response: DiscountCodeAnswerSchema,
    errors: [401, 403, 404]
  },
  appliedCodes: {
    method: 'GET',
    service: 'api',
    path: '/student/discount-code',
    access: 'user',
    summary: 'The code the pupil applied and has not used yet (none or one)',
    response: DiscountCodeListSchema,
    errors: [401, 403]
  },
  removeCode: {
    method: 'DELETE',
    service: 'api',
    path: '/student/discount-code/:id',
    access: 'user',
    summary: 'Removes the applied code',
    params: IdPathSchema,
    response: MessageResponseSchema,
    errors: [401, 403, 404]
  },
  cancelSubscription: {
    method: 'POST',
    service: 'api',
    path: '/student/subscriptions/:id/cancel',
    access: 'user',
    summary:
      "Cancels one of the pupil's subscriptions that has not ended: access stays to its end date, no renewal, no later instalment; cancelling again answers the same",
    params: IdPathSchema,
    response: CancelSubscriptionResponseSchema,
    errors: [401, 403, 404, 409]
  }
} as const satisfies Record<string, Endpoint>

// ——— the operator's tools (npm run admin -- offer … | coupon …; decision 0047) ———

const operatorName = z.string().trim().min(1, { error: 'common.required' }).max(120, { error: 'common.tooLong' })
const operatorText = z.string().trim().max(2000, { error: 'common.tooLong' })
const operatorPosition = z
  .number()
  .int({ error: 'common.invalid' })
  .min(0, { error: 'common.invalid' })
  .max(100_000, { error: 'common.invalid' })
const operatorColor = z.string().regex(/^#[0-9A-Fa-f]{6}$/, { error: 'common.invalid' })

/** A pricing entry as the operator gives it: the period, its price and its price after the offer's own discount, in dinars. */
export const OperatorPriceSchema = z
  .strictObject({ period: PeriodSchema, price: DinarsSchema, finalPrice: DinarsSchema.optional() })
  .refine((entry) => entry.finalPrice === undefined || entry.finalPrice <= entry.price, {
    path: ['finalPrice'],
    error: 'common.invalid'
  })

const operatorPrices = z
  .array(OperatorPriceSchema)
  .min(1, { error: 'common.required' })
  .max(5, { error: 'common.invalid' })
  .refine((entries) => new Set(entries.map((entry) => entry.period)).size === entries.length, { error: 'common.invalid' })

/** A pack's subject as the operator gives it: one of the class's subjects and its price in dinars (the pack's Finalprice). */
export const OperatorSubjectSchema = z.strictObject({ subject: rowId, price: DinarsSchema })

/** A pack's subject list: each subject once; given, it replaces the list. */
const operatorSubjects = z
  .array(OperatorSubjectSchema)
  .min(1, { error: 'common.required' })
  .max(60, { error: 'common.invalid' })
  .refine((entries) => new Set(entries.map((entry) => entry.subject)).size === entries.length, { error: 'common.invalid' })

/** `offer add`: an offer for one class (created with its group when the offer id is new), with its prices. */
export const OperatorOfferBodySchema = z.strictObject({
  offerId: rowId,
  division: rowId,
  name: operatorName,
  /** The group a purchase is recorded under; required for a new offer id. */
  group: rowId.optional(),
  type: z.enum(['primary', 'pack'], { error: 'common.invalid' }).default('primary'),
  color: operatorColor.optional(),
  description: operatorText.optional(),
  /** The offer's place on the offers page. */
  position: operatorPosition.optional(),
  prices: operatorPrices.optional(),
  /** A pack's subjects (a pack division only), each one of the class's. */
  subjects: operatorSubjects.optional()
})
export type OperatorOfferBody = z.infer<typeof OperatorOfferBodySchema>

/** `offer edit`: what changes of an offer division (the prices given replace its pricing list). */
export const OperatorOfferEditSchema = z
  .strictObject({
    name: operatorName.optional(),
    color: operatorColor.optional(),
    description: operatorText.optional(),
    position: operatorPosition.optional(),
    prices: operatorPrices.optional(),
    subjects: operatorSubjects.optional(),
    disabled: z.boolean().optional()
  })
  .refine((body) => Object.values(body).some((value) => value !== undefined), { error: 'common.required' })
export type OperatorOfferEdit = z.infer<typeof OperatorOfferEditSchema>

export const OperatorOfferSchema = z.object({
  id: z.number().int(),
  offer_id: z.number().int(),
  division_id: z.number().int(),
  name: z.string(),
  type: z.enum(['primary', 'pack']),
  color: z.string().nullable(),
  description: z.string().nullable(),
  disabled: z.boolean(),
  position: z.number().int(),
  group: IdNameSchema,
  pricing: z.array(z.object({ period: PeriodSchema, price: z.number(), final_price: z.number() })),
  /** A pack's subjects, by position: the class's subject and its price in dinars. */
  subjects: z.array(z.object({ subject_id: z.number().int(), price: z.number() }))
})
export type OperatorOffer = z.infer<typeof OperatorOfferSchema>
export const OperatorOfferResponseSchema = MessageResponseSchema.extend({ offer: OperatorOfferSchema })

/** `coupon add`: a coupon (never a CP… code: those are the pupils' referral codes). */
export const OperatorCouponBodySchema = z
  .strictObject({
    code: z
      .string()
      .trim()
      .min(3, { error: 'common.invalid' })
      .max(64, { error: 'common.tooLong' })
      .regex(/^[A-Za-z0-9_-]+$/, { error: 'common.invalid' })
      .refine((code) => !/^cp/i.test(code), { error: 'common.invalid' }),
    discountType: z.enum(['percentage_discount', 'fixed'], { error: 'common.invalid' }),
    /** A percentage (above 0, at most 100, two decimals) or an amount in dinars. */
    discountValue: DinarsSchema.refine((value) => value > 0, { error: 'common.invalid' }),
    maxUses: z.number().int({ error: 'common.invalid' }).positive({ error: 'common.invalid' }).max(1_000_000).optional(),
    /** The last day it can be used (in Tunis), YYYY-MM-DD. */
    expires: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/, { error: 'common.invalid' })
      .refine((day) => !Number.isNaN(Date.parse(`${day}T00:00:00Z`)) && new Date(`${day}T00:00:00Z`).toISOString().startsWith(day), {
        error: 'common.invalid'
      })
      .optional(),
    offers: z.array(rowId).max(50).optional(),
    offerDivisions: z.array(rowId).max(200).optional(),
    allYear: z.boolean().default(false),
    /** The pupil who may not use it (an influencer's own code). */
    owner: rowId.optional()
  })
  .refine(
    (body) =>
      body.discountType === 'fixed' ||
      (body.discountValue <= 100 && Math.abs(body.discountValue * 100 - Math.round(body.discountValue * 100)) < 1e-9),
    { path: ['discountValue'], error: 'common.invalid' }
  )
export type OperatorCouponBody = z.infer<typeof OperatorCouponBodySchema>

export const OperatorCouponSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  discountType: z.enum(['percentage_discount', 'fixed']),
  /** A percentage (0–100) or an amount in dinars. */
  discountAmount: z.number(),
  active: z.boolean(),
  expires_at: z.string().nullable(),
  max_uses: z.number().int().nullable(),
  uses: z.number().int(),
  allYear: z.boolean(),
  offers: z.array(z.number().int()),
  offer_divisions: z.array(z.number().int())
})
export type OperatorCoupon = z.infer<typeof OperatorCouponSchema>
export const OperatorCouponResponseSchema = MessageResponseSchema.extend({ coupon: OperatorCouponSchema })
export const OperatorCouponCodeSchema = z.strictObject({ code: z.string().trim().min(1, { error: 'common.required' }).max(64) })

export const offerOperatorEndpoints = {
  addOffer: {
    method: 'POST',
    service: 'operator',
    path: '/offers',
    access: 'operator',
    status: 201,
    summary: 'Add an offer for a class (the offer itself when its id is new), with its prices in dinars',
    body: OperatorOfferBodySchema,
    response: OperatorOfferResponseSchema,
    errors: [401, 403, 404, 409]
  },
  editOffer: {
    method: 'POST',
    service: 'operator',
    path: '/offers/:id',
    access: 'operator',
    summary: "Change an offer division (name, colour, description, position, prices, disabled); a pupil's next quote reads it",
    params: IdPathSchema,
    body: OperatorOfferEditSchema,
    response: OperatorOfferResponseSchema,
    // 409: a subject list given to an offer that is no pack.
    errors: [401, 403, 404, 409]
  },
  addCoupon: {
    method: 'POST',
    service: 'operator',
    path: '/coupons',
    access: 'operator',
    status: 201,
    summary:
      'Add a coupon: a percentage or dinars, limited to offers, offer divisions or the rest of the year, with uses, an expiry and an owner',
    body: OperatorCouponBodySchema,
    response: OperatorCouponResponseSchema,
    errors: [401, 403, 404, 409]
  },
  disableCoupon: {
    method: 'POST',
    service: 'operator',
    path: '/coupons/disable',
    access: 'operator',
    summary: 'Disable a coupon by its code: refused from then on (code_inactive), its uses kept',
    body: OperatorCouponCodeSchema,
    response: OperatorCouponResponseSchema,
    errors: [401, 403, 404]
  }
} as const satisfies Record<string, Endpoint>
