/**
 * The access matrix, generated from the endpoint tables: every route that needs a session,
 * a verified account, an administrator or the operator key refuses those who lack it; the
 * learning, progress, reaction and video report routes naming a subject, chapter or lesson refuse
 * another class's (the level message) and answer 404 for one that does not exist; another pupil's
 * video report is refused, and one no longer pending is neither changed nor deleted; a lesson
 * video's and a lesson attachment's addresses serve their pupil only, until they expire (S6);
 * another pupil's subscription is not cancelled, an operator plan is sold for the pupil's own class
 * only, and a forged or replayed operator notification changes nothing; the operator's routes naming
 * an order or an offer refuse any caller without the key, known id or not, and answer 404 for an
 * unknown one.
 */
import { and, asc, eq, ne, type SQL } from 'drizzle-orm'
import type { LightMyRequestResponse } from 'fastify'
import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Quiz } from '../../src/shared/api/quizzes.ts'
import { servicePrefixes, type Endpoint } from '../../src/shared/api/common.ts'
import { MEDIA_URL_TTL_SECONDS, learningEndpoints, type Lesson } from '../../src/shared/api/learning.ts'
import { videoReportEndpoints, type VideoReport } from '../../src/shared/api/videoReports.ts'
import {
  chapters,
  contents,
  contentVideos,
  offerOrders,
  operatorCharges,
  subjects,
  userOffers,
  users,
  videoReportReasons,
  videoReports
} from '../../server/src/db/schema.ts'
import { notificationKey, signNotification } from '../../server/src/services/operatorBilling.ts'
import { OperatorCheckoutResponseSchema, type OperatorNotification } from '../../src/shared/api/operatorBilling.ts'
import { tunisDate } from '../../src/shared/tunisDate.ts'
import { attachFile } from '../../server/src/services/attachments.ts'
import { checkedTables, routesOf } from './endpointTables.ts'
import {
  call,
  createUser,
  demo,
  login,
  newPupil,
  offerCards,
  startTestServer,
  uniquePhone,
  type TestServer,
  type Tokens
} from './harness.ts'

let server: TestServer
let student: Tokens
let unverified: Tokens
let expired: Tokens
beforeAll(async () => {
  server = await startTestServer({ dev: true })
  ;[student, unverified, expired] = await Promise.all([
    login(server.app, demo.student),
    login(server.app, demo.unverified),
    login(server.app, demo.expired)
  ])
})
afterAll(async () => {
  await server?.close()
})

const routes = routesOf(checkedTables)

const SAMPLE_PARAMS: Record<string, string> = { id: '1', stateId: '1', level: 'bac', provider: 'google' }

function urlOf(endpoint: Endpoint): string {
  const path = endpoint.path.replace(/:(\w+)/g, (_, name: string) => SAMPLE_PARAMS[name] ?? '1')
  return `${servicePrefixes[endpoint.service]}${path}`
}

function send(endpoint: Endpoint, options: { token?: string; headers?: Record<string, string>; remoteAddress?: string } = {}) {
  return server.app.inject({
    method: endpoint.method,
    url: urlOf(endpoint),
    headers: { ...(options.token ? { authorization: `Bearer ${options.token}` } : {}), ...options.headers },
    ...(endpoint.body ? { payload: {} } : {}),
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {})
  })
}

const signedIn = routes.filter((r) => r.endpoint.access === 'session' || r.endpoint.access === 'user' || r.endpoint.access === 'admin')
const verifiedOnly = routes.filter((r) => r.endpoint.access === 'user' || r.endpoint.access === 'admin')
const adminOnly = routes.filter((r) => r.endpoint.access === 'admin')
const operatorOnly = routes.filter((r) => r.endpoint.access === 'operator')
const publicRoutes = routes.filter((r) => r.endpoint.access === 'public')

