/**
 * The learning catalogue on the seeded demo data: a subject's chapters, a chapter's lessons, a
 * lesson with its signed video, the video with HTTP ranges; the access matrix (free lesson,
 * covered by a subscription, ended or future one, the free offer, a chapter purchase, another
 * class, free hours, an administrator acting for the pupil); another pupil's objects (S6);
 * random paths and queries (T1).
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { and, eq } from 'drizzle-orm'
import fc from 'fast-check'
import { DateTime } from 'luxon'
import { describe, expect, it } from 'vitest'
import { ErrorResponseSchema } from '../../src/shared/api/common.ts'
import type { Subject } from '../../src/shared/api/home.ts'
import {
  ChapterContentsSchema,
  ChapterListSchema,
  LessonSchema,
  MEDIA_URL_TTL_SECONDS,
  decodePlaybackInfo,
  learningEndpoints,
  type ChapterContents,
  type ChapterList,
  type Lesson
} from '../../src/shared/api/learning.ts'
import {
  chapters,
  contentProgress,
  contents,
  contentVideos,
  subjects,
  userOffers,
  userOfferSubjects,
  users
} from '../../server/src/db/schema.ts'
import { DEMO_MEDIA_DIR } from '../../server/src/services/lessonMedia.ts'
import { call, demo, useTestServer, useDemoPupil, newPupil } from './harness.ts'

const server = useTestServer()
const sami = useDemoPupil(server)

const db = () => server.app.services.database.db
const pupil = (division: number | null = 14, freeHours = 0) => newPupil(server.app, { division, freeHours })

const get = <T>(url: string, token?: string, headers?: Record<string, string>) => call<T>(server.app, 'GET', url, { token, headers })
const day = (offset: number) => DateTime.fromJSDate(server.clock.now(), { zone: 'Africa/Tunis' }).plus({ days: offset }).toISODate()!

const MATHS = '/api/student/subjects/mathematiques'
const LIMITS = `${MATHS}/chapters/limites-et-continuite`
/** The first lesson of maths (free), the second (not free), a recording. */
const FREE_LESSON = `${LIMITS}/contents/limite-finie-en-un-point`
const PAID_LESSON = `${LIMITS}/contents/continuite-sur-un-intervalle`

async function lesson(url: string, token: string): Promise<Lesson> {
  const reply = await get<Lesson>(url, token)
  expect(reply.status, JSON.stringify(reply.body)).toBe(200)
  return LessonSchema.parse(reply.body)
}

async function subjectId(division: number, slug: string): Promise<number> {
  const [row] = await db()
    .select({ id: subjects.id })
    .from(subjects)
    .where(and(eq(subjects.divisionId, division), eq(subjects.slug, slug)))
  return row!.id
}

