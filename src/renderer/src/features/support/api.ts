/** The support area's calls (video reports, assistance videos): entries of the shared tables, parsed with their response schemas. */
import { assistanceEndpoints, type AssistanceVideo } from '../../../../shared/api/assistance.ts'
import {
  videoReportEndpoints,
  type ReportReason,
  type VideoReport,
  type VideoReportBody,
  type VideoReportStatus
} from '../../../../shared/api/videoReports.ts'
import type { HttpClient } from '../../api/http.ts'

export type { AssistanceVideo, ReportReason, VideoReport, VideoReportBody, VideoReportStatus }

export interface SupportApi {
  /** The reasons a video can be reported for, in the interface language. */
  reasons(): Promise<ReportReason[]>
  /** The pupil's reports, newest first. */
  reports(): Promise<VideoReport[]>
  create(body: VideoReportBody): Promise<VideoReport>
  /** Only while the report is Pending (409 video_report_not_pending after). */
  update(id: number, body: VideoReportBody): Promise<VideoReport>
  /** Only while the report is Pending (409 video_report_not_pending after). */
  remove(id: number): Promise<void>
  /** The assistance videos, by position. */
  videoLinks(): Promise<AssistanceVideo[]>
}

export function createSupportApi(http: HttpClient): SupportApi {
  return {
    reasons: () => http.call(videoReportEndpoints.reasons),
    reports: () => http.call(videoReportEndpoints.reports),
    create: async (body) => (await http.call(videoReportEndpoints.create, { body })).report,
    update: async (id, body) => (await http.call(videoReportEndpoints.update, { params: { id }, body })).report,
    remove: async (id) => {
      await http.call(videoReportEndpoints.remove, { params: { id } })
    },
    videoLinks: () => http.call(assistanceEndpoints.videoLinks)
  }
}
