/**
 * An operator's refund of an offer order (issue 28, decision 0048), in ONE database transaction,
 * the order's row locked first so that refunds of one order at once make one:
 *
 * - every purchase transaction of the order (its first slice or whole price, `order:{id}`, and each
 *   later slice, `order:{id}:slice:{n}`) moved back from `revenue:subscriptions` to the wallet, at
 *   the amount it took, under its own reference (`refund:order:{id}…`): never paid back twice;
 * - the subscription it opened ended the day before (Tunis) and marked cancelled: the learning
 *   access rules, which read `user_offers`, lock its lessons at once, and no slice is paid on it;
 * - a chapter's live sessions still to end left (those the purchase joined);
 * - its coupon released (one use given back, the pupil's redemption removed: the pupil may use it
 *   again), its referral earning reversed (services/referrals.ts);
 * - the order marked refunded (`status`, `refunded_at`, `refund_reason`), and the pupil told.
 *
 * Refused: an unknown order, one already refunded, and an order of the mobile operator's plan
 * (offer 33: the operator refunds what it billed).
 */
import { and, eq, inArray, like, or, sql } from 'drizzle-orm'
import type { Language } from '../../../src/shared/api/profile.ts'
import { tunisDateOf } from '../../../src/shared/pricing/index.ts'
import type { Db, Executor, Tx } from '../db/client.ts'
import {
  discountCodeRedemptions,
  discountCodes,
  ledgerAccounts,
  ledgerEntries,
  ledgerTransactions,
  offerOrders,
  offers,
  userOffers
} from '../db/schema.ts'
import { ApiError } from '../errors.ts'
import { localName } from '../language.ts'
import { inTransaction, move, toPoints } from './ledger.ts'
import type { NotificationService } from './notifications.ts'
import { leaveChapterEvents } from './offers.ts'
import { OPERATOR_OFFER_ID } from './operatorBilling.ts'
import { reverseReferralEarning, type EarningRow } from './referrals.ts'

export type OrderRow = typeof offerOrders.$inferSelect
type SubscriptionRow = typeof userOffers.$inferSelect

export type OrderView = {
  order: OrderRow
  offer: { name: string; nameAr: string | null }
  subscription: SubscriptionRow | null
  /** Millimes the order's purchase transactions took from the wallet (all its paid slices). */
  paidFromWallet: number
}

export type Refund = OrderView & {
  /** Millimes given back to the wallet. */
  refunded: number
  couponReleased: boolean
  earning: EarningRow | null
}

export type RefundOptions = {
  reason?: string | null
  at: Date
  notifications: NotificationService
  /** The language of the pupil's notification (French by default). */
  language?: Language
}

export const REFUND_REFUSAL_TEXT = {
  order_not_found: 'Commande introuvable',
  order_already_refunded: 'Cette commande est déjà remboursée',
  order_operator_billed: 'Cette commande est facturée par l’opérateur mobile : c’est lui qui la rembourse'
} as const

function refusal(code: keyof typeof REFUND_REFUSAL_TEXT): ApiError {
  return new ApiError(code, REFUND_REFUSAL_TEXT[code])
}

/** The pupil's notice of a refund, in the three languages. */
export const REFUND_NOTICE: Record<Language, (offer: string, points: number) => { title: string; body: string }> = {
  fr: (offer, points) => ({
    title: 'Commande remboursée',
    body: `Votre commande « ${offer} » a été remboursée : ${points} points ont été rendus à votre porte-monnaie. L’abonnement qu’elle ouvrait a pris fin.`
  }),
  en: (offer, points) => ({
    title: 'Order refunded',
    body: `Your order “${offer}” has been refunded: ${points} points are back in your wallet. The subscription it opened has ended.`
  }),
  ar: (offer, points) => ({
    title: 'تمّ استرداد الطلب',
    body: `تمّ استرداد طلبك «${offer}»: أُعيدت النقاط المدفوعة (${points}) إلى محفظتك، وانتهى الاشتراك الذي كان يفتحه.`
  })
}

/** The order's purchase transactions (`order:{id}` and `order:{id}:slice:{n}`) and what each took from the wallet. */
async function purchasesOf(executor: Executor, order: OrderRow): Promise<Array<{ reference: string; amount: number }>> {
  const rows = await executor
    .select({ reference: ledgerTransactions.reference, amount: ledgerEntries.amount })
    .from(ledgerTransactions)
    .innerJoin(ledgerEntries, eq(ledgerEntries.transactionId, ledgerTransactions.id))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .where(
      and(
        eq(ledgerTransactions.kind, 'purchase'),
        or(eq(ledgerTransactions.reference, `order:${order.id}`), like(ledgerTransactions.reference, `order:${order.id}:slice:%`)),
        eq(ledgerAccounts.userId, order.userId)
      )
    )
    .orderBy(ledgerTransactions.id)
  return rows.map((row) => ({ reference: row.reference, amount: -row.amount })).filter((row) => row.amount > 0)
}

