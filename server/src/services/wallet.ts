/**
 * Wallet operations on top of the ledger: settling points codes (top-ups), and the life of a
 * points transfer (hold → confirm, or release on rejection or expiry). Each operation runs in
 * the caller's database transaction and is guarded twice: a state change that only succeeds
 * from the expected state (`… WHERE status = 'pending'`), and a ledger reference that can be
 * posted once.
 *
 * A waiting transfer is expired from its `expires_at` on, whether or not its points are given
 * back yet: confirming and rejecting check it in their own statement, and the points come back
 * through `releaseExpiredTransfers`, run by the `wallet.expire-transfers` job for everyone and by
 * a request for the wallets it shows.
 */
import { createHmac, randomInt, timingSafeEqual } from 'node:crypto'
import { and, eq, gt, inArray, lte, or, type SQL } from 'drizzle-orm'
import { CONFIRMATION_CODE_LENGTH } from '../../../src/shared/constants.ts'
import type { PaymentMethod } from '../../../src/shared/api/wallet.ts'
import type { Db, Executor, Tx } from '../db/client.ts'
import { paymentCodes, pointTransfers } from '../db/schema.ts'
import { inTransaction, move, type SystemAccount } from './ledger.ts'

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
export async function settlePayment(
  tx: Tx,
  id: number,
  outcome: 'approved' | 'rejected' | 'paid' | 'failed',
  now: Date
): Promise<{ row: PaymentCodeRow; changed: boolean }> {
  const [updated] = await tx
    .update(paymentCodes)
    .set({ status: outcome, decidedAt: now })
    .where(and(eq(paymentCodes.id, id), eq(paymentCodes.status, 'pending')))
    .returning()
  if (!updated) {
    const [row] = await tx.select().from(paymentCodes).where(eq(paymentCodes.id, id)).limit(1)
    if (!row) throw new Error(`No points code ${id}`)
    return { row, changed: false }
  }
  if (outcome === 'rejected' || outcome === 'failed') return { row: updated, changed: true }
  const method = updated.method as PaymentMethod
  const { transactionId } = await move(
    tx,
    'topup',
    `payment:${id}`,
    { system: clearingOf[method] },
    { userId: updated.userId },
    updated.amount,
    methodLabels[method]
  )
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

/** A waiting transfer whose hold still runs at `now`. */
export function stillWaiting(now: Date): SQL {
  return and(eq(pointTransfers.status, 'waiting_confirmation'), gt(pointTransfers.expiresAt, now))!
}

/** Confirms a transfer waiting and not expired (locked by the caller): held points → recipient. */
export async function completeTransfer(tx: Tx, transfer: TransferRow, now: Date, parentId: number | null): Promise<TransferRow | null> {
  const [done] = await tx
    .update(pointTransfers)
    .set({ status: 'confirmed', updatedAt: now, confirmedByParentId: parentId })
    .where(and(eq(pointTransfers.id, transfer.id), stillWaiting(now)))
    .returning()
  if (!done) return null
  await move(tx, 'transfer_confirm', `transfer:${transfer.id}`, { system: 'held' }, { userId: transfer.toUserId }, transfer.amount)
  return done
}

/**
 * Ends a waiting transfer without moving it: held points → sender. Rejected only while its hold
 * runs, expired only once it has run out.
 */
export async function releaseTransfer(tx: Tx, transferId: number, outcome: 'rejected' | 'expired', now: Date): Promise<TransferRow | null> {
  const [done] = await tx
    .update(pointTransfers)
    .set({ status: outcome, updatedAt: now })
    .where(
      and(
        eq(pointTransfers.id, transferId),
        eq(pointTransfers.status, 'waiting_confirmation'),
        outcome === 'rejected' ? gt(pointTransfers.expiresAt, now) : lte(pointTransfers.expiresAt, now)
      )
    )
    .returning()
  if (!done) return null
  await move(tx, 'transfer_release', `transfer:${transferId}`, { system: 'held' }, { userId: done.fromUserId }, done.amount)
  return done
}

/** Whose expired transfers to release: those sent by `senders`, and those received by `recipient`. */
export type TransferParties = { senders: number[]; recipient?: number }

/** Waiting transfers whose hold has run out at `now` (of these parties only, when given). */
export async function expiredTransferIds(executor: Executor, now: Date, parties?: TransferParties): Promise<number[]> {
  const involved = parties
    ? or(
        inArray(pointTransfers.fromUserId, parties.senders),
        parties.recipient === undefined ? undefined : eq(pointTransfers.toUserId, parties.recipient)
      )
    : undefined
  const rows = await executor
    .select({ id: pointTransfers.id })
    .from(pointTransfers)
    .where(and(eq(pointTransfers.status, 'waiting_confirmation'), lte(pointTransfers.expiresAt, now), involved))
    .orderBy(pointTransfers.id)
    .limit(500)
  return rows.map((row) => row.id)
}

/**
 * Gives back the points of the transfers nobody confirmed in time, each in its own transaction
 * (and once, whoever else releases it at the same moment). Without `parties`, everyone's: the
 * work of the expiry job. With them, those a request is about to show, so that its balances and
 * statuses are right at its instant even when the job has not run yet. Resolves to how many it
 * released.
 */
export async function releaseExpiredTransfers(db: Db, now: Date, parties?: TransferParties): Promise<number> {
  let released = 0
  for (const id of await expiredTransferIds(db, now, parties)) {
    if (await inTransaction(db, (tx) => releaseTransfer(tx, id, 'expired', now))) released++
  }
  return released
}
