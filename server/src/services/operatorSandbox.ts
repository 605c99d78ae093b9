/**
 * The operator sandbox (decision 0046): what a mobile operator does for the platform, on this
 * machine. It sends the subscriber a PIN by SMS (through the outbox), charges the number when the
 * PIN comes back, charges each renewal it is asked for, takes an SMS "STOP", and tells the
 * platform each of these by a signed server-to-server notification — the only way a plan starts,
 * renews or stops. Test PINs and numbers:
 * - the PIN received by SMS: the number is charged;
 * - `0000`: the number's credit is insufficient (the first charge fails);
 * - any other PIN: wrong PIN (after 3, the checkout fails);
 * - a number ending in `00` has no credit left for renewals (the renewal fails).
 */
import { createHmac, randomBytes, randomInt } from 'node:crypto'
import { eq } from 'drizzle-orm'
import type { OperatorNotification } from '../../../src/shared/api/operatorBilling.ts'
import { operatorSubscriptions } from '../db/schema.ts'
import { ApiError } from '../errors.ts'
import type { Services } from '../services.ts'
import { toPoints } from './ledger.ts'
import { activePlanOn, applyNotification, notificationKey, signNotification, validSignature, type PlanRow } from './operatorBilling.ts'
import { sameHash } from './wallet.ts'

export const SANDBOX_OPERATOR = {
  insufficientCreditPin: '0000',
  maxPinAttempts: 3,
  /** Numbers ending so have no credit for renewals. */
  noCreditSuffix: '00'
} as const

export type PinOutcome = 'charged' | 'wrong_pin' | 'insufficient_credit' | 'too_many_attempts' | 'phone_taken' | 'closed'

function pinHash(codeSecret: string, planId: number, pin: string): string {
  return createHmac('sha256', codeSecret).update(`operator-pin:${planId}:${pin}`).digest('hex')
}

function planLabel(plan: PlanRow): string {
  return `${plan.recurrence === 1 ? 'journalier' : 'hebdomadaire'} à ${toPoints(plan.price).toFixed(3)} DT`
}

/**
 * Receives a notification as the platform's endpoint does: its signature checked, then applied
 * once and in order. The sandbox delivers through it; the route calls it with the request's.
 */
export async function receiveNotification(services: Services, notification: OperatorNotification, signature: unknown): Promise<PlanRow> {
  if (!validSignature(notificationKey(services.secrets.codeSecret), notification, signature))
    throw new ApiError('operator_signature_invalid', 'Signature invalide')
  return applyNotification(services.database.db, notification, services.clock.now())
}

/** The operator's server-to-server call to the platform, signed with the shared key. */
export async function deliver(services: Services, notification: OperatorNotification): Promise<PlanRow> {
  return receiveNotification(services, notification, signNotification(notificationKey(services.secrets.codeSecret), notification))
}

/** Sends a new PIN to the plan's number (the previous one no longer counts). */
export async function sendPin(services: Services, plan: PlanRow): Promise<void> {
  // 0000 is the test PIN of an insufficient credit: never sent.
  const pin = String(randomInt(1, 10_000)).padStart(4, '0')
  await services.database.db
    .update(operatorSubscriptions)
    .set({ pinHash: pinHash(services.secrets.codeSecret, plan.id, pin), pinAttempts: 0 })
    .where(eq(operatorSubscriptions.id, plan.id))
  await services.outbox.enqueue({
    channel: 'sms',
    to: plan.phone,
    subject: 'Code PIN Darsi Mobile',
    body: `Darsi Mobile : votre code PIN est ${pin}. Abonnement ${planLabel(plan)}, renouvelé automatiquement. Envoyez STOP pour vous désabonner.`,
    code: pin
  })
}

/** The PIN typed on the operator's page: charges the first period, or says why not. */
export async function confirmPin(services: Services, plan: PlanRow, pin: string): Promise<PinOutcome> {
  if (plan.status !== 'pending') return 'closed'
  const failFirstCharge = async () => {
    await deliver(services, { transactionId: `sbx-${plan.id}-1-failed`, subscriptionId: plan.id, event: 'charge_failed', period: 1 })
  }
  if (pin === SANDBOX_OPERATOR.insufficientCreditPin) {
    await failFirstCharge()
    return 'insufficient_credit'
  }
  if (plan.pinHash && sameHash(pinHash(services.secrets.codeSecret, plan.id, pin), plan.pinHash)) {
    // The operator refuses a second plan on a number before charging it.
    if (await activePlanOn(services.database.db, plan.phone)) return 'phone_taken'
    await deliver(services, { transactionId: `sbx-${plan.id}-1`, subscriptionId: plan.id, event: 'charged', period: 1 })
    await services.outbox.enqueue({
      channel: 'sms',
      to: plan.phone,
      subject: 'Abonnement Darsi Mobile',
      body: `Darsi Mobile : votre abonnement ${planLabel(plan)} est activé. Envoyez STOP pour vous désabonner.`
    })
    return 'charged'
  }
  const attempts = plan.pinAttempts + 1
  await services.database.db.update(operatorSubscriptions).set({ pinAttempts: attempts }).where(eq(operatorSubscriptions.id, plan.id))
  if (attempts >= SANDBOX_OPERATOR.maxPinAttempts) {
    await failFirstCharge()
    return 'too_many_attempts'
  }
  return 'wrong_pin'
}

/**
 * Charges the next period of a plan whose period is over (the renewal job asks): one transaction
 * id per period, so the same renewal asked twice is the same notification, refused the second time.
 */
export async function renewPlan(services: Services, plan: PlanRow): Promise<PlanRow> {
  const period = plan.periodsPaid + 1
  const noCredit = plan.phone.endsWith(SANDBOX_OPERATOR.noCreditSuffix)
  const done = await deliver(services, {
    transactionId: `sbx-${plan.id}-${period}`,
    subscriptionId: plan.id,
    event: noCredit ? 'charge_failed' : 'charged',
    period
  })
  await services.outbox.enqueue({
    channel: 'sms',
    to: plan.phone,
    subject: 'Abonnement Darsi Mobile',
    body: noCredit
      ? 'Darsi Mobile : crédit insuffisant, votre abonnement n’a pas été renouvelé. Votre accès reste ouvert jusqu’à la fin de la période payée.'
      : `Darsi Mobile : votre abonnement ${planLabel(plan)} est renouvelé jusqu’au ${done.paidUntil}.`
  })
  return done
}

export type StopOutcome = 'unsubscribed' | 'no_plan' | 'unknown_command'

/** An SMS sent by a subscriber to the operator: "STOP" ends the renewals of the number's active plan. */
export async function smsFromSubscriber(services: Services, phone: string, text: string): Promise<StopOutcome> {
  if (text.trim().toUpperCase() !== 'STOP') return 'unknown_command'
  const plan = await activePlanOn(services.database.db, phone)
  if (!plan) return 'no_plan'
  await deliver(services, {
    transactionId: `sbx-${plan.id}-stop-${randomBytes(6).toString('hex')}`,
    subscriptionId: plan.id,
    event: 'unsubscribed'
  })
  await stopConfirmation(services, plan)
  return 'unsubscribed'
}

/** The operator's SMS confirming the end of the renewals. */
export async function stopConfirmation(services: Services, plan: PlanRow): Promise<void> {
  await services.outbox.enqueue({
    channel: 'sms',
    to: plan.phone,
    subject: 'Désabonnement Darsi Mobile',
    body: `Darsi Mobile : vous êtes désabonné. Votre accès reste ouvert jusqu’au ${plan.paidUntil ?? ''}.`
  })
}
