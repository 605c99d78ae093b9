/**
 * The operator's tools for offers and coupons (issue 28, decision 0047), behind
 * `npm run admin -- offer add|edit|disable …` and `coupon add|disable …`: an offer for a class
 * with its pricing list (amounts given in dinars, stored in millimes), its changes, and coupons.
 * Every read of the catalogue and of coupons is a fresh statement, so a pupil's next offers list,
 * quote or purchase sees a change at once.
 */
import { and, asc, eq, inArray } from 'drizzle-orm'
import { DateTime } from 'luxon'
import { normalizeDiscountCode, toMillimes, TUNIS_ZONE } from '../../../src/shared/pricing/index.ts'
import type { OperatorCouponBody, OperatorOfferBody, OperatorOfferEdit } from '../../../src/shared/api/offers.ts'
import type { Db, Tx } from '../db/client.ts'
import {
  discountCodeOfferDivisions,
  discountCodeOffers,
  discountCodes,
  divisions,
  offerDivisions,
  offerGroups,
  offerPrices,
  offers,
  offerSubjectDetails,
  subjects,
  users
} from '../db/schema.ts'
import { ApiError } from '../errors.ts'
import { findCoupon, type CouponRow } from './discountCodes.ts'

export type AdminOffer = {
  division: typeof offerDivisions.$inferSelect
  offer: typeof offers.$inferSelect
  group: { id: number; name: string }
  prices: Array<typeof offerPrices.$inferSelect>
  /** A pack's subject details, by position. */
  subjects: Array<typeof offerSubjectDetails.$inferSelect>
}

const millimesOf = (dinars: number): number => toMillimes(dinars) ?? 0

/** Replaces a division's pricing list with the entries given, in their order. */
async function writePrices(tx: Tx, offerDivisionId: number, prices: NonNullable<OperatorOfferBody['prices']>): Promise<void> {
  await tx.delete(offerPrices).where(eq(offerPrices.offerDivisionId, offerDivisionId))
  await tx.insert(offerPrices).values(
    prices.map((entry, position) => {
      const price = millimesOf(entry.price)
      const finalPrice = millimesOf(entry.finalPrice ?? entry.price)
      return {
        offerDivisionId,
        period: entry.period,
        price,
        finalPrice,
        discount: price - finalPrice,
        discountBasisPoints: price > 0 ? Math.round(((price - finalPrice) * 10_000) / price) : 0,
        position: position + 1
      }
    })
  )
}

/**
 * Replaces a pack division's subject list with the subjects given, in their order: a pack only,
 * and each subject one of the division's class (404 naming those that are not).
 */
async function writeSubjects(
  tx: Tx,
  offerDivision: { id: number; divisionId: number; type: string },
  list: NonNullable<OperatorOfferBody['subjects']>
): Promise<void> {
  if (offerDivision.type !== 'pack')
    throw new ApiError('operation_impossible', 'Seule une offre pack (--type pack) a une liste de matières')
  const ids = list.map((entry) => entry.subject)
  const found = await tx
    .select({ id: subjects.id })
    .from(subjects)
    .where(and(inArray(subjects.id, ids), eq(subjects.divisionId, offerDivision.divisionId)))
  const missing = ids.filter((id) => !found.some((row) => row.id === id))
  if (missing.length > 0)
    throw new ApiError('not_found', `Matière ${missing.join(', ')} introuvable dans la classe ${offerDivision.divisionId}`)
  await tx.delete(offerSubjectDetails).where(eq(offerSubjectDetails.offerDivisionId, offerDivision.id))
  await tx.insert(offerSubjectDetails).values(
    list.map((entry, position) => ({
      offerDivisionId: offerDivision.id,
      subjectId: entry.subject,
      price: millimesOf(entry.price),
      position: position + 1
    }))
  )
}

/** An offer division with its offer, group and prices; 404 for none. */
export async function adminOffer(db: Db | Tx, id: number): Promise<AdminOffer> {
  const [row] = await db
    .select({ division: offerDivisions, offer: offers, group: { id: offerGroups.id, name: offerGroups.name } })
    .from(offerDivisions)
    .innerJoin(offers, eq(offers.id, offerDivisions.offerId))
    .innerJoin(offerGroups, eq(offerGroups.id, offers.groupId))
    .where(eq(offerDivisions.id, id))
    .limit(1)
  if (!row) throw new ApiError('not_found', `Offre ${id} introuvable`)
  const prices = await db.select().from(offerPrices).where(eq(offerPrices.offerDivisionId, id)).orderBy(asc(offerPrices.position))
  const subjectList = await db
    .select()
    .from(offerSubjectDetails)
    .where(eq(offerSubjectDetails.offerDivisionId, id))
    .orderBy(asc(offerSubjectDetails.position), asc(offerSubjectDetails.id))
  return { ...row, prices, subjects: subjectList }
}

/**
 * `offer add`: the offer for a class. A new offer id needs its group (and takes the name and
 * position given); an offer the class already has is refused (409: change it with `offer edit`).
 */
