/**
 * The mobile-operator plans contract (specification part 1: §2 Offers, §4 operator returns, §7
 * `/checkout` and `/{operator-billing}/checkout|unsubscribe|success|echec`, §8 'Le numéro existe
 * déjà'; part 2 §3 operator checkout payload, §4 operator checkout): a daily (1) or weekly (7) plan
 * billed by the operator on a phone number. The checkout answers the operator's page to open
 * (`payload.redirectUrl`); the plan starts only on the operator's server-to-server notification
 * (decision 0046), never on the return link.
 */
import { z } from 'zod'
import { phoneSchema } from '../rules/phone.ts'
import { MessageResponseSchema, type Endpoint } from './common.ts'

/** The operator's recurrences: a daily plan (1 day) or a weekly plan (7 days). */
export const OPERATOR_RECURRENCES = [1, 7] as const
export type OperatorRecurrence = (typeof OPERATOR_RECURRENCES)[number]

const rowId = z
  .number({ error: 'division.required' })
  .int({ error: 'common.invalid' })
  .positive({ error: 'common.invalid' })
  .max(2_147_483_647, { error: 'common.invalid' })

/** '1' or '7' as the specification sends it, or the number. */
export const RecurrenceSchema = z
  .union([z.literal('1'), z.literal('7'), z.literal(1), z.literal(7)], { error: 'common.invalid' })
  .transform((value) => Number(value) as OperatorRecurrence)

/** Operator checkout payload (part 2, §3): phone, division (the class), recurrence. */
export const OperatorCheckoutRequestSchema = z.strictObject({
  recurrence: RecurrenceSchema,
  phone: phoneSchema,
  division: rowId
})
export type OperatorCheckoutRequest = z.input<typeof OperatorCheckoutRequestSchema>

export const OperatorPlanStatusSchema = z.enum(['pending', 'active', 'cancelled', 'ended', 'failed'])
export type OperatorPlanStatus = z.infer<typeof OperatorPlanStatusSchema>

/** A plan as its holder sees it: the number (national digits), the price of a period and the last day paid for. */
export const OperatorPlanSchema = z.object({
  id: z.number().int(),
  phone: z.string(),
  recurrence: z.number().int(),
  /** One period's price, in dinars. */
  price: z.number(),
  status: OperatorPlanStatusSchema,
  /** The last day of access paid for (Tunis date), null before the first charge. */
  paid_until: z.string().nullable(),
  periods_paid: z.number().int()
})
export type OperatorPlan = z.infer<typeof OperatorPlanSchema>

export const OperatorCheckoutResponseSchema = z.object({
  message: z.string(),
  payload: z.object({ redirectUrl: z.string(), subscription: OperatorPlanSchema })
})
export type OperatorCheckoutResponse = z.infer<typeof OperatorCheckoutResponseSchema>

export const OperatorPlanResponseSchema = z.object({ message: z.string(), subscription: OperatorPlanSchema.nullable() })
export type OperatorPlanResponse = z.infer<typeof OperatorPlanResponseSchema>

/**
 * What the operator's return link carries back (the app passes on these fields), plus the app's
 * front-check flag; any other field is refused, as in every query.
 */
export const OperatorReturnQuerySchema = z.strictObject({
  subscriptionId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  transactionId: z.string().max(64).optional(),
  status: z.string().max(32).optional(),
  /** The operator's proof, on a success return, that the return is the confirming person's own (the visitor's return). */
  reference: z
    .string()
    .max(128)
    .regex(/^[\w-]*$/)
    .optional(),
  front: z.string().max(8).optional()
})

/** The visitor's success return: the outcome only, never the plan. */
export const OperatorVisitorReturnResponseSchema = z.object({ message: z.string(), activated: z.boolean() })
export type OperatorVisitorReturnResponse = z.infer<typeof OperatorVisitorReturnResponseSchema>

export const OperatorNotificationEventSchema = z.enum(['charged', 'charge_failed', 'unsubscribed'])
export type OperatorNotificationEvent = z.infer<typeof OperatorNotificationEventSchema>

/**
 * The operator's server-to-server notification, signed (`x-operator-signature`, HMAC-SHA256 of
 * its canonical text): one transaction id per notification; a charge names its period (1 the
 * first, then each renewal).
 */
