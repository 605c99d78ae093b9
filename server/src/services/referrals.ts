/**
 * The referrer's earning (issue 28, decision 0045): when a friend's order paid with a CP code
 * settles, the code's holder earns 5 % of the amount the order actually paid, as tokens
 * (`users.gift_point`, 1 token = 1 millime of value). Everything here runs inside the purchase's
 * own transaction, so the earning is kept exactly when the purchase is. One earning per friend
 * (the friend's first paid order with a referral code; the row's unique key makes a replay or a
 * concurrent purchase earn nothing more), grown by the order's later instalments, and reversed
 * (tokens taken back, `reversed_at` set) when that order is refunded.
 */
import { and, eq, isNull, ne, sql } from 'drizzle-orm'
import { codeKind, normalizeDiscountCode, referrerTokens } from '../../../src/shared/pricing/index.ts'
import type { Tx } from '../db/client.ts'
import { referralEarnings, users, type offerOrders } from '../db/schema.ts'

export type EarningRow = typeof referralEarnings.$inferSelect
type OrderRow = Pick<typeof offerOrders.$inferSelect, 'id' | 'userId' | 'code' | 'paid'>

async function addTokens(tx: Tx, userId: number, tokens: number): Promise<void> {
  if (tokens === 0) return
  await tx
    .update(users)
    .set({ giftPoint: sql`greatest(${users.giftPoint} + ${tokens}, 0)` })
    .where(eq(users.id, userId))
}

/**
 * Credits the holder of the order's referral code with 5 % of what the order paid. Nothing for a
 * coupon, a free order, an unknown holder, the buyer's own code (refused before: decision 0035) or
 * a friend who already brought an earning. Returns the earning made, or null.
 */
export async function creditReferrer(tx: Tx, order: OrderRow, at: Date): Promise<EarningRow | null> {
  if (order.code == null || codeKind(order.code) !== 'referral' || order.paid <= 0) return null
  const [holder] = await tx
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.giftCode, normalizeDiscountCode(order.code)), ne(users.id, order.userId)))
    .limit(1)
  if (!holder) return null
  const amount = referrerTokens(order.paid)
  const [earning] = await tx
    .insert(referralEarnings)
    .values({ referrerId: holder.id, friendId: order.userId, orderId: order.id, paid: order.paid, amount, createdAt: at })
    .onConflictDoNothing()
    .returning()
  if (!earning) return null
  await addTokens(tx, holder.id, amount)
  return earning
}

/**
 * A later instalment of an order that earned: the earning becomes 5 % of everything the order has
 * paid (one rounding over the whole, not one per slice), and the referrer gets the difference.
 */
export async function creditSlice(tx: Tx, orderId: number, slicePaid: number): Promise<EarningRow | null> {
  const [earning] = await tx
    .select()
    .from(referralEarnings)
    .where(and(eq(referralEarnings.orderId, orderId), isNull(referralEarnings.reversedAt)))
    .for('update')
    .limit(1)
  if (!earning || slicePaid <= 0) return null
  const paid = earning.paid + slicePaid
  const amount = referrerTokens(paid)
  const [grown] = await tx.update(referralEarnings).set({ paid, amount }).where(eq(referralEarnings.id, earning.id)).returning()
  await addTokens(tx, earning.referrerId, amount - earning.amount)
  return grown!
}

/**
 * A refunded order takes its referrer's tokens back (never below zero: tokens already converted
 * stay converted). Once only: a second call finds the earning reversed and returns null.
 */
export async function reverseReferralEarning(tx: Tx, orderId: number, at: Date): Promise<EarningRow | null> {
  const [reversed] = await tx
    .update(referralEarnings)
    .set({ reversedAt: at })
    .where(and(eq(referralEarnings.orderId, orderId), isNull(referralEarnings.reversedAt)))
    .returning()
  if (!reversed) return null
  await addTokens(tx, reversed.referrerId, -reversed.amount)
  return reversed
}
