/**
 * The wallet contract (specification part 1, sections 2, 3, 4, 5 and 7): points codes (top-ups
 * by bank transfer, D17 QR or online card), the payment returns, the bank accounts to pay to,
 * points transfers with their confirmation code, and the histories. Points travel as numbers of
 * dinars (1 point = 1 dinar, up to three decimals).
 *
 * Money-moving POSTs accept an `Idempotency-Key` header: the same key and body give the first
 * answer again (header `idempotent-replayed: true`) with one effect; another body gives 422;
 * while the first is still running, 409.
 */
import { z } from 'zod'
import { confirmationCodeSchema } from '../rules/code.ts'
import { normalizeDigits } from '../rules/input.ts'
import { paymentAmountSchema, transferPointsSchema } from '../rules/amounts.ts'
import { IdNameSchema, MessageResponseSchema, type Endpoint, IdPathSchema } from './common.ts'

export const PaymentMethodSchema = z.enum(['transfer', 'd17', 'online'])
export type PaymentMethod = z.infer<typeof PaymentMethodSchema>

/** pending → approved | rejected (bank transfer, decided by an operator); pending → paid | failed (card, D17). */
export const PaymentStatusSchema = z.enum(['pending', 'approved', 'rejected', 'paid', 'failed'])
export type PaymentStatus = z.infer<typeof PaymentStatusSchema>

/** A points code (recharge request). */
export const PaymentCodeSchema = z.object({
  id: z.number().int(),
  reference: z.string().nullable(),
  method: PaymentMethodSchema,
  /** Human description of the payment method. */
  payment_method: z.string(),
  amount: z.number(),
  comment: z.string().nullable(),
  status: PaymentStatusSchema,
  /** The id the payment gateway and the darsi://payment/… return carry. */
  order_id: z.string(),
  created_at: z.string()
})
export type PaymentCode = z.infer<typeof PaymentCodeSchema>

/** A row of the points history table (GET /codes). */
export const PaymentHistoryRowSchema = z.object({
  id: z.number().int(),
  code: z.string(),
  method: PaymentMethodSchema,
  amount: z.number(),
  /** The pupil's comment ('' without one): the method has its own column, labelled by the client in its language. */
  description: z.string(),
  date: z.string(),
  status: PaymentStatusSchema
})
export type PaymentHistoryRow = z.infer<typeof PaymentHistoryRowSchema>

const optionalText = (max: number, key: 'common.tooLong') => z.string({ error: key }).max(max, { error: key }).nullish()

export const CreatePaymentCodeBodySchema = z
  .strictObject({
    reference: optionalText(64, 'common.tooLong'),
    amount: paymentAmountSchema,
    comment: optionalText(500, 'common.tooLong'),
    paymentMethod: PaymentMethodSchema.optional()
  })
  .superRefine((body, ctx) => {
    if (!body.paymentMethod) ctx.addIssue({ code: 'custom', path: ['paymentMethod'], message: 'payment.methodRequired' })
    const reference = body.reference?.trim() ?? ''
    if (body.paymentMethod === 'transfer' && reference === '')
      ctx.addIssue({ code: 'custom', path: ['reference'], message: 'payment.referenceRequired' })
    else if (body.reference && /\s/.test(body.reference))
      ctx.addIssue({ code: 'custom', path: ['reference'], message: 'payment.referenceSpaces' })
  })
export type CreatePaymentCodeBody = z.input<typeof CreatePaymentCodeBodySchema>

export const PaymentRedirectResponseSchema = z.object({ url: z.string(), order_id: z.string() })

export const D17PaymentSchema = z.object({
  id: z.number().int(),
  order_id: z.string(),
  amount: z.number(),
  /** The text to render as a QR code (the D17 app opens it). */
  qr: z.string(),
  status: PaymentStatusSchema
})
export const D17CheckResponseSchema = z.object({
  id: z.number().int(),
  status: PaymentStatusSchema,
  paid: z.boolean(),
  /** The wallet balance after the check. */
  points: z.number()
})

export const PaymentReturnQuerySchema = z.strictObject({
  orderId: z
    .string({ error: 'common.required' })
    .min(1, { error: 'common.required' })
    .max(128, { error: 'common.invalid' })
    .regex(/^[\w-]+$/, { error: 'common.invalid' }),
  lang: z.enum(['fr', 'en', 'en-US', 'ar']).optional()
})
/** What the payment result dialog shows; reading it never credits anything. */
export const PaymentResultSchema = z.object({
  order_id: z.string(),
  status: PaymentStatusSchema,
  success: z.boolean(),
  /** 'Abonnement activé' on success, otherwise the failure text. */
  message: z.string(),
  detail: z.string().nullable(),
  amount: z.number(),
  points: z.number()
})
export type PaymentResult = z.infer<typeof PaymentResultSchema>

