/**
 * Video reports (part 2, §3–§5, §7; decision 0039): the reasons in three languages; creating a
 * report with a reason and a description ('Remplir les champs raison et description' on the
 * missing ones); editing and deleting only while Pending; another pupil's report id answered as
 * unknown; a locked lesson refused; the operator's steps Pending → In progress → Rejected (with
 * its reason) | Resolved through `npm run admin -- video-report …`, the pupil notified at each;
 * random bodies (T1).
 */
import { eq } from 'drizzle-orm'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { z } from 'zod'
import { ErrorResponseSchema } from '../../src/shared/api/common.ts'
import { ReportReasonSchema, SavedVideoReportSchema, VideoReportSchema, type VideoReport } from '../../src/shared/api/videoReports.ts'
import { runAdmin } from '../../server/src/admin.ts'
import { notifications, videoReports } from '../../server/src/db/schema.ts'
import { call, startTestServer, type TestServer, mathsLessons, newPupil } from './harness.ts'

let server: TestServer
let api = ''
const lesson = { id: 0, freeId: 0 }

beforeAll(async () => {
  server = await startTestServer()
  const { id, freeId } = await mathsLessons(server.app)
  lesson.id = id
  lesson.freeId = freeId
  api = await server.app.listen({ port: 0, host: '127.0.0.1' })
})
afterAll(async () => {
  await server?.close()
})

const db = () => server.app.services.database.db

const pupil = (options: { division?: number; subscribed?: boolean } = {}) =>
  newPupil(server.app, { ...options, subscribed: options.subscribed !== false })

type Saved = { message: string; report: VideoReport; code?: string; errors?: Record<string, string[]>; keys?: Record<string, string[]> }
const create = (token: string, body: unknown) => call<Saved>(server.app, 'POST', '/api/student/video-reports', { token, body })
const update = (token: string, id: number, body: unknown) =>
  call<Saved>(server.app, 'PUT', `/api/student/video-reports/${id}`, { token, body })
const remove = (token: string, id: number) =>
  call<{ message: string; code?: string }>(server.app, 'DELETE', `/api/student/video-reports/${id}`, { token })
const list = (token: string, language = 'fr') =>
  call<VideoReport[]>(server.app, 'GET', '/api/student/video-reports', { token, headers: { 'accept-language': language } })
const admin = (...args: string[]) => runAdmin(['--api', api, ...args], { DARSI_OPERATOR_KEY: server.app.services.secrets.operatorKey })

async function stored(userId: number) {
  return db()
    .select({ id: videoReports.id, status: videoReports.status, description: videoReports.description, reasonId: videoReports.reasonId })
    .from(videoReports)
    .where(eq(videoReports.userId, userId))
}

describe('the reasons', () => {
  it('are listed by position in the request’s language', async () => {
    const me = await pupil()
    const fr = await call<Array<{ id: number; name: string }>>(server.app, 'GET', '/api/student/report-reasons', { token: me.token })
    expect(fr.status).toBe(200)
    const reasons = z.array(ReportReasonSchema).parse(fr.body)
    expect(reasons.length).toBeGreaterThanOrEqual(4)
    expect(reasons[0]).toEqual({ id: 1, name: 'La vidéo ne se lance pas' })
    const ar = await call<Array<{ id: number; name: string }>>(server.app, 'GET', '/api/student/report-reasons', {
      token: me.token,
      headers: { 'accept-language': 'ar' }
    })
    expect(ar.body[0]).toEqual({ id: 1, name: 'الفيديو لا يشتغل' })
    const en = await call<Array<{ id: number; name: string }>>(server.app, 'GET', '/api/student/report-reasons', {
      token: me.token,
      headers: { 'accept-language': 'en-US' }
    })
    expect(en.body.map((reason) => reason.id)).toEqual(reasons.map((reason) => reason.id))
    expect(en.body[0]!.name).toBe('The video does not start')
    expect((await call(server.app, 'GET', '/api/student/report-reasons')).status).toBe(401)
  })
})

