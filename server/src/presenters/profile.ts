/**
 * The only way the profile's rows leave the server: class change requests and their reasons,
 * report cards with their signed links, ad cards (the shapes of src/shared/api/profile.ts); the
 * reasons and a pupil's own requests as the JSON the database writes (db/json.ts;
 * docs/decisions/0030-lists-at-the-p8-bar.md).
 */
import { sql, type AnyColumn } from 'drizzle-orm'
import { IdNameSchema } from '../../../src/shared/api/common.ts'
import {
  DivisionChangeReasonSchema,
  DivisionRequestSchema,
  MARKSHEET_URL_TTL_SECONDS,
  OTHER_REASON_ID,
  type AdCard,
  type DivisionRequest,
  type Language,
  type Marksheet,
  type RequestStatus
} from '../../../src/shared/api/profile.ts'
import { jsonObject, jsonOrNull, jsonTime, jsonValue } from '../db/json.ts'
import { divisionChangeReasons, divisionRequests, type adCards, type marksheets } from '../db/schema.ts'
import { localName, localNameSql } from '../language.ts'
import type { FileStorage } from '../services/storage.ts'

type ReasonRow = typeof divisionChangeReasons.$inferSelect
type DivisionRequestRow = typeof divisionRequests.$inferSelect
type MarksheetRow = typeof marksheets.$inferSelect
type AdCardRow = typeof adCards.$inferSelect

const reasonText = (row: Pick<ReasonRow, 'textFr' | 'textEn' | 'textAr'>, lang: Language) =>
  lang === 'en' ? row.textEn : lang === 'ar' ? row.textAr : row.textFr

/** A class change request with its classes' names (French and Arabic), its reason and its pupil's names. */
export type DivisionRequestView = {
  request: DivisionRequestRow
  oldName: string | null
  oldNameAr: string | null
  newName: string
  newNameAr: string | null
  reason: ReasonRow
  userName: string
  userLastName: string
}

export type OperatorDivisionRequest = DivisionRequest & { user: { id: number; name: string } }

/** A request as the operator lists it (with its pupil), named in `lang`. */
export function presentOperatorDivisionRequest(view: DivisionRequestView, lang: Language): OperatorDivisionRequest {
  const { request, oldName, oldNameAr, newName, newNameAr, reason, userName, userLastName } = view
  return {
    id: request.id,
    old_division:
      request.oldDivisionId != null && oldName != null ? { id: request.oldDivisionId, name: localName(oldName, oldNameAr, lang) } : null,
    new_division: { id: request.newDivisionId, name: localName(newName, newNameAr, lang) },
    reason: reasonText(reason, lang),
    reason_id: request.reasonId,
    reason2: request.reason2,
    status: request.status as RequestStatus,
    created_at: request.createdAt.toISOString(),
    decided_at: request.decidedAt ? request.decidedAt.toISOString() : null,
    user: { id: request.userId, name: `${userName} ${userLastName}` }
  }
}

/** A request as its pupil sees it, named in `lang`. */
export function presentDivisionRequest(view: DivisionRequestView, lang: Language): DivisionRequest {
  const { user: _user, ...request } = presentOperatorDivisionRequest(view, lang)
  return request
}

/** A report card with its download link, signed for MARKSHEET_URL_TTL_SECONDS. */
export function presentMarksheet(storage: Pick<FileStorage, 'sign'>, row: MarksheetRow, divisionName: string): Marksheet {
  return {
    id: row.id,
    name: row.name,
    division: { id: row.divisionId, name: divisionName },
    trimester: row.trimester as 1 | 2 | 3,
    status: row.status as RequestStatus,
    url: `/api/files?${storage.sign(row.storageKey, MARKSHEET_URL_TTL_SECONDS)}`,
    mime_type: row.mimeType,
    size: row.size,
    created_at: row.createdAt.toISOString()
  }
}

/** A report card as the operator lists it: without its link, with its pupil. */
export function presentOperatorMarksheet(
  storage: Pick<FileStorage, 'sign'>,
  view: { row: MarksheetRow; divisionName: string; userName: string; userLastName: string }
): Omit<Marksheet, 'url'> & { user: { id: number; name: string } } {
  const { url: _url, ...marksheet } = presentMarksheet(storage, view.row, view.divisionName)
  return { ...marksheet, user: { id: view.row.userId, name: `${view.userName} ${view.userLastName}` } }
}

export function presentAdCard(row: AdCardRow): AdCard {
  return {
    id: row.id,
    type: row.type as AdCard['type'],
    position: row.position,
    icon_url: row.iconUrl,
    text: row.text,
    text_image_url: row.textImageUrl,
    video_link: row.videoLink,
    url_link: row.urlLink,
    background_url: row.backgroundUrl,
    visible: row.visible,
    icon_position: row.iconPosition as AdCard['icon_position'],
    color: row.color
  }
}

/*
 * The JSON of the lists worded in the statement's language (parameter `lang`).
 */

const lang = sql.placeholder('lang')
const reasonTextSql = sql`(case ${lang}::text when 'en' then ${divisionChangeReasons.textEn} when 'ar' then ${divisionChangeReasons.textAr} else ${divisionChangeReasons.textFr} end)`

/** A class change reason as its answer's JSON. */
export const reasonJson = jsonObject(DivisionChangeReasonSchema, {
  id: jsonValue(divisionChangeReasons.id),
  reason: jsonValue(reasonTextSql),
  reason_fr: jsonValue(divisionChangeReasons.textFr),
  reason_en: jsonValue(divisionChangeReasons.textEn),
  reason_ar: jsonValue(divisionChangeReasons.textAr),
  needs_text: jsonValue(sql`${divisionChangeReasons.id} = ${sql.raw(String(OTHER_REASON_ID))}`)
})

type NamedDivision = { name: AnyColumn; nameAr: AnyColumn }

/** A pupil's class change request as its answer's JSON: the old and new classes are the statement's two aliases of `divisions`. */
export function divisionRequestJson(oldDivision: NamedDivision, newDivision: NamedDivision) {
  return jsonObject(DivisionRequestSchema, {
    id: jsonValue(divisionRequests.id),
    old_division: jsonOrNull(
      sql`${divisionRequests.oldDivisionId} is not null and ${oldDivision.name} is not null`,
      jsonObject(IdNameSchema, {
        id: jsonValue(divisionRequests.oldDivisionId),
        name: jsonValue(localNameSql(oldDivision.name, oldDivision.nameAr, lang))
      })
    ),
    new_division: jsonObject(IdNameSchema, {
      id: jsonValue(divisionRequests.newDivisionId),
      name: jsonValue(localNameSql(newDivision.name, newDivision.nameAr, lang))
    }),
    reason: jsonValue(reasonTextSql),
    reason_id: jsonValue(divisionRequests.reasonId),
    reason2: jsonValue(divisionRequests.reason2),
    status: jsonValue(divisionRequests.status),
    created_at: jsonTime(divisionRequests.createdAt),
    decided_at: jsonTime(divisionRequests.decidedAt)
  })
}