describe('GET /api/student/subjects/{slug}/chapters', () => {
  it('answers the subject, its chapters by tab, section and position, its sections and tabs, with the progress', async () => {
    const reply = await get<ChapterList>(`${MATHS}/chapters`, sami.token)
    expect(reply.status).toBe(200)
    const list = ChapterListSchema.parse(reply.body)
    const fromHome = (await get<Subject[]>('/api/student/subjects', sami.token)).body.find((subject) => subject.slug === 'mathematiques')!
    expect(list.subject).toMatchObject({
      name: 'Mathématiques',
      progress: fromHome.progress,
      subjectVideos: fromHome.subjectVideos,
      nbChapters: 6
    })
    expect(list.subject.progress).toBe(42)
    expect(list.tabs).toEqual([
      { id: 1, type: 'course', nbChapters: 3 },
      { id: 2, type: 'exam', nbChapters: 1 },
      { id: 3, type: 'recording', nbChapters: 1 },
      { id: 4, type: 'divers', nbChapters: 1 }
    ])
    expect(list.chapters.map((entry) => entry.chapter.type)).toEqual(['course', 'course', 'course', 'exam', 'recording', 'divers'])
    const [limits, log] = list.chapters
    expect(limits).toEqual({
      chapter: {
        id: expect.any(Number),
        slug: 'limites-et-continuite',
        name: 'Limites et continuité',
        type: 'course',
        position: 1,
        chapter_sections: { id: expect.any(Number) }
      },
      firstLessonSlug: 'limite-finie-en-un-point',
      instructor: 'Mohamed Ben Salah',
      nbContent: 3,
      progress: 100,
      tabId: 1
    })
    // Two lessons seen, one of them at 60 %: (100 + 60) / 3.
    expect(log!.progress).toBe(53)
    expect(list.chapters.find((entry) => entry.chapter.type === 'exam')).toMatchObject({ nbContent: 2, tabId: 2, progress: 0 })
    // Recordings open on the newest.
    const recordings = list.chapters.find((entry) => entry.chapter.type === 'recording')!
    expect(recordings.firstLessonSlug).toBe('correction-du-devoir-de-synthese-n-1')
    const sections = list.chapterSections
    expect(sections.map((section) => [section.name, section.type, section.tabId])).toEqual([
      ['Analyse', 'course', 1],
      ['Algèbre', 'course', 1],
      ['Examens', 'exam', 2],
      ['Séances enregistrées', 'recording', 3],
      ['Divers', 'divers', 4]
    ])
    expect(list.chapters.every((entry) => sections.some((section) => section.id === entry.chapter.chapter_sections?.id))).toBe(true)
  })

  it('finds the subject by id as well, and keeps each pupil to their own progress', async () => {
    const byId = await get<ChapterList>(`/api/student/subjects/${await subjectId(14, 'mathematiques')}/chapters`, sami.token)
    expect(byId.status).toBe(200)
    expect(byId.body.subject.slug).toBe('mathematiques')
    const classmate = await pupil(14)
    const theirs = (await get<ChapterList>(`${MATHS}/chapters`, classmate.token)).body
    expect(theirs.subject.progress).toBe(0)
    expect(theirs.chapters.every((entry) => entry.progress === 0)).toBe(true)
  })

  it("refuses another class's subject with the level message, and answers 404 for an unknown or hidden one", async () => {
    const other = await get<{ code: string; message: string }>('/api/student/subjects/economie/chapters', sami.token)
    expect(other.status).toBe(403)
    expect(other.body).toEqual({ code: 'level_not_allowed', message: 'access not authorised for this level' })
    expect((await get(`/api/student/subjects/${await subjectId(15, 'economie')}/chapters`, sami.token)).status).toBe(403)
    expect((await get('/api/student/subjects/astronomie/chapters', sami.token)).status).toBe(404)
    // German is a hidden option of the class.
    expect((await get('/api/student/subjects/allemand/chapters', sami.token)).status).toBe(404)
    // A pupil without a class has no subject of their own.
    expect((await get(`${MATHS}/chapters`, (await pupil(null)).token)).status).toBe(403)
    expect((await get('/api/student/subjects/bad%20slug!/chapters', sami.token)).status).toBe(422)
    expect((await get(`${MATHS}/chapters`)).status).toBe(401)
  })
})

describe('GET …/chapters/{chapter}/contents and …/chapters-recording/{chapter}/contents', () => {
  it("lists a chapter's lessons by position, each with the pupil's progress and whether it is locked", async () => {
    const reply = await get<ChapterContents>(`${LIMITS}/contents`, sami.token)
    expect(reply.status).toBe(200)
    const { payload } = ChapterContentsSchema.parse(reply.body)
    expect(payload.subject.slug).toBe('mathematiques')
    expect(payload.chapter).toMatchObject({ slug: 'limites-et-continuite', type: 'course', tabId: 1 })
    expect(payload.contents.map((item) => [item.slug, item.position, item.is_free, item.locked, item.duration])).toEqual([
      ['limite-finie-en-un-point', 1, true, false, 24],
      ['continuite-sur-un-intervalle', 2, false, false, 24],
      ['theoreme-des-valeurs-intermediaires', 3, false, false, 24]
    ])
    expect(payload.contents[0]!.progress).toMatchObject({ completed: true, percentage: 100, watchedSeconds: 24 })
  })

  it('lists recordings newest first on the recordings path only', async () => {
    const path = `${MATHS}/chapters-recording/seances-en-direct-de-mathematiques/contents`
    const reply = await get<ChapterContents>(path, sami.token)
    expect(reply.status).toBe(200)
    const times = reply.body.payload.contents.map((item) => Date.parse(item.created_at))
    expect(times.length).toBe(2)
    expect(times).toEqual([...times].sort((a, b) => b - a))
    expect(reply.body.payload.contents.every((item) => item.type.name === 'RECORDING')).toBe(true)
    expect((await get(`${MATHS}/chapters-recording/limites-et-continuite/contents`, sami.token)).status).toBe(404)
    expect((await get(`${MATHS}/chapters/inconnu/contents`, sami.token)).status).toBe(404)
    expect((await get('/api/student/subjects/economie/chapters/la-croissance-economique/contents', sami.token)).status).toBe(403)
  })
})

