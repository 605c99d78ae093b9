/**
 * Mobile-operator plans (issue 28, decision 0046), the platform's side: a checkout opens a
 * pending plan on a phone number and answers the operator's page; the plan starts, is renewed,
 * fails or ends only on the operator's signed server-to-server notifications, each applied once
 * (its transaction id) and in order (the next period, from the state that allows it). The access
 * it opens is a subscription of offer 33's group, extended at each renewal; a failed renewal or an
 * unsubscription leaves the access to the end of the paid period.
 */
import { createHmac, randomBytes } from 'node:crypto'
import { and, asc, desc, eq, lt } from 'drizzle-orm'
import { DateTime } from 'luxon'
import type { OperatorNotification, OperatorOffer, OperatorRecurrence } from '../../../src/shared/api/operatorBilling.ts'
import { TUNIS_ZONE, tunisDateOf } from '../../../src/shared/pricing/calendar.ts'
import { levelRate } from '../../../src/shared/pricing/levelRates.ts'
import { toDinars } from '../../../src/shared/pricing/money.ts'
import type { LevelSlug } from '../../../src/shared/pricing/schema.ts'
import { normalizeTunisianPhone } from '../../../src/shared/rules/phone.ts'
import type { Db, Executor, Tx } from '../db/client.ts'
import { isUniqueViolation } from '../db/errors.ts'
import {
  levels,
  offerDivisions,
  offers,
  operatorCharges,
  operatorNotifications,
  operatorSubscriptions,
  userOffers,
  users
} from '../db/schema.ts'
import { ApiError } from '../errors.ts'
import type { UserRow } from '../http.ts'
import { localName, type Language } from '../language.ts'
import { inTransaction } from './ledger.ts'
import { levelOf } from './offers.ts'
import { sameHash } from './wallet.ts'

/** The offer the operator's plans are sold as (§9: offer 33, with its unsubscribe menu). */
export const OPERATOR_OFFER_ID = 33

export type PlanRow = typeof operatorSubscriptions.$inferSelect

export function phoneTaken(): ApiError {
  return new ApiError('phone_taken', 'Le numéro existe déjà', { fieldKeys: { phone: ['phone.operatorTaken'] } })
}

/** The key the operator signs its notifications with (derived from the server's code key). */
export function notificationKey(codeSecret: string): string {
  return createHmac('sha256', codeSecret).update('operator-billing:notifications').digest('hex')
}

/**
 * The reference the operator's success return carries (decision 0046, the visitor's return): a
 * proof, given only to whoever confirmed the plan on the operator's page, that this return is
 * theirs. A signed-out visitor's app shows the outcome with it, and nobody learns anything about a
 * plan without it.
 */
export function returnReference(codeSecret: string, planId: number): string {
  return createHmac('sha256', codeSecret).update(`operator-billing:return:${planId}`).digest('hex')
}

export function validReturnReference(codeSecret: string, planId: number, reference: unknown): boolean {
  return typeof reference === 'string' && sameHash(returnReference(codeSecret, planId), reference)
}

function notificationText(notification: OperatorNotification): string {
  return [notification.transactionId, notification.subscriptionId, notification.event, notification.period ?? ''].join('|')
}

export function signNotification(key: string, notification: OperatorNotification): string {
  return createHmac('sha256', key).update(notificationText(notification)).digest('hex')
}

export function validSignature(key: string, notification: OperatorNotification, signature: unknown): boolean {
  return typeof signature === 'string' && sameHash(signNotification(key, notification), signature)
}

/** A Tunis date moved by whole days. */
function plusDays(date: string, days: number): string {
  return DateTime.fromISO(date, { zone: TUNIS_ZONE }).plus({ days }).toISODate()!
}

/**
 * Opens a pending plan for the pupil's class on a number (the operator's page comes next). A
 * number that already has an active plan is refused ('Le numéro existe déjà').
 */
export async function startCheckout(
  db: Db,
  user: UserRow,
  request: { recurrence: OperatorRecurrence; phone: string; division: number },
  now: Date
): Promise<PlanRow> {
  if (user.divisionId == null || request.division !== user.divisionId)
    throw new ApiError('level_not_allowed', 'access not authorised for this level')
  const [division] = await db
    .select({ id: offerDivisions.id })
    .from(offerDivisions)
    .where(
      and(
        eq(offerDivisions.offerId, OPERATOR_OFFER_ID),
        eq(offerDivisions.divisionId, request.division),
        eq(offerDivisions.disabled, false)
      )
    )
    .limit(1)
  if (!division) throw new ApiError('not_found', 'Offre introuvable')
  const phone = normalizeTunisianPhone(request.phone)
  if (await activePlanOn(db, phone)) throw phoneTaken()
  const price = levelRate(await levelOf(db, request.division), request.recurrence === 1 ? 'day' : 'week')
  const [row] = await db
    .insert(operatorSubscriptions)
    .values({
      userId: user.id,
      offerDivisionId: division.id,
      phone,
      recurrence: request.recurrence,
      price,
      checkoutToken: randomBytes(24).toString('base64url'),
      createdAt: now
    })
    .returning()
  return row!
}

