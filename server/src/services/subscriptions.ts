/**
 * A pupil's cancellation of a subscription (issue 28, decision 0045): the subscription keeps its
 * dates, so its access runs to its last day; it is marked cancelled, which stops its renewal and
 * its later instalments. Only the pupil's own, only one that has not ended (dates in Tunis);
 * cancelling again answers the same. Nothing is refunded.
 */
import { and, eq, isNull } from 'drizzle-orm'
import { subscriptionCancellable } from '../../../src/shared/rules/activeOffers.ts'
import { tunisDateOf } from '../../../src/shared/pricing/index.ts'
import type { Executor } from '../db/client.ts'
import { offerGroups, userOffers } from '../db/schema.ts'
import { ApiError } from '../errors.ts'

export type CancelledSubscription = { subscription: typeof userOffers.$inferSelect; group: { id: number; name: string } }

export const SUBSCRIPTION_REFUSAL_TEXT = {
  subscription_ended: 'Cet abonnement est déjà terminé',
  subscription_cancelled: 'Cet abonnement a été résilié'
} as const

async function ownSubscription(db: Executor, userId: number, id: number): Promise<CancelledSubscription | null> {
  const [row] = await db
    .select({ subscription: userOffers, group: { id: offerGroups.id, name: offerGroups.name } })
    .from(userOffers)
    .innerJoin(offerGroups, eq(offerGroups.id, userOffers.groupId))
    .where(and(eq(userOffers.id, id), eq(userOffers.userId, userId)))
    .limit(1)
  return row ?? null
}

export async function cancelSubscription(db: Executor, userId: number, id: number, at: Date): Promise<CancelledSubscription> {
  const found = await ownSubscription(db, userId, id)
  if (!found) throw new ApiError('not_found', 'Abonnement introuvable')
  if (found.subscription.cancelledAt) return found
  const view = { end_date: found.subscription.endDate, cancelled_at: null }
  if (!subscriptionCancellable(view, tunisDateOf(at)))
    throw new ApiError('subscription_ended', SUBSCRIPTION_REFUSAL_TEXT.subscription_ended)
  const [cancelled] = await db
    .update(userOffers)
    .set({ cancelledAt: at })
    .where(and(eq(userOffers.id, id), eq(userOffers.userId, userId), isNull(userOffers.cancelledAt)))
    .returning()
  // Cancelled meanwhile by another request: the first cancellation stands.
  if (!cancelled) return (await ownSubscription(db, userId, id))!
  return { subscription: cancelled, group: found.group }
}

/** A later instalment of a cancelled subscription is refused: a cancelled subscription is not paid on. */
export async function checkNotCancelled(db: Executor, subscriptionId: number | null): Promise<void> {
  if (subscriptionId == null) return
  const [row] = await db.select({ cancelledAt: userOffers.cancelledAt }).from(userOffers).where(eq(userOffers.id, subscriptionId)).limit(1)
  if (row?.cancelledAt) throw new ApiError('subscription_cancelled', SUBSCRIPTION_REFUSAL_TEXT.subscription_cancelled)
}
