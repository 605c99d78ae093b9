/**
 * Coupons and referral codes of a purchase (issue 28, decision 0035): the code a pupil applies in
 * the purchase dialog (one at a time), the server's own checks of it (a referral code's holder, a
 * coupon's owner, its uses, the pupil's earlier use), the terms the pricing engine reads, and the
 * redemption inside the purchase's transaction: a conditional increment of the coupon's uses and
 * one row per pupil and coupon, so that under any concurrency a coupon is used no more often than
 * it allows and never twice by one pupil. A purchase that fails keeps nothing of it.
 */
import { and, asc, eq, isNull, lt, or, sql } from 'drizzle-orm'
import {
  checkDiscountCode,
  codeKind,
  normalizeDiscountCode,
  toDinars,
  type AppliedCode,
  type CouponTerms,
  type PricingErrorCode
} from '../../../src/shared/pricing/index.ts'
import type { Executor, Tx } from '../db/client.ts'
import {
  appliedDiscountCodes,
  discountCodeOfferDivisions,
  discountCodeOffers,
  discountCodeRedemptions,
  discountCodes,
  offerDivisions,
  users
} from '../db/schema.ts'
import { ApiError } from '../errors.ts'
import type { UserRow } from '../http.ts'

/** The refusals of a code the server decides from its records, besides the engine's. */
export type CodeRefusal = PricingErrorCode | 'code_max_uses_reached' | 'code_already_used'

export const CODE_REFUSAL_TEXT: Record<'code_max_uses_reached' | 'code_already_used', string> = {
  code_max_uses_reached: 'Ce code a atteint son nombre maximal d’utilisations',
  code_already_used: 'Vous avez déjà utilisé ce code'
}

export type CouponRow = typeof discountCodes.$inferSelect & {
  offerIds: number[]
  offerDivisions: Array<{ id: number; type: 'primary' | 'pack' }>
}
export type AppliedRow = typeof appliedDiscountCodes.$inferSelect

/** A coupon by its code (as stored: trimmed, in capitals), with the offers and divisions it is limited to. */
export async function findCoupon(db: Executor, code: string): Promise<CouponRow | null> {
  const [row] = await db
    .select()
    .from(discountCodes)
    .where(eq(discountCodes.code, normalizeDiscountCode(code)))
    .limit(1)
  if (!row) return null
  const offerRows = await db
    .select({ id: discountCodeOffers.offerId })
    .from(discountCodeOffers)
    .where(eq(discountCodeOffers.discountCodeId, row.id))
    .orderBy(asc(discountCodeOffers.offerId))
  const divisionRows = await db
    .select({ id: discountCodeOfferDivisions.offerDivisionId, type: offerDivisions.type })
    .from(discountCodeOfferDivisions)
    .innerJoin(offerDivisions, eq(offerDivisions.id, discountCodeOfferDivisions.offerDivisionId))
    .where(eq(discountCodeOfferDivisions.discountCodeId, row.id))
    .orderBy(asc(discountCodeOfferDivisions.offerDivisionId))
  return {
    ...row,
    offerIds: offerRows.map((offer) => offer.id),
    offerDivisions: divisionRows.map((division) => ({ id: division.id, type: division.type as 'primary' | 'pack' }))
  }
}

/** A coupon's value as the contract and the engine give it: a percentage, or dinars. */
export function couponAmount(row: Pick<CouponRow, 'discountType' | 'discountValue'>): number {
  return row.discountType === 'fixed' ? toDinars(row.discountValue) : row.discountValue / 100
}

/** What the engine reads of a coupon (allYear is the rest-of-the-year period). */
export function couponTerms(row: CouponRow): CouponTerms {
  return {
    discountType: row.discountType as CouponTerms['discountType'],
    discountValue: couponAmount(row),
    active: row.active,
    expiresAt: row.expiresAt?.toISOString() ?? null,
    offerIds: row.offerIds,
    offerDivisionIds: row.offerDivisions.map((division) => division.id),
    periods: row.allYear ? ['rest_of_year'] : []
  }
}

