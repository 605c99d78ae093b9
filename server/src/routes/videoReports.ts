/**
 * Video reports (part 2, §2 /reports, §7; docs/decisions/0039-video-reports.md): the reasons, the
 * pupil's reports, creating, changing and deleting one while it is pending, and the operator's
 * steps (`npm run admin -- video-report …`), each told to the pupil.
 */
import type { FastifyInstance } from 'fastify'
import { videoReportEndpoints as ep, videoReportOperatorEndpoints as op } from '../../../src/shared/api/videoReports.ts'
import { addRoute, Serialized } from '../http.ts'
import { requestLanguage } from '../language.ts'
import { presentOperatorReport, presentReport, storedStatus } from '../presenters/videoReports.ts'
import type { Services } from '../services.ts'
import {
  createReport,
  decideReport,
  deleteReport,
  ownReportsJson,
  reportReasonsJson,
  reportsByStatus,
  updateReport
} from '../services/videoReports.ts'

export function registerVideoReportRoutes(app: FastifyInstance, services: Services): void {
  const { db } = services.database

  addRoute(
    app,
    services,
    ep.reasons,
    async ({ request, reply }) => new Serialized(await reportReasonsJson(db, requestLanguage(request, reply)))
  )

  addRoute(
    app,
    services,
    ep.reports,
    async ({ auth, request, reply }) => new Serialized(await ownReportsJson(db, auth.user.id, requestLanguage(request, reply)))
  )

  addRoute(app, services, ep.create, async ({ auth, body, request, reply }) => {
    const report = await createReport(db, auth.user, body, services.clock.now())
    return { message: 'Votre signalement a été envoyé', report: presentReport(report, requestLanguage(request, reply)) }
  })

  addRoute(app, services, ep.update, async ({ auth, params, body, request, reply }) => {
    const report = await updateReport(db, auth.user, params.id, body, services.clock.now())
    return { message: 'Votre signalement a été modifié', report: presentReport(report, requestLanguage(request, reply)) }
  })

  addRoute(app, services, ep.remove, async ({ auth, params }) => {
    await deleteReport(db, auth.user.id, params.id)
    return { message: 'Votre signalement a été supprimé' }
  })

  addRoute(app, services, op.reports, async ({ query }) =>
    (await reportsByStatus(db, storedStatus(query.status))).map(presentOperatorReport)
  )

  addRoute(app, services, op.decide, async ({ params, body }) => {
    const view = await decideReport(
      db,
      services.notifications,
      params.id,
      params.decision,
      body?.reject_reason ?? null,
      services.clock.now()
    )
    const report = presentOperatorReport(view)
    return { message: `Signalement ${report.id} : ${report.status}`, report }
  })
}