export async function addOffer(db: Db, input: OperatorOfferBody): Promise<AdminOffer> {
  return db.transaction(async (tx) => {
    const [division] = await tx.select({ id: divisions.id }).from(divisions).where(eq(divisions.id, input.division))
    if (!division) throw new ApiError('not_found', `Classe ${input.division} introuvable`)
    const [existing] = await tx.select().from(offers).where(eq(offers.id, input.offerId)).for('update')
    if (!existing) {
      if (input.group === undefined) throw new ApiError('not_found', `L’offre ${input.offerId} est nouvelle : donnez son --group`)
      const [group] = await tx.select({ id: offerGroups.id }).from(offerGroups).where(eq(offerGroups.id, input.group))
      if (!group) throw new ApiError('not_found', `Groupe ${input.group} introuvable`)
      await tx
        .insert(offers)
        .values({ id: input.offerId, groupId: input.group, name: input.name, position: input.position ?? input.offerId })
    } else if (input.group !== undefined && input.group !== existing.groupId) {
      throw new ApiError('operation_impossible', `L’offre ${input.offerId} appartient au groupe ${existing.groupId}`)
    } else if (input.position !== undefined) {
      await tx.update(offers).set({ position: input.position }).where(eq(offers.id, input.offerId))
    }
    const [row] = await tx
      .insert(offerDivisions)
      .values({
        offerId: input.offerId,
        divisionId: input.division,
        name: input.name,
        type: input.type,
        color: input.color ?? null,
        description: input.description ?? null
      })
      .onConflictDoNothing()
      .returning({ id: offerDivisions.id })
    if (!row)
      throw new ApiError('operation_impossible', `La classe ${input.division} a déjà l’offre ${input.offerId} : utilisez offer edit`)
    if (input.prices) await writePrices(tx, row.id, input.prices)
    if (input.subjects) await writeSubjects(tx, { id: row.id, divisionId: input.division, type: input.type }, input.subjects)
    return adminOffer(tx, row.id)
  })
}

/** `offer edit` and `offer disable`: the fields given change; prices given replace the pricing list. */
export async function editOffer(db: Db, id: number, input: OperatorOfferEdit): Promise<AdminOffer> {
  return db.transaction(async (tx) => {
    const current = await adminOffer(tx, id)
    const changes = {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.color !== undefined ? { color: input.color } : {}),
      ...(input.description !== undefined ? { description: input.description || null } : {}),
      ...(input.disabled !== undefined ? { disabled: input.disabled } : {})
    }
    if (Object.keys(changes).length > 0) await tx.update(offerDivisions).set(changes).where(eq(offerDivisions.id, id))
    if (input.position !== undefined) await tx.update(offers).set({ position: input.position }).where(eq(offers.id, current.offer.id))
    if (input.prices) await writePrices(tx, id, input.prices)
    if (input.subjects) await writeSubjects(tx, current.division, input.subjects)
    return adminOffer(tx, id)
  })
}

/** The end of a Tunis day, as the instant a coupon expires after. */
function endOfTunisDay(day: string): Date {
  return DateTime.fromISO(day, { zone: TUNIS_ZONE }).endOf('day').toJSDate()
}

/** `coupon add`: 409 when the code exists, 404 for an unknown offer, offer division or owner. */
export async function addCoupon(db: Db, input: OperatorCouponBody, at: Date): Promise<CouponRow> {
  const code = normalizeDiscountCode(input.code)
  await db.transaction(async (tx) => {
    const offerIds = [...new Set(input.offers ?? [])]
    const divisionIds = [...new Set(input.offerDivisions ?? [])]
    if (offerIds.length > 0) {
      const found = await tx.select({ id: offers.id }).from(offers).where(inArray(offers.id, offerIds))
      const missing = offerIds.filter((id) => !found.some((row) => row.id === id))
      if (missing.length > 0) throw new ApiError('not_found', `Offre ${missing.join(', ')} introuvable`)
    }
    if (divisionIds.length > 0) {
      const found = await tx.select({ id: offerDivisions.id }).from(offerDivisions).where(inArray(offerDivisions.id, divisionIds))
      const missing = divisionIds.filter((id) => !found.some((row) => row.id === id))
      if (missing.length > 0) throw new ApiError('not_found', `Offre de classe ${missing.join(', ')} introuvable`)
    }
    if (input.owner !== undefined) {
      const [owner] = await tx.select({ id: users.id }).from(users).where(eq(users.id, input.owner))
      if (!owner) throw new ApiError('not_found', `Utilisateur ${input.owner} introuvable`)
    }
    const [row] = await tx
      .insert(discountCodes)
      .values({
        code,
        discountType: input.discountType,
        discountValue: input.discountType === 'fixed' ? millimesOf(input.discountValue) : Math.round(input.discountValue * 100),
        maxUses: input.maxUses ?? null,
        expiresAt: input.expires ? endOfTunisDay(input.expires) : null,
        allYear: input.allYear,
        ownerId: input.owner ?? null,
        createdAt: at
      })
      .onConflictDoNothing()
      .returning({ id: discountCodes.id })
    if (!row) throw new ApiError('operation_impossible', `Le code ${code} existe déjà`)
    if (offerIds.length > 0) await tx.insert(discountCodeOffers).values(offerIds.map((offerId) => ({ discountCodeId: row.id, offerId })))
    if (divisionIds.length > 0)
      await tx
        .insert(discountCodeOfferDivisions)
        .values(divisionIds.map((offerDivisionId) => ({ discountCodeId: row.id, offerDivisionId })))
  })
  return (await findCoupon(db, code))!
}

/** `coupon disable`: refused from then on (code_inactive); its uses and redemptions are kept. */
export async function disableCoupon(db: Db, code: string): Promise<CouponRow> {
  const normalized = normalizeDiscountCode(code)
  const [row] = await db
    .update(discountCodes)
    .set({ active: false })
    .where(and(eq(discountCodes.code, normalized)))
    .returning({ id: discountCodes.id })
  if (!row) throw new ApiError('not_found', `Le code ${normalized} n’existe pas`)
  return (await findCoupon(db, normalized))!
}
