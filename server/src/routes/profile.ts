/**
 * Profile features beside the profile fields: class change requests, report cards (marksheets)
 * with their signed downloads, the ad cards, and the operator decisions on requests and cards.
 */
import { randomUUID } from 'node:crypto'
import multipart from '@fastify/multipart'
import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { alias } from 'drizzle-orm/pg-core'
import { IdNameSchema } from '../../../src/shared/api/common.ts'
import {
  DivisionChangeReasonSchema, DivisionRequestSchema, MARKSHEET_MAX_BYTES, MARKSHEET_URL_TTL_SECONDS, OTHER_REASON_ID, profileEndpoints as ep,
  profileOperatorEndpoints as op, type AdCard, type DivisionRequest, type Language, type Marksheet, type RequestStatus
} from '../../../src/shared/api/profile.ts'
import type { MessageKey } from '../../../src/shared/rules/messages.ts'
import type { Executor } from '../db/client.ts'
import { jsonArrayAgg, jsonObject, jsonOrNull, jsonTime, jsonValue } from '../db/json.ts'
import { preparedFor } from '../db/prepared.ts'
import { adCards, divisionChangeReasons, divisionRequests, divisions, marksheets, optionalSubjects, users } from '../db/schema.ts'
import { ApiError, fieldError } from '../errors.ts'
import { addRoute, Serialized, type UserRow } from '../http.ts'
import { localName, localNameSql, requestLanguage } from '../language.ts'
import { isUniqueViolation } from '../repositories/users.ts'
import type { Services } from '../services.ts'
import { inTransaction } from '../services/ledger.ts'
import { detectFileType, storedName } from '../services/marksheets.ts'

type ReasonRow = typeof divisionChangeReasons.$inferSelect
const reasonText = (row: Pick<ReasonRow, 'textFr' | 'textEn' | 'textAr'>, lang: Language) =>
  lang === 'en' ? row.textEn : lang === 'ar' ? row.textAr : row.textFr

/** Class changes are for pupils; test accounts (administrators aside) may not ask. */
function checkMayRequestDivision(user: UserRow): void {
  if (user.role !== 'student' && user.role !== 'influencer') throw new ApiError('forbidden', 'Seuls les élèves peuvent demander un changement de classe')
  if (!user.hasEditDivision) throw new ApiError('forbidden', "Vous n'êtes pas autorisé à changer de classe")
  if (user.isTest) throw new ApiError('test_account', 'Les comptes de test ne peuvent pas changer de classe')
}

function checkPupil(user: UserRow): void {
  if (user.role !== 'student' && user.role !== 'influencer') throw new ApiError('forbidden', 'Seuls les élèves peuvent déposer un bulletin')
}

const oldDivision = alias(divisions, 'old_division')
const newDivision = alias(divisions, 'new_division')

type OperatorDivisionRequest = DivisionRequest & { user: { id: number; name: string } }

async function listDivisionRequests(db: Executor, where: SQL | undefined, lang: Language): Promise<OperatorDivisionRequest[]> {
  const rows = await db.select({
    request: divisionRequests, oldName: oldDivision.name, oldNameAr: oldDivision.nameAr, newName: newDivision.name, newNameAr: newDivision.nameAr,
    reason: divisionChangeReasons,
    userName: users.name, userLastName: users.lastName
  }).from(divisionRequests)
    .innerJoin(newDivision, eq(newDivision.id, divisionRequests.newDivisionId))
    .leftJoin(oldDivision, eq(oldDivision.id, divisionRequests.oldDivisionId))
    .innerJoin(divisionChangeReasons, eq(divisionChangeReasons.id, divisionRequests.reasonId))
    .innerJoin(users, eq(users.id, divisionRequests.userId))
    .where(where)
    .orderBy(desc(divisionRequests.createdAt), desc(divisionRequests.id))
    .limit(500)
  return rows.map(({ request, oldName, oldNameAr, newName, newNameAr, reason, userName, userLastName }) => ({
    id: request.id,
    old_division: request.oldDivisionId != null && oldName != null ? { id: request.oldDivisionId, name: localName(oldName, oldNameAr, lang) } : null,
    new_division: { id: request.newDivisionId, name: localName(newName, newNameAr, lang) },
    reason: reasonText(reason, lang),
    reason_id: request.reasonId,
    reason2: request.reason2,
    status: request.status as RequestStatus,
    created_at: request.createdAt.toISOString(),
    decided_at: request.decidedAt ? request.decidedAt.toISOString() : null,
    user: { id: request.userId, name: `${userName} ${userLastName}` }
  }))
}

