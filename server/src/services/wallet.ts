/**
 * Wallet operations on top of the ledger: settling points codes (top-ups), and the life of a
 * points transfer (hold → confirm, or release on rejection or expiry). Each operation runs in
 * the caller's database transaction and is guarded twice: a state change that only succeeds
 * from the expected state (`… WHERE status = 'pending'`), and a ledger reference that can be
 * posted once.
 */
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto'
import { and, eq, lte } from 'drizzle-orm'
import { CONFIRMATION_CODE_LENGTH } from '../../../src/shared/constants.ts'
import type { PaymentMethod } from '../../../src/shared/api/wallet.ts'
import type { Tx } from '../db/client.ts'
import { paymentCodes, pointTransfers } from '../db/schema.ts'
import { move, type SystemAccount } from './ledger.ts'

export type PaymentCodeRow = typeof paymentCodes.$inferSelect
export type TransferRow = typeof pointTransfers.$inferSelect

/** A waiting transfer gives its points back after this long. */
export const TRANSFER_HOLD_MS = 24 * 3_600_000

const clearingOf: Record<PaymentMethod, SystemAccount> = { transfer: 'bank', online: 'card', d17: 'd17' }

export const methodLabels: Record<PaymentMethod, string> = {
  transfer: 'Virement ou versement bancaire',
  d17: 'Paiement D17',
  online: 'Paiement en ligne par carte'
}

/**
 * Ends a pending points code. A credit (approved, paid) posts the amount from the method's
 * clearing account to the wallet, once. Already decided: nothing changes.
 */
export async function settlePayment(tx: Tx, id: number, outcome: 'approved' | 'rejected' | 'paid' | 'failed', now: Date): Promise<{ row: PaymentCodeRow; changed: boolean }> {
  const [updated] = await tx.update(paymentCodes).set({ status: outcome, decidedAt: now })
    .where(and(eq(paymentCodes.id, id), eq(paymentCodes.status, 'pending'))).returning()
  if (!updated) {
    const [row] = await tx.select().from(paymentCodes).where(eq(paymentCodes.id, id)).limit(1)
    if (!row) throw new Error(`No points code ${id}`)
    return { row, changed: false }
  }
  if (outcome === 'rejected' || outcome === 'failed') return { row: updated, changed: true }
  const method = updated.method as PaymentMethod
  const { transactionId } = await move(tx, 'topup', `payment:${id}`, { system: clearingOf[method] }, { userId: updated.userId }, updated.amount, methodLabels[method])
  const [row] = await tx.update(paymentCodes).set({ ledgerTransactionId: transactionId }).where(eq(paymentCodes.id, id)).returning()
  return { row: row!, changed: true }
}

/** Six digits: easy to type from an SMS, within the 6-character code rule. */
export function newTransferCode(): string {
  let code = ''
  for (let i = 0; i < CONFIRMATION_CODE_LENGTH; i++) code += String(randomInt(10))
  return code
}

export function transferCodeHash(secret: string, transferId: number, code: string): string {
  return createHmac('sha256', secret).update(`transfer:${transferId}:${code.toUpperCase()}`).digest('hex')
}

export function sameHash(a: string, b: string): boolean {
  const left = Buffer.from(a)
  const right = Buffer.from(b)
  return left.length === right.length && timingSafeEqual(left, right)
}

/** Holds the points of a new transfer: sender's wallet → held account. Throws InsufficientFundsError. */
export async function holdTransfer(tx: Tx, transfer: TransferRow): Promise<void> {
  await move(tx, 'transfer_hold', `transfer:${transfer.id}`, { userId: transfer.fromUserId }, { system: 'held' }, transfer.amount)
}

/** Confirms a waiting transfer (locked by the caller): held points → recipient. */
export async function completeTransfer(tx: Tx, transfer: TransferRow, now: Date, parentId: number | null): Promise<TransferRow | null> {
  const [done] = await tx.update(pointTransfers).set({ status: 'confirmed', updatedAt: now, confirmedByParentId: parentId })
    .where(and(eq(pointTransfers.id, transfer.id), eq(pointTransfers.status, 'waiting_confirmation'))).returning()
  if (!done) return null
  await move(tx, 'transfer_confirm', `transfer:${transfer.id}`, { system: 'held' }, { userId: transfer.toUserId }, transfer.amount)
  return done
}

/** Ends a waiting transfer without moving it (rejected or expired): held points → sender. */
export async function releaseTransfer(tx: Tx, transferId: number, outcome: 'rejected' | 'expired', now: Date): Promise<TransferRow | null> {
  const [done] = await tx.update(pointTransfers).set({ status: outcome, updatedAt: now })
    .where(and(eq(pointTransfers.id, transferId), eq(pointTransfers.status, 'waiting_confirmation'))).returning()
  if (!done) return null
  await move(tx, 'transfer_release', `transfer:${transferId}`, { system: 'held' }, { userId: done.fromUserId }, done.amount)
  return done
}

/** Transfers whose hold has run out, for the expiry sweep. */
export async function expiredTransferIds(tx: Tx, now: Date): Promise<number[]> {
  const rows = await tx.select({ id: pointTransfers.id }).from(pointTransfers)
    .where(and(eq(pointTransfers.status, 'waiting_confirmation'), lte(pointTransfers.expiresAt, now))).limit(500)
  return rows.map((row) => row.id)
}