describe("a pupil's reports", () => {
  it('are created with a reason and a description, listed newest first, edited and deleted while Pending', async () => {
    const me = await pupil()
    const created = await create(me.token, { content: lesson.id, reportReason: 2, description: '  Pas de son après 10 s  ' })
    expect(created.status).toBe(201)
    const report = SavedVideoReportSchema.parse(created.body).report
    expect(report).toMatchObject({
      report_reason: { id: 2, reason: 'Problème de son' },
      description: 'Pas de son après 10 s',
      status: 'Pending',
      reject_reason: null,
      is_confirmed: false,
      content: {
        id: lesson.id,
        name: 'Continuité sur un intervalle',
        slug: 'continuite-sur-un-intervalle',
        chapter_slug: 'limites-et-continuite',
        subject_slug: 'mathematiques'
      }
    })
    const second = (await create(me.token, { content: lesson.freeId, reportReason: 1, description: 'Écran noir' })).body.report
    expect((await list(me.token)).body.map((item) => item.id)).toEqual([second.id, report.id])
    expect(
      z
        .array(VideoReportSchema)
        .parse((await list(me.token, 'ar')).body)
        .find((item) => item.id === report.id)!.report_reason.reason
    ).toBe('مشكلة في الصوت')

    const edited = await update(me.token, report.id, { content: lesson.id, reportReason: 3, description: 'Image floue' })
    expect(edited.status).toBe(200)
    expect(edited.body.report).toMatchObject({ id: report.id, report_reason: { id: 3 }, description: 'Image floue', status: 'Pending' })
    const removed = await remove(me.token, second.id)
    expect(removed.status).toBe(200)
    expect((await stored(me.id)).map((row) => row.id)).toEqual([report.id])
    expect((await list(me.token)).body).toHaveLength(1)
  })

  it("refuses a report without reason or description with the specification's message, and an unknown reason, changing nothing", async () => {
    const me = await pupil()
    const cases: Array<[unknown, string[]]> = [
      [{ content: lesson.id, description: 'x' }, ['reportReason']],
      [{ content: lesson.id, reportReason: 1 }, ['description']],
      [{ content: lesson.id, reportReason: 1, description: '   ' }, ['description']],
      [{ content: lesson.id, reportReason: null, description: '' }, ['reportReason', 'description']]
    ]
    for (const [body, fields] of cases) {
      const reply = await create(me.token, body)
      expect(reply.status, JSON.stringify(body)).toBe(422)
      expect(reply.body.message).toBe('Remplir les champs raison et description')
      expect(Object.keys(reply.body.keys!)).toEqual(fields)
      for (const field of fields) expect(reply.body.keys![field]).toEqual(['videoReport.fieldsRequired'])
    }
    const unknown = await create(me.token, { content: lesson.id, reportReason: 999, description: 'x' })
    expect(unknown.status).toBe(422)
    expect(Object.keys(unknown.body.errors!)).toEqual(['reportReason'])
    expect((await create(me.token, { content: lesson.id, reportReason: 1, description: 'x'.repeat(1001) })).status).toBe(422)
    expect(await stored(me.id)).toEqual([])
  })

  it('refuses a locked, unknown or other class’s lesson', async () => {
    const locked = await pupil({ subscribed: false })
    const refused = await create(locked.token, { content: lesson.id, reportReason: 1, description: 'x' })
    expect(refused.status).toBe(403)
    expect(refused.body.code).toBe('content_locked')
    expect((await create(locked.token, { content: lesson.freeId, reportReason: 1, description: 'x' })).status).toBe(201)
    expect((await create(locked.token, { content: 999_999, reportReason: 1, description: 'x' })).status).toBe(404)
    const other = await pupil({ division: 13 })
    expect((await create(other.token, { content: lesson.id, reportReason: 1, description: 'x' })).body.code).toBe('level_not_allowed')
    expect(await stored(other.id)).toEqual([])
    expect((await stored(locked.id)).length).toBe(1)
  })

  it("answers another pupil's report id as unknown, and leaves it as it was", async () => {
    const owner = await pupil()
    const intruder = await pupil()
    const report = (await create(owner.token, { content: lesson.id, reportReason: 1, description: 'Mine' })).body.report
    const edit = await update(intruder.token, report.id, { content: lesson.id, reportReason: 2, description: 'Theirs' })
    expect(edit.status).toBe(404)
    expect(edit.body.code).toBe('not_found')
    expect((await remove(intruder.token, report.id)).status).toBe(404)
    expect((await remove(intruder.token, 999_999)).status).toBe(404)
    expect((await list(intruder.token)).body).toEqual([])
    expect(await stored(owner.id)).toEqual([{ id: report.id, status: 'pending', description: 'Mine', reasonId: 1 }])
  })
})