const withoutUser = ({ user: _user, ...request }: OperatorDivisionRequest): DivisionRequest => request

type MarksheetRow = typeof marksheets.$inferSelect

function presentMarksheet(services: Services, row: MarksheetRow, divisionName: string): Marksheet {
  return {
    id: row.id,
    name: row.name,
    division: { id: row.divisionId, name: divisionName },
    trimester: row.trimester as 1 | 2 | 3,
    status: row.status as RequestStatus,
    url: `/api/files?${services.storage.sign(row.storageKey, MARKSHEET_URL_TTL_SECONDS)}`,
    mime_type: row.mimeType,
    size: row.size,
    created_at: row.createdAt.toISOString()
  }
}

type UploadForm = { file: { name: string; bytes: Buffer } | null; trimester: string | null; division: string | null }

/** Reads the parts of the upload; the file is limited by the multipart plugin (MARKSHEET_MAX_BYTES). */
async function readUpload(request: FastifyRequest): Promise<UploadForm> {
  if (!request.isMultipart()) throw new ApiError('unsupported_media_type', 'Envoyez le bulletin en multipart/form-data')
  const form: UploadForm = { file: null, trimester: null, division: null }
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer()
        if (part.fieldname === 'file' && !form.file) form.file = { name: part.filename, bytes }
      } else if (part.fieldname === 'trimester' || part.fieldname === 'division') {
        form[part.fieldname] = typeof part.value === 'string' ? part.value : null
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new ApiError('payload_too_large', 'Le fichier dépasse la taille maximale de 10 Mo', { status: 413, fieldKeys: { file: ['marksheet.fileTooLarge'] } })
    }
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw new ApiError('validation_failed', 'Un seul fichier par bulletin', { status: 422, fieldKeys: { file: ['common.invalid'] } })
    }
    throw error
  }
  return form
}

/** The ad cards of the home screen (asked with the rest of it, right after sign-in). */
const visibleAdCardsQuery = preparedFor((db) => db.select().from(adCards).where(eq(adCards.visible, true))
  .orderBy(asc(adCards.position), asc(adCards.id)).prepare('visible_ad_cards'))

/*
 * The profile's lists, each ONE statement built once per database handle (on PostgreSQL a named
 * statement), worded in the request's language (parameter `lang`): the class change reasons and
 * the pupil's own requests answered as JSON built by the database (db/json.ts), the report cards
 * read with their class's name (their links are signed here).
 */

const lang = sql.placeholder('lang')
const reasonTextSql = sql`(case ${lang}::text when 'en' then ${divisionChangeReasons.textEn} when 'ar' then ${divisionChangeReasons.textAr} else ${divisionChangeReasons.textFr} end)`

const reasonsQuery = preparedFor((db) => {
  const listed = db.select({
    id: divisionChangeReasons.id,
    position: divisionChangeReasons.position,
    json: jsonObject(DivisionChangeReasonSchema, {
      id: jsonValue(divisionChangeReasons.id),
      reason: jsonValue(reasonTextSql),
      reason_fr: jsonValue(divisionChangeReasons.textFr),
      reason_en: jsonValue(divisionChangeReasons.textEn),
      reason_ar: jsonValue(divisionChangeReasons.textAr),
      needs_text: jsonValue(sql`${divisionChangeReasons.id} = ${sql.raw(String(OTHER_REASON_ID))}`)
    }).as('json')
  }).from(divisionChangeReasons).as('listed')
  return db.select({ json: jsonArrayAgg(listed.json, sql`${listed.position}, ${listed.id}`) }).from(listed).prepare('division_change_reasons')
})

