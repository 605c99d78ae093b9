/**
 * An operator's refund of an offer order (issue 28: the referrer's earning "reversed if that order
 * is refunded", the coupon "released when the order fails"; decision 0048): `npm run admin --
 * order show|refund <orderId>`. The points paid go back to the pupil's wallet, the subscription the
 * order opened ends, its coupon is released and its referral earning reversed, in one transaction.
 */
import { z } from 'zod'
import { LanguageSchema } from './profile.ts'
import { MessageResponseSchema, type Endpoint, IdPathSchema } from './common.ts'

/** Longest reason an operator gives for a refund (kept on the order). */
export const REFUND_REASON_MAX = 500

export const OperatorRefundBodySchema = z.strictObject({
  reason: z.string().trim().min(1, { error: 'common.required' }).max(REFUND_REASON_MAX, { error: 'common.tooLong' }).optional(),
  /** The language the pupil's notification is worded in (the server keeps none per pupil): French by default. */
  language: LanguageSchema.default('fr')
})
export type OperatorRefundBody = z.input<typeof OperatorRefundBodySchema>

export const OperatorOrderSchema = z.object({
  id: z.number().int(),
  user_id: z.number().int(),
  offer_id: z.number().int(),
  offer_division_id: z.number().int(),
  offer: z.string(),
  period: z.string(),
  quantity: z.number().int(),
  code: z.string().nullable(),
  /** Dinars (points): the order's total, and what its paid slices (or its whole price) took from the wallet. */
  total: z.number(),
  paid: z.number(),
  slice_count: z.number().int(),
  slices_paid: z.number().int(),
  status: z.string(),
  subscription_id: z.number().int().nullable(),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  created_at: z.string(),
  refunded_at: z.string().nullable(),
  refund_reason: z.string().nullable()
})
export type OperatorOrder = z.infer<typeof OperatorOrderSchema>
export const OperatorOrderResponseSchema = MessageResponseSchema.extend({ order: OperatorOrderSchema })

export const refundOperatorEndpoints = {
  showOrder: {
    method: 'GET',
    service: 'operator',
    path: '/orders/:id',
    access: 'operator',
    summary: 'An offer order: its figures in dinars, the points its slices took, its subscription and its refund',
    params: IdPathSchema,
    response: OperatorOrderResponseSchema,
    errors: [401, 403, 404]
  },
  refundOrder: {
    method: 'POST',
    service: 'operator',
    path: '/orders/:id/refund',
    access: 'operator',
    summary:
      'Refund an order once: its points back to the wallet, its subscription ended, its coupon released, its referral earning reversed, the pupil notified',
    params: IdPathSchema,
    body: OperatorRefundBodySchema,
    response: OperatorOrderResponseSchema,
    errors: [401, 403, 404, 409]
  }
} as const satisfies Record<string, Endpoint>
