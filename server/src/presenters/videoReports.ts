/** The only way video reports leave the server: the shapes of src/shared/api/videoReports.ts. */
import { sql } from 'drizzle-orm'
import { ReportReasonSchema, VideoReportSchema, type VideoReport, type VideoReportStatus } from '../../../src/shared/api/videoReports.ts'
import { jsonObject, jsonTime, jsonValue } from '../db/json.ts'
import { chapters, contents, subjects, videoReportReasons, videoReports } from '../db/schema.ts'
import type { Language } from '../language.ts'
import type { ReasonRow, ReportView, StoredStatus } from '../services/videoReports.ts'

/** A stored status as the API writes it (part 2, §4). */
const STATUS_NAMES: Record<StoredStatus, VideoReportStatus> = {
  pending: 'Pending',
  in_progress: 'In progress',
  rejected: 'Rejected',
  resolved: 'Resolved'
}

/** The stored status of the API's name. */
export function storedStatus(name: VideoReportStatus | undefined): StoredStatus | undefined {
  return (Object.keys(STATUS_NAMES) as StoredStatus[]).find((key) => STATUS_NAMES[key] === name)
}

function reasonText(reason: ReasonRow, lang: Language): string {
  return lang === 'ar' ? reason.textAr : lang === 'en' ? reason.textEn : reason.textFr
}

export function presentReport(view: ReportView, lang: Language): VideoReport {
  const { report, reason, content } = view
  const status = report.status as StoredStatus
  return {
    id: report.id,
    report_reason: { id: reason.id, reason: reasonText(reason, lang) },
    description: report.description,
    content: {
      id: content.id,
      name: content.name,
      slug: content.slug,
      chapter_slug: content.chapterSlug,
      subject_slug: content.subjectSlug
    },
    status: STATUS_NAMES[status],
    created_at: report.createdAt.toISOString(),
    reject_reason: status === 'rejected' ? report.rejectReason : null,
    is_confirmed: status === 'resolved'
  }
}

export function presentOperatorReport(view: ReportView) {
  return { ...presentReport(view, 'fr'), user: { id: view.user.id, name: `${view.user.name} ${view.user.lastName}`.trim() } }
}

/*
 * The pupil's lists as the JSON the database writes (docs/decisions/0030-lists-at-the-p8-bar.md),
 * exactly what the schemas encode (a report as presentReport gives it); the statement's `lang`
 * parameter chooses the reason's wording.
 */

const reasonTextSql = sql`(case ${sql.placeholder('lang')}::text when 'ar' then ${videoReportReasons.textAr} when 'en' then ${videoReportReasons.textEn} else ${videoReportReasons.textFr} end)`

const statusNameSql = sql.raw(
  `(case video_reports.status ${Object.entries(STATUS_NAMES)
    .map(([stored, name]) => `when '${stored}' then '${name}'`)
    .join(' ')} else video_reports.status end)`
)

/** A reason as its answer's JSON: its id and its wording in `lang`. */
export const reasonJson = jsonObject(ReportReasonSchema, { id: jsonValue(videoReportReasons.id), name: jsonValue(reasonTextSql) })

/** A report as its answer's JSON (presentReport): the statement joins its reason, lesson, chapter and subject. */
export const reportJson = jsonObject(VideoReportSchema, {
  id: jsonValue(videoReports.id),
  report_reason: jsonObject(VideoReportSchema.shape.report_reason, {
    id: jsonValue(videoReportReasons.id),
    reason: jsonValue(reasonTextSql)
  }),
  description: jsonValue(videoReports.description),
  content: jsonObject(VideoReportSchema.shape.content, {
    id: jsonValue(contents.id),
    name: jsonValue(contents.name),
    slug: jsonValue(contents.slug),
    chapter_slug: jsonValue(chapters.slug),
    subject_slug: jsonValue(subjects.slug)
  }),
  status: jsonValue(statusNameSql),
  created_at: jsonTime(videoReports.createdAt),
  reject_reason: jsonValue(sql`(case when ${videoReports.status} = 'rejected' then ${videoReports.rejectReason} end)`),
  is_confirmed: jsonValue(sql`(${videoReports.status} = 'resolved')`)
})
