/**
 * Video reports (specification part 2: §2 /reports, §3 Video report and Report reason, §4 video
 * report states, §5 the report rule, §7 `student/report-reasons`, `student/video-reports*`): a
 * pupil reports a faulty lesson video with a reason and a description, edits or deletes it while
 * it is Pending, and follows it through the operator's decisions (Pending → In progress →
 * Rejected with an optional reason | Resolved), told by a notification at each change.
 * What the specification leaves open is decided in docs/decisions/0039-video-reports.md.
 */
import { z } from 'zod'
import { VIDEO_REPORT_DESCRIPTION_MAX } from '../rules/videoReport.ts'
import { MessageResponseSchema, idParam, type Endpoint, IdPathSchema } from './common.ts'

/** The states of a report (part 2, §4), as the API writes them. */
export const VIDEO_REPORT_STATUSES = ['Pending', 'In progress', 'Rejected', 'Resolved'] as const
export const VideoReportStatusSchema = z.enum(VIDEO_REPORT_STATUSES)
export type VideoReportStatus = z.infer<typeof VideoReportStatusSchema>

/** Report reason (part 2, §3), worded in the request's language. */
export const ReportReasonSchema = z.object({ id: z.number().int(), name: z.string() })
export type ReportReason = z.infer<typeof ReportReasonSchema>

/** Video report (part 2, §3). */
export const VideoReportSchema = z.object({
  id: z.number().int(),
  report_reason: z.object({ id: z.number().int(), reason: z.string() }),
  description: z.string(),
  /** The lesson reported, with what leads back to it. */
  content: z.object({ id: z.number().int(), name: z.string(), slug: z.string(), chapter_slug: z.string(), subject_slug: z.string() }),
  status: VideoReportStatusSchema,
  created_at: z.string(),
  /** The operator's reason of a rejection (null otherwise, or when none was given). */
  reject_reason: z.string().nullable(),
  /** The fault was confirmed and corrected (Resolved). */
  is_confirmed: z.boolean()
})
export type VideoReport = z.infer<typeof VideoReportSchema>

const id = z
  .number({ error: 'videoReport.fieldsRequired' })
  .int({ error: 'common.invalid' })
  .positive({ error: 'common.invalid' })
  .max(2_147_483_647, { error: 'common.invalid' })

/**
 * `POST student/video-reports` and `PUT student/video-reports/{id}`: the lesson, the reason and a
 * description (trimmed, 1–VIDEO_REPORT_DESCRIPTION_MAX characters); the server checks the two
 * fields with rules/videoReport.ts, so that a missing one is worded 'Remplir les champs raison et description'.
 */
export const VideoReportBodySchema = z.strictObject({
  content: z
    .number({ error: 'common.required' })
    .int({ error: 'common.invalid' })
    .positive({ error: 'common.invalid' })
    .max(2_147_483_647, { error: 'common.invalid' }),
  reportReason: id.nullish(),
  description: z
    .string({ error: 'videoReport.fieldsRequired' })
    .max(VIDEO_REPORT_DESCRIPTION_MAX * 4, { error: 'common.tooLong' })
    .nullish()
})
export type VideoReportBody = z.infer<typeof VideoReportBodySchema>

export const SavedVideoReportSchema = MessageResponseSchema.extend({ report: VideoReportSchema })

export const videoReportEndpoints = {
  reasons: {
    method: 'GET',
    service: 'api',
    path: '/student/report-reasons',
    access: 'user',
    summary: 'The reasons a video can be reported for, worded in the Accept-Language language',
    response: z.array(ReportReasonSchema),
    errors: [401, 403]
  },
  reports: {
    method: 'GET',
    service: 'api',
    path: '/student/video-reports',
    access: 'user',
    summary: "The pupil's video reports, newest first",
    response: z.array(VideoReportSchema),
    errors: [401, 403]
  },
  create: {
    method: 'POST',
    service: 'api',
    path: '/student/video-reports',
    access: 'user',
    status: 201,
    summary: "Report a lesson's video with a reason and a description (a lesson the pupil can open)",
    body: VideoReportBodySchema,
    response: SavedVideoReportSchema,
    errors: [401, 403, 404]
  },
  update: {
    method: 'PUT',
    service: 'api',
    path: '/student/video-reports/:id',
    access: 'user',
    summary: "Change one of the pupil's reports while it is Pending (409 video_report_not_pending after)",
    params: IdPathSchema,
    body: VideoReportBodySchema,
    response: SavedVideoReportSchema,
    errors: [401, 403, 404, 409]
  },
  remove: {
    method: 'DELETE',
    service: 'api',
    path: '/student/video-reports/:id',
    access: 'user',
    summary: "Delete one of the pupil's reports while it is Pending (409 video_report_not_pending after)",
    params: IdPathSchema,
    response: MessageResponseSchema,
    errors: [401, 403, 404, 409]
  }
} as const satisfies Record<string, Endpoint>

/** The operator's steps (`npm run admin -- video-report start|reject|resolve <id> [reason]`). */
export const VideoReportDecisionSchema = z.enum(['start', 'reject', 'resolve'])
export type VideoReportDecision = z.infer<typeof VideoReportDecisionSchema>

export const OperatorVideoReportSchema = VideoReportSchema.extend({ user: z.object({ id: z.number().int(), name: z.string() }) })
export const OperatorVideoReportsQuerySchema = z.strictObject({ status: VideoReportStatusSchema.optional() })

export const videoReportOperatorEndpoints = {
  reports: {
    method: 'GET',
    service: 'operator',
    path: '/video-reports',
    access: 'operator',
    summary: 'Video reports, newest first (filter by status)',
    querystring: OperatorVideoReportsQuerySchema,
    response: z.array(OperatorVideoReportSchema),
    errors: [401, 403]
  },
  decide: {
    method: 'POST',
    service: 'operator',
    path: '/video-reports/:id/:decision',
    access: 'operator',
    summary:
      'Move a report on: start (Pending → In progress), reject (In progress → Rejected, with an optional reject_reason) or resolve (In progress → Resolved); the pupil is notified',
    params: z.strictObject({ id: idParam, decision: VideoReportDecisionSchema }),
    body: z.strictObject({ reject_reason: z.string().trim().min(1).max(500).optional() }).nullish(),
    response: MessageResponseSchema.extend({ report: OperatorVideoReportSchema }),
    errors: [401, 403, 404, 409]
  }
} as const satisfies Record<string, Endpoint>