describe('access matrix', () => {
  it('covers every access level', () => {
    expect(signedIn.length).toBeGreaterThan(5)
    expect(verifiedOnly.length).toBeGreaterThan(3)
    expect(adminOnly.length).toBeGreaterThan(0)
    expect(operatorOnly.length).toBeGreaterThan(0)
  })

  it.each(signedIn.map((r) => [r.name, r.endpoint] as const))('%s answers 401 without a valid session', async (_name, endpoint) => {
    for (const token of [undefined, 'not-a-token-at-all', `${student.token}x`]) {
      const reply = await send(endpoint, { token })
      expect(reply.statusCode, String(token)).toBe(401)
      expect(['unauthenticated', 'token_invalid']).toContain(reply.json().code)
    }
    // The token of a session that was logged out.
    const gone = await login(server.app, demo.influencer)
    await call(server.app, 'GET', '/api/auth/logout', { token: gone.token })
    expect((await send(endpoint, { token: gone.token })).statusCode).toBe(401)
  })

  it.each(signedIn.filter((r) => r.endpoint.access === 'session').map((r) => [r.name, r.endpoint] as const))(
    '%s lets an unverified account or an expired password through the access check',
    async (_name, endpoint) => {
      // Logout would end the shared session: a throwaway one.
      const own =
        endpoint.path === '/auth/logout'
          ? [await login(server.app, demo.unverified), await login(server.app, demo.expired)]
          : [unverified, expired]
      for (const tokens of own) expect([401, 403]).not.toContain((await send(endpoint, { token: tokens.token })).statusCode)
    }
  )

  it.each(verifiedOnly.map((r) => [r.name, r.endpoint] as const))(
    '%s refuses an unverified account and an expired password (403)',
    async (_name, endpoint) => {
      const notVerified = await send(endpoint, { token: unverified.token })
      expect(notVerified.statusCode).toBe(403)
      expect(notVerified.json().code).toBe('not_verified')
      const passwordExpired = await send(endpoint, { token: expired.token })
      expect(passwordExpired.statusCode).toBe(403)
      expect(passwordExpired.json().code).toBe('password_expired')
    }
  )

  it.each(adminOnly.map((r) => [r.name, r.endpoint] as const))('%s refuses a student (403)', async (_name, endpoint) => {
    const reply = await send(endpoint, { token: student.token })
    expect(reply.statusCode).toBe(403)
    expect(reply.json().code).toBe('forbidden')
  })

  it.each(operatorOnly.map((r) => [r.name, r.endpoint] as const))(
    '%s needs the operator key, from this machine',
    async (_name, endpoint) => {
      const key = server.app.services.secrets.operatorKey
      expect((await send(endpoint)).statusCode).toBe(401)
      expect((await send(endpoint, { headers: { 'x-operator-key': `${key}x` } })).statusCode).toBe(401)
      expect((await send(endpoint, { token: student.token })).statusCode).toBe(401)
      const admin = await login(server.app, demo.admin)
      expect((await send(endpoint, { token: admin.token })).statusCode).toBe(401)
      const remote = await send(endpoint, { headers: { 'x-operator-key': key }, remoteAddress: '192.0.2.10' })
      expect(remote.statusCode).toBe(403)
      expect([401, 403]).not.toContain((await send(endpoint, { headers: { 'x-operator-key': key } })).statusCode)
    }
  )

  it.each(publicRoutes.map((r) => [r.name, r.endpoint] as const))('%s is open without a session', async (_name, endpoint) => {
    expect([401, 403]).not.toContain((await send(endpoint)).statusCode)
  })
})

/** A subject of a class, a course chapter of it with a video lesson, and a recording chapter of it. */
type Place = {
  subjectId: number
  subjectSlug: string
  chapterId: number
  chapterSlug: string
  recordingId: number
  lessonId: number
  lessonSlug: string
}