/**
 * The landing's checkout, signed out (decision 0046): the plan is the pupil's whose account proved
 * the number; a number no pupil proved is refused on the phone field. The operator's PIN, sent to
 * that number, stands for its holder's consent.
 */
export async function startVisitorCheckout(
  db: Db,
  request: { recurrence: OperatorRecurrence; phone: string; division: number },
  now: Date
): Promise<PlanRow> {
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.phone, normalizeTunisianPhone(request.phone)), eq(users.phoneVerified, true), eq(users.role, 'student')))
    .limit(1)
  if (!user)
    throw new ApiError('operator_no_account', 'Aucun compte élève n’utilise ce numéro : inscrivez-vous ou connectez-vous', {
      fieldKeys: { phone: ['phone.operatorNoAccount'] }
    })
  return startCheckout(db, user, request, now)
}

/** The landing's offers: each level's daily and weekly prices (the level rate table, §9), in dinars. */
export async function landingOffers(executor: Executor, lang: Language): Promise<OperatorOffer[]> {
  const rows = await executor.select().from(levels).orderBy(asc(levels.position))
  return rows.map((row) => ({
    id: row.id,
    level: localName(row.name, row.nameAr, lang),
    dailyPrice: toDinars(levelRate(row.slug as LevelSlug, 'day')),
    weeklyPrice: toDinars(levelRate(row.slug as LevelSlug, 'week'))
  }))
}

export async function activePlanOn(executor: Executor, phone: string): Promise<PlanRow | null> {
  const [row] = await executor
    .select()
    .from(operatorSubscriptions)
    .where(and(eq(operatorSubscriptions.phone, phone), eq(operatorSubscriptions.status, 'active')))
    .limit(1)
  return row ?? null
}

export async function planById(executor: Executor, id: number): Promise<PlanRow | null> {
  const [row] = await executor.select().from(operatorSubscriptions).where(eq(operatorSubscriptions.id, id)).limit(1)
  return row ?? null
}

export async function planByToken(executor: Executor, token: string): Promise<PlanRow | null> {
  const [row] = await executor.select().from(operatorSubscriptions).where(eq(operatorSubscriptions.checkoutToken, token)).limit(1)
  return row ?? null
}

/** The pupil's plan that matters now: a running one (active or cancelled within its period) first, else the latest. */
export async function latestPlanOf(executor: Executor, userId: number): Promise<PlanRow | null> {
  const rows = await executor
    .select()
    .from(operatorSubscriptions)
    .where(eq(operatorSubscriptions.userId, userId))
    .orderBy(desc(operatorSubscriptions.id))
    .limit(20)
  return rows.find((row) => row.status === 'active') ?? rows[0] ?? null
}

function outOfOrder(): ApiError {
  return new ApiError('operator_notification_out_of_order', 'Notification hors séquence')
}

/**
 * Applies one operator notification in one transaction: recorded once by its transaction id (a
 * replay is refused), then only from the state it follows — the first charge from `pending`, a
 * renewal from `active` for the next period, an unsubscription from `active`. Anything else is
 * refused and changes nothing.
 */
export async function applyNotification(db: Db, notification: OperatorNotification, now: Date): Promise<PlanRow> {
  return inTransaction(db, async (tx) => {
    const [plan] = await tx
      .select()
      .from(operatorSubscriptions)
      .where(eq(operatorSubscriptions.id, notification.subscriptionId))
      .for('update')
    if (!plan) throw new ApiError('not_found', 'Abonnement introuvable')
    const [recorded] = await tx
      .insert(operatorNotifications)
      .values({
        transactionId: notification.transactionId,
        subscriptionId: plan.id,
        event: notification.event,
        period: notification.period ?? null,
        receivedAt: now
      })
      .onConflictDoNothing()
      .returning()
    if (!recorded) throw new ApiError('operator_notification_replayed', 'Notification déjà reçue')
    switch (notification.event) {
      case 'charged':
        return charged(tx, plan, notification, now)
      case 'charge_failed':
        return chargeFailed(tx, plan, notification, now)
      case 'unsubscribed':
        if (plan.status !== 'active') throw outOfOrder()
        return cancel(tx, plan, now)
    }
  })
}

async function recordCharge(
  tx: Tx,
  plan: PlanRow,
  notification: OperatorNotification,
  status: 'paid' | 'failed',
  now: Date
): Promise<void> {
  const period = notification.period!
  const [row] = await tx
    .insert(operatorCharges)
    .values({
      subscriptionId: plan.id,
      period,
      periodKey: periodKey(plan.id, period),
      transactionId: notification.transactionId,
      status,
      amount: status === 'paid' ? plan.price : 0,
      createdAt: now
    })
    .onConflictDoNothing()
    .returning()
  if (!row) throw new ApiError('operator_period_already_charged', 'Cette période est déjà facturée')
}

