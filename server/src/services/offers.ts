/**
 * The offers catalogue and purchases with points (issue 28, decision 0034):
 *
 * - the catalogue of a class: its offer divisions with their offer and group, pricing entries and
 *   subject details, read with one prepared statement each;
 * - a quote: the pricing engine run on the server's own figures (never the client's) for the
 *   pupil's level and the request's period, months, subjects, code and slice;
 * - a code: the one the request names or the pupil applied, checked by services/discountCodes.ts;
 * - a purchase: in ONE database transaction, the order with the quote's snapshot, the coupon's
 *   use (decision 0035), the points
 *   taken through the ledger (a wallet cannot go below zero: the purchase is refused with the
 *   points missing), and the subscription (`user_offers`, dates in Tunis) the learning access
 *   rules read at once;
 * - the referrer's 5 % in tokens when the order carries a CP code (services/referrals.ts).
 */
import { and, asc, desc, eq, gt, gte, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm'
import { DateTime } from 'luxon'
import {
  normalizeDiscountCode,
  quote,
  restOfSchoolYear,
  tunisDateOf,
  type AppliedCode,
  type LevelSlug,
  type Quote
} from '../../../src/shared/pricing/index.ts'
import type { PricingErrorCode } from '../../../src/shared/pricing/errors.ts'
import type { PurchaseRequest } from '../../../src/shared/api/offers.ts'
import type { Executor, Tx } from '../db/client.ts'
import { preparedFor } from '../db/prepared.ts'
import {
  chapters,
  divisions,
  eventParticipants,
  levels,
  liveEvents,
  offerDivisions,
  offerGroups,
  offerOrders,
  offerPrices,
  offers,
  offerSubjectDetails,
  subjects,
  userOffers,
  userOfferSubjects,
  users
} from '../db/schema.ts'
import { ApiError, fieldError } from '../errors.ts'
import type { UserRow } from '../http.ts'
import {
  appliedCodeOf,
  codeRefusal,
  consumeAppliedCode,
  redeemCoupon,
  resolveCode,
  type CodeRefusal,
  type CouponRow
} from './discountCodes.ts'
import { InsufficientFundsError, isOverdraftViolation, move, toPoints, walletBalance } from './ledger.ts'
import { creditReferrer, creditSlice } from './referrals.ts'
import { checkNotCancelled } from './subscriptions.ts'

/** The engine's refusals in French, the server's language (the app words each code itself). */
export const PRICING_REFUSAL_TEXT: Record<PricingErrorCode, string> = {
  invalid_input: 'Certaines informations envoyées ne sont pas valides',
  unknown_period: 'Durée inconnue',
  period_not_offered: 'Cette durée n’est pas proposée pour cette offre',
  invalid_quantity: 'Nombre de mois invalide (de 1 à 12)',
  division_disabled: 'Cette offre n’est pas disponible pour le moment',
  price_missing: 'Le prix de cette offre n’est pas encore fixé',
  subjects_required: 'Choisissez au moins une matière',
  unknown_subject: 'Cette matière ne fait pas partie du pack',
  duplicate_subject: 'Une matière a été choisie deux fois',
  subjects_not_sold_separately: 'Les matières de cette offre ne se vendent pas séparément',
  slice_out_of_range: 'Cette tranche n’existe pas pour cette offre',
  two_codes: 'Les codes ne sont pas cumulables : un seul code à la fois',
  code_already_added: 'Ce code est déjà ajouté',
  code_required: 'Code coupon requis',
  code_too_short: 'Le code doit contenir au moins 3 caractères',
  own_code: 'Vous ne pouvez pas utiliser votre propre code',
  unknown_code: 'Ce code n’existe pas',
  code_inactive: 'Ce code a expiré ou n’est plus actif',
  code_expired: 'Ce code a expiré ou n’est plus actif',
  code_not_applicable: 'Ce code n’est pas valable pour cette classe, cette offre ou cette durée',
  code_first_slice_only: 'Un code ne s’applique qu’à la première tranche',
  invalid_coupon: 'Ce code n’est pas valable'
}

export type OfferDivisionRow = typeof offerDivisions.$inferSelect & {
  offer: { id: number; name: string; nameAr: string | null; isFree: boolean; position: number; unsubscribable: boolean }
  group: { id: number; name: string }
}
export type OfferPriceRow = typeof offerPrices.$inferSelect
export type SubjectDetailRow = {
  id: number
  offerDivisionId: number
  subjectId: number
  subject: string
  price: number
  description: string | null
  position: number
}

/** What an offer division row carries of its offer (`OfferDivisionRow.offer`), here and in services/offerList.ts. */
export const divisionOfferColumns = {
  id: offers.id,
  name: offers.name,
  nameAr: offers.nameAr,
  isFree: offers.isFree,
  position: offers.position,
  unsubscribable: offers.unsubscribable
}

/** A class's offer divisions (or one by id) with their offer and group, by the offer's position. */
const divisionColumns = {
  division: offerDivisions,
  offer: divisionOfferColumns,
  group: { id: offerGroups.id, name: offerGroups.name }
}

const classDivisionsQuery = preparedFor((db) =>
  db
    .select(divisionColumns)
    .from(offerDivisions)
    .innerJoin(offers, eq(offers.id, offerDivisions.offerId))
    .innerJoin(offerGroups, eq(offerGroups.id, offers.groupId))
    .where(eq(offerDivisions.divisionId, sql.placeholder('divisionId')))
    .orderBy(asc(offers.position), asc(offerDivisions.id))
    .prepare('offers_class_divisions')
)

const divisionByIdQuery = preparedFor((db) =>
  db
    .select(divisionColumns)
    .from(offerDivisions)
    .innerJoin(offers, eq(offers.id, offerDivisions.offerId))
    .innerJoin(offerGroups, eq(offerGroups.id, offers.groupId))
    .where(eq(offerDivisions.id, sql.placeholder('id')))
    .limit(1)
    .prepare('offers_division_by_id')
)

const classPricesQuery = preparedFor((db) =>
  db
    .select({ price: offerPrices })
    .from(offerPrices)
    .innerJoin(offerDivisions, eq(offerDivisions.id, offerPrices.offerDivisionId))
    .where(eq(offerDivisions.divisionId, sql.placeholder('divisionId')))
    .orderBy(asc(offerPrices.offerDivisionId), asc(offerPrices.position))
    .prepare('offers_class_prices')
)

const divisionPricesQuery = preparedFor((db) =>
  db
    .select({ price: offerPrices })
    .from(offerPrices)
    .where(eq(offerPrices.offerDivisionId, sql.placeholder('id')))
    .orderBy(asc(offerPrices.position))
    .prepare('offers_division_prices')
)

/** A `SubjectDetailRow`'s columns, here and in services/offerList.ts. */
export const subjectDetailColumns = {
  id: offerSubjectDetails.id,
  offerDivisionId: offerSubjectDetails.offerDivisionId,
  subjectId: offerSubjectDetails.subjectId,
  subject: subjects.name,
  price: offerSubjectDetails.price,
  description: offerSubjectDetails.description,
  position: offerSubjectDetails.position
}

const classSubjectDetailsQuery = preparedFor((db) =>
  db
    .select(subjectDetailColumns)
    .from(offerSubjectDetails)
    .innerJoin(offerDivisions, eq(offerDivisions.id, offerSubjectDetails.offerDivisionId))
    .innerJoin(subjects, eq(subjects.id, offerSubjectDetails.subjectId))
    .where(eq(offerDivisions.divisionId, sql.placeholder('divisionId')))
    .orderBy(asc(offerSubjectDetails.offerDivisionId), asc(offerSubjectDetails.position), asc(offerSubjectDetails.id))
    .prepare('offers_class_subject_details')
)

const divisionSubjectDetailsQuery = preparedFor((db) =>
  db
    .select(subjectDetailColumns)
    .from(offerSubjectDetails)
    .innerJoin(subjects, eq(subjects.id, offerSubjectDetails.subjectId))
    .where(eq(offerSubjectDetails.offerDivisionId, sql.placeholder('id')))
    .orderBy(asc(offerSubjectDetails.position), asc(offerSubjectDetails.id))
    .prepare('offers_division_subject_details')
)

const levelOfDivisionQuery = preparedFor((db) =>
  db
    .select({ slug: levels.slug })
    .from(divisions)
    .innerJoin(levels, eq(levels.id, divisions.levelId))
    .where(eq(divisions.id, sql.placeholder('divisionId')))
    .limit(1)
    .prepare('offers_level_of_division')
)

export type ClassCatalogue = {
  level: LevelSlug
  divisions: OfferDivisionRow[]
  prices: OfferPriceRow[]
  subjectDetails: SubjectDetailRow[]
}

function divisionRow(row: {
  division: typeof offerDivisions.$inferSelect
  offer: OfferDivisionRow['offer']
  group: OfferDivisionRow['group']
}): OfferDivisionRow {
  return { ...row.division, offer: row.offer, group: row.group }
}

/** The level of a class, which prices the daily and weekly plans. */
export async function levelOf(db: Executor, divisionId: number): Promise<LevelSlug> {
  const [row] = await levelOfDivisionQuery(db).execute({ divisionId })
  return (row?.slug ?? 'secondary') as LevelSlug
}

/** Every offer of a class with its prices and subject details. */
export async function classCatalogue(db: Executor, divisionId: number): Promise<ClassCatalogue> {
  const [level, rows, prices, subjectDetails] = await Promise.all([
    levelOf(db, divisionId),
    classDivisionsQuery(db).execute({ divisionId }),
    classPricesQuery(db).execute({ divisionId }),
    classSubjectDetailsQuery(db).execute({ divisionId })
  ])
  return { level, divisions: rows.map(divisionRow), prices: prices.map((row) => row.price), subjectDetails }
}

/** One offer division of the pupil's class: 404 for none, 403 (level) for another class's. */
export async function ownDivision(db: Executor, user: UserRow, id: number): Promise<ClassCatalogue & { division: OfferDivisionRow }> {
  const [row] = await divisionByIdQuery(db).execute({ id })
  if (!row) throw new ApiError('not_found', 'Offre introuvable')
  if (user.divisionId == null || row.division.divisionId !== user.divisionId)
    throw new ApiError('level_not_allowed', 'access not authorised for this level')
  // One after the other: inside a purchase's transaction they share one connection.
  const level = await levelOf(db, user.divisionId)
  const prices = await divisionPricesQuery(db).execute({ id })
  const subjectDetails = await divisionSubjectDetailsQuery(db).execute({ id })
  const division = divisionRow(row)
  return { level, division, divisions: [division], prices: prices.map((price) => price.price), subjectDetails }
}

/**
 * The code of a request: the one it names, else the one the pupil applied (`/student/discount-code`);
 * two different ones are two codes at once. Checked against the server's records, then given to
 * the engine with a coupon's terms.
 */
export async function chosenCode(
  db: Executor,
  user: UserRow,
  code: string | null | undefined
): Promise<{ codes: AppliedCode[]; coupon: CouponRow | null }> {
  const applied = await appliedCodeOf(db, user.id)
  if (code != null && applied && normalizeDiscountCode(code) !== applied.code) throw pricingRefusal('two_codes')
  const chosen = code ?? applied?.code
  if (chosen == null) return { codes: [], coupon: null }
  const resolved = await resolveCode(db, user, chosen)
  if (typeof resolved === 'string') throw pricingRefusal(resolved)
  return { codes: [resolved.applied], coupon: resolved.coupon }
}

/** The refusal of a purchase the engine will not price (or of its code): 422 with the code's own text. */
export function pricingRefusal(code: CodeRefusal): ApiError {
  if (code === 'code_max_uses_reached' || code === 'code_already_used') return codeRefusal(code)
  return new ApiError(code, PRICING_REFUSAL_TEXT[code], { status: 422 })
}

/** The period a request buys: the one it names, or the division's only one ('fixed' without a pricing list). */
export function requestedPeriod(request: Pick<PurchaseRequest, 'period'>, prices: OfferPriceRow[]): string {
  if (request.period) return request.period
  if (prices.length === 0) return 'fixed'
  if (prices.length === 1) return prices[0]!.period
  throw fieldError({ period: ['common.required'] })
}

/**
 * The period a code is applied for (`/student/discount-code`): the rest of the year when asked
 * (allYear), months when given and sold, else the division's only or first period.
 */
export function codePeriod(prices: OfferPriceRow[], quantity: number | null, allYear: boolean): string {
  if (allYear) return 'rest_of_year'
  if (quantity != null && prices.some((entry) => entry.period === 'month')) return 'month'
  return prices[0]?.period ?? 'fixed'
}

/** Prices a request with the engine on the server's figures (`division` is the engine's shape of the row). */
export async function quoteFor(
  db: Executor,
  user: UserRow,
  request: PurchaseRequest,
  catalogue: ClassCatalogue & { division: OfferDivisionRow },
  engineDivision: Parameters<typeof quote>[0]['division'],
  at: Date,
  period = requestedPeriod(request, catalogue.prices)
): Promise<{ quote: Quote; coupon: CouponRow | null }> {
  const { codes, coupon } = await chosenCode(db, user, request.code)
  const result = quote({
    division: engineDivision,
    level: catalogue.level,
    period,
    quantity: request.quantity ?? null,
    subjectIds: request.offer_subject_details ?? null,
    codes,
    sliceIndex: request.sliceIndex ?? null,
    at,
    buyerGiftCode: user.giftCode
  })
  if (!result.ok) throw pricingRefusal(result.code)
  return { quote: result.quote, coupon }
}

/** A chapter bought on its own must be one of the pupil's class. */
export async function checkChapter(db: Executor, user: UserRow, chapterId: number): Promise<void> {
  const [row] = await db
    .select({ divisionId: subjects.divisionId })
    .from(chapters)
    .innerJoin(subjects, eq(subjects.id, chapters.subjectId))
    .where(eq(chapters.id, chapterId))
    .limit(1)
  if (!row) throw new ApiError('not_found', 'Chapitre introuvable')
  if (row.divisionId !== user.divisionId) throw new ApiError('level_not_allowed', 'access not authorised for this level')
}

/**
 * A chapter the pupil holds already (an active subscription naming it, dates in Tunis) is not sold
 * again: 409 'chapter already purchased'. The pupil's row is locked first, so that two purchases
 * of one chapter at once are checked one after the other.
 */
export async function checkChapterNotHeld(tx: Tx, user: UserRow, chapterId: number, at: Date): Promise<void> {
  await tx.select({ id: users.id }).from(users).where(eq(users.id, user.id)).for('update')
  const today = tunisDateOf(at)
  const [held] = await tx
    .select({ id: userOffers.id })
    .from(userOffers)
    .where(
      and(
        eq(userOffers.userId, user.id),
        eq(userOffers.chapterId, chapterId),
        or(isNull(userOffers.startDate), lte(userOffers.startDate, today)),
        or(isNull(userOffers.endDate), gte(userOffers.endDate, today))
      )
    )
    .limit(1)
  if (held) throw new ApiError('chapter_already_purchased', 'chapter already purchased')
}

/** Joins the pupil to the chapter's live sessions that have not ended and are not disabled; once each. */
export async function joinChapterEvents(tx: Tx, userId: number, chapterId: number, at: Date): Promise<number> {
  const joined = await tx
    .insert(eventParticipants)
    .select(
      tx
        .select({
          eventId: liveEvents.id,
          userId: sql<number>`${userId}::int`.as('user_id'),
          source: sql<string>`'chapter_purchase'`.as('source'),
          joinedAt: sql<Date>`${at.toISOString()}::timestamptz`.as('joined_at')
        })
        .from(liveEvents)
        .where(and(eq(liveEvents.chapterId, chapterId), eq(liveEvents.disabled, false), gt(liveEvents.endsAt, at)))
    )
    .onConflictDoNothing()
    .returning({ eventId: eventParticipants.eventId })
  return joined.length
}

/** Leaves the chapter's live sessions not yet ended that its purchase joined (a refunded chapter). */
export async function leaveChapterEvents(tx: Tx, userId: number, chapterId: number, at: Date): Promise<void> {
  await tx.delete(eventParticipants).where(
    and(
      eq(eventParticipants.userId, userId),
      eq(eventParticipants.source, 'chapter_purchase'),
      inArray(
        eventParticipants.eventId,
        tx
          .select({ id: liveEvents.id })
          .from(liveEvents)
          .where(and(eq(liveEvents.chapterId, chapterId), gt(liveEvents.endsAt, at)))
      )
    )
  )
}

export type Purchase = {
  order: typeof offerOrders.$inferSelect
  subscription: typeof userOffers.$inferSelect
  group: { id: number; name: string }
  offerName: string
  balance: number
  quote: Quote
}

/** Takes `amount` millimes from the wallet (one ledger transaction under `reference`); the 402 when it holds too few. */
async function charge(tx: Tx, user: UserRow, reference: string, amount: number, memo: string): Promise<number | null> {
  if (amount <= 0) return null
  try {
    return (await move(tx, 'purchase', reference, { userId: user.id }, { system: 'revenue' }, amount, memo)).transactionId
  } catch (error) {
    if (error instanceof InsufficientFundsError) throw insufficientPoints(error.needed - error.balance)
    if (isOverdraftViolation(error)) throw insufficientPoints(amount - (await walletBalance(tx, user.id)))
    throw error
  }
}

/**
 * The last day of access an order gives: its period's last day (an offer without a period, 'fixed',
 * runs to the end of the school year it is bought in), or, in instalments, the share of the period
 * its paid slices cover — k of n slices open the first ⌈k × days ÷ n⌉ days.
 */
export function accessEnd(priced: Quote, slicesPaid: number, sliceCount: number): string {
  const endDate = priced.period.endDate ?? restOfSchoolYear(new Date(priced.snapshot.at)).endDate
  if (sliceCount === 0 || slicesPaid >= sliceCount) return endDate
  const start = DateTime.fromISO(priced.period.startDate, { zone: 'utc' })
  const days = Math.round(DateTime.fromISO(endDate, { zone: 'utc' }).diff(start, 'days').days) + 1
  return start.plus({ days: Math.ceil((slicesPaid * days) / sliceCount) - 1 }).toISODate()!
}

export type OrderRow = typeof offerOrders.$inferSelect

/** The pupil's latest order in instalments of this division (locked when `lock`: payments of its slices queue on it). */
async function latestSlicedOrder(db: Executor, userId: number, offerDivisionId: number, lock: boolean): Promise<OrderRow | null> {
  const query = db
    .select()
    .from(offerOrders)
    .where(
      and(
        eq(offerOrders.userId, userId),
        eq(offerOrders.offerDivisionId, offerDivisionId),
        gt(offerOrders.sliceCount, 0),
        // A refunded order waits for no slice (decision 0048).
        isNull(offerOrders.refundedAt)
      )
    )
    .orderBy(desc(offerOrders.id))
    .limit(1)
  const [row] = lock ? await query.for('update') : await query
  return row ?? null
}

/** The next slice of each of the pupil's orders in instalments, by offer division (the catalogue's indexSliceToPay). */
export async function nextSlices(db: Executor, userId: number): Promise<Map<number, number>> {
  const rows = await db
    .select({ offerDivisionId: offerOrders.offerDivisionId, slicesPaid: offerOrders.slicesPaid })
    .from(offerOrders)
    .where(and(eq(offerOrders.userId, userId), lt(offerOrders.slicesPaid, offerOrders.sliceCount), isNull(offerOrders.refundedAt)))
    .orderBy(asc(offerOrders.id))
  return new Map(rows.map((row) => [row.offerDivisionId, row.slicesPaid + 1]))
}

/**
 * Whether a request pays a later slice of an order in instalments, and which: the next one when it
 * names none and an order waits; the one it names from 2 on, which must be the next (slice n only
 * after slices < n). Slice 1 or -1 is a new order.
 */
export async function sliceToPay(
  db: Executor,
  user: UserRow,
  offerDivisionId: number,
  request: Pick<PurchaseRequest, 'sliceIndex' | 'code'>,
  lock: boolean
): Promise<{ order: OrderRow; sliceIndex: number } | null> {
  const asked = request.sliceIndex
  if (asked === -1 || asked === 1) return null
  const latest = await latestSlicedOrder(db, user.id, offerDivisionId, lock)
  const open = latest && latest.slicesPaid < latest.sliceCount ? latest : null
  if (asked == null) {
    if (!open) return null
  } else {
    if (latest && asked <= latest.slicesPaid) throw sliceRefusal('slice_already_paid')
    if (!open || asked > open.slicesPaid + 1) throw sliceRefusal('earlier_slice_unpaid')
  }
  // A code goes with the first instalment only.
  if (request.code != null) throw pricingRefusal('code_first_slice_only')
  return { order: open!, sliceIndex: open!.slicesPaid + 1 }
}

/** The quote of a later slice: the order's own, at the amount its slice holds. */
export function sliceQuote(order: OrderRow, sliceIndex: number): Quote {
  const stored = order.quote as Quote
  return { ...stored, sliceIndex, dueNow: stored.slices[sliceIndex - 1] ?? 0 }
}

export function sliceRefusal(code: 'earlier_slice_unpaid' | 'slice_already_paid'): ApiError {
  return new ApiError(code, SLICE_REFUSAL_TEXT[code])
}

export const SLICE_REFUSAL_TEXT: Record<'earlier_slice_unpaid' | 'slice_already_paid', string> = {
  earlier_slice_unpaid: 'Les tranches précédentes doivent être payées d’abord',
  slice_already_paid: 'Cette tranche est déjà payée'
}

/**
 * Pays a later slice of an order, inside the caller's transaction: the order moves from n − 1 to
 * n slices paid only from n − 1 (two payments of one slice: one wins), the points are taken at the
 * slice's amount in the order's snapshot (`purchase` / `order:{id}:slice:{n}`), and the
 * subscription runs as far as the paid slices cover.
 */
export async function paySlice(tx: Tx, user: UserRow, division: OfferDivisionRow, order: OrderRow, sliceIndex: number): Promise<Purchase> {
  const priced = sliceQuote(order, sliceIndex)
  // A cancelled subscription is not paid on (decision 0045).
  await checkNotCancelled(tx, order.userOfferId)
  const [advanced] = await tx
    .update(offerOrders)
    .set({ slicesPaid: sliceIndex })
    .where(and(eq(offerOrders.id, order.id), eq(offerOrders.slicesPaid, sliceIndex - 1)))
    .returning()
  if (!advanced) throw sliceRefusal('slice_already_paid')
  await charge(
    tx,
    user,
    `order:${order.id}:slice:${sliceIndex}`,
    priced.dueNow,
    `${division.offer.name} (${division.name}), tranche ${sliceIndex}`
  )
  // The referrer's 5 % grows with what the order has paid (decision 0045).
  await creditSlice(tx, order.id, priced.dueNow)
  const [subscription] = await tx
    .update(userOffers)
    .set({
      endDate: accessEnd(order.quote as Quote, sliceIndex, order.sliceCount),
      amountPaid: sql`${userOffers.amountPaid} + ${priced.dueNow}`
    })
    .where(eq(userOffers.id, order.userOfferId!))
    .returning()
  return {
    order: advanced,
    subscription: subscription!,
    group: division.group,
    offerName: division.offer.name,
    balance: await walletBalance(tx, user.id),
    quote: priced
  }
}

/** The purchase refused for want of points: 402 with the points missing. */
export function insufficientPoints(missingMillimes: number): ApiError {
  return new ApiError('insufficient_points', 'Solde de points insuffisant', {
    status: 402,
    missingPoints: toPoints(Math.max(0, missingMillimes))
  })
}

/**
 * Records a purchase inside the caller's transaction: the order and its snapshot, the points
 * (one ledger transaction, `purchase` / `order:{id}`), the subscription and the subjects a pack
 * opens. Throws the 402 when the wallet holds too few points; nothing is then kept.
 */
export async function recordPurchase(
  tx: Tx,
  user: UserRow,
  division: OfferDivisionRow,
  priced: Quote,
  coupon: CouponRow | null,
  chapterId: number | null,
  at: Date
): Promise<Purchase> {
  // A plan in instalments starts with its first slice paid; a whole price has no slices to follow.
  const sliceCount = priced.sliceIndex === -1 ? 0 : priced.slices.length
  const [order] = await tx
    .insert(offerOrders)
    .values({
      userId: user.id,
      offerDivisionId: division.id,
      offerId: division.offerId,
      period: priced.period.period,
      quantity: priced.period.quantity,
      total: priced.total,
      paid: priced.dueNow,
      sliceIndex: priced.sliceIndex,
      sliceCount,
      slicesPaid: sliceCount > 0 ? 1 : 0,
      code: priced.code?.code ?? null,
      quote: priced,
      createdAt: at
    })
    .returning()
  // The code is spent with the purchase: a coupon's use is taken (or refused) here, atomically.
  if (priced.code) {
    if (coupon) await redeemCoupon(tx, coupon.id, user.id, order!.id, at)
    await consumeAppliedCode(tx, user.id)
  }
  const transactionId = await charge(tx, user, `order:${order!.id}`, priced.dueNow, `${division.offer.name} (${division.name})`)
  const [subscription] = await tx
    .insert(userOffers)
    .values({
      userId: user.id,
      groupId: division.group.id,
      offerId: division.offerId,
      startDate: priced.period.startDate,
      endDate: accessEnd(priced, sliceCount > 0 ? 1 : 0, sliceCount),
      chapterId,
      amountPaid: priced.dueNow
    })
    .returning()
  // A chapter bought on its own joins the pupil to its live sessions still to end (spec part 1 §4).
  if (chapterId != null) await joinChapterEvents(tx, user.id, chapterId, at)
  const opened = [...new Set(priced.snapshot.subjects.map((subject) => subject.subjectId))]
  if (chapterId == null && opened.length > 0) {
    await tx
      .insert(userOfferSubjects)
      .values(opened.map((subjectId) => ({ userOfferId: subscription!.id, subjectId })))
      .onConflictDoNothing()
  }
  const [done] = await tx
    .update(offerOrders)
    .set({ userOfferId: subscription!.id, ledgerTransactionId: transactionId })
    .where(and(eq(offerOrders.id, order!.id)))
    .returning()
  // A referral code's holder earns 5 % of what was paid, kept or rolled back with the purchase (decision 0045).
  await creditReferrer(tx, done!, at)
  return {
    order: done!,
    subscription: subscription!,
    group: division.group,
    offerName: division.offer.name,
    balance: await walletBalance(tx, user.id),
    quote: priced
  }
}