describe('the learning, progress, reaction and video report routes naming a subject, chapter or lesson (S6)', () => {
  const db = () => server.app.services.database.db
  let own: Place
  let foreign: Place
  let studentId: number
  let reasonId: number

  /** The first visible subject matching `where` with a video lesson in a course chapter and a recording chapter. */
  async function placeWhere(where: SQL): Promise<Place> {
    const rows = await db()
      .select({
        subjectId: subjects.id,
        subjectSlug: subjects.slug,
        chapterId: chapters.id,
        chapterSlug: chapters.slug,
        type: chapters.type,
        lessonId: contents.id,
        lessonSlug: contents.slug,
        isFree: contents.isFree
      })
      .from(contents)
      .innerJoin(chapters, eq(chapters.id, contents.chapterId))
      .innerJoin(subjects, eq(subjects.id, chapters.subjectId))
      .innerJoin(contentVideos, eq(contentVideos.contentId, contents.id))
      .where(and(where, eq(subjects.visible, true)))
      .orderBy(asc(subjects.id), asc(chapters.position), asc(contents.position))
    for (const lesson of rows.filter((row) => row.type === 'course' && row.isFree)) {
      const recording = rows.find((row) => row.subjectId === lesson.subjectId && row.type === 'recording')
      if (recording) return { ...lesson, recordingId: recording.chapterId }
    }
    throw new Error('no such place in the demo catalogue')
  }

  beforeAll(async () => {
    const [row] = await db().select({ id: users.id, divisionId: users.divisionId }).from(users).where(eq(users.phone, demo.student))
    studentId = row!.id
    own = await placeWhere(eq(subjects.divisionId, row!.divisionId!))
    foreign = await placeWhere(ne(subjects.divisionId, row!.divisionId!))
    reasonId = (await db().select({ id: videoReportReasons.id }).from(videoReportReasons).orderBy(asc(videoReportReasons.id)).limit(1))[0]!
      .id
  })

  let views = 0
  /** The request of each route naming the place's objects: the params of its path, the body of a tick. */
  const requests: Record<string, (place: Place) => { params: Record<string, string | number>; body?: Record<string, unknown> }> = {
    'learning.chapters': (place) => ({ params: { slug: place.subjectId } }),
    'learning.chapterContents': (place) => ({ params: { subject: place.subjectId, chapter: place.chapterId } }),
    'learning.recordingContents': (place) => ({ params: { subject: place.subjectId, chapter: place.recordingId } }),
    'learning.lesson': (place) => ({ params: { subject: place.subjectId, chapter: place.chapterId, content: place.lessonId } }),
    'progress.subjectProgress': (place) => ({ params: { id: place.subjectId } }),
    'progress.subjectChaptersProgress': (place) => ({ params: { id: place.subjectId } }),
    'progress.chapterContentsProgress': (place) => ({ params: { id: place.chapterId } }),
    'progress.postProgress': (place) => ({
      params: {},
      body: {
        contentId: place.lessonId,
        viewToken: `access-view-${++views}`,
        sequence: 0,
        from: 0,
        watchedTime: 5,
        state: 'playing',
        at: server.clock.now().getTime()
      }
    }),
    'reactions.reactions': (place) => ({ params: { contentId: place.lessonId } }),
    'reactions.react': (place) => ({ params: {}, body: { content_id: place.lessonId, reaction_type: 'love' } }),
    'reactions.toggleBookmark': (place) => ({ params: { subject: place.subjectId, chapter: place.chapterId, content: place.lessonId } }),
    'videoReports.create': (place) => ({
      params: {},
      body: { content: place.lessonId, reportReason: reasonId, description: 'Le son est coupé' }
    })
  }
  const idRoutes = routes
    .filter(
      (r) =>
        ['learning.', 'progress.', 'reactions.'].some((prefix) => r.name.startsWith(prefix)) || r.endpoint === videoReportEndpoints.create
    )
    .filter((r) => r.endpoint !== learningEndpoints.lessonVideo && (r.endpoint.params || r.endpoint.body))

  function request(endpoint: Endpoint, name: string, place: Place) {
    const { params, body } = requests[name]!(place)
    const path = endpoint.path.replace(/:(\w+)/g, (_, param: string) => encodeURIComponent(String(params[param])))
    return call<{ code: string; message: string }>(server.app, endpoint.method, `${servicePrefixes[endpoint.service]}${path}`, {
      token: student.token,
      body
    })
  }

  it('covers every route of the learning and progress tables that names an object', () => {
    expect(Object.keys(requests).sort()).toEqual(idRoutes.map((r) => r.name).sort())
  })

  it.each(idRoutes.map((r) => [r.name, r.endpoint] as const))(
    "%s answers the pupil's own class, and refuses another class's with the level message (403)",
    async (name, endpoint) => {
      const mine = await request(endpoint, name, own)
      expect(mine.status, JSON.stringify(mine.body)).toBe(endpoint.status ?? 200)
      const theirs = await request(endpoint, name, foreign)
      expect(theirs.status, JSON.stringify(theirs.body)).toBe(403)
      expect(theirs.body).toEqual({ code: 'level_not_allowed', message: 'access not authorised for this level' })
    }
  )

  /** The object each route names last, one that does not exist; those before it are the pupil's own. */
  const missing = 2_000_000_000
  const lastNamed: Record<string, Partial<Place>> = {
    'learning.chapters': { subjectId: missing },
    'learning.chapterContents': { chapterId: missing },
    'learning.recordingContents': { recordingId: missing },
    'learning.lesson': { lessonId: missing },
    'progress.subjectProgress': { subjectId: missing },
    'progress.subjectChaptersProgress': { subjectId: missing },
    'progress.chapterContentsProgress': { chapterId: missing },
    'progress.postProgress': { lessonId: missing },
    'reactions.reactions': { lessonId: missing },
    'reactions.react': { lessonId: missing },
    'reactions.toggleBookmark': { lessonId: missing },
    'videoReports.create': { lessonId: missing }
  }

  it.each(idRoutes.map((r) => [r.name, r.endpoint] as const))(
    '%s answers 404 for an object that does not exist',
    async (name, endpoint) => {
      const reply = await request(endpoint, name, { ...own, ...lastNamed[name] })
      expect(reply.status, JSON.stringify(reply.body)).toBe(404)
      expect(reply.body.code).toBe('not_found')
    }
  )

  it('plays a lesson video for the pupil it was signed for only, until it expires (403)', async () => {
    const addressOf = async (token: string) => new URL((await lessonAs(token)).content.content_videos[0]!.url, 'http://api')
    const mine = await addressOf(student.token)
    expect(mine.searchParams.get('u')).toBe(String(studentId))
    const other = await classmate()
    const theirs = await addressOf(other.token)
    const media = (url: URL, changes: Record<string, string> = {}) => requestSigned(url, changes, url.pathname, { range: 'bytes=0-0' })
    expect((await media(mine)).statusCode).toBe(206)
    expect((await media(theirs)).statusCode).toBe(206)
    // The pupil's address naming the classmate, and the classmate's signature on the pupil's address.
    await expectRefused([media(mine, { u: String(other.id) }), media(mine, { signature: theirs.searchParams.get('signature')! })], () =>
      media(mine)
    )
  })

  /** The demo lesson as the pupil of `token` reads it. */
  async function lessonAs(token: string): Promise<Lesson> {
    const reply = await call<Lesson>(
      server.app,
      'GET',
      `/api/student/subjects/${own.subjectSlug}/chapters/${own.chapterSlug}/contents/${own.lessonSlug}`,
      { token }
    )
    expect(reply.status).toBe(200)
    return reply.body
  }

  /** A signed media address requested with some fields of its query changed, or at another path. */
  function requestSigned(url: URL, changes: Record<string, string>, path: string, headers: Record<string, string> = {}) {
    const query = new URLSearchParams(url.search)
    for (const [key, value] of Object.entries(changes)) query.set(key, value)
    return server.app.inject({ method: 'GET', url: `${path}?${query}`, headers })
  }

  /** Each borrowed address refused (403), one after the other; then the pupil's own once its lifetime has passed. */
  async function expectRefused(borrowed: Array<Promise<LightMyRequestResponse>>, expiring: () => Promise<LightMyRequestResponse>) {
    for (const reply of borrowed) {
      const refused = await reply
      expect(refused.statusCode).toBe(403)
      expect(refused.json().code).toBe('forbidden')
    }
    const start = server.clock.now()
    try {
      server.clock.advance(MEDIA_URL_TTL_SECONDS * 1000 + 1000)
      const expired = await expiring()
      expect(expired.statusCode).toBe(403)
      expect(expired.json().code).toBe('forbidden')
    } finally {
      server.clock.set(start)
    }
  }

  /** A classmate of the demo pupil (same class), signed in. */
  async function classmate(): Promise<{ id: number; token: string }> {
    const [row] = await db().select({ d: subjects.divisionId }).from(subjects).where(eq(subjects.id, own.subjectId))
    const id = await createUser(server.app, { credential: uniquePhone(), division: row!.d })
    return { id, token: (await server.app.services.sessions.start(id)).token }
  }

  const reportBody = () => ({ content: own.lessonId, reportReason: reasonId, description: 'Le son est coupé' })
  async function report(token: string): Promise<VideoReport> {
    const reply = await call<{ report: VideoReport }>(server.app, 'POST', '/api/student/video-reports', { token, body: reportBody() })
    expect(reply.status, JSON.stringify(reply.body)).toBe(201)
    return reply.body.report
  }
  const descriptionOf = async (id: number) =>
    (await db().select({ description: videoReports.description }).from(videoReports).where(eq(videoReports.id, id)))[0]?.description
  /** The pupil's change of report `id` (its description to `description`) and its deletion, each answered. */
  async function changeAndDelete(id: number, description: string) {
    const replies = []
    for (const [method, body] of [
      ['PUT', { ...reportBody(), description }],
      ['DELETE', undefined]
    ] as const) {
      replies.push(await call<{ code: string }>(server.app, method, `/api/student/video-reports/${id}`, { token: student.token, body }))
    }
    return replies
  }

  it("refuses another pupil's video report as unknown (404), to change and to delete", async () => {
    const other = await classmate()
    const theirs = await report(other.token)
    for (const reply of await changeAndDelete(theirs.id, 'Modifié par un autre')) {
      expect(reply.status, JSON.stringify(reply.body)).toBe(404)
      expect(reply.body.code).toBe('not_found')
    }
    expect(await descriptionOf(theirs.id)).toBe('Le son est coupé')
    const listed = await call<VideoReport[]>(server.app, 'GET', '/api/student/video-reports', { token: student.token })
    expect(listed.body.map((item) => item.id)).not.toContain(theirs.id)
  })

  it.each(['start', 'reject', 'resolve'] as const)(
    'neither changes nor deletes a report once the operator took the step %s (409)',
    async (last) => {
      const mine = await report(student.token)
      // In progress after start; rejected or resolved after start and then that step.
      for (const decision of last === 'start' ? ['start'] : ['start', last]) {
        const reply = await server.app.inject({
          method: 'POST',
          url: `${servicePrefixes.operator}/video-reports/${mine.id}/${decision}`,
          headers: { 'x-operator-key': server.app.services.secrets.operatorKey }
        })
        expect(reply.statusCode, reply.body).toBe(200)
      }
      for (const reply of await changeAndDelete(mine.id, 'Trop tard')) {
        expect(reply.status, JSON.stringify(reply.body)).toBe(409)
        expect(reply.body.code).toBe('video_report_not_pending')
      }
      expect(await descriptionOf(mine.id)).toBe('Le son est coupé')
    }
  )

  it('serves a lesson attachment to the pupil it was signed for only, until it expires (403)', async () => {
    const file = await attachFile(db(), server.app.services.storage, own.lessonId, 'fiche.png', ACCESS_PNG, server.clock.now())
    const addressOf = async (token: string) => {
      const attachments = (await lessonAs(token)).attachments
      const attached = attachments.find((item) => item.id === file.id)
      expect(attached?.url, JSON.stringify(attachments)).toBeTruthy()
      return new URL(attached!.url!, 'http://api')
    }
    const mine = await addressOf(student.token)
    expect(mine.searchParams.get('u')).toBe(String(studentId))
    const other = await classmate()
    const theirs = await addressOf(other.token)
    const download = (url: URL, changes: Record<string, string> = {}, path = url.pathname) => requestSigned(url, changes, path)
    for (const url of [mine, theirs]) {
      const reply = await download(url)
      expect(reply.statusCode).toBe(200)
      expect(Buffer.compare(reply.rawPayload, ACCESS_PNG)).toBe(0)
    }
    // The pupil's address naming the classmate, the classmate's signature on it, and its signature on another file.
    const another = await attachFile(db(), server.app.services.storage, own.lessonId, 'autre.png', ACCESS_PNG, server.clock.now())
    await expectRefused(
      [
        download(mine, { u: String(other.id) }),
        download(mine, { signature: theirs.searchParams.get('signature')! }),
        download(mine, {}, `/api/media/attachments/${another.id}`)
      ],
      () => download(mine)
    )
  })
})