export const OperatorNotificationSchema = z.strictObject({
  transactionId: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[\w-]+$/),
  subscriptionId: z.number().int().positive().max(2_147_483_647),
  event: OperatorNotificationEventSchema,
  period: z.number().int().positive().max(100_000).nullish()
})
export type OperatorNotification = z.infer<typeof OperatorNotificationSchema>

/**
 * An offer of the operator's landing (part 2, §3 "Offer (for operator page): id, level,
 * dailyPrice, weeklyPrice"): one per level, priced by the level rate table (§9), in dinars.
 */
export const OperatorOfferSchema = z.object({
  id: z.number().int(),
  level: z.string(),
  dailyPrice: z.number(),
  weeklyPrice: z.number()
})
export type OperatorOffer = z.infer<typeof OperatorOfferSchema>

export const OperatorOffersResponseSchema = z.object({ message: z.string(), payload: z.array(OperatorOfferSchema) })
export type OperatorOffersResponse = z.infer<typeof OperatorOffersResponseSchema>

export const operatorBillingEndpoints = {
  offers: {
    method: 'GET',
    service: 'api',
    path: '/operator-billing/offers',
    access: 'public',
    summary: "The operator landing's offers: each level's daily and weekly plan price (the level rate table)",
    response: OperatorOffersResponseSchema
  },
  landingCheckout: {
    method: 'POST',
    service: 'api',
    path: '/operator-billing/landing/checkout',
    access: 'public',
    summary:
      "The operator landing's checkout, signed out: the plan is opened for the pupil whose account proved the number, in that pupil's class; answers the operator's page like /checkout",
    body: OperatorCheckoutRequestSchema,
    response: OperatorCheckoutResponseSchema,
    errors: [403, 404, 422]
  },
  landingSuccess: {
    method: 'GET',
    service: 'api',
    path: '/operator-billing/landing/success',
    access: 'public',
    summary:
      "The operator's success return for a signed-out visitor: whether the plan is active ('Abonnement activé'), told only with the return's reference; nothing about the plan itself",
    querystring: OperatorReturnQuerySchema,
    response: OperatorVisitorReturnResponseSchema,
    errors: [422]
  },
  checkout: {
    method: 'POST',
    service: 'api',
    path: '/checkout',
    access: 'user',
    summary:
      "Starts a daily (1) or weekly (7) operator plan on a phone for the pupil's class: answers the operator's page to open (payload.redirectUrl); nothing starts before the operator's notification",
    body: OperatorCheckoutRequestSchema,
    response: OperatorCheckoutResponseSchema,
    errors: [401, 403, 404]
  },
  operatorCheckout: {
    method: 'POST',
    service: 'api',
    path: '/operator-billing/checkout',
    access: 'user',
    summary: 'The same checkout under the operator-billing path (§7)',
    body: OperatorCheckoutRequestSchema,
    response: OperatorCheckoutResponseSchema,
    errors: [401, 403, 404]
  },
  plan: {
    method: 'GET',
    service: 'api',
    path: '/operator-billing/subscription',
    access: 'user',
    summary: "The pupil's latest operator plan (none: null)",
    response: OperatorPlanResponseSchema,
    errors: [401, 403]
  },
  unsubscribe: {
    method: 'POST',
    service: 'api',
    path: '/operator-billing/unsubscribe',
    access: 'user',
    summary: 'Ends the renewals of the active operator plan; access stays to the end of the paid period',
    response: OperatorPlanResponseSchema,
    errors: [401, 403, 409]
  },
  success: {
    method: 'GET',
    service: 'api',
    path: '/operator-billing/success',
    access: 'user',
    summary: "The operator's success return: the plan as the operator's notification left it (the return itself starts nothing)",
    querystring: OperatorReturnQuerySchema,
    response: OperatorPlanResponseSchema,
    errors: [401, 403]
  },
  failure: {
    method: 'POST',
    service: 'api',
    path: '/operator-billing/echec',
    access: 'user',
    summary: "The operator's failure return, recorded; nothing is charged",
    querystring: OperatorReturnQuerySchema,
    response: MessageResponseSchema,
    errors: [401, 403]
  },
  notify: {
    method: 'POST',
    service: 'api',
    path: '/operator-billing/notifications',
    access: 'public',
    summary:
      "The operator's signed server-to-server notification (a charge, a failed charge, an unsubscription): applied once per transaction id and in order",
    body: OperatorNotificationSchema,
    response: MessageResponseSchema,
    errors: [401, 404, 409]
  }
} as const satisfies Record<string, Endpoint>