describe('GET …/contents/{lesson}', () => {
  it('answers the lesson with its video signed for the pupil for 5 minutes, the side list and the resume point', async () => {
    const found = await lesson(PAID_LESSON, sami.token)
    expect(found.content).toMatchObject({
      slug: 'continuite-sur-un-intervalle',
      type: { id: 1, name: 'YOUTUBE VIDEO' },
      is_free: false,
      duration: 24,
      instructor: { name: 'Mohamed', last_name: 'Ben Salah', description: null }
    })
    expect(found).toMatchObject({
      locked: false,
      lockedVideo: false,
      freeHours: false,
      tabId: 1,
      bookmarked: false,
      attachments: [],
      pages: [],
      rtl: false
    })
    const [video] = found.content.content_videos
    expect(video).toMatchObject({ duration: 24, mime_type: 'video/webm', event: null })
    const url = new URL(video!.url, 'http://api')
    expect(url.pathname).toBe(`/api/media/lessons/${video!.id}`)
    expect(url.searchParams.get('u')).toBe(String(sami.id))
    const expires = Number(url.searchParams.get('expires'))
    const now = Math.floor(server.clock.now().getTime() / 1000)
    expect(expires - now).toBeGreaterThan(0)
    expect(expires - now).toBeLessThanOrEqual(MEDIA_URL_TTL_SECONDS)
    expect(found.otp).toBe(url.searchParams.get('signature'))
    expect(decodePlaybackInfo(found.playbackInfo!)).toEqual({
      videoId: video!.id,
      url: video!.url,
      expiresAt: new Date(expires * 1000).toISOString(),
      mimeType: 'video/webm'
    })
    // The side list: every tab's sections, their chapters and lessons.
    expect(found.sections.map((section) => section.type)).toEqual(['course', 'course', 'exam', 'recording', 'divers'])
    expect(found.sections[0]!.chapters.map((chapter) => chapter.slug)).toEqual(['limites-et-continuite', 'fonction-logarithme-neperien'])
    expect(found.progress).toMatchObject({ content_id: found.content.id, completed: true })
  })

  it('finds the lesson by id, or by the id before the first hyphen, and a recording with its live session', async () => {
    const bySlug = await lesson(PAID_LESSON, sami.token)
    const id = bySlug.content.id
    expect((await lesson(`${LIMITS}/contents/${id}`, sami.token)).content.id).toBe(id)
    expect((await lesson(`${MATHS}/chapters/${bySlug.chapter.id}/contents/${id}-anything`, sami.token)).content.id).toBe(id)
    const recording = await lesson(`${MATHS}/chapters/seances-en-direct-de-mathematiques/contents/revision-suites-reelles`, sami.token)
    expect(recording.content.type).toEqual({ id: 6, name: 'RECORDING' })
    expect(recording.tabId).toBe(3)
    expect(recording.content.content_videos[0]!.event?.start_date).toEqual(expect.any(String))
    expect((await get(`${LIMITS}/contents/inconnue`, sami.token)).status).toBe(404)
    // A lesson of another chapter of the subject is not this chapter's.
    expect((await get(`${LIMITS}/contents/module-et-argument`, sami.token)).status).toBe(404)
  })

  it('shows a magazine and a quiz without a video, their places kept', async () => {
    const magazine = await lesson(
      `${MATHS}/chapters/devoirs-de-synthese-corriges/contents/devoir-de-synthese-n-1-enonce-et-corrige`,
      sami.token
    )
    expect(magazine).toMatchObject({ locked: false, lockedVideo: true, otp: null, playbackInfo: null, pages: [], tabId: 2 })
    expect(magazine.content).toMatchObject({ type: { id: 3, name: 'MAGAZINE' }, content_videos: [], duration: null })
    // The Arabic lessons read right to left (their slugs being the lesson's position: Arabic names have no Latin letters).
    const first = (await get<ChapterList>('/api/student/subjects/arabe/chapters', sami.token)).body.chapters[0]!
    const arabicLesson = await lesson(
      `/api/student/subjects/arabe/chapters/${first.chapter.slug}/contents/${first.firstLessonSlug}`,
      sami.token
    )
    expect(arabicLesson.rtl).toBe(true)
  })
})