/** A 1×1 PNG, the attached file. */
const ACCESS_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==', 'base64')

describe('the quizzes and the magazine pages (S6)', () => {
  const db = () => server.app.services.database.db
  const operator = () => ({ 'x-operator-key': server.app.services.secrets.operatorKey })
  const pupilOf = async (division: number) => {
    const id = await createUser(server.app, { credential: uniquePhone(), division })
    return { id, token: (await server.app.services.sessions.start(id)).token }
  }
  /** A lesson of class 14 of `type`, made free so that any pupil of the class opens it. */
  async function freeLesson(type: number): Promise<{ id: number; qcmId: number | null; path: string }> {
    const [row] = await db()
      .select({ id: contents.id, qcmId: contents.qcmId, slug: contents.slug, chapter: chapters.slug, subject: subjects.slug })
      .from(contents)
      .innerJoin(chapters, eq(chapters.id, contents.chapterId))
      .innerJoin(subjects, eq(subjects.id, chapters.subjectId))
      .where(and(eq(subjects.divisionId, 14), eq(subjects.slug, 'mathematiques'), eq(contents.typeId, type)))
      .orderBy(asc(contents.id))
      .limit(1)
    await db().update(contents).set({ isFree: true }).where(eq(contents.id, row!.id))
    return { ...row!, path: `/api/student/subjects/${row!.subject}/chapters/${row!.chapter}/contents/${row!.slug}` }
  }

  it('refuses another class’s quiz with the level message and an unknown one with 404; a question of another quiz and a second submit of other answers change nothing', async () => {
    const lesson = await freeLesson(7)
    const quizId = lesson.qcmId!
    const quizUrl = `/api/student/quizzes/${quizId}`
    const pupil = await pupilOf(14)
    const quiz = await call<Quiz>(server.app, 'GET', quizUrl, { token: pupil.token })
    expect(quiz.status).toBe(200)
    const answers = quiz.body.questions.map((question) => ({ question_id: question.id, option_ids: [question.options[0]!.id] }))
    const submit = (token: string, id: number, body: unknown) =>
      call(server.app, 'POST', `/api/student/quizzes/${id}/attempts`, { token, body })

    const stranger = await pupilOf(13)
    for (const reply of [
      await call(server.app, 'GET', quizUrl, { token: stranger.token }),
      await submit(stranger.token, quizId, { attempt_id: randomUUID(), answers })
    ]) {
      expect(reply.status).toBe(403)
      expect(reply.body).toEqual({ code: 'level_not_allowed', message: 'access not authorised for this level' })
    }
    for (const reply of [
      await call(server.app, 'GET', '/api/student/quizzes/2000000000', { token: pupil.token }),
      await submit(pupil.token, 2_000_000_000, { attempt_id: randomUUID(), answers })
    ]) {
      expect(reply.status).toBe(404)
    }

    // Another quiz, on a new QCM lesson of the same chapter: its question sent to the first quiz.
    const [chapter] = await db().select({ id: contents.chapterId }).from(contents).where(eq(contents.id, lesson.id))
    const added = await server.app.inject({
      method: 'POST',
      url: '/operator/lessons',
      headers: operator(),
      payload: { chapter: chapter!.id, name: 'Autre quiz', slug: 'autre-quiz-s6', type: 7, free: true }
    })
    expect(added.statusCode, added.body).toBe(201)
    const otherLesson = (added.json() as { id: number }).id
    const made = await server.app.inject({
      method: 'POST',
      url: `/operator/lessons/${otherLesson}/quiz`,
      headers: operator(),
      payload: {
        title: 'Autre',
        questions: [
          {
            text: 'Deux et deux ?',
            options: [
              { text: '4', correct: true },
              { text: '5', correct: false }
            ]
          }
        ]
      }
    })
    expect(made.statusCode, made.body).toBe(201)
    const other = await call<Quiz>(server.app, 'GET', `/api/student/quizzes/${(made.json() as { id: number }).id}`, { token: pupil.token })
    expect(other.status).toBe(200)
    const foreignQuestion = other.body.questions[0]!
    const mixed = await submit(pupil.token, quizId, {
      attempt_id: randomUUID(),
      answers: [...answers.slice(1), { question_id: foreignQuestion.id, option_ids: [foreignQuestion.options[0]!.id] }]
    })
    expect(mixed.status).toBe(422)
    expect(mixed.body).toMatchObject({ code: 'quiz_answer_invalid' })
    expect((await call<Quiz>(server.app, 'GET', quizUrl, { token: pupil.token })).body.attempts).toBe(0)

    // Submitted twice: the same answers give the first result again, other answers are refused.
    const attempt = randomUUID()
    const first = await submit(pupil.token, quizId, { attempt_id: attempt, answers })
    expect(first.status).toBe(201)
    const again = await submit(pupil.token, quizId, { attempt_id: attempt, answers })
    expect(again.status).toBe(201)
    expect(again.body).toEqual(first.body)
    const changed = await submit(pupil.token, quizId, {
      attempt_id: attempt,
      answers: answers.map((answer, index) => (index === 0 ? { ...answer, option_ids: [] } : answer))
    })
    expect(changed.status).toBe(409)
    expect(changed.body).toMatchObject({ code: 'quiz_attempt_submitted' })
    expect((await call<Quiz>(server.app, 'GET', quizUrl, { token: pupil.token })).body.attempts).toBe(1)
  })

  it('serves a magazine page to the pupil it was signed for only, until it expires (403)', async () => {
    const lesson = await freeLesson(3)
    const pdf = [
      '%PDF-1.4',
      '1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj',
      '2 0 obj << /Type /Pages /Kids [3 0 R 4 0 R] /Count 2 >> endobj',
      '3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 300] >> endobj',
      '4 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 200 300] >> endobj',
      'trailer << /Root 1 0 R >>',
      '%%EOF',
      ''
    ].join('\n')
    const upload = await server.app.inject({
      method: 'POST',
      url: `/operator/lessons/${lesson.id}/magazine`,
      headers: { ...operator(), 'content-type': 'application/octet-stream' },
      payload: Buffer.from(pdf)
    })
    expect(upload.statusCode, upload.body).toBe(201)
    const pagesOf = async (token: string) => {
      const reply = await call<Lesson>(server.app, 'GET', lesson.path, { token })
      expect(reply.status).toBe(200)
      expect(reply.body.pages).toHaveLength(2)
      return reply.body.pages.map((page) => new URL(page.url, 'http://api'))
    }
    const pupil = await pupilOf(14)
    const classmate = await pupilOf(14)
    const [mine, second] = await pagesOf(pupil.token)
    const [theirs] = await pagesOf(classmate.token)
    const fetchPage = (url: URL, changes: Record<string, string> = {}, path = url.pathname) => {
      const query = new URLSearchParams(url.search)
      for (const [key, value] of Object.entries(changes)) query.set(key, value)
      return server.app.inject({ method: 'GET', url: `${path}?${query}` })
    }
    for (const url of [mine!, theirs!]) expect((await fetchPage(url)).statusCode).toBe(200)
    for (const borrowed of [
      await fetchPage(mine!, { u: String(classmate.id) }),
      await fetchPage(mine!, { signature: theirs!.searchParams.get('signature')! }),
      await fetchPage(mine!, {}, second!.pathname)
    ]) {
      expect(borrowed.statusCode).toBe(403)
      expect(borrowed.json().code).toBe('forbidden')
    }
    // An address of no page: its signature names nothing, refused the same way (an id is not probed).
    expect((await fetchPage(mine!, {}, '/api/media/pages/2000000000')).statusCode).toBe(403)
    const start = server.clock.now()
    try {
      server.clock.advance(MEDIA_URL_TTL_SECONDS * 1000 + 1000)
      const expired = await fetchPage(mine!)
      expect(expired.statusCode).toBe(403)
      expect(expired.json().code).toBe('forbidden')
    } finally {
      server.clock.set(start)
    }
  })
})