export const BankAccountSchema = z.object({
  institution: z.string(),
  kind: z.enum(['bank', 'postal']),
  owner: z.string(),
  account_number: z.string(),
  /** Bank identifier (banks) … */
  rib: z.string().nullable(),
  /** … or postal identifier (La Poste). */
  rip: z.string().nullable()
})
export type BankAccount = z.infer<typeof BankAccountSchema>

export const WalletSummarySchema = z.object({
  points: z.number(),
  /** Points held by transfers waiting for their confirmation code. */
  held_points: z.number(),
  currency: z.literal('TND')
})

/** The recipient: a phone number, an e-mail address or an account id (docs/decisions/0004-transfer-recipient.md). */
const toUserSchema = z
  .union([z.string().max(180, { error: 'transfer.recipientUnknown' }), z.number().int(), z.null()], { error: 'common.fillFields' })
  .optional()
  .superRefine((value, ctx) => {
    if (value === undefined || value === null || (typeof value === 'string' && value.trim() === ''))
      ctx.addIssue({ code: 'custom', message: 'common.fillFields' })
  })
  .transform((value) => normalizeDigits(String(value ?? '')).trim())

export const TransferPointsBodySchema = z.strictObject({
  toUser: toUserSchema,
  points: transferPointsSchema,
  /** The administrator impersonating the sender (sent by the client from the switch link); must match the session. */
  admin: z.union([z.number().int().positive(), z.string().regex(/^\d{0,12}$/), z.null()], { error: 'common.invalid' }).optional()
})
export type TransferPointsBody = z.input<typeof TransferPointsBodySchema>

export const TransferStatusSchema = z.enum(['waiting_confirmation', 'confirmed', 'rejected', 'expired'])
export type TransferStatus = z.infer<typeof TransferStatusSchema>

export const TransferSchema = z.object({
  id: z.number().int(),
  from_user: IdNameSchema,
  to_user: IdNameSchema,
  points: z.number(),
  status: TransferStatusSchema,
  is_confirmed: z.boolean(),
  from_parent_user: IdNameSchema.nullable(),
  admin_id: z.number().int().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /** When the held points go back to the sender if nobody confirms. */
  expires_at: z.string()
})
export type Transfer = z.infer<typeof TransferSchema>

export const TransferResponseSchema = z.object({ message: z.string(), transfer: TransferSchema })
export const ConfirmTransferQuerySchema = z.strictObject({ confirmationToken: confirmationCodeSchema })

export const SubscriptionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  group: IdNameSchema,
  amount_paid: z.number(),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  /** When the pupil cancelled it (access stays to its end date); null while it runs on (decision 0045). */
  cancelled_at: z.string().nullable()
})
export const PaymentReceiptSchema = z.object({
  id: z.number().int(),
  method: PaymentMethodSchema,
  received_amount: z.number(),
  payment_date: z.string()
})

export const OrderParamsSchema = z.strictObject({ orderId: PaymentReturnQuerySchema.shape.orderId })

const userErrors = [401, 403, 404] as const