describe('who may open a lesson (the access matrix)', () => {
  it('opens the free lessons to everyone of the class and locks the others without a subscription, signing nothing', async () => {
    const me = await pupil(14)
    const free = await lesson(FREE_LESSON, me.token)
    expect(free).toMatchObject({ locked: false, lockedVideo: false, freeHours: false })
    expect(free.content.content_videos).toHaveLength(1)
    const paid = await lesson(PAID_LESSON, me.token)
    expect(paid).toMatchObject({ locked: true, lockedVideo: true, otp: null, playbackInfo: null })
    expect(paid.content.content_videos).toEqual([])
    expect(JSON.stringify(paid)).not.toContain('/media/')
    const list = (await get<ChapterContents>(`${LIMITS}/contents`, me.token)).body.payload.contents
    expect(list.map((item) => item.locked)).toEqual([false, true, true])
  })

  it('opens every subject of the class with a current subscription, none once it ended or before it starts', async () => {
    const me = await pupil(14)
    const [offer] = await db()
      .insert(userOffers)
      .values({ userId: me.id, groupId: 112, startDate: day(-10), endDate: day(0) })
      .returning({ id: userOffers.id })
    expect((await lesson(PAID_LESSON, me.token)).locked).toBe(false)
    expect((await lesson('/api/student/subjects/physique/chapters/le-condensateur/contents/le-dipole-rc', me.token)).locked).toBe(false)
    await db()
      .update(userOffers)
      .set({ endDate: day(-1) })
      .where(eq(userOffers.id, offer!.id))
    expect((await lesson(PAID_LESSON, me.token)).locked).toBe(true)
    await db()
      .update(userOffers)
      .set({ startDate: day(1), endDate: day(30) })
      .where(eq(userOffers.id, offer!.id))
    expect((await lesson(PAID_LESSON, me.token)).locked).toBe(true)
  })

  it('opens only the subjects a subscription names, only the chapter a purchase names, nothing with the free offer', async () => {
    const me = await pupil(14)
    const [offer] = await db()
      .insert(userOffers)
      .values({ userId: me.id, groupId: 84, startDate: day(-1), endDate: day(30) })
      .returning({ id: userOffers.id })
    await db()
      .insert(userOfferSubjects)
      .values({ userOfferId: offer!.id, subjectId: await subjectId(14, 'physique') })
    expect((await lesson('/api/student/subjects/physique/chapters/le-condensateur/contents/le-dipole-rc', me.token)).locked).toBe(false)
    expect((await lesson(PAID_LESSON, me.token)).locked).toBe(true)

    const [limits] = await db()
      .select({ id: chapters.id })
      .from(chapters)
      .where(and(eq(chapters.subjectId, await subjectId(14, 'mathematiques')), eq(chapters.slug, 'limites-et-continuite')))
    await db()
      .insert(userOffers)
      .values({ userId: me.id, groupId: 85, startDate: day(0), endDate: day(0), chapterId: limits!.id })
    expect((await lesson(PAID_LESSON, me.token)).locked).toBe(false)
    expect((await lesson(`${MATHS}/chapters/nombres-complexes/contents/module-et-argument`, me.token)).locked).toBe(true)

    const freeOffer = await pupil(14)
    await db()
      .insert(userOffers)
      .values({ userId: freeOffer.id, groupId: 83, startDate: day(-1), endDate: day(30) })
    expect((await lesson(PAID_LESSON, freeOffer.token)).locked).toBe(true)
  })

  it("gives the demo pupil four subjects through his subscription, and locks the others' paid lessons", async () => {
    expect((await lesson(PAID_LESSON, sami.token)).locked).toBe(false)
    const french = (await get<ChapterList>('/api/student/subjects/francais/chapters', sami.token)).body.chapters[0]!
    const list = (await get<ChapterContents>(`/api/student/subjects/francais/chapters/${french.chapter.slug}/contents`, sami.token)).body
      .payload.contents
    expect(list.map((item) => [item.is_free, item.locked])).toEqual([
      [true, false],
      [false, true],
      [false, true]
    ])
  })

  it("refuses another class's lessons with the level message", async () => {
    const other = await pupil(13)
    const reply = await get<{ code: string }>(
      PAID_LESSON.replace('mathematiques', String(await subjectId(14, 'mathematiques'))),
      other.token
    )
    expect(reply.status).toBe(403)
    expect(reply.body.code).toBe('level_not_allowed')
    // Their own Mathématiques (the same slug in their class) is theirs.
    expect((await get(`${MATHS}/chapters`, other.token)).status).toBe(200)
  })

  it('plays a free lesson on the free hours of a pupil who holds them, and locks it once they are used up', async () => {
    const me = await pupil(14, 1)
    const free = await lesson(FREE_LESSON, me.token)
    expect(free).toMatchObject({ locked: false, freeHours: true })
    expect((await lesson(PAID_LESSON, me.token)).locked).toBe(true)
    await db().insert(contentProgress).values({ userId: me.id, contentId: free.content.id, freeSeconds: 3600 })
    const spent = await lesson(FREE_LESSON, me.token)
    expect(spent).toMatchObject({ locked: true, lockedVideo: true, freeHours: true, otp: null })
    expect(spent.content.content_videos).toEqual([])
    // A subscription opening the subject: not played on free hours.
    await db()
      .insert(userOffers)
      .values({ userId: me.id, groupId: 112, startDate: day(-1), endDate: day(1) })
    expect(await lesson(FREE_LESSON, me.token)).toMatchObject({ locked: false, freeHours: false })
  })

  it('shows an administrator acting for a pupil exactly what the pupil sees', async () => {
    const me = await pupil(14)
    const [admin] = await db().select({ id: users.id }).from(users).where(eq(users.email, demo.admin))
    const acting = await server.app.services.sessions.start(me.id, { impersonatorId: admin!.id })
    expect((await lesson(PAID_LESSON, acting.token)).locked).toBe(true)
    expect((await lesson(FREE_LESSON, acting.token)).locked).toBe(false)
    const other = await get<{ code: string }>('/api/student/subjects/economie/chapters', acting.token)
    expect(other.status).toBe(403)
  })
})

