/**
 * The profile's data beside the profile fields: class change requests and their reasons, report
 * cards (marksheets) and their files, the ad cards, and the operator's decisions on requests and
 * cards. The lists a screen opens are each ONE statement built once per database handle (on
 * PostgreSQL a named statement): the reasons and a pupil's own requests answered with the JSON
 * the database writes (presenters/profile.ts), the report cards read with their class's name.
 */
import { randomUUID } from 'node:crypto'
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { z } from 'zod'
import type { CreateDivisionRequestBodySchema, Language, RequestStatus } from '../../../src/shared/api/profile.ts'
import type { MessageKey } from '../../../src/shared/rules/messages.ts'
import type { Db, Executor } from '../db/client.ts'
import { jsonListStatement, positionedListStatement } from '../db/json.ts'
import { preparedFor } from '../db/prepared.ts'
import { adCards, divisionChangeReasons, divisionRequests, divisions, marksheets, optionalSubjects, users } from '../db/schema.ts'
import { ApiError, fieldError } from '../errors.ts'
import type { UserRow } from '../http.ts'
import { localName } from '../language.ts'
import { divisionRequestJson, reasonJson, type DivisionRequestView } from '../presenters/profile.ts'
import { isUniqueViolation } from '../db/errors.ts'
import { inTransaction } from './ledger.ts'
import type { DetectedType } from './marksheets.ts'
import type { FileStorage } from './storage.ts'

type MarksheetRow = typeof marksheets.$inferSelect

const oldDivision = alias(divisions, 'old_division')
const newDivision = alias(divisions, 'new_division')

/*
 * Class change requests.
 */

const reasonsQuery = preparedFor((db) => positionedListStatement(db, divisionChangeReasons, reasonJson, 'division_change_reasons'))

/** The class change reasons, worded in `lang`, as the answer's JSON. */
export async function divisionChangeReasonsJson(db: Executor, lang: Language): Promise<string> {
  const [read] = await reasonsQuery(db).execute({ lang })
  return read!.json
}

/** A pupil's own class change requests, the latest first (the operator's list, with the pupil, is listDivisionRequests). */
const ownDivisionRequestsQuery = preparedFor((db) => {
  const listed = db
    .select({
      id: divisionRequests.id,
      createdAt: divisionRequests.createdAt,
      json: divisionRequestJson(oldDivision, newDivision).as('json')
    })
    .from(divisionRequests)
    .innerJoin(newDivision, eq(newDivision.id, divisionRequests.newDivisionId))
    .leftJoin(oldDivision, eq(oldDivision.id, divisionRequests.oldDivisionId))
    .innerJoin(divisionChangeReasons, eq(divisionChangeReasons.id, divisionRequests.reasonId))
    .where(eq(divisionRequests.userId, sql.placeholder('userId')))
    .orderBy(desc(divisionRequests.createdAt), desc(divisionRequests.id))
    .limit(500)
    .as('listed')
  return jsonListStatement(db, listed, sql`${listed.createdAt} desc, ${listed.id} desc`, 'own_division_requests')
})

/** A pupil's own class change requests, worded in `lang`, as the answer's JSON. */
export async function ownDivisionRequestsJson(db: Executor, userId: number, lang: Language): Promise<string> {
  const [read] = await ownDivisionRequestsQuery(db).execute({ userId, lang })
  return read!.json
}

async function listDivisionRequests(db: Executor, where: SQL | undefined): Promise<DivisionRequestView[]> {
  return db
    .select({
      request: divisionRequests,
      oldName: oldDivision.name,
      oldNameAr: oldDivision.nameAr,
      newName: newDivision.name,
      newNameAr: newDivision.nameAr,
      reason: divisionChangeReasons,
      userName: users.name,
      userLastName: users.lastName
    })
    .from(divisionRequests)
    .innerJoin(newDivision, eq(newDivision.id, divisionRequests.newDivisionId))
    .leftJoin(oldDivision, eq(oldDivision.id, divisionRequests.oldDivisionId))
    .innerJoin(divisionChangeReasons, eq(divisionChangeReasons.id, divisionRequests.reasonId))
    .innerJoin(users, eq(users.id, divisionRequests.userId))
    .where(where)
    .orderBy(desc(divisionRequests.createdAt), desc(divisionRequests.id))
    .limit(500)
}