/** A pupil's own class change requests, the latest first (the operator's list, with the pupil, is listDivisionRequests). */
const ownDivisionRequestsQuery = preparedFor((db) => {
  const listed = db.select({
    id: divisionRequests.id,
    createdAt: divisionRequests.createdAt,
    json: jsonObject(DivisionRequestSchema, {
      id: jsonValue(divisionRequests.id),
      old_division: jsonOrNull(sql`${divisionRequests.oldDivisionId} is not null and ${oldDivision.name} is not null`,
        jsonObject(IdNameSchema, { id: jsonValue(divisionRequests.oldDivisionId), name: jsonValue(localNameSql(oldDivision.name, oldDivision.nameAr, lang)) })),
      new_division: jsonObject(IdNameSchema, { id: jsonValue(divisionRequests.newDivisionId), name: jsonValue(localNameSql(newDivision.name, newDivision.nameAr, lang)) }),
      reason: jsonValue(reasonTextSql),
      reason_id: jsonValue(divisionRequests.reasonId),
      reason2: jsonValue(divisionRequests.reason2),
      status: jsonValue(divisionRequests.status),
      created_at: jsonTime(divisionRequests.createdAt),
      decided_at: jsonTime(divisionRequests.decidedAt)
    }).as('json')
  }).from(divisionRequests)
    .innerJoin(newDivision, eq(newDivision.id, divisionRequests.newDivisionId))
    .leftJoin(oldDivision, eq(oldDivision.id, divisionRequests.oldDivisionId))
    .innerJoin(divisionChangeReasons, eq(divisionChangeReasons.id, divisionRequests.reasonId))
    .where(eq(divisionRequests.userId, sql.placeholder('userId')))
    .orderBy(desc(divisionRequests.createdAt), desc(divisionRequests.id)).limit(500).as('listed')
  return db.select({ json: jsonArrayAgg(listed.json, sql`${listed.createdAt} desc, ${listed.id} desc`) }).from(listed).prepare('own_division_requests')
})

const marksheetsQuery = preparedFor((db) => db.select({ row: marksheets, divisionName: divisions.name, divisionNameAr: divisions.nameAr }).from(marksheets)
  .innerJoin(divisions, eq(divisions.id, marksheets.divisionId))
  .where(eq(marksheets.userId, sql.placeholder('userId'))).orderBy(desc(marksheets.createdAt), desc(marksheets.id))
  .prepare('own_marksheets'))