describe('GET /api/media/lessons/{id}', () => {
  const clipOf = async (videoId: number) => {
    const [row] = await db().select({ key: contentVideos.storageKey }).from(contentVideos).where(eq(contentVideos.id, videoId))
    return readFileSync(join(DEMO_MEDIA_DIR, row!.key.replace(/^demo\//, '')))
  }
  const media = (url: string, headers: Record<string, string> = {}) => server.app.inject({ method: 'GET', url, headers })

  it('serves the whole file and any range of it: first byte, middle, last byte (206)', async () => {
    const [video] = (await lesson(PAID_LESSON, sami.token)).content.content_videos
    const clip = await clipOf(video!.id)
    const whole = await media(video!.url)
    expect(whole.statusCode).toBe(200)
    expect(whole.headers).toMatchObject({ 'content-type': 'video/webm', 'accept-ranges': 'bytes', 'content-length': String(clip.length) })
    expect(whole.rawPayload.equals(clip)).toBe(true)
    const cases: Array<[string, number, number]> = [
      ['bytes=0-0', 0, 0],
      ['bytes=1000-1999', 1000, 1999],
      ['bytes=-1', clip.length - 1, clip.length - 1],
      [`bytes=${clip.length - 10}-`, clip.length - 10, clip.length - 1],
      [`bytes=100-${clip.length + 500}`, 100, clip.length - 1]
    ]
    for (const [range, start, end] of cases) {
      const part = await media(video!.url, { range })
      expect(part.statusCode, range).toBe(206)
      expect(part.headers['content-range']).toBe(`bytes ${start}-${end}/${clip.length}`)
      expect(part.headers['content-length']).toBe(String(end - start + 1))
      expect(part.rawPayload.equals(clip.subarray(start, end + 1)), range).toBe(true)
    }
  })

  it('answers 416 with the size for a range it cannot satisfy', async () => {
    const [video] = (await lesson(PAID_LESSON, sami.token)).content.content_videos
    const size = (await clipOf(video!.id)).length
    for (const range of [
      `bytes=${size}-`,
      `bytes=${size + 100}-${size + 200}`,
      'bytes=500-100',
      'bytes=abc',
      'bytes=-0',
      'items=0-10',
      'bytes=0-1,5-9'
    ]) {
      const reply = await media(video!.url, { range })
      expect(reply.statusCode, range).toBe(416)
      expect(reply.headers['content-range']).toBe(`bytes */${size}`)
      expect(reply.json()).toMatchObject({ code: 'range_not_satisfiable' })
    }
  })

  it('refuses a forged, altered, borrowed or expired address with 403', async () => {
    const [video] = (await lesson(PAID_LESSON, sami.token)).content.content_videos
    const url = new URL(video!.url, 'http://api')
    const variant = (changes: Record<string, string>, path = url.pathname) => {
      const query = new URLSearchParams(url.search)
      for (const [key, value] of Object.entries(changes)) query.set(key, value)
      return `${path}?${query}`
    }
    const other = await pupil(14)
    const t = url.searchParams.get('signature')!
    for (const forged of [
      variant({ signature: `${t.slice(0, -1)}${t.endsWith('A') ? 'B' : 'A'}` }),
      variant({ u: String(other.id) }),
      variant({ expires: String(Number(url.searchParams.get('expires')) + 3600) }),
      variant({}, `/api/media/lessons/${video!.id + 1}`)
    ]) {
      const reply = await media(forged)
      expect(reply.statusCode, forged).toBe(403)
      expect(reply.json().code).toBe('forbidden')
    }
    expect((await media(`${url.pathname}?u=1&expires=1`)).statusCode).toBe(422)
    const start = server.clock.now()
    try {
      server.clock.advance((MEDIA_URL_TTL_SECONDS - 1) * 1000)
      expect((await media(video!.url, { range: 'bytes=0-0' })).statusCode).toBe(206)
      server.clock.advance(2000)
      expect((await media(video!.url)).statusCode).toBe(403)
    } finally {
      server.clock.set(start)
    }
    // Asking the lesson again renews the address.
    const renewed = (await lesson(PAID_LESSON, sami.token)).content.content_videos[0]!
    expect((await media(renewed.url, { range: 'bytes=0-0' })).statusCode).toBe(206)
  })
})

describe("another pupil's objects (S6)", () => {
  it("refuses every learning route naming another class's subject, chapter or lesson", async () => {
    const other = await pupil(31)
    const mathsId = await subjectId(14, 'mathematiques')
    const [limits] = await db()
      .select({ id: chapters.id })
      .from(chapters)
      .where(and(eq(chapters.subjectId, mathsId), eq(chapters.slug, 'limites-et-continuite')))
    const [content] = await db()
      .select({ id: contents.id })
      .from(contents)
      .where(and(eq(contents.chapterId, limits!.id), eq(contents.position, 2)))
    const urls = [
      `/api/student/subjects/${mathsId}/chapters`,
      `/api/student/subjects/${mathsId}/chapters/${limits!.id}/contents`,
      `/api/student/subjects/${mathsId}/chapters-recording/${limits!.id}/contents`,
      `/api/student/subjects/${mathsId}/chapters/${limits!.id}/contents/${content!.id}`
    ]
    for (const url of urls) {
      const reply = await get<{ code: string }>(url, other.token)
      expect(reply.status, url).toBe(403)
      expect(reply.body.code).toBe('level_not_allowed')
    }
  })
})

describe('random paths and queries (T1)', () => {
  const segment = fc.oneof(
    fc.string({ maxLength: 30 }),
    fc.integer({ min: -5, max: 3_000_000_000 }).map(String),
    fc.constantFrom(
      'mathematiques',
      'limites-et-continuite',
      'limite-finie-en-un-point',
      '1',
      '1-x',
      'economie',
      '%00',
      '..',
      'a'.repeat(200)
    )
  )
  const routes = Object.entries(learningEndpoints).filter(([, endpoint]) => endpoint.service === 'api')
  it.each(routes)('%s never answers a 5xx, and always the contract', async (_name, endpoint) => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(segment, { minLength: 3, maxLength: 3 }),
        fc.dictionary(fc.constantFrom('u', 'expires', 'signature', 'x'), fc.string({ maxLength: 50 })),
        async (parts, query) => {
          let index = 0
          const path = endpoint.path.replace(/:(\w+)/g, () => encodeURIComponent(parts[index++]!))
          const reply = await server.app.inject({
            method: 'GET',
            url: `/api${path}`,
            query,
            headers: { authorization: `Bearer ${sami.token}`, range: 'bytes=0-10' }
          })
          expect(reply.statusCode, reply.body).toBeLessThan(500)
          if (reply.statusCode === 200 && endpoint !== learningEndpoints.lessonVideo)
            expect(endpoint.response.safeParse(reply.json()).success).toBe(true)
          if (reply.statusCode >= 400) expect(ErrorResponseSchema.safeParse(reply.json()).success, reply.body).toBe(true)
        }
      ),
      { numRuns: 40 }
    )
  })
})