describe('the subscription cancellation and the operator plans (S6)', () => {
  const db = () => server.app.services.database.db
  /** A subscription (group 112) of the pupil's from 2025-09-01 to `endDate`. */
  async function subscriptionOf(userId: number, endDate: string): Promise<number> {
    const [row] = await db()
      .insert(userOffers)
      .values({ userId, groupId: 112, startDate: '2025-09-01', endDate })
      .returning({ id: userOffers.id })
    return row!.id
  }
  const cancel = (token: string, id: number) =>
    call<{ code: string }>(server.app, 'POST', `/api/student/subscriptions/${id}/cancel`, { token })
  const cancelledAt = async (id: number) =>
    (await db().select({ at: userOffers.cancelledAt }).from(userOffers).where(eq(userOffers.id, id)))[0]!.at

  it("refuses another pupil's subscription and an unknown one (404), and an ended one (409); the pupil's own is cancelled", async () => {
    const [me, other] = [await newPupil(server.app), await newPupil(server.app)]
    const theirs = await subscriptionOf(other.id, '2100-01-01')
    for (const id of [theirs, 2_000_000_000]) {
      const reply = await cancel(me.token, id)
      expect(reply.status, JSON.stringify(reply.body)).toBe(404)
      expect(reply.body.code).toBe('not_found')
    }
    expect(await cancelledAt(theirs)).toBeNull()
    const ended = await subscriptionOf(me.id, tunisDate(server.clock.now().getTime() - 86_400_000))
    const refused = await cancel(me.token, ended)
    expect(refused.status, JSON.stringify(refused.body)).toBe(409)
    expect(refused.body.code).toBe('subscription_ended')
    expect(await cancelledAt(ended)).toBeNull()
    const mine = await subscriptionOf(me.id, '2100-01-01')
    expect((await cancel(me.token, mine)).status).toBe(200)
    expect(await cancelledAt(mine)).not.toBeNull()
  })

  const checkout = (token: string, path: string, division: number) =>
    call<{ code: string; message: string }>(server.app, 'POST', path, { token, body: { recurrence: '1', phone: uniquePhone(), division } })

  it.each(['/api/checkout', '/api/operator-billing/checkout'])(
    '%s sells a plan for the pupil’s own class and refuses another class’s with the level message (403)',
    async (path) => {
      const me = await newPupil(server.app, { division: 14 })
      expect((await checkout(me.token, path, 14)).status).toBe(200)
      const theirs = await checkout(me.token, path, 16)
      expect(theirs.status, JSON.stringify(theirs.body)).toBe(403)
      expect(theirs.body).toEqual({ code: 'level_not_allowed', message: 'access not authorised for this level' })
    }
  )

  it('a forged, replayed or unknown operator notification is refused and charges nothing; the return link shows the pupil’s own plan only and takes its own fields only', async () => {
    const [me, other] = [await newPupil(server.app), await newPupil(server.app)]
    const started = await checkout(other.token, '/api/checkout', 14)
    const plan = OperatorCheckoutResponseSchema.parse(started.body).payload.subscription
    const notify = (notification: OperatorNotification, key = notificationKey(server.app.services.secrets.codeSecret)) =>
      call<{ code: string }>(server.app, 'POST', '/api/operator-billing/notifications', {
        body: notification,
        headers: { 'x-operator-signature': signNotification(key, notification) }
      })
    const charge = { transactionId: `access-${plan.id}-1`, subscriptionId: plan.id, event: 'charged', period: 1 } as const
    const charges = async () => (await db().select().from(operatorCharges).where(eq(operatorCharges.subscriptionId, plan.id))).length
    const forged = await notify(charge, notificationKey('not the server key'))
    expect(forged.status).toBe(401)
    expect(forged.body.code).toBe('operator_signature_invalid')
    expect(await charges()).toBe(0)
    expect((await notify(charge)).status).toBe(200)
    const replayed = await notify(charge)
    expect(replayed.status).toBe(409)
    expect(replayed.body.code).toBe('operator_notification_replayed')
    expect((await notify({ ...charge, transactionId: 'access-unknown', subscriptionId: 2_000_000_000 })).status).toBe(404)
    expect(await charges()).toBe(1)
    // Another pupil's plan named on the return link: the caller's own (none) is answered.
    const shown = await call<{ subscription: unknown }>(server.app, 'GET', '/api/operator-billing/success', {
      token: me.token,
      query: { subscriptionId: String(plan.id) }
    })
    expect(shown.status).toBe(200)
    expect(shown.body.subscription).toBeNull()
    // The return links take their own fields only, as every query does.
    for (const [method, url] of [
      ['GET', '/api/operator-billing/success'],
      ['POST', '/api/operator-billing/echec']
    ] as const) {
      const extra = await call(server.app, method, url, { token: me.token, query: { subscriptionId: String(plan.id), other: 'x' } })
      expect(extra.status, url).toBe(422)
    }
  })
})