/** Every pupil's class change requests (or those of one status), the latest first, 500 at most. */
export async function divisionRequestsByStatus(db: Executor, status: RequestStatus | undefined): Promise<DivisionRequestView[]> {
  return listDivisionRequests(db, status ? eq(divisionRequests.status, status) : undefined)
}

/**
 * Records a pupil's class change request: the new class and the reason must exist, the new class
 * differ from theirs, and only one request may wait at a time (a partial unique index, also under
 * a race). The request as it was recorded.
 */
export async function createDivisionRequest(
  db: Executor,
  user: UserRow,
  body: z.output<typeof CreateDivisionRequestBodySchema>,
  now: Date
): Promise<DivisionRequestView> {
  const problems: Record<string, MessageKey[]> = {}
  if (body.newDivision === user.divisionId) problems.newDivision = ['divisionRequest.sameDivision']
  else {
    const [division] = await db.select({ id: divisions.id }).from(divisions).where(eq(divisions.id, body.newDivision))
    if (!division) problems.newDivision = ['division.unknown']
  }
  const [reason] = await db
    .select({ id: divisionChangeReasons.id })
    .from(divisionChangeReasons)
    .where(eq(divisionChangeReasons.id, body.reason))
  if (!reason) problems.reason = ['divisionRequest.reasonUnknown']
  if (Object.keys(problems).length > 0) throw fieldError(problems)
  let id: number
  try {
    const [row] = await db
      .insert(divisionRequests)
      .values({
        userId: user.id,
        oldDivisionId: user.divisionId,
        newDivisionId: body.newDivision,
        reasonId: body.reason,
        reason2: body.reason2?.trim() || null,
        createdAt: now
      })
      .returning({ id: divisionRequests.id })
    id = row!.id
  } catch (error) {
    if (isUniqueViolation(error))
      throw new ApiError('division_request_pending', 'Vous avez déjà une demande de changement de classe en attente')
    throw error
  }
  const [created] = await listDivisionRequests(db, eq(divisionRequests.id, id))
  return created!
}

/** Approves (the pupil's class changes, an option of the old class dropped) or rejects a pending request. */
export async function decideDivisionRequest(
  db: Db,
  id: number,
  status: RequestStatus,
  now: Date
): Promise<{ id: number; status: RequestStatus }> {
  return inTransaction(db, async (tx) => {
    const [request] = await tx.select().from(divisionRequests).where(eq(divisionRequests.id, id)).for('update')
    if (!request) throw new ApiError('not_found', 'Demande introuvable')
    if (request.status !== 'pending')
      throw new ApiError('operation_impossible', `La demande ${request.id} est déjà traitée (${request.status})`)
    await tx.update(divisionRequests).set({ status, decidedAt: now }).where(eq(divisionRequests.id, request.id))
    if (status === 'approved') {
      // An option of the old class does not exist in the new one.
      const keepsOption = sql`exists (select 1 from ${optionalSubjects} where ${optionalSubjects.id} = ${users.optionalSubjectId} and ${optionalSubjects.divisionId} = ${request.newDivisionId})`
      await tx
        .update(users)
        .set({
          divisionId: request.newDivisionId,
          optionalSubjectId: sql`case when ${keepsOption} then ${users.optionalSubjectId} else null end`,
          updatedAt: now
        })
        .where(eq(users.id, request.userId))
    }
    return { id: request.id, status }
  })
}

/*
 * Report cards.
 */

const marksheetsQuery = preparedFor((db) =>
  db
    .select({ row: marksheets, divisionName: divisions.name, divisionNameAr: divisions.nameAr })
    .from(marksheets)
    .innerJoin(divisions, eq(divisions.id, marksheets.divisionId))
    .where(eq(marksheets.userId, sql.placeholder('userId')))
    .orderBy(desc(marksheets.createdAt), desc(marksheets.id))
    .prepare('own_marksheets')
)

/** A pupil's report cards, the latest first, each with its class named in `lang`. */
export async function ownMarksheets(
  db: Executor,
  userId: number,
  lang: Language
): Promise<Array<{ row: MarksheetRow; divisionName: string }>> {
  const rows = await marksheetsQuery(db).execute({ userId })
  return rows.map(({ row, divisionName, divisionNameAr }) => ({ row, divisionName: localName(divisionName, divisionNameAr, lang) }))
}

