/**
 * The video report form (specification part 2, §5): a reason and a description are both needed,
 * 'Remplir les champs raison et description'. The app checks it before sending; the server
 * refuses the same form with the same message on the missing fields.
 */
import type { MessageKey } from './messages.ts'

/** The longest description kept. */
export const VIDEO_REPORT_DESCRIPTION_MAX = 1000

export type VideoReportForm = { reportReason?: number | null; description?: string | null }

/** The fields missing or invalid, each with its message key; empty when the form can be sent. */
export function videoReportProblems(form: VideoReportForm): Partial<Record<'reportReason' | 'description', MessageKey[]>> {
  const problems: Partial<Record<'reportReason' | 'description', MessageKey[]>> = {}
  if (form.reportReason == null) problems.reportReason = ['videoReport.fieldsRequired']
  const description = (form.description ?? '').trim()
  if (description === '') problems.description = ['videoReport.fieldsRequired']
  else if (description.length > VIDEO_REPORT_DESCRIPTION_MAX) problems.description = ['common.tooLong']
  return problems
}