describe('the operator routes naming an order or an offer (S6)', () => {
  const db = () => server.app.services.database.db
  /** A month of offer 112 bought with points by a fresh pupil of class 14. */
  async function boughtOrder(): Promise<{ id: number; offerDivisionId: number }> {
    const buyer = await newPupil(server.app, { points: 100 })
    const card = (await offerCards(server.app)).find((item) => item.offer_id === 112)!
    const bought = await call<{ order: { id: number } }>(server.app, 'POST', '/api/student/checkout/buy', {
      token: buyer.token,
      body: { offerDivisionDetail: card.id, period: 'month' }
    })
    expect(bought.status, JSON.stringify(bought.body)).toBe(201)
    return { id: bought.body.order.id, offerDivisionId: card.id }
  }
  /** The id each route names (the order's, or its offer division's) and the body it is sent. */
  const requests: Record<string, (order: { id: number; offerDivisionId: number }) => { id: number; body?: Record<string, unknown> }> = {
    'offerOperator.editOffer': (order) => ({ id: order.offerDivisionId, body: { disabled: false } }),
    'refundOperator.showOrder': (order) => ({ id: order.id }),
    'refundOperator.refundOrder': (order) => ({ id: order.id, body: { reason: 'Demande du parent' } })
  }
  const idRoutes = routes.filter(
    (r) => r.endpoint.access === 'operator' && r.endpoint.params && ['offerOperator.', 'refundOperator.'].some((p) => r.name.startsWith(p))
  )
  const sendTo = (
    endpoint: Endpoint,
    request: { id: number; body?: Record<string, unknown> },
    headers: Record<string, string>,
    token?: string
  ) =>
    call<{ code: string }>(
      server.app,
      endpoint.method,
      `${servicePrefixes[endpoint.service]}${endpoint.path.replace(':id', String(request.id))}`,
      {
        headers,
        token,
        body: request.body
      }
    )
  const orderStatus = async (id: number) =>
    (await db().select({ status: offerOrders.status }).from(offerOrders).where(eq(offerOrders.id, id)))[0]!.status

  it('covers every operator route of the offer and refund tables that names an id', () => {
    expect(Object.keys(requests).sort()).toEqual(idRoutes.map((r) => r.name).sort())
  })

  it.each(idRoutes.map((r) => [r.name, r.endpoint] as const))(
    '%s refuses a missing or wrong operator key and a pupil (401) whatever the id, answers 404 for an unknown one, and changes nothing until the key is right',
    async (name, endpoint) => {
      const key = server.app.services.secrets.operatorKey
      const order = await boughtOrder()
      const request = requests[name]!(order)
      const pupil = await newPupil(server.app)
      for (const [headers, token] of [
        [{}, undefined],
        [{ 'x-operator-key': `${key}x` }, undefined],
        [{ 'x-operator-key': '' }, undefined],
        [{}, pupil.token]
      ] as const) {
        for (const id of [request.id, 2_000_000_000]) {
          const refused = await sendTo(endpoint, { ...request, id }, headers, token)
          expect(refused.status, JSON.stringify(refused.body)).toBe(401)
        }
      }
      expect(await orderStatus(order.id)).not.toBe('refunded')
      const unknown = await sendTo(endpoint, { ...request, id: 2_000_000_000 }, { 'x-operator-key': key })
      expect(unknown.status, JSON.stringify(unknown.body)).toBe(404)
      const answered = await sendTo(endpoint, request, { 'x-operator-key': key })
      expect(answered.status, JSON.stringify(answered.body)).toBe(endpoint.status ?? 200)
    }
  )
})