async function viewOf(executor: Executor, order: OrderRow): Promise<OrderView> {
  const [offer] = await executor.select({ name: offers.name, nameAr: offers.nameAr }).from(offers).where(eq(offers.id, order.offerId))
  const [subscription] =
    order.userOfferId == null ? [] : await executor.select().from(userOffers).where(eq(userOffers.id, order.userOfferId))
  const purchases = await purchasesOf(executor, order)
  return {
    order,
    offer: offer ?? { name: `#${order.offerId}`, nameAr: null },
    subscription: subscription ?? null,
    paidFromWallet: purchases.reduce((sum, purchase) => sum + purchase.amount, 0)
  }
}

/** An order as the operator sees it (`order show`). */
export async function orderView(executor: Executor, orderId: number): Promise<OrderView> {
  const [order] = await executor.select().from(offerOrders).where(eq(offerOrders.id, orderId)).limit(1)
  if (!order) throw refusal('order_not_found')
  return viewOf(executor, order)
}

/** The day before `day` (yyyy-mm-dd). */
function dayBefore(day: string): string {
  const date = new Date(`${day}T00:00:00Z`)
  date.setUTCDate(date.getUTCDate() - 1)
  return date.toISOString().slice(0, 10)
}

/** Releases the order's coupon: its use given back and the pupil's redemption removed. */
async function releaseCoupon(tx: Tx, orderId: number): Promise<boolean> {
  const released = await tx
    .delete(discountCodeRedemptions)
    .where(eq(discountCodeRedemptions.orderId, orderId))
    .returning({ couponId: discountCodeRedemptions.discountCodeId })
  if (released.length === 0) return false
  await tx
    .update(discountCodes)
    .set({ uses: sql`greatest(${discountCodes.uses} - 1, 0)` })
    .where(
      inArray(
        discountCodes.id,
        released.map((row) => row.couponId)
      )
    )
  return true
}

/** Refunds an order once (see the module's comment); the pupil's notification is pushed once it has committed. */
export async function refundOrder(db: Db, orderId: number, options: RefundOptions): Promise<Refund> {
  const { at, notifications } = options
  const reason = options.reason?.trim() || null
  let told: Parameters<NotificationService['publish']>[0] | null = null
  const refund = await inTransaction(db, async (tx) => {
    const [order] = await tx.select().from(offerOrders).where(eq(offerOrders.id, orderId)).for('update')
    if (!order) throw refusal('order_not_found')
    if (order.refundedAt != null || order.status === 'refunded') throw refusal('order_already_refunded')
    if (order.offerId === OPERATOR_OFFER_ID) throw refusal('order_operator_billed')

    let refunded = 0
    for (const purchase of await purchasesOf(tx, order)) {
      const back = await move(
        tx,
        'refund',
        `refund:${purchase.reference}`,
        { system: 'revenue' },
        { userId: order.userId },
        purchase.amount,
        `Remboursement de la commande ${order.id}`
      )
      if (!back.posted) throw refusal('order_already_refunded')
      refunded += purchase.amount
    }

    const [subscription] = order.userOfferId == null ? [] : await tx.select().from(userOffers).where(eq(userOffers.id, order.userOfferId))
    if (subscription) {
      // Its last day becomes yesterday (Tunis): access stops today; an earlier end stays.
      const lastDay = dayBefore(tunisDateOf(at))
      const endDate = subscription.endDate != null && subscription.endDate < lastDay ? subscription.endDate : lastDay
      await tx
        .update(userOffers)
        .set({ endDate, cancelledAt: subscription.cancelledAt ?? at })
        .where(eq(userOffers.id, subscription.id))
      // A chapter bought on its own had joined its live sessions: those still to end are left.
      if (subscription.chapterId != null) await leaveChapterEvents(tx, order.userId, subscription.chapterId, at)
    }
    const couponReleased = await releaseCoupon(tx, order.id)
    const earning = await reverseReferralEarning(tx, order.id, at)
    const [done] = await tx
      .update(offerOrders)
      .set({ status: 'refunded', refundedAt: at, refundReason: reason })
      .where(eq(offerOrders.id, order.id))
      .returning()

    const view = await viewOf(tx, done!)
    const language = options.language ?? 'fr'
    const notice = REFUND_NOTICE[language](localName(view.offer.name, view.offer.nameAr, language), toPoints(refunded))
    told = await notifications.store(tx, { userId: order.userId, ...notice, link: '/porte-monnaie' })
    return { ...view, refunded, couponReleased, earning }
  })
  if (told) notifications.publish(told)
  return refund
}
