/** The only way video reports leave the server: the shapes of src/shared/api/videoReports.ts. */
import type { ReportReason, VideoReport, VideoReportStatus } from '../../../src/shared/api/videoReports.ts'
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

export function presentReason(reason: ReasonRow, lang: Language): ReportReason {
  return { id: reason.id, name: reasonText(reason, lang) }
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