const redeemedQuery = (db: Executor, couponId: number, userId: number) =>
  db
    .select({ userId: discountCodeRedemptions.userId })
    .from(discountCodeRedemptions)
    .where(and(eq(discountCodeRedemptions.discountCodeId, couponId), eq(discountCodeRedemptions.userId, userId)))
    .limit(1)

export type ResolvedCode = { applied: AppliedCode; coupon: CouponRow | null }

/**
 * A code as the engine will take it, after the checks only the server can make: a referral code
 * must be held by a pupil (and not be the buyer's own); a coupon must exist, not be the buyer's
 * own, not be used up nor already used by the buyer. The engine checks the rest (format, activity,
 * expiry, offer, class, period, first instalment).
 */
export async function resolveCode(db: Executor, user: UserRow, code: string): Promise<ResolvedCode | CodeRefusal> {
  if (checkDiscountCode(code)) return { applied: { code }, coupon: null }
  const normalized = normalizeDiscountCode(code)
  if (user.giftCode && normalizeDiscountCode(user.giftCode) === normalized) return 'own_code'
  if (codeKind(normalized) === 'referral') {
    const [holder] = await db.select({ id: users.id }).from(users).where(eq(users.giftCode, normalized)).limit(1)
    return holder ? { applied: { code }, coupon: null } : 'unknown_code'
  }
  const coupon = await findCoupon(db, normalized)
  if (!coupon) return 'unknown_code'
  if (coupon.ownerId === user.id) return 'own_code'
  if ((await redeemedQuery(db, coupon.id, user.id)).length > 0) return 'code_already_used'
  if (coupon.maxUses != null && coupon.uses >= coupon.maxUses) return 'code_max_uses_reached'
  return { applied: { code, coupon: couponTerms(coupon) }, coupon }
}

/** The code the pupil applied and has not used yet. */
export async function appliedCodeOf(db: Executor, userId: number): Promise<AppliedRow | null> {
  const [row] = await db.select().from(appliedDiscountCodes).where(eq(appliedDiscountCodes.userId, userId)).limit(1)
  return row ?? null
}

/** Records the applied code; null when the pupil applied another one meanwhile (one at a time). */
export async function saveAppliedCode(db: Executor, values: typeof appliedDiscountCodes.$inferInsert): Promise<AppliedRow | null> {
  const [row] = await db.insert(appliedDiscountCodes).values(values).onConflictDoNothing().returning()
  return row ?? null
}

export async function removeAppliedCode(db: Executor, userId: number, id: number): Promise<boolean> {
  const gone = await db
    .delete(appliedDiscountCodes)
    .where(and(eq(appliedDiscountCodes.id, id), eq(appliedDiscountCodes.userId, userId)))
    .returning({ id: appliedDiscountCodes.id })
  return gone.length === 1
}

/** Forgets the pupil's applied code once a purchase used it. */
export async function consumeAppliedCode(tx: Tx, userId: number): Promise<void> {
  await tx.delete(appliedDiscountCodes).where(eq(appliedDiscountCodes.userId, userId))
}

export function codeRefusal(code: 'code_max_uses_reached' | 'code_already_used'): ApiError {
  return new ApiError(code, CODE_REFUSAL_TEXT[code], { status: 422 })
}

/**
 * Uses a coupon in a purchase, inside its transaction: one more use only while uses remain (the
 * row's lock orders concurrent purchases; the loser's condition fails), and one use per pupil
 * (the redemption's key). A refusal rolls the purchase back.
 */
export async function redeemCoupon(tx: Tx, couponId: number, userId: number, orderId: number, at: Date): Promise<void> {
  const [taken] = await tx
    .update(discountCodes)
    .set({ uses: sql`${discountCodes.uses} + 1` })
    .where(and(eq(discountCodes.id, couponId), or(isNull(discountCodes.maxUses), lt(discountCodes.uses, discountCodes.maxUses))))
    .returning({ id: discountCodes.id })
  if (!taken) throw codeRefusal('code_max_uses_reached')
  const [first] = await tx
    .insert(discountCodeRedemptions)
    .values({ discountCodeId: couponId, userId, orderId, createdAt: at })
    .onConflictDoNothing()
    .returning({ userId: discountCodeRedemptions.userId })
  if (!first) throw codeRefusal('code_already_used')
}
