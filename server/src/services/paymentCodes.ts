/**
 * Points codes (top-ups) and the wallet's histories: the balance card, creating a code, reading
 * one of the user's own (by id or order id: another user's answers 404 exactly like a missing
 * one), the points, payments and subscriptions histories (each ONE statement answering the JSON
 * the database writes, docs/decisions/0030-lists-at-the-p8-bar.md), and the operator's decisions
 * on bank transfers.
 */
import { randomBytes } from 'node:crypto'
import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm'
import type { PaymentMethod, PaymentStatus } from '../../../src/shared/api/wallet.ts'
import type { Db, Executor, Tx } from '../db/client.ts'
import { jsonListStatement } from '../db/json.ts'
import { preparedFor } from '../db/prepared.ts'
import { offerGroups, paymentCodes, pointTransfers, userOffers, users } from '../db/schema.ts'
import { ApiError } from '../errors.ts'
import type { AnswerCache } from './answerCache.ts'
import { paymentHistoryRowJson, paymentReceiptJson, subscriptionJson } from '../presenters/wallet.ts'
import { inTransaction, toMillimes, toPoints, walletBalance } from './ledger.ts'
import type { NotificationService } from './notifications.ts'
import { releaseExpiredTransfers, settlePayment, stillWaiting, type PaymentCodeRow } from './wallet.ts'

export const LIST_LIMIT = 1000
const me = sql.placeholder('userId')

export const notFound = () => new ApiError('not_found', 'Not found')

/** The balance card (millimes): the wallet, and what its waiting transfers hold (its expired ones given back first). */
export async function walletSummary(db: Db, userId: number, at: Date): Promise<{ balance: number; held: number }> {
  await releaseExpiredTransfers(db, at, { senders: [userId] })
  const [held] = await db
    .select({ total: sql<string>`coalesce(sum(${pointTransfers.amount}), 0)` })
    .from(pointTransfers)
    .where(and(eq(pointTransfers.fromUserId, userId), stillWaiting(at)))
  return { balance: await walletBalance(db, userId), held: Number(held?.total ?? 0) }
}

export type NewPaymentCode = { reference?: string | null; amount: number; comment?: string | null }

/** A new pending points code of the user, with its order id for the payment pages. */
export async function createPaymentCode(
  tx: Tx,
  userId: number,
  method: PaymentMethod,
  body: NewPaymentCode,
  now: Date
): Promise<PaymentCodeRow> {
  const [row] = await tx
    .insert(paymentCodes)
    .values({
      userId,
      method,
      reference: body.reference?.trim() || null,
      amount: toMillimes(body.amount),
      comment: body.comment?.trim() || null,
      orderId: randomBytes(18).toString('base64url'),
      createdAt: now
    })
    .returning()
  return row!
}

/** One of the user's points codes. */
export async function ownedCode(executor: Executor, userId: number, id: number): Promise<PaymentCodeRow> {
  return ownedWhere(executor, userId, eq(paymentCodes.id, id))
}

/** One of the user's points codes, by its order id. */
export async function ownedOrder(executor: Executor, userId: number, orderId: string): Promise<PaymentCodeRow> {
  return ownedWhere(executor, userId, eq(paymentCodes.orderId, orderId))
}

/** The user's points code that `match` names; 404 when it is none of theirs. */
async function ownedWhere(executor: Executor, userId: number, match: SQL): Promise<PaymentCodeRow> {
  const [row] = await executor
    .select()
    .from(paymentCodes)
    .where(and(match, eq(paymentCodes.userId, userId)))
    .limit(1)
  if (!row) throw notFound()
  return row
}

/** A card or D17 payment by its order id, whoever's it is (the payment providers' pages); null for none of that method. */
export async function orderOf(executor: Executor, orderId: string, method: 'online' | 'd17'): Promise<PaymentCodeRow | null> {
  const [row] = await executor.select().from(paymentCodes).where(eq(paymentCodes.orderId, orderId)).limit(1)
  return row && row.method === method ? row : null
}

/** The points codes (top-ups), newest first, dated by their decision once decided. */
const codesQuery = preparedFor((db) => {
  const listed = db
    .select({
      id: paymentCodes.id,
      json: paymentHistoryRowJson.as('json')
    })
    .from(paymentCodes)
    .where(eq(paymentCodes.userId, me))
    .orderBy(desc(paymentCodes.id))
    .limit(LIST_LIMIT)
    .as('listed')
  return jsonListStatement(db, listed, sql`${listed.id} desc`, 'points_codes')
})