/** Every pupil's report cards (or those of one status), the latest first, 500 at most, with the class's French name. */
export async function marksheetsByStatus(db: Executor, status: RequestStatus | undefined) {
  return db
    .select({ row: marksheets, divisionName: divisions.name, userName: users.name, userLastName: users.lastName })
    .from(marksheets)
    .innerJoin(divisions, eq(divisions.id, marksheets.divisionId))
    .innerJoin(users, eq(users.id, marksheets.userId))
    .where(status ? eq(marksheets.status, status) : undefined)
    .orderBy(desc(marksheets.createdAt), desc(marksheets.id))
    .limit(500)
}

/** A class's French and Arabic names, or null for no such class. */
export async function findDivisionNames(db: Executor, id: number): Promise<{ name: string; nameAr: string | null } | null> {
  const [division] = await db.select({ name: divisions.name, nameAr: divisions.nameAr }).from(divisions).where(eq(divisions.id, id))
  return division ?? null
}

export type NewMarksheet = { userId: number; divisionId: number; trimester: number; name: string; bytes: Buffer; type: DetectedType }

/** Stores a report card's file, then its row; the file goes again when the row cannot be written. */
export async function storeMarksheet(db: Executor, storage: FileStorage, card: NewMarksheet, now: Date): Promise<MarksheetRow> {
  const storageKey = `marksheets/${card.userId}/${randomUUID()}.${card.type.ext}`
  await storage.put(storageKey, card.bytes)
  try {
    const [row] = await db
      .insert(marksheets)
      .values({
        userId: card.userId,
        divisionId: card.divisionId,
        trimester: card.trimester,
        name: card.name,
        storageKey,
        mimeType: card.type.mime,
        size: card.bytes.length,
        createdAt: now
      })
      .returning()
    return row!
  } catch (error) {
    await storage.delete(storageKey)
    throw error
  }
}

/** Deletes one of the pupil's report cards while it is pending, and its file. */
export async function deletePendingMarksheet(db: Executor, storage: FileStorage, userId: number, id: number): Promise<void> {
  const [row] = await db
    .select()
    .from(marksheets)
    .where(and(eq(marksheets.id, id), eq(marksheets.userId, userId)))
  if (!row) throw new ApiError('not_found', 'Bulletin introuvable')
  const notPending = 'Seul un bulletin en attente peut être supprimé'
  if (row.status !== 'pending') throw new ApiError('marksheet_not_pending', notPending)
  // The status is checked again in the DELETE: an operator decision in between wins.
  const deleted = await db
    .delete(marksheets)
    .where(and(eq(marksheets.id, row.id), eq(marksheets.status, 'pending')))
    .returning({ id: marksheets.id })
  if (deleted.length === 0) throw new ApiError('marksheet_not_pending', notPending)
  await storage.delete(row.storageKey)
}

/** The report card stored under `key`: its name and type, and its bytes; null when either is gone. */
export async function marksheetFile(
  db: Executor,
  storage: FileStorage,
  key: string
): Promise<{ name: string; mimeType: string; bytes: Uint8Array } | null> {
  const [row] = await db
    .select({ name: marksheets.name, mimeType: marksheets.mimeType })
    .from(marksheets)
    .where(eq(marksheets.storageKey, key))
  const bytes = row ? await storage.get(key) : null
  return row && bytes ? { ...row, bytes } : null
}

/** Approves or rejects a pending report card. */
export async function decideMarksheet(
  db: Executor,
  id: number,
  status: RequestStatus,
  now: Date
): Promise<{ id: number; status: RequestStatus }> {
  const [row] = await db
    .update(marksheets)
    .set({ status, decidedAt: now })
    .where(and(eq(marksheets.id, id), eq(marksheets.status, 'pending')))
    .returning({ id: marksheets.id })
  if (!row) {
    const [existing] = await db.select({ status: marksheets.status }).from(marksheets).where(eq(marksheets.id, id))
    if (!existing) throw new ApiError('not_found', 'Bulletin introuvable')
    throw new ApiError('operation_impossible', `Le bulletin ${id} est déjà traité (${existing.status})`)
  }
  return { id: row.id, status }
}

/*
 * Ad cards.
 */

/** The ad cards of the home screen (asked with the rest of it, right after sign-in). */
const visibleAdCardsQuery = preparedFor((db) =>
  db.select().from(adCards).where(eq(adCards.visible, true)).orderBy(asc(adCards.position), asc(adCards.id)).prepare('visible_ad_cards')
)

export async function visibleAdCards(db: Executor) {
  return visibleAdCardsQuery(db).execute()
}