export const walletEndpoints = {
  summary: {
    method: 'GET',
    service: 'api',
    path: '/student/wallet',
    access: 'user',
    summary: 'The balance card: points and points held by unconfirmed transfers',
    response: WalletSummarySchema,
    errors: userErrors
  },
  bankAccounts: {
    method: 'GET',
    service: 'api',
    path: '/payment/bank-accounts',
    access: 'user',
    summary: 'Where to send a bank transfer or postal deposit (two banks and La Poste)',
    response: z.array(BankAccountSchema),
    errors: userErrors
  },
  createCode: {
    method: 'POST',
    service: 'api',
    path: '/student/codes',
    access: 'user',
    status: 201,
    summary: 'Create a points code (top-up): bank transfer waits for an operator, card and D17 for the payment (Idempotency-Key)',
    body: CreatePaymentCodeBodySchema,
    response: PaymentCodeSchema,
    errors: [401, 403, 409]
  },
  codes: {
    method: 'GET',
    service: 'api',
    path: '/codes',
    access: 'user',
    summary: 'The points history: every points code, newest first',
    response: z.array(PaymentHistoryRowSchema),
    errors: userErrors
  },
  paymentRedirect: {
    method: 'GET',
    service: 'api',
    path: '/payment/redirect/:id',
    access: 'user',
    summary: 'The payment page of an online (card) points code',
    params: IdPathSchema,
    response: PaymentRedirectResponseSchema,
    errors: [401, 403, 404, 409]
  },
  d17: {
    method: 'GET',
    service: 'api',
    path: '/payment/d17/:id',
    access: 'user',
    summary: 'The QR payload of a D17 points code',
    params: IdPathSchema,
    response: D17PaymentSchema,
    errors: [401, 403, 404, 409]
  },
  d17Check: {
    method: 'GET',
    service: 'api',
    path: '/payment/d17/check/:id',
    access: 'user',
    summary: 'Whether a D17 points code has been paid',
    params: IdPathSchema,
    response: D17CheckResponseSchema,
    errors: userErrors
  },
  paymentSuccess: {
    method: 'POST',
    service: 'api',
    path: '/payment/success',
    access: 'user',
    summary: 'The status of an order after a darsi://payment/success return (reads only: never credits)',
    querystring: PaymentReturnQuerySchema,
    response: PaymentResultSchema,
    errors: userErrors
  },
  paymentEchec: {
    method: 'POST',
    service: 'api',
    path: '/payment/echec',
    access: 'user',
    summary: 'The status of an order after a darsi://payment/echec return (reads only: never credits)',
    querystring: PaymentReturnQuerySchema,
    response: PaymentResultSchema,
    errors: userErrors
  },
  transfer: {
    method: 'POST',
    service: 'api',
    path: '/student/transfer-points',
    access: 'user',
    status: 201,
    summary: 'Start a points transfer: the points are held and a 6-character code is sent to the sender (Idempotency-Key)',
    body: TransferPointsBodySchema,
    response: TransferResponseSchema,
    errors: [401, 402, 403, 409]
  },
  confirmTransfer: {
    method: 'POST',
    service: 'api',
    path: '/student/confirm-transfer-points',
    access: 'user',
    summary:
      'Confirm a waiting transfer with its code (the sender or a linked parent): the held points move to the recipient (Idempotency-Key)',
    querystring: ConfirmTransferQuerySchema,
    response: TransferResponseSchema,
    errors: [401, 403, 409]
  },
  resendTransferCode: {
    method: 'GET',
    service: 'api',
    path: '/student/confirm-transfer-points/:id',
    access: 'user',
    summary: 'Send a new confirmation code for a waiting transfer',
    params: IdPathSchema,
    response: MessageResponseSchema,
    errors: [401, 403, 404, 409]
  },
  rejectTransfer: {
    method: 'POST',
    service: 'api',
    path: '/student/transfer-points/:id/reject',
    access: 'user',
    summary: 'Reject (cancel) a waiting transfer: the held points go back to the sender',
    params: IdPathSchema,
    response: TransferResponseSchema,
    errors: [401, 403, 404, 409]
  },
  transferHistory: {
    method: 'GET',
    service: 'api',
    path: '/student/transfer-points-history',
    access: 'user',
    summary: 'Transfers sent or received (and, for a parent, those of the linked pupils), newest first',
    response: z.array(TransferSchema),
    errors: userErrors
  },
  subscriptions: {
    method: 'GET',
    service: 'api',
    path: '/student/history/subscriptions',
    access: 'user',
    summary: 'Subscriptions bought, newest first',
    response: z.array(SubscriptionSchema),
    errors: userErrors
  },
  payments: {
    method: 'GET',
    service: 'api',
    path: '/student/history/payments',
    access: 'user',
    summary: 'Payments received (credited points codes), newest first',
    response: z.array(PaymentReceiptSchema),
    errors: userErrors
  }
} as const satisfies Record<string, Endpoint>

export const OperatorPaymentQuerySchema = z.strictObject({ status: PaymentStatusSchema.optional() })
export const OperatorPaymentSchema = PaymentCodeSchema.extend({ user: IdNameSchema })
export const OperatorDecisionResponseSchema = z.object({ message: z.string(), payment: OperatorPaymentSchema })
export const LedgerAuditSchema = z.object({
  ok: z.boolean(),
  total: z.number(),
  problems: z.array(z.record(z.string(), z.union([z.string(), z.number()])))
})

/** Back-office steps of the wallet, for the admin CLI (`npm run admin -- payment …`). */
export const walletOperatorEndpoints = {
  payments: {
    method: 'GET',
    service: 'operator',
    path: '/payments',
    access: 'operator',
    summary: 'Points codes, newest first (filter by status)',
    querystring: OperatorPaymentQuerySchema,
    response: z.array(OperatorPaymentSchema),
    errors: [401, 403]
  },
  approvePayment: {
    method: 'POST',
    service: 'operator',
    path: '/payments/:id/approve',
    access: 'operator',
    summary: 'Approve a pending bank transfer: the wallet is credited once',
    params: IdPathSchema,
    response: OperatorDecisionResponseSchema,
    errors: [401, 403, 404, 409]
  },
  rejectPayment: {
    method: 'POST',
    service: 'operator',
    path: '/payments/:id/reject',
    access: 'operator',
    summary: 'Reject a pending bank transfer',
    params: IdPathSchema,
    response: OperatorDecisionResponseSchema,
    errors: [401, 403, 404, 409]
  },
  ledgerAudit: {
    method: 'GET',
    service: 'operator',
    path: '/ledger/audit',
    access: 'operator',
    summary: 'Reconcile the ledger: balances equal their entries, transactions sum to zero, no wallet below zero',
    response: LedgerAuditSchema,
    errors: [401, 403]
  }
} as const satisfies Record<string, Endpoint>
