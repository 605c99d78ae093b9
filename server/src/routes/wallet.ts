/**
 * The wallet routes: points codes (top-ups) and their payment flows, the payment returns (which
 * only read), points transfers, the histories, and the operator's decisions on bank transfers.
 * Object-level authorization: every id or order id is looked up together with its owner, so
 * another user's object answers 404 exactly like a missing one.
 */
import { randomBytes } from 'node:crypto'
import { and, desc, eq, inArray, or, sql, type AnyColumn, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { IdNameSchema } from '../../../src/shared/api/common.ts'
import {
  PaymentHistoryRowSchema, PaymentReceiptSchema, SubscriptionSchema, TransferSchema, walletEndpoints as ep, walletOperatorEndpoints as op,
  type PaymentCode, type PaymentMethod, type PaymentResult, type PaymentStatus, type Transfer, type TransferStatus
} from '../../../src/shared/api/wallet.ts'
import { parseCredential } from '../../../src/shared/rules/credential.ts'
import type { Executor, Tx } from '../db/client.ts'
import { jsonArrayAgg, jsonFullName, jsonObject, jsonOrNull, jsonPoints, jsonTime, jsonValue } from '../db/json.ts'
import { preparedFor } from '../db/prepared.ts'
import { offerGroups, paymentCodes, pointTransfers, userOffers, users } from '../db/schema.ts'
import { ApiError, fieldError } from '../errors.ts'
import { addRoute, Serialized, type AuthInfo, type UserRow } from '../http.ts'
import { provenCredentialOf } from '../presenters/user.ts'
import { provenHolder } from '../repositories/users.ts'
import type { Services } from '../services.ts'
import { createIdempotencyService, type IdempotencyService } from '../services/idempotency.ts'
import { audit, InsufficientFundsError, inTransaction, isOverdraftViolation, ledgerTotal, toMillimes, toPoints, walletBalance } from '../services/ledger.ts'
import type { OutgoingMessage } from '../services/outbox.ts'
import {
  completeTransfer, holdTransfer, methodLabels, newTransferCode, releaseExpiredTransfers, releaseTransfer, sameHash, settlePayment,
  stillWaiting, TRANSFER_HOLD_MS, transferCodeHash, type PaymentCodeRow, type TransferRow
} from '../services/wallet.ts'
import { registerPaymentSandboxRoutes } from './paymentSandbox.ts'

const SUCCESS_MESSAGE = 'Abonnement activé'
const FAILURE_MESSAGE = 'Une erreur est survenue'
const FAILURE_DETAIL = 'La transaction n’a pas pu aboutir, veuillez réessayer plus tard'

const notFound = () => new ApiError('not_found', 'Not found')

/** No waiting transfer of this user matches the code; `aimedAt` lists the codes the try counts against. */
class WrongTransferCode extends Error {
  readonly aimedAt: number[]
  constructor(aimedAt: number[]) {
    super('Wrong transfer code')
    this.aimedAt = aimedAt
  }
}

export function presentPaymentCode(row: PaymentCodeRow): PaymentCode {
  const method = row.method as PaymentMethod
  return {
    id: row.id, reference: row.reference, method, payment_method: methodLabels[method], amount: toPoints(row.amount),
    comment: row.comment, status: row.status as PaymentStatus, order_id: row.orderId, created_at: row.createdAt.toISOString()
  }
}

function fullName(row: { name: string; lastName: string }): string {
  return `${row.name} ${row.lastName}`.trim()
}

/** Base URL of this server as the client reached it (or the configured public URL). */
export function publicBase(services: Services, request: FastifyRequest): string {
  return services.config.publicUrl?.replace(/\/+$/, '') ?? `${request.protocol}://${request.host}`
}

/** The recipient named by a phone number, an e-mail address or an account id (decision 0004). */
async function findRecipient(db: Executor, toUser: string): Promise<UserRow | null> {
  const credential = parseCredential(toUser)
  let match
  // Only a phone or e-mail its owner proved names them (one merely typed into a profile does not).
  if (credential) match = provenHolder(credential)
  else if (/^\d{1,9}$/.test(toUser)) match = eq(users.id, Number(toUser))
  else return null
  const [row] = await db.select().from(users)
    .where(and(match, eq(users.verified, true), inArray(users.role, ['student', 'parent', 'influencer'])))
    .orderBy(users.id).limit(1)
  return row ?? null
}

function transferCodeMessage(sender: UserRow, to: string, recipient: string, points: number, code: string, minutes: number): OutgoingMessage {
  return {
    channel: to.includes('@') ? 'email' : 'sms',
    to,
    subject: 'Darsi : confirmez votre transfert de points',
    body: `${sender.name}, votre code de confirmation du transfert de ${points} points vers ${recipient} est ${code}. Il expire dans ${minutes} minutes.`,
    code
  }
}

/*
 * The lists of the wallet screen and its histories: each is ONE statement whose one field is the
 * answer's JSON (db/json.ts), built once per database handle (on PostgreSQL a named statement).
 */

const LIST_LIMIT = 1000
const sender = alias(users, 'sender')
const recipient = alias(users, 'recipient')
const confirmer = alias(users, 'confirmer')
const idName = (person: { id: AnyColumn; name: AnyColumn; lastName: AnyColumn }) => jsonObject(IdNameSchema, { id: jsonValue(person.id), name: jsonFullName(person.name, person.lastName) })
const me = sql.placeholder('userId')

/**
 * The transfers a user sees: sent by them or by a pupil they are the parent of (whose transfers
 * they may confirm), or received; the newest first. `expired` tells whether one of them still
 * waits past its hold (its points are then given back and the list read again).
 */
const transferHistoryQuery = preparedFor((db) => {
  const listed = db.select({
    id: pointTransfers.id,
    json: jsonObject(TransferSchema, {
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
    }).as('json'),
    expired: sql<boolean>`${pointTransfers.status} = 'waiting_confirmation' and ${pointTransfers.expiresAt} <= ${sql.placeholder('now')}`.as('expired')
  }).from(pointTransfers)
    .innerJoin(sender, eq(sender.id, pointTransfers.fromUserId))
    .innerJoin(recipient, eq(recipient.id, pointTransfers.toUserId))
    .leftJoin(confirmer, eq(confirmer.id, pointTransfers.confirmedByParentId))
    .where(or(
      eq(pointTransfers.fromUserId, me), eq(pointTransfers.toUserId, me),
      // An array, not a subquery: each branch of the OR stays an index scan.
      sql`${pointTransfers.fromUserId} = any(array(select ${users.id} from ${users} where ${users.parentId} = ${me}))`
    ))
    .orderBy(desc(pointTransfers.id)).limit(LIST_LIMIT).as('listed')
  return db.select({ json: jsonArrayAgg(listed.json, sql`${listed.id} desc`), expired: sql<boolean>`coalesce(bool_or(${listed.expired}), false)` })
    .from(listed).prepare('transfer_history')
})

/** The points codes (top-ups), newest first, dated by their decision once decided. */
const codesQuery = preparedFor((db) => {
  const listed = db.select({
    id: paymentCodes.id,
    json: jsonObject(PaymentHistoryRowSchema, {
      id: jsonValue(paymentCodes.id),
      code: jsonValue(sql`coalesce(${paymentCodes.reference}, '#' || ${paymentCodes.id})`),
      method: jsonValue(paymentCodes.method),
      amount: jsonPoints(paymentCodes.amount),
      description: jsonValue(sql`coalesce(${paymentCodes.comment}, '')`),
      date: jsonTime(sql`coalesce(${paymentCodes.decidedAt}, ${paymentCodes.createdAt})`),
      status: jsonValue(paymentCodes.status)
    }).as('json')
  }).from(paymentCodes).where(eq(paymentCodes.userId, me)).orderBy(desc(paymentCodes.id)).limit(LIST_LIMIT).as('listed')
  return db.select({ json: jsonArrayAgg(listed.json, sql`${listed.id} desc`) }).from(listed).prepare('points_codes')
})

/** The credited points codes (the payments history), latest decision first. */
const paymentsQuery = preparedFor((db) => {
  const listed = db.select({
    id: paymentCodes.id,
    decidedAt: paymentCodes.decidedAt,
    json: jsonObject(PaymentReceiptSchema, {
      id: jsonValue(paymentCodes.id),
      method: jsonValue(paymentCodes.method),
      received_amount: jsonPoints(paymentCodes.amount),
      payment_date: jsonTime(sql`coalesce(${paymentCodes.decidedAt}, ${paymentCodes.createdAt})`)
    }).as('json')
  }).from(paymentCodes).where(and(eq(paymentCodes.userId, me), inArray(paymentCodes.status, ['approved', 'paid']))).as('listed')
  return db.select({ json: jsonArrayAgg(listed.json, sql`${listed.decidedAt} desc, ${listed.id} desc`) }).from(listed).prepare('payments_history')
})

/** The subscriptions, the latest first. */
const subscriptionsQuery = preparedFor((db) => {
  const listed = db.select({
    id: userOffers.id,
    json: jsonObject(SubscriptionSchema, {
      id: jsonValue(userOffers.id),
      name: jsonValue(offerGroups.name),
      group: jsonObject(IdNameSchema, { id: jsonValue(userOffers.groupId), name: jsonValue(offerGroups.name) }),
      amount_paid: jsonPoints(userOffers.amountPaid),
      start_date: jsonValue(userOffers.startDate),
      end_date: jsonValue(userOffers.endDate)
    }).as('json')
  }).from(userOffers).innerJoin(offerGroups, eq(offerGroups.id, userOffers.groupId)).where(eq(userOffers.userId, me)).as('listed')
  return db.select({ json: jsonArrayAgg(listed.json, sql`${listed.id} desc`) }).from(listed).prepare('subscriptions_history')
})

export function registerWalletRoutes(app: FastifyInstance, services: Services): void {
  const { db } = services.database
  const idempotency: IdempotencyService = createIdempotencyService(db, services.clock)
  const codeTtlMs = services.config.codeTtlMinutes * 60_000
  const now = () => services.clock.now()

  async function ownedCode(executor: Executor, userId: number, id: number): Promise<PaymentCodeRow> {
    const [row] = await executor.select().from(paymentCodes).where(and(eq(paymentCodes.id, id), eq(paymentCodes.userId, userId))).limit(1)
    if (!row) throw notFound()
    return row
  }

  async function presentTransfers(executor: Executor, where: SQL | undefined): Promise<Transfer[]> {
    const sender = alias(users, 'sender')
    const recipient = alias(users, 'recipient')
    const parent = alias(users, 'parent')
    const rows = await executor.select({
      transfer: pointTransfers,
      sender: { id: sender.id, name: sender.name, lastName: sender.lastName },
      recipient: { id: recipient.id, name: recipient.name, lastName: recipient.lastName },
      parent: { id: parent.id, name: parent.name, lastName: parent.lastName }
    }).from(pointTransfers)
      .innerJoin(sender, eq(sender.id, pointTransfers.fromUserId))
      .innerJoin(recipient, eq(recipient.id, pointTransfers.toUserId))
      .leftJoin(parent, eq(parent.id, pointTransfers.confirmedByParentId))
      .where(where).orderBy(desc(pointTransfers.id)).limit(1000)
    return rows.map(({ transfer, sender: from, recipient: to, parent: by }) => ({
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
    }))
  }

  async function presentTransfer(executor: Executor, id: number): Promise<Transfer> {
    const [transfer] = await presentTransfers(executor, eq(pointTransfers.id, id))
    return transfer!
  }

  /** Pupils whose transfers this user may confirm: themselves and, for a parent, the linked pupils. */
  async function confirmableSenders(executor: Executor, user: UserRow): Promise<number[]> {
    const children = await executor.select({ id: users.id }).from(users).where(eq(users.parentId, user.id))
    return [user.id, ...children.map((child) => child.id)]
  }

  /** Sends the transfer code to the sender, and to a linked parent, each where a code proved it reaches them. */
  async function sendTransferCode(tx: Tx, transfer: TransferRow, code: string): Promise<void> {
    const [sender] = await tx.select().from(users).where(eq(users.id, transfer.fromUserId)).limit(1)
    const [recipient] = await tx.select({ name: users.name, lastName: users.lastName }).from(users).where(eq(users.id, transfer.toUserId)).limit(1)
    const minutes = services.config.codeTtlMinutes
    const targets = new Set<string>()
    const own = provenCredentialOf(sender!)
    if (own) targets.add(own)
    if (sender!.parentId != null) {
      const [parent] = await tx.select().from(users).where(eq(users.id, sender!.parentId)).limit(1)
      const parentTarget = parent ? provenCredentialOf(parent) : ''
      if (parentTarget) targets.add(parentTarget)
    }
    for (const to of targets) {
      await services.outbox.enqueue(transferCodeMessage(sender!, to, fullName(recipient!), toPoints(transfer.amount), code, minutes), tx)
    }
  }

  function insufficient(error: unknown): never {
    if (error instanceof InsufficientFundsError || isOverdraftViolation(error)) {
      throw new ApiError('insufficient_points', 'Solde de points insuffisant', { status: 402, fieldKeys: { points: ['transfer.insufficient'] } })
    }
    throw error
  }

  const scope = (endpoint: { method: string; path: string }) => `${endpoint.method} ${endpoint.path}`

  // ——— balance and bank accounts ———

  // The transfers' expiry: the wallets a request shows have their expired holds given back
  // first (the `wallet.expire-transfers` job does it for everyone else, jobs/wallet.ts); the
  // actions check expiry in their own statements.

  addRoute(app, services, ep.summary, async ({ auth }) => {
    const at = now()
    await releaseExpiredTransfers(db, at, { senders: [auth.user.id] })
    const [held] = await db.select({ total: sql<string>`coalesce(sum(${pointTransfers.amount}), 0)` }).from(pointTransfers)
      .where(and(eq(pointTransfers.fromUserId, auth.user.id), stillWaiting(at)))
    return { points: toPoints(await walletBalance(db, auth.user.id)), held_points: toPoints(Number(held?.total ?? 0)), currency: 'TND' as const }
  })

  addRoute(app, services, ep.bankAccounts, async () => services.config.bankAccounts)

  // ——— points codes (top-ups) ———

  /** Card and D17 payments go through the providers' pages, which only the sandbox provides here. */
  const requireProvider = () => {
    if (!services.config.sandbox) throw fieldError({ paymentMethod: ['payment.methodUnavailable'] }, 'operation_impossible')
  }

  addRoute(app, services, ep.createCode, async ({ auth, body, request, reply }) => {
    const method = body.paymentMethod!
    if (method !== 'transfer') requireProvider()
    return idempotency.run({ userId: auth.user.id, scope: scope(ep.createCode), key: request.headers['idempotency-key'], request: body, status: 201, reply }, async (tx) => {
      const [row] = await tx.insert(paymentCodes).values({
        userId: auth.user.id, method, reference: body.reference?.trim() || null, amount: toMillimes(body.amount),
        comment: body.comment?.trim() || null, orderId: randomBytes(18).toString('base64url'), createdAt: now()
      }).returning()
      return presentPaymentCode(row!)
    })
  })

  addRoute(app, services, ep.codes, async ({ auth }) => {
    const [read] = await codesQuery(db).execute({ userId: auth.user.id })
    return new Serialized(read!.json)
  })

  addRoute(app, services, ep.paymentRedirect, async ({ auth, params, request }) => {
    const row = await ownedCode(db, auth.user.id, params.id)
    if (row.method !== 'online' || row.status !== 'pending') throw new ApiError('operation_impossible', 'Ce code ne se paie pas en ligne ou est déjà réglé')
    requireProvider()
    return { url: `${publicBase(services, request)}/sandbox/pay/${row.orderId}`, order_id: row.orderId }
  })

  addRoute(app, services, ep.d17, async ({ auth, params, request }) => {
    const row = await ownedCode(db, auth.user.id, params.id)
    if (row.method !== 'd17') throw new ApiError('operation_impossible', "Ce code n'est pas un paiement D17")
    requireProvider()
    return {
      id: row.id, order_id: row.orderId, amount: toPoints(row.amount), status: row.status as PaymentStatus,
      qr: `${publicBase(services, request)}/sandbox/d17/${row.orderId}`
    }
  })

  addRoute(app, services, ep.d17Check, async ({ auth, params }) => {
    const row = await ownedCode(db, auth.user.id, params.id)
    return { id: row.id, status: row.status as PaymentStatus, paid: row.status === 'paid', points: toPoints(await walletBalance(db, auth.user.id)) }
  })

  /** The payment returns only report: the gateway's server-side confirmation is what credits. */
  async function paymentResult(auth: AuthInfo, orderId: string): Promise<PaymentResult> {
    const [row] = await db.select().from(paymentCodes).where(and(eq(paymentCodes.orderId, orderId), eq(paymentCodes.userId, auth.user.id))).limit(1)
    if (!row) throw notFound()
    const credited = row.status === 'paid' || row.status === 'approved'
    const pending = row.status === 'pending'
    return {
      order_id: row.orderId, status: row.status as PaymentStatus, success: credited,
      message: credited ? SUCCESS_MESSAGE : pending ? 'Paiement en attente de confirmation' : FAILURE_MESSAGE,
      detail: credited || pending ? null : FAILURE_DETAIL,
      amount: toPoints(row.amount), points: toPoints(await walletBalance(db, auth.user.id))
    }
  }
  addRoute(app, services, ep.paymentSuccess, async ({ auth, query }) => paymentResult(auth, query.orderId))
  addRoute(app, services, ep.paymentEchec, async ({ auth, query }) => paymentResult(auth, query.orderId))

  // ——— transfers ———

  addRoute(app, services, ep.transfer, async ({ auth, body, request, reply }) => {
    const claimed = body.admin === undefined || body.admin === null || body.admin === '' ? null : Number(body.admin)
    if (claimed !== null && claimed !== auth.impersonatorId) throw new ApiError('forbidden', "Cet identifiant d'administrateur ne correspond pas à la session")
    const recipient = await findRecipient(db, body.toUser)
    if (!recipient) throw fieldError({ toUser: ['transfer.recipientUnknown'] })
    if (recipient.id === auth.user.id) throw fieldError({ toUser: ['transfer.self'] })
    // The points of the sender's expired transfers are theirs to send again.
    await releaseExpiredTransfers(db, now(), { senders: [auth.user.id] })
    return idempotency.run({ userId: auth.user.id, scope: scope(ep.transfer), key: request.headers['idempotency-key'], request: body, status: 201, reply }, async (tx) => {
      const at = now()
      const code = newTransferCode()
      const [created] = await tx.insert(pointTransfers).values({
        fromUserId: auth.user.id, toUserId: recipient.id, amount: toMillimes(body.points), codeHash: 'pending',
        codeExpiresAt: new Date(at.getTime() + codeTtlMs), expiresAt: new Date(at.getTime() + TRANSFER_HOLD_MS),
        adminId: auth.impersonatorId, createdAt: at, updatedAt: at
      }).returning()
      const [transfer] = await tx.update(pointTransfers).set({ codeHash: transferCodeHash(services.secrets.codeSecret, created!.id, code) })
        .where(eq(pointTransfers.id, created!.id)).returning()
      await holdTransfer(tx, transfer!).catch(insufficient)
      await sendTransferCode(tx, transfer!, code)
      return { message: 'Un code de confirmation vous a été envoyé', transfer: await presentTransfer(tx, transfer!.id) }
    })
  })

  addRoute(app, services, ep.confirmTransfer, async ({ auth, query, request, reply }) => {
    const senders = await confirmableSenders(db, auth.user)
    const secret = services.secrets.codeSecret
    // Told to the recipient once the transfer has committed (a replayed answer tells nobody).
    let received: Parameters<typeof services.notifications.publish>[0] | null = null
    try {
      const result = await idempotency.run({ userId: auth.user.id, scope: scope(ep.confirmTransfer), key: request.headers['idempotency-key'], request: query, status: 200, reply }, async (tx) => {
        const at = now()
        const waiting = await tx.select().from(pointTransfers)
          .where(and(inArray(pointTransfers.fromUserId, senders), stillWaiting(at)))
          .orderBy(pointTransfers.id).for('update')
        const usable = waiting.filter((t) => t.codeExpiresAt.getTime() > at.getTime() && t.codeAttempts < services.config.codeMaxAttempts)
        const match = usable.find((t) => sameHash(t.codeHash, transferCodeHash(secret, t.id, query.confirmationToken)))
        if (!match) throw new WrongTransferCode(usable.map((t) => t.id))
        const done = await completeTransfer(tx, match, at, match.fromUserId === auth.user.id ? null : auth.user.id)
        if (!done) throw new WrongTransferCode([])
        const transfer = await presentTransfer(tx, done.id)
        received = await services.notifications.store(tx, {
          userId: done.toUserId, type: 'transferPoint', link: '/porte-monnaie', title: 'Points reçus',
          body: `${transfer.from_user.name} vous a transféré ${transfer.points} points.`
        })
        return { message: 'Transfert confirmé', transfer }
      })
      if (received) services.notifications.publish(received)
      return result
    } catch (error) {
      if (!(error instanceof WrongTransferCode)) throw error
      // Every wrong try counts against the codes it could have been aimed at (after the rollback).
      if (error.aimedAt.length > 0) {
        await db.update(pointTransfers).set({ codeAttempts: sql`${pointTransfers.codeAttempts} + 1` }).where(inArray(pointTransfers.id, error.aimedAt))
      }
      throw fieldError({ confirmationToken: ['transfer.codeInvalid'] }, 'invalid_verification_code')
    }
  })

  // Guessing is bounded per code (codeMaxAttempts); fresh codes are what a guesser needs, so resends are rate limited.
  addRoute(app, services, ep.resendTransferCode, async ({ auth, params }) => {
    const senders = await confirmableSenders(db, auth.user)
    const [transfer] = await db.select({ id: pointTransfers.id }).from(pointTransfers)
      .where(and(eq(pointTransfers.id, params.id), inArray(pointTransfers.fromUserId, senders))).limit(1)
    if (!transfer) throw notFound()
    await inTransaction(db, async (tx) => {
      const code = newTransferCode()
      const at = now()
      const [updated] = await tx.update(pointTransfers).set({
        codeHash: transferCodeHash(services.secrets.codeSecret, transfer.id, code), codeAttempts: 0,
        codeExpiresAt: new Date(at.getTime() + codeTtlMs), updatedAt: at
      }).where(and(eq(pointTransfers.id, transfer.id), stillWaiting(at))).returning()
      if (!updated) throw new ApiError('operation_impossible', "Ce transfert n'attend plus de confirmation")
      await sendTransferCode(tx, updated, code)
    })
    return { message: 'Un nouveau code de confirmation vous a été envoyé' }
  }, { limited: true })

  addRoute(app, services, ep.rejectTransfer, async ({ auth, params }) => {
    const senders = await confirmableSenders(db, auth.user)
    const [transfer] = await db.select({ id: pointTransfers.id, status: pointTransfers.status }).from(pointTransfers)
      .where(and(eq(pointTransfers.id, params.id), inArray(pointTransfers.fromUserId, senders))).limit(1)
    if (!transfer) throw notFound()
    const done = await inTransaction(db, async (tx) => {
      const released = await releaseTransfer(tx, transfer.id, 'rejected', now())
      return released ? presentTransfer(tx, released.id) : null
    })
    if (!done) throw new ApiError('operation_impossible', "Ce transfert n'attend plus de confirmation")
    return { message: 'Transfert rejeté, les points sont rendus', transfer: done }
  })

  addRoute(app, services, ep.transferHistory, async ({ auth }) => {
    const at = now()
    const [read] = await transferHistoryQuery(db).execute({ userId: auth.user.id, now: at })
    if (!read!.expired) return new Serialized(read!.json)
    // Some of them wait past their hold: their points go back first, then the list is read again.
    await releaseExpiredTransfers(db, at, { senders: await confirmableSenders(db, auth.user), recipient: auth.user.id })
    const [reread] = await transferHistoryQuery(db).execute({ userId: auth.user.id, now: at })
    return new Serialized(reread!.json)
  })

  // ——— histories ———

  addRoute(app, services, ep.subscriptions, async ({ auth }) => {
    const [read] = await subscriptionsQuery(db).execute({ userId: auth.user.id })
    return new Serialized(read!.json)
  })

  addRoute(app, services, ep.payments, async ({ auth }) => {
    const [read] = await paymentsQuery(db).execute({ userId: auth.user.id })
    return new Serialized(read!.json)
  })

  // ——— operator ———

  async function presentOperatorPayment(executor: Executor, row: PaymentCodeRow) {
    const [owner] = await executor.select({ id: users.id, name: users.name, lastName: users.lastName }).from(users).where(eq(users.id, row.userId))
    return { ...presentPaymentCode(row), user: { id: owner!.id, name: fullName(owner!) } }
  }

  addRoute(app, services, op.payments, async ({ query }) => {
    const rows = await db.select().from(paymentCodes).where(query.status ? eq(paymentCodes.status, query.status) : undefined).orderBy(desc(paymentCodes.id)).limit(200)
    return Promise.all(rows.map((row) => presentOperatorPayment(db, row)))
  })

  async function decide(id: number, outcome: 'approved' | 'rejected') {
    let told: Parameters<typeof services.notifications.publish>[0] | null = null
    const result = await inTransaction(db, async (tx) => {
      const [row] = await tx.select().from(paymentCodes).where(eq(paymentCodes.id, id)).limit(1)
      if (!row) throw notFound()
      if (row.method !== 'transfer') throw new ApiError('operation_impossible', 'Seuls les virements bancaires sont validés par un opérateur')
      const { row: settled, changed } = await settlePayment(tx, id, outcome, now())
      if (!changed) throw new ApiError('operation_impossible', `Ce paiement est déjà ${settled.status === 'approved' ? 'validé' : 'refusé'}`)
      const points = toPoints(settled.amount)
      told = await services.notifications.store(tx, outcome === 'approved'
        ? { userId: settled.userId, link: '/porte-monnaie', title: 'Recharge validée', body: `Votre virement de ${points} points a été validé : vos points sont disponibles.` }
        : { userId: settled.userId, link: '/porte-monnaie', title: 'Recharge refusée', body: `Votre virement de ${points} points n'a pas été validé. Vérifiez la référence ou contactez l'assistance.` })
      return {
        message: outcome === 'approved' ? `Paiement ${id} validé : ${toPoints(settled.amount)} points crédités` : `Paiement ${id} refusé`,
        payment: await presentOperatorPayment(tx, settled)
      }
    })
    if (told) services.notifications.publish(told)
    return result
  }
  addRoute(app, services, op.approvePayment, async ({ params }) => decide(params.id, 'approved'))
  addRoute(app, services, op.rejectPayment, async ({ params }) => decide(params.id, 'rejected'))

  addRoute(app, services, op.ledgerAudit, async () => {
    const problems = await audit(db)
    const total = await ledgerTotal(db)
    return { ok: problems.length === 0 && total === 0, total, problems }
  })

  if (services.config.sandbox) registerPaymentSandboxRoutes(app, services)

  // A process killed mid-request leaves its claim behind; with PGlite this process is the only
  // one on the data directory, so such claims are dead and free at start.
  app.addHook('onReady', async () => {
    if (services.database.kind === 'pglite') await idempotency.releaseAbandoned()
  })
}