export function registerProfileRoutes(app: FastifyInstance, services: Services): void {
  const { db } = services.database

  addRoute(app, services, ep.divisionChangeReasons, async ({ request, reply }) => {
    const [read] = await reasonsQuery(db).execute({ lang: requestLanguage(request, reply) })
    return new Serialized(read!.json)
  })

  addRoute(app, services, ep.divisionRequests, async ({ auth, request, reply }) => {
    const [read] = await ownDivisionRequestsQuery(db).execute({ userId: auth.user.id, lang: requestLanguage(request, reply) })
    return new Serialized(read!.json)
  })

  addRoute(app, services, ep.createDivisionRequest, async ({ auth, body, request, reply }) => {
    const lang = requestLanguage(request, reply)
    const user = auth.user
    checkMayRequestDivision(user)
    const problems: Record<string, MessageKey[]> = {}
    if (body.newDivision === user.divisionId) problems.newDivision = ['divisionRequest.sameDivision']
    else {
      const [division] = await db.select({ id: divisions.id }).from(divisions).where(eq(divisions.id, body.newDivision))
      if (!division) problems.newDivision = ['division.unknown']
    }
    const [reason] = await db.select({ id: divisionChangeReasons.id }).from(divisionChangeReasons).where(eq(divisionChangeReasons.id, body.reason))
    if (!reason) problems.reason = ['divisionRequest.reasonUnknown']
    if (Object.keys(problems).length > 0) throw fieldError(problems)
    const pendingMessage = 'Vous avez déjà une demande de changement de classe en attente'
    let id: number
    try {
      // The partial unique index keeps one pending request per pupil, also under a race.
      const [row] = await db.insert(divisionRequests).values({
        userId: user.id, oldDivisionId: user.divisionId, newDivisionId: body.newDivision, reasonId: body.reason,
        reason2: body.reason2?.trim() || null, createdAt: services.clock.now()
      }).returning({ id: divisionRequests.id })
      id = row!.id
    } catch (error) {
      if (isUniqueViolation(error)) throw new ApiError('division_request_pending', pendingMessage)
      throw error
    }
    const [created] = await listDivisionRequests(db, eq(divisionRequests.id, id), lang)
    return { message: 'Votre demande de changement de classe a été envoyée', request: withoutUser(created!) }
  })

  addRoute(app, services, ep.adCards, async () => {
    const rows = await visibleAdCardsQuery(db).execute()
    return rows.map((row): AdCard => ({
      id: row.id, type: row.type as AdCard['type'], position: row.position, icon_url: row.iconUrl, text: row.text,
      text_image_url: row.textImageUrl, video_link: row.videoLink, url_link: row.urlLink, background_url: row.backgroundUrl,
      visible: row.visible, icon_position: row.iconPosition as AdCard['icon_position'], color: row.color
    }))
  })

  addRoute(app, services, ep.marksheets, async ({ auth, request, reply }) => {
    const lang = requestLanguage(request, reply)
    const rows = await marksheetsQuery(db).execute({ userId: auth.user.id })
    return rows.map(({ row, divisionName, divisionNameAr }) => presentMarksheet(services, row, localName(divisionName, divisionNameAr, lang)))
  })

  addRoute(app, services, ep.deleteMarksheet, async ({ auth, params }) => {
    const [row] = await db.select().from(marksheets).where(and(eq(marksheets.id, params.id), eq(marksheets.userId, auth.user.id)))
    if (!row) throw new ApiError('not_found', 'Bulletin introuvable')
    const notPending = 'Seul un bulletin en attente peut être supprimé'
    if (row.status !== 'pending') throw new ApiError('marksheet_not_pending', notPending)
    // The status is checked again in the DELETE: an operator decision in between wins.
    const deleted = await db.delete(marksheets).where(and(eq(marksheets.id, row.id), eq(marksheets.status, 'pending'))).returning({ id: marksheets.id })
    if (deleted.length === 0) throw new ApiError('marksheet_not_pending', notPending)
    await services.storage.delete(row.storageKey)
    return { message: 'Le bulletin a été supprimé' }
  })

  addRoute(app, services, ep.fileDownload, async ({ query, reply }) => {
    const key = services.storage.verify(query)
    if (!key) throw new ApiError('forbidden', 'Lien de téléchargement invalide ou expiré')
    const [row] = await db.select({ name: marksheets.name, mimeType: marksheets.mimeType }).from(marksheets).where(eq(marksheets.storageKey, key))
    const bytes = row ? await services.storage.get(key) : null
    if (!row || !bytes) throw new ApiError('not_found', 'Fichier introuvable')
    const type = detectFileType(bytes)
    // Only raster images open in place; SVG (scripts) and documents always download.
    const inline = type?.inline === true
    void reply
      .header('content-type', inline ? row.mimeType : 'application/octet-stream')
      .header('content-disposition', `${inline ? 'inline' : 'attachment'}; filename="${row.name.replace(/[^\x20-\x7e]|"/g, '_')}"; filename*=UTF-8''${encodeURIComponent(row.name)}`)
      .header('cache-control', 'private, no-store')
    return Buffer.from(bytes) as unknown as string
  })

  // Uploads are the only multipart route: the parser lives in this scope alone.
  const { body: _form, ...uploadEndpoint } = ep.uploadMarksheet
  void app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: MARKSHEET_MAX_BYTES, files: 1, fields: 4, fieldSize: 1024, parts: 6, headerPairs: 100 }
    })
    addRoute(scope, services, uploadEndpoint, async ({ auth, request, reply }) => {
      const user = auth.user
      checkPupil(user)
      const form = await readUpload(request)
      const problems: Record<string, MessageKey[]> = {}
      const divisionId = form.division && /^\d{1,9}$/.test(form.division.trim()) ? Number(form.division.trim()) : null
      let divisionName: string | null = null
      if (!divisionId) problems.division = ['marksheet.divisionRequired']
      else {
        const [division] = await db.select({ name: divisions.name, nameAr: divisions.nameAr }).from(divisions).where(eq(divisions.id, divisionId))
        if (!division) problems.division = ['marksheet.divisionRequired']
        else divisionName = localName(division.name, division.nameAr, requestLanguage(request, reply))
      }
      const trimester = form.trimester?.trim()
      if (trimester !== '1' && trimester !== '2' && trimester !== '3') problems.trimester = ['marksheet.trimesterInvalid']
      const type = form.file && form.file.bytes.length > 0 ? detectFileType(form.file.bytes) : null
      if (!form.file || form.file.bytes.length === 0) problems.file = ['marksheet.fileRequired']
      else if (!type) problems.file = ['marksheet.fileType']
      if (Object.keys(problems).length > 0) throw fieldError(problems)
      const name = storedName(form.file!.name, type!)
      const storageKey = `marksheets/${user.id}/${randomUUID()}.${type!.ext}`
      await services.storage.put(storageKey, form.file!.bytes)
      try {
        const [row] = await db.insert(marksheets).values({
          userId: user.id, divisionId: divisionId!, trimester: Number(trimester), name, storageKey,
          mimeType: type!.mime, size: form.file!.bytes.length, createdAt: services.clock.now()
        }).returning()
        return { message: 'Le bulletin a été envoyé', marksheet: presentMarksheet(services, row!, divisionName!) }
      } catch (error) {
        await services.storage.delete(storageKey)
        throw error
      }
    })
  })

  addRoute(app, services, op.divisionRequests, async ({ query }) =>
    listDivisionRequests(db, query.status ? eq(divisionRequests.status, query.status) : undefined, 'fr'))

  addRoute(app, services, op.marksheets, async ({ query }) => {
    const rows = await db.select({ row: marksheets, divisionName: divisions.name, userName: users.name, userLastName: users.lastName })
      .from(marksheets)
      .innerJoin(divisions, eq(divisions.id, marksheets.divisionId))
      .innerJoin(users, eq(users.id, marksheets.userId))
      .where(query.status ? eq(marksheets.status, query.status) : undefined)
      .orderBy(desc(marksheets.createdAt), desc(marksheets.id))
      .limit(500)
    return rows.map(({ row, divisionName, userName, userLastName }) => {
      const { url: _url, ...view } = presentMarksheet(services, row, divisionName)
      return { ...view, user: { id: row.userId, name: `${userName} ${userLastName}` } }
    })
  })

  addRoute(app, services, op.decideDivisionRequest, async ({ params }) => {
    const status: RequestStatus = params.decision === 'approve' ? 'approved' : 'rejected'
    return inTransaction(db, async (tx) => {
      const [request] = await tx.select().from(divisionRequests).where(eq(divisionRequests.id, params.id)).for('update')
      if (!request) throw new ApiError('not_found', 'Demande introuvable')
      if (request.status !== 'pending') throw new ApiError('operation_impossible', `La demande ${request.id} est déjà traitée (${request.status})`)
      const now = services.clock.now()
      await tx.update(divisionRequests).set({ status, decidedAt: now }).where(eq(divisionRequests.id, request.id))
      if (status === 'approved') {
        // An option of the old class does not exist in the new one.
        const keepsOption = sql`exists (select 1 from ${optionalSubjects} where ${optionalSubjects.id} = ${users.optionalSubjectId} and ${optionalSubjects.divisionId} = ${request.newDivisionId})`
        await tx.update(users).set({
          divisionId: request.newDivisionId,
          optionalSubjectId: sql`case when ${keepsOption} then ${users.optionalSubjectId} else null end`,
          updatedAt: now
        }).where(eq(users.id, request.userId))
      }
      return { id: request.id, status, message: `Demande ${request.id} ${status === 'approved' ? 'approuvée : classe changée' : 'refusée'}` }
    })
  })

  addRoute(app, services, op.decideMarksheet, async ({ params }) => {
    const status: RequestStatus = params.decision === 'approve' ? 'approved' : 'rejected'
    const [row] = await db.update(marksheets).set({ status, decidedAt: services.clock.now() })
      .where(and(eq(marksheets.id, params.id), eq(marksheets.status, 'pending'))).returning({ id: marksheets.id })
    if (!row) {
      const [existing] = await db.select({ status: marksheets.status }).from(marksheets).where(eq(marksheets.id, params.id))
      if (!existing) throw new ApiError('not_found', 'Bulletin introuvable')
      throw new ApiError('operation_impossible', `Le bulletin ${params.id} est déjà traité (${existing.status})`)
    }
    return { id: row.id, status, message: `Bulletin ${row.id} ${status === 'approved' ? 'approuvé' : 'refusé'}` }
  })
}