/** The one key of a plan's period: a second charge of it is refused whatever asks for it. */
export function periodKey(planId: number, period: number): string {
  return `plan:${planId}:period:${period}`
}

/** The period a charge's notification names: the plan's next one (the first while the plan is pending); refused otherwise. */
function nextPeriod(plan: PlanRow, notification: OperatorNotification): number {
  const period = notification.period
  if (period == null) throw outOfOrder()
  if (period <= plan.periodsPaid) throw new ApiError('operator_period_already_charged', 'Cette période est déjà facturée')
  if (period !== plan.periodsPaid + 1) throw outOfOrder()
  if (period === 1 ? plan.status !== 'pending' : plan.status !== 'active') throw outOfOrder()
  return period
}

async function charged(tx: Tx, plan: PlanRow, notification: OperatorNotification, now: Date): Promise<PlanRow> {
  const period = nextPeriod(plan, notification)
  await recordCharge(tx, plan, notification, 'paid', now)
  const today = tunisDateOf(now)
  if (period === 1) {
    if (await activePlanOn(tx, plan.phone)) throw phoneTaken()
    const [offer] = await tx.select({ groupId: offers.groupId }).from(offers).where(eq(offers.id, OPERATOR_OFFER_ID))
    const paidUntil = plusDays(today, plan.recurrence - 1)
    const [access] = await tx
      .insert(userOffers)
      .values({
        userId: plan.userId,
        groupId: offer!.groupId,
        offerId: OPERATOR_OFFER_ID,
        startDate: today,
        endDate: paidUntil,
        amountPaid: plan.price
      })
      .returning()
    try {
      const [done] = await tx
        .update(operatorSubscriptions)
        .set({ status: 'active', periodsPaid: 1, paidUntil, userOfferId: access!.id, activatedAt: now, pinHash: null })
        .where(eq(operatorSubscriptions.id, plan.id))
        .returning()
      return done!
    } catch (error) {
      if (isUniqueViolation(error)) throw phoneTaken()
      throw error
    }
  }
  // A renewal: the next period follows the paid one (or starts today when the renewal came late).
  const start = plan.paidUntil && plan.paidUntil >= today ? plusDays(plan.paidUntil, 1) : today
  const paidUntil = plusDays(start, plan.recurrence - 1)
  if (plan.userOfferId != null) {
    const [access] = await tx.select().from(userOffers).where(eq(userOffers.id, plan.userOfferId))
    await tx
      .update(userOffers)
      .set({ endDate: paidUntil, amountPaid: (access?.amountPaid ?? 0) + plan.price })
      .where(eq(userOffers.id, plan.userOfferId))
  }
  const [done] = await tx
    .update(operatorSubscriptions)
    .set({ periodsPaid: period, paidUntil })
    .where(eq(operatorSubscriptions.id, plan.id))
    .returning()
  return done!
}

async function chargeFailed(tx: Tx, plan: PlanRow, notification: OperatorNotification, now: Date): Promise<PlanRow> {
  const period = nextPeriod(plan, notification)
  await recordCharge(tx, plan, notification, 'failed', now)
  // The first charge failed: no plan. A renewal failed: the access ends with the period paid.
  const [done] = await tx
    .update(operatorSubscriptions)
    .set({ status: period === 1 ? 'failed' : 'ended', pinHash: null })
    .where(eq(operatorSubscriptions.id, plan.id))
    .returning()
  return done!
}

async function cancel(tx: Tx, plan: PlanRow, now: Date): Promise<PlanRow> {
  const [done] = await tx
    .update(operatorSubscriptions)
    .set({ status: 'cancelled', cancelledAt: now })
    .where(and(eq(operatorSubscriptions.id, plan.id), eq(operatorSubscriptions.status, 'active')))
    .returning()
  if (!done) throw new ApiError('operator_plan_not_active', "Aucun abonnement opérateur n'est actif")
  return done
}

/** The pupil's unsubscription: the active plan stops renewing; the access runs to the end of the paid period. */
export async function unsubscribe(db: Db, userId: number, now: Date): Promise<PlanRow> {
  return inTransaction(db, async (tx) => {
    const [plan] = await tx
      .select()
      .from(operatorSubscriptions)
      .where(and(eq(operatorSubscriptions.userId, userId), eq(operatorSubscriptions.status, 'active')))
      .for('update')
    if (!plan) throw new ApiError('operator_plan_not_active', "Aucun abonnement opérateur n'est actif")
    return cancel(tx, plan, now)
  })
}

/** Active plans whose paid period is over at `now` (Tunis date): the renewals due. */
export async function plansDue(executor: Executor, now: Date, limit = 200): Promise<PlanRow[]> {
  return executor
    .select()
    .from(operatorSubscriptions)
    .where(and(eq(operatorSubscriptions.status, 'active'), lt(operatorSubscriptions.paidUntil, tunisDateOf(now))))
    .orderBy(asc(operatorSubscriptions.id))
    .limit(limit)
}
