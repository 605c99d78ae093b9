/**
 * Points transfers between accounts (decision 0004): starting one (its points held, a code sent
 * to the sender and a linked parent), confirming it with the code, sending a new code, rejecting
 * it, and the transfers a user sees (ONE statement answering the JSON the database writes,
 * docs/decisions/0030-lists-at-the-p8-bar.md). The ledger's side of each step is services/wallet.ts.
 */
import { and, desc, eq, inArray, or, sql, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { parseCredential } from '../../../src/shared/rules/credential.ts'
import type { Db, Executor, Tx } from '../db/client.ts'
import { jsonArrayAgg } from '../db/json.ts'
import { preparedFor } from '../db/prepared.ts'
import { pointTransfers, users } from '../db/schema.ts'
import { ApiError } from '../errors.ts'
import type { UserRow } from '../http.ts'
import { provenCredentialOf } from '../presenters/user.ts'
import { fullName, presentTransfer, transferJson } from '../presenters/wallet.ts'
import { provenHolder } from './users.ts'
import { InsufficientFundsError, inTransaction, isOverdraftViolation, toMillimes, toPoints } from './ledger.ts'
import type { AnswerCache } from './answerCache.ts'
import type { NotificationService } from './notifications.ts'
import type { OutboxService, OutgoingMessage } from './outbox.ts'
import { LIST_LIMIT, notFound } from './paymentCodes.ts'
import {
  completeTransfer,
  holdTransfer,
  newTransferCode,
  releaseExpiredTransfers,
  releaseTransfer,
  sameHash,
  stillWaiting,
  TRANSFER_HOLD_MS,
  transferCodeHash,
  type TransferRow
} from './wallet.ts'

type Person = { id: number; name: string; lastName: string }

/** A transfer with its sender, recipient and the parent who confirmed it. */
export type TransferView = { transfer: TransferRow; sender: Person; recipient: Person; parent: Person | null }

/** What the transfer steps need of the server: the code's secret and lifetime, the tries a code allows, the outbox. */
export type TransferContext = { codeSecret: string; codeTtlMinutes: number; codeMaxAttempts: number; outbox: OutboxService }

/** No waiting transfer of this user matches the code; `aimedAt` lists the codes the try counts against. */
export class WrongTransferCode extends Error {
  readonly aimedAt: number[]
  constructor(aimedAt: number[]) {
    super('Wrong transfer code')
    this.aimedAt = aimedAt
  }
}

/** The recipient named by a phone number, an e-mail address or an account id (decision 0004). */
export async function findTransferRecipient(db: Executor, toUser: string): Promise<UserRow | null> {
  const credential = parseCredential(toUser)
  let match
  // Only a phone or e-mail its owner proved names them (one merely typed into a profile does not).
  if (credential) match = provenHolder(credential)
  else if (/^\d{1,9}$/.test(toUser)) match = eq(users.id, Number(toUser))
  else return null
  const [row] = await db
    .select()
    .from(users)
    .where(and(match, eq(users.verified, true), inArray(users.role, ['student', 'parent', 'influencer'])))
    .orderBy(users.id)
    .limit(1)
  return row ?? null
}

/** Pupils whose transfers this user may confirm: themselves and, for a parent, the linked pupils. */
export async function confirmableSenders(executor: Executor, user: UserRow): Promise<number[]> {
  const children = await executor.select({ id: users.id }).from(users).where(eq(users.parentId, user.id))
  return [user.id, ...children.map((child) => child.id)]
}

async function transferViews(executor: Executor, where: SQL | undefined): Promise<TransferView[]> {
  const sender = alias(users, 'sender')
  const recipient = alias(users, 'recipient')
  const parent = alias(users, 'parent')
  return executor
    .select({
      transfer: pointTransfers,
      sender: { id: sender.id, name: sender.name, lastName: sender.lastName },
      recipient: { id: recipient.id, name: recipient.name, lastName: recipient.lastName },
      parent: { id: parent.id, name: parent.name, lastName: parent.lastName }
    })
    .from(pointTransfers)
    .innerJoin(sender, eq(sender.id, pointTransfers.fromUserId))
    .innerJoin(recipient, eq(recipient.id, pointTransfers.toUserId))
    .leftJoin(parent, eq(parent.id, pointTransfers.confirmedByParentId))
    .where(where)
    .orderBy(desc(pointTransfers.id))
    .limit(1000)
}

/** One transfer with its people. */
export async function transferView(executor: Executor, id: number): Promise<TransferView> {
  const [view] = await transferViews(executor, eq(pointTransfers.id, id))
  return view!
}

function transferCodeMessage(
  sender: UserRow,
  to: string,
  recipient: string,
  points: number,
  code: string,
  minutes: number
): OutgoingMessage {
  return {
    channel: to.includes('@') ? 'email' : 'sms',
    to,
    subject: 'Darsi : confirmez votre transfert de points',
    body: `${sender.name}, votre code de confirmation du transfert de ${points} points vers ${recipient} est ${code}. Il expire dans ${minutes} minutes.`,
    code
  }
}

/** Sends the transfer code to the sender, and to a linked parent, each where a code proved it reaches them. */
async function sendTransferCode(tx: Tx, context: TransferContext, transfer: TransferRow, code: string): Promise<void> {
  const [sender] = await tx.select().from(users).where(eq(users.id, transfer.fromUserId)).limit(1)
  const [recipient] = await tx
    .select({ name: users.name, lastName: users.lastName })
    .from(users)
    .where(eq(users.id, transfer.toUserId))
    .limit(1)
  const minutes = context.codeTtlMinutes
  const targets = new Set<string>()
  const own = provenCredentialOf(sender!)
  if (own) targets.add(own)
  if (sender!.parentId != null) {
    const [parent] = await tx.select().from(users).where(eq(users.id, sender!.parentId)).limit(1)
    const parentTarget = parent ? provenCredentialOf(parent) : ''
    if (parentTarget) targets.add(parentTarget)
  }
  for (const to of targets) {
    await context.outbox.enqueue(transferCodeMessage(sender!, to, fullName(recipient!), toPoints(transfer.amount), code, minutes), tx)
  }
}

function insufficient(error: unknown): never {
  if (error instanceof InsufficientFundsError || isOverdraftViolation(error)) {
    throw new ApiError('insufficient_points', 'Solde de points insuffisant', {
      status: 402,
      fieldKeys: { points: ['transfer.insufficient'] }
    })
  }
  throw error
}

/** Starts a transfer inside the caller's transaction: its points are held and its code sent. */
export async function startTransfer(
  tx: Tx,
  context: TransferContext,
  input: { fromUserId: number; toUserId: number; points: number; adminId: number | null },
  at: Date
): Promise<TransferView> {
  const code = newTransferCode()
  const [created] = await tx
    .insert(pointTransfers)
    .values({
      fromUserId: input.fromUserId,
      toUserId: input.toUserId,
      amount: toMillimes(input.points),
      codeHash: 'pending',
      codeExpiresAt: new Date(at.getTime() + context.codeTtlMinutes * 60_000),
      expiresAt: new Date(at.getTime() + TRANSFER_HOLD_MS),
      adminId: input.adminId,
      createdAt: at,
      updatedAt: at
    })
    .returning()
  const [transfer] = await tx
    .update(pointTransfers)
    .set({ codeHash: transferCodeHash(context.codeSecret, created!.id, code) })
    .where(eq(pointTransfers.id, created!.id))
    .returning()
  await holdTransfer(tx, transfer!).catch(insufficient)
  await sendTransferCode(tx, context, transfer!, code)
  return transferView(tx, transfer!.id)
}

/**
 * Confirms, inside the caller's transaction, the waiting transfer of `senders` whose code this is
 * (a parent confirms for a linked pupil). Throws WrongTransferCode when none matches.
 */
export async function confirmTransfer(
  tx: Tx,
  context: TransferContext,
  user: UserRow,
  senders: number[],
  code: string,
  at: Date
): Promise<TransferView> {
  const waiting = await tx
    .select()
    .from(pointTransfers)
    .where(and(inArray(pointTransfers.fromUserId, senders), stillWaiting(at)))
    .orderBy(pointTransfers.id)
    .for('update')
  const usable = waiting.filter((t) => t.codeExpiresAt.getTime() > at.getTime() && t.codeAttempts < context.codeMaxAttempts)
  const match = usable.find((t) => sameHash(t.codeHash, transferCodeHash(context.codeSecret, t.id, code)))
  if (!match) throw new WrongTransferCode(usable.map((t) => t.id))
  const done = await completeTransfer(tx, match, at, match.fromUserId === user.id ? null : user.id)
  if (!done) throw new WrongTransferCode([])
  return transferView(tx, done.id)
}

/** Every wrong try counts against the codes it could have been aimed at (after the rollback). */
export async function countWrongTry(db: Executor, error: WrongTransferCode): Promise<void> {
  if (error.aimedAt.length > 0) {
    await db
      .update(pointTransfers)
      .set({ codeAttempts: sql`${pointTransfers.codeAttempts} + 1` })
      .where(inArray(pointTransfers.id, error.aimedAt))
  }
}

/** Tells the recipient of a confirmed transfer, inside its transaction; `publish` it once committed. */
export function storeTransferReceived(tx: Tx, notifications: NotificationService, view: TransferView) {
  const transfer = presentTransfer(view)
  return notifications.store(tx, {
    userId: view.transfer.toUserId,
    type: 'transferPoint',
    link: '/porte-monnaie',
    title: 'Points reçus',
    body: `${transfer.from_user.name} vous a transféré ${transfer.points} points.`
  })
}

async function sendersTransfer(db: Executor, user: UserRow, id: number): Promise<{ id: number }> {
  const senders = await confirmableSenders(db, user)
  const [transfer] = await db
    .select({ id: pointTransfers.id })
    .from(pointTransfers)
    .where(and(eq(pointTransfers.id, id), inArray(pointTransfers.fromUserId, senders)))
    .limit(1)
  if (!transfer) throw notFound()
  return transfer
}

/** A new code for a waiting transfer of the user (or of a linked pupil); the earlier one stops working. */
export async function resendTransferCode(db: Db, context: TransferContext, user: UserRow, id: number, now: () => Date): Promise<void> {
  const transfer = await sendersTransfer(db, user, id)
  await inTransaction(db, async (tx) => {
    const code = newTransferCode()
    const at = now()
    const [updated] = await tx
      .update(pointTransfers)
      .set({
        codeHash: transferCodeHash(context.codeSecret, transfer.id, code),
        codeAttempts: 0,
        codeExpiresAt: new Date(at.getTime() + context.codeTtlMinutes * 60_000),
        updatedAt: at
      })
      .where(and(eq(pointTransfers.id, transfer.id), stillWaiting(at)))
      .returning()
    if (!updated) throw new ApiError('operation_impossible', "Ce transfert n'attend plus de confirmation")
    await sendTransferCode(tx, context, updated, code)
  })
}

/** Rejects a waiting transfer of the user (or of a linked pupil): its held points go back to the sender. */
export async function rejectTransfer(db: Db, user: UserRow, id: number, now: () => Date): Promise<TransferView> {
  const transfer = await sendersTransfer(db, user, id)
  const done = await inTransaction(db, async (tx) => {
    const released = await releaseTransfer(tx, transfer.id, 'rejected', now())
    return released ? transferView(tx, released.id) : null
  })
  if (!done) throw new ApiError('operation_impossible', "Ce transfert n'attend plus de confirmation")
  return done
}

const sender = alias(users, 'sender')
const recipient = alias(users, 'recipient')
const confirmer = alias(users, 'confirmer')
const me = sql.placeholder('userId')

/**
 * The transfers a user sees: sent by them or by a pupil they are the parent of (whose transfers
 * they may confirm), or received; the newest first. `expired` tells whether one of them still
 * waits past its hold (its points are then given back and the list read again).
 */
const transferHistoryQuery = preparedFor((db) => {
  const listed = db
    .select({
      id: pointTransfers.id,
      json: transferJson(sender, recipient, confirmer).as('json'),
      expired:
        sql<boolean>`${pointTransfers.status} = 'waiting_confirmation' and ${pointTransfers.expiresAt} <= ${sql.placeholder('now')}`.as(
          'expired'
        ),
      waitingUntil: sql<Date | null>`case when ${pointTransfers.status} = 'waiting_confirmation' then ${pointTransfers.expiresAt} end`.as(
        'waiting_until'
      )
    })
    .from(pointTransfers)
    .innerJoin(sender, eq(sender.id, pointTransfers.fromUserId))
    .innerJoin(recipient, eq(recipient.id, pointTransfers.toUserId))
    .leftJoin(confirmer, eq(confirmer.id, pointTransfers.confirmedByParentId))
    .where(
      or(
        eq(pointTransfers.fromUserId, me),
        eq(pointTransfers.toUserId, me),
        // An array, not a subquery: each branch of the OR stays an index scan.
        sql`${pointTransfers.fromUserId} = any(array(select ${users.id} from ${users} where ${users.parentId} = ${me}))`
      )
    )
    .orderBy(desc(pointTransfers.id))
    .limit(LIST_LIMIT)
    .as('listed')
  return db
    .select({
      json: jsonArrayAgg(listed.json, sql`${listed.id} desc`),
      expired: sql<boolean>`coalesce(bool_or(${listed.expired}), false)`,
      // The first listed transfer to pass its hold: the answer holds until then (answerCache.ts).
      until: sql<string | null>`(extract(epoch from min(${listed.waitingUntil})) * 1000)::float8::text`
    })
    .from(listed)
    .prepare('transfer_history')
})

/** The tables the transfers a user sees are read from: a change to one empties their cache. */
export const TRANSFER_HISTORY_TABLES = ['point_transfers', 'users'] as const

/**
 * The transfers the user sees as the answer's JSON, those waiting past their hold given back
 * first; kept in `cache` by user until a change to the transfers or users, or until the first
 * listed transfer passes its hold.
 */
export async function transferHistoryJson(db: Db, cache: AnswerCache, user: UserRow, at: Date): Promise<string> {
  const key = String(user.id)
  const cached = cache.get(key, at)
  if (cached !== undefined) return cached
  const ticket = cache.begin()
  let [read] = await transferHistoryQuery(db).execute({ userId: user.id, now: at })
  if (read!.expired) {
    // Some of them wait past their hold: their points go back first, then the list is read again
    // (the release empties the cache: nothing read here is stored).
    await releaseExpiredTransfers(db, at, { senders: await confirmableSenders(db, user), recipient: user.id })
    ;[read] = await transferHistoryQuery(db).execute({ userId: user.id, now: at })
    return read!.json
  }
  cache.set(ticket, key, read!.json, read!.until === null ? null : new Date(Number(read!.until)))
  return read!.json
}