describe("the operator's steps", () => {
  async function notices(userId: number) {
    return db()
      .select({ title: notifications.title, body: notifications.body, link: notifications.link, type: notifications.type })
      .from(notifications)
      .where(eq(notifications.userId, userId))
      .orderBy(notifications.id)
  }

  it('moves a report Pending → In progress → Resolved with the admin command line, the pupil notified at each step and unable to edit it after', async () => {
    const me = await pupil()
    const report = (await create(me.token, { content: lesson.id, reportReason: 1, description: 'Écran noir' })).body.report
    expect(await admin('video-report', 'start', String(report.id))).toBe(`Signalement ${report.id} : In progress`)
    expect((await list(me.token)).body[0]).toMatchObject({ status: 'In progress', is_confirmed: false })

    const edit = await update(me.token, report.id, { content: lesson.id, reportReason: 2, description: 'Autre chose' })
    expect(edit.status).toBe(409)
    expect(edit.body.code).toBe('video_report_not_pending')
    expect((await remove(me.token, report.id)).body.code).toBe('video_report_not_pending')

    expect(await admin('video-report', 'resolve', String(report.id))).toBe(`Signalement ${report.id} : Resolved`)
    expect((await list(me.token)).body[0]).toMatchObject({
      status: 'Resolved',
      is_confirmed: true,
      reject_reason: null,
      description: 'Écran noir'
    })
    expect(await notices(me.id)).toEqual([
      {
        title: 'Signalement en cours de traitement',
        body: 'Votre signalement de la vidéo « Continuité sur un intervalle » est en cours de traitement.',
        link: '/reports',
        type: 'updateVideoReport'
      },
      {
        title: 'Signalement résolu',
        body: 'Le problème signalé sur la vidéo « Continuité sur un intervalle » a été corrigé. Merci !',
        link: '/reports',
        type: 'updateVideoReport'
      }
    ])
    // No step out of a final state.
    await expect(admin('video-report', 'reject', String(report.id), 'Trop tard')).rejects.toThrow(/409/)
    await expect(admin('video-report', 'start', '999999')).rejects.toThrow(/404/)
    expect((await notices(me.id)).length).toBe(2)
    const listed = JSON.parse(await admin('video-reports', 'Resolved')) as Array<{ id: number; user: { id: number } }>
    expect(listed.find((item) => item.id === report.id)?.user.id).toBe(me.id)
  })

  it('rejects with a reason the pupil sees, only once the report is In progress', async () => {
    const me = await pupil()
    const report = (await create(me.token, { content: lesson.id, reportReason: 4, description: 'Erreur au tableau' })).body.report
    await expect(admin('video-report', 'reject', String(report.id), 'Pas d’erreur')).rejects.toThrow(/409/)
    expect((await list(me.token)).body[0]!.status).toBe('Pending')
    await admin('video-report', 'start', String(report.id))
    expect(await admin('video-report', 'reject', String(report.id), 'La formule est juste')).toBe(`Signalement ${report.id} : Rejected`)
    expect((await list(me.token)).body[0]).toMatchObject({ status: 'Rejected', reject_reason: 'La formule est juste', is_confirmed: false })
    expect((await notices(me.id)).at(-1)).toMatchObject({
      title: 'Signalement refusé',
      body: 'Votre signalement de la vidéo « Continuité sur un intervalle » a été refusé : La formule est juste'
    })
    await expect(admin('video-report', 'resolve', String(report.id), 'x')).rejects.toThrow(/Only reject/)
  })
})

describe('random bodies (T1)', () => {
  it('never answer a 5xx, and always the contract', async () => {
    const me = await pupil()
    const pending = (await create(me.token, { content: lesson.id, reportReason: 1, description: 'x' })).body.report
    const body = fc.record(
      {
        content: fc.oneof(fc.constantFrom(lesson.id, lesson.freeId, 999_999, 0), fc.integer(), fc.double(), fc.string()),
        reportReason: fc.oneof(fc.constantFrom(1, 2, 999, null, 0), fc.integer(), fc.string()),
        description: fc.oneof(fc.string(), fc.constantFrom('', '  ', 'x'.repeat(1001)), fc.integer(), fc.constant(null)),
        extra: fc.jsonValue()
      },
      { requiredKeys: [] }
    )
    await fc.assert(
      fc.asyncProperty(body, fc.boolean(), async (input, edit) => {
        const reply = edit ? await update(me.token, pending.id, input) : await create(me.token, input)
        expect([200, 201, 403, 404, 422]).toContain(reply.status)
        if (reply.status < 300) expect(SavedVideoReportSchema.safeParse(reply.body).success).toBe(true)
        else expect(ErrorResponseSchema.safeParse(reply.body).success).toBe(true)
      }),
      { numRuns: 150 }
    )
  }, 120_000)
})
