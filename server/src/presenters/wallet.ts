/**
 * The only way the wallet's rows leave the server: points codes, transfers, payment results and
 * the operator's payments (the shapes of src/shared/api/wallet.ts); the histories as the JSON the
 * database writes (db/json.ts; docs/decisions/0030-lists-at-the-p8-bar.md).
 */
import { sql, type AnyColumn } from 'drizzle-orm'
import { IdNameSchema } from '../../../src/shared/api/common.ts'
import type { z } from 'zod'
import {
  PaymentHistoryRowSchema,
  PaymentReceiptSchema,
  SubscriptionSchema,
  TransferSchema,
  type D17PaymentSchema,
  type PaymentCode,
  type PaymentMethod,
  type PaymentResult,
  type PaymentStatus,
  type Transfer,
  type TransferStatus,
  type WalletSummarySchema
} from '../../../src/shared/api/wallet.ts'
import { jsonFullName, jsonObject, jsonOrNull, jsonPoints, jsonTime, jsonValue } from '../db/json.ts'
import { offerGroups, paymentCodes, pointTransfers, userOffers } from '../db/schema.ts'
import { toPoints } from '../services/ledger.ts'
import type { TransferView } from '../services/transfers.ts'
import { methodLabels, type PaymentCodeRow } from '../services/wallet.ts'

const SUCCESS_MESSAGE = 'Abonnement activé'
const FAILURE_MESSAGE = 'Une erreur est survenue'
const FAILURE_DETAIL = 'La transaction n’a pas pu aboutir, veuillez réessayer plus tard'

/** A person's full name as the wallet writes it. */
export function fullName(row: { name: string; lastName: string }): string {
  return `${row.name} ${row.lastName}`.trim()
}

export function presentPaymentCode(row: PaymentCodeRow): PaymentCode {
  const method = row.method as PaymentMethod
  return {
    id: row.id,
    reference: row.reference,
    method,
    payment_method: methodLabels[method],
    amount: toPoints(row.amount),
    comment: row.comment,
    status: row.status as PaymentStatus,
    order_id: row.orderId,
    created_at: row.createdAt.toISOString()
  }
}

/** A points code as the operator lists it, with its owner. */
export function presentOperatorPayment(row: PaymentCodeRow, owner: { id: number; name: string; lastName: string }) {
  return { ...presentPaymentCode(row), user: { id: owner.id, name: fullName(owner) } }
}

/** The balance card: points (millimes) in the wallet and held by unconfirmed transfers. */
export function presentWalletSummary(balance: number, held: number): z.input<typeof WalletSummarySchema> {
  return { points: toPoints(balance), held_points: toPoints(held), currency: 'TND' as const }
}

/** A D17 points code with the QR code's payload (`qr`: the provider's page). */
export function presentD17(row: PaymentCodeRow, qr: string): z.input<typeof D17PaymentSchema> {
  return { id: row.id, order_id: row.orderId, amount: toPoints(row.amount), status: row.status as PaymentStatus, qr }
}

/** Whether a D17 points code has been paid, with the wallet's balance (millimes). */
export function presentD17Check(row: PaymentCodeRow, balance: number) {
  return { id: row.id, status: row.status as PaymentStatus, paid: row.status === 'paid', points: toPoints(balance) }
}

/** What a payment return reports: the order's status, and the wallet's balance (millimes). */
export function presentPaymentResult(row: PaymentCodeRow, balance: number): PaymentResult {
  const credited = row.status === 'paid' || row.status === 'approved'
  const pending = row.status === 'pending'
  return {
    order_id: row.orderId,
    status: row.status as PaymentStatus,
    success: credited,
    message: credited ? SUCCESS_MESSAGE : pending ? 'Paiement en attente de confirmation' : FAILURE_MESSAGE,
    detail: credited || pending ? null : FAILURE_DETAIL,
    amount: toPoints(row.amount),
    points: toPoints(balance)
  }
}

export function presentTransfer({ transfer, sender: from, recipient: to, parent: by }: TransferView): Transfer {
  return {
    id: transfer.id,
    from_user: { id: from.id, name: fullName(from) },
    to_user: { id: to.id, name: fullName(to) },
    points: toPoints(transfer.amount),
    status: transfer.status as TransferStatus,
    is_confirmed: transfer.status === 'confirmed',
    from_parent_user: by ? { id: by.id, name: fullName(by) } : null,
    admin_id: transfer.adminId,
    created_at: transfer.createdAt.toISOString(),
    updated_at: transfer.updatedAt.toISOString(),
    expires_at: transfer.expiresAt.toISOString()
  }
}

/*
 * The histories' JSON.
 */

type Person = { id: AnyColumn; name: AnyColumn; lastName: AnyColumn }
const idName = (person: Person) => jsonObject(IdNameSchema, { id: jsonValue(person.id), name: jsonFullName(person.name, person.lastName) })

/** A transfer as the JSON of `presentTransfer`: its sender, recipient and confirming parent are the statement's aliases of `users`. */
export function transferJson(sender: Person, recipient: Person, confirmer: Person) {
  return jsonObject(TransferSchema, {
    id: jsonValue(pointTransfers.id),
    from_user: idName(sender),
    to_user: idName(recipient),
    points: jsonPoints(pointTransfers.amount),
    status: jsonValue(pointTransfers.status),
    is_confirmed: jsonValue(sql`${pointTransfers.status} = 'confirmed'`),
    from_parent_user: jsonOrNull(sql`${confirmer.id} is not null`, idName(confirmer)),
    admin_id: jsonValue(pointTransfers.adminId),
    created_at: jsonTime(pointTransfers.createdAt),
    updated_at: jsonTime(pointTransfers.updatedAt),
    expires_at: jsonTime(pointTransfers.expiresAt)
  })
}

/** A points code of the points history, dated by its decision once decided. */
export const paymentHistoryRowJson = jsonObject(PaymentHistoryRowSchema, {
  id: jsonValue(paymentCodes.id),
  code: jsonValue(sql`coalesce(${paymentCodes.reference}, '#' || ${paymentCodes.id})`),
  method: jsonValue(paymentCodes.method),
  amount: jsonPoints(paymentCodes.amount),
  description: jsonValue(sql`coalesce(${paymentCodes.comment}, '')`),
  date: jsonTime(sql`coalesce(${paymentCodes.decidedAt}, ${paymentCodes.createdAt})`),
  status: jsonValue(paymentCodes.status)
})

/** A credited points code of the payments history. */
export const paymentReceiptJson = jsonObject(PaymentReceiptSchema, {
  id: jsonValue(paymentCodes.id),
  method: jsonValue(paymentCodes.method),
  received_amount: jsonPoints(paymentCodes.amount),
  payment_date: jsonTime(sql`coalesce(${paymentCodes.decidedAt}, ${paymentCodes.createdAt})`)
})

/** A subscription of the subscriptions history, with its offer group. */
export const subscriptionJson = jsonObject(SubscriptionSchema, {
  id: jsonValue(userOffers.id),
  name: jsonValue(offerGroups.name),
  group: jsonObject(IdNameSchema, { id: jsonValue(userOffers.groupId), name: jsonValue(offerGroups.name) }),
  amount_paid: jsonPoints(userOffers.amountPaid),
  start_date: jsonValue(userOffers.startDate),
  end_date: jsonValue(userOffers.endDate),
  cancelled_at: jsonTime(userOffers.cancelledAt)
})