/** The credited points codes (the payments history), latest decision first. */
const paymentsQuery = preparedFor((db) => {
  const listed = db
    .select({
      id: paymentCodes.id,
      decidedAt: paymentCodes.decidedAt,
      json: paymentReceiptJson.as('json')
    })
    .from(paymentCodes)
    .where(and(eq(paymentCodes.userId, me), inArray(paymentCodes.status, ['approved', 'paid'])))
    .as('listed')
  return jsonListStatement(db, listed, sql`${listed.decidedAt} desc, ${listed.id} desc`, 'payments_history')
})

/** The subscriptions, the latest first. */
const subscriptionsQuery = preparedFor((db) => {
  const listed = db
    .select({
      id: userOffers.id,
      json: subscriptionJson.as('json')
    })
    .from(userOffers)
    .innerJoin(offerGroups, eq(offerGroups.id, userOffers.groupId))
    .where(eq(userOffers.userId, me))
    .as('listed')
  return jsonListStatement(db, listed, sql`${listed.id} desc`, 'subscriptions_history')
})

const historyQueries = { codes: codesQuery, payments: paymentsQuery, subscriptions: subscriptionsQuery }

/** One of the user's histories as the answer's JSON. */
export async function historyJson(db: Executor, history: keyof typeof historyQueries, userId: number): Promise<string> {
  const [read] = await historyQueries[history](db).execute({ userId })
  return read!.json
}

/** The table the points codes are read from: a change to it empties their cache. */
export const POINTS_CODES_TABLES = ['payment_codes'] as const

/** The user's points codes as the answer's JSON, kept in `cache` by user until a change to the codes. */
export async function pointsCodesJson(db: Executor, cache: AnswerCache, userId: number, at: Date): Promise<string> {
  const key = String(userId)
  const cached = cache.get(key, at)
  if (cached !== undefined) return cached
  const ticket = cache.begin()
  const json = await historyJson(db, 'codes', userId)
  cache.set(ticket, key, json, null)
  return json
}

export type PaymentOwner = { id: number; name: string; lastName: string }

async function ownerOf(executor: Executor, row: PaymentCodeRow): Promise<PaymentOwner> {
  const [owner] = await executor
    .select({ id: users.id, name: users.name, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, row.userId))
  return owner!
}

/** Points codes (of one status), newest first, 200 at most, each with its owner. */
export async function paymentsByStatus(
  db: Executor,
  status: PaymentStatus | undefined
): Promise<Array<{ row: PaymentCodeRow; owner: PaymentOwner }>> {
  const rows = await db
    .select()
    .from(paymentCodes)
    .where(status ? eq(paymentCodes.status, status) : undefined)
    .orderBy(desc(paymentCodes.id))
    .limit(200)
  return Promise.all(rows.map(async (row) => ({ row, owner: await ownerOf(db, row) })))
}

/**
 * An operator's decision on a pending bank transfer: approved credits the wallet once. The owner
 * is told once the decision has committed.
 */
export async function decidePayment(
  db: Db,
  notifications: NotificationService,
  id: number,
  outcome: 'approved' | 'rejected',
  now: Date
): Promise<{ settled: PaymentCodeRow; owner: PaymentOwner }> {
  let told: Parameters<NotificationService['publish']>[0] | null = null
  const result = await inTransaction(db, async (tx) => {
    const [row] = await tx.select().from(paymentCodes).where(eq(paymentCodes.id, id)).limit(1)
    if (!row) throw notFound()
    if (row.method !== 'transfer') throw new ApiError('operation_impossible', 'Seuls les virements bancaires sont validés par un opérateur')
    const { row: settled, changed } = await settlePayment(tx, id, outcome, now)
    if (!changed) throw new ApiError('operation_impossible', `Ce paiement est déjà ${settled.status === 'approved' ? 'validé' : 'refusé'}`)
    const points = toPoints(settled.amount)
    told = await notifications.store(
      tx,
      outcome === 'approved'
        ? {
            userId: settled.userId,
            link: '/porte-monnaie',
            title: 'Recharge validée',
            body: `Votre virement de ${points} points a été validé : vos points sont disponibles.`
          }
        : {
            userId: settled.userId,
            link: '/porte-monnaie',
            title: 'Recharge refusée',
            body: `Votre virement de ${points} points n'a pas été validé. Vérifiez la référence ou contactez l'assistance.`
          }
    )
    return { settled, owner: await ownerOf(tx, settled) }
  })
  if (told) notifications.publish(told)
  return result
}
