/**
 * The progress service: completion by distinct seconds watched (0–40 % twice is not complete,
 * skipping to the end is not complete, 80 % in any order is), the resume point across two
 * sessions, replayed ticks counted once, refused ticks recording nothing (locked lesson, another
 * pupil's viewing, a jump larger than real time, positions outside the video), the rate limit,
 * free hours, the subject and chapter aggregates, the WebSocket with a dropped connection, and
 * random bodies (T1).
 */
import { and, eq, sql } from 'drizzle-orm'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { WebSocket } from 'ws'
import { ErrorResponseSchema } from '../../src/shared/api/common.ts'
import type { SubjectProgress, UsedDuration } from '../../src/shared/api/home.ts'
import {
  PROGRESS_SOCKET_CLOSE,
  PROGRESS_TICKS_PER_MINUTE,
  ProgressReplySchema,
  ProgressSocketReplySchema,
  type ChapterList,
  type ChapterProgress,
  type Lesson,
  type PlaybackProgress,
  type ProgressReply,
  type ProgressSocketReply
} from '../../src/shared/api/learning.ts'
import { chapters, contentProgress, contents, progressViews, subjects, users } from '../../server/src/db/schema.ts'
import { PROGRESS_VIEWS_PRUNE_JOB } from '../../server/src/jobs/progress.ts'
import { call, demo, startTestServer, type TestServer, newPupil } from './harness.ts'

let server: TestServer
/** The maths lessons of class 14: the free first one, two paid ones (24 s each), a magazine. */
const lessons = { free: 0, paid: 0, other: 0, magazine: 0, chapter: 0, subject: 0 }
beforeAll(async () => {
  server = await startTestServer({ accessTokenTtlSeconds: 5 })
  const [maths] = await db()
    .select({ id: subjects.id })
    .from(subjects)
    .where(and(eq(subjects.divisionId, 14), eq(subjects.slug, 'mathematiques')))
  const rows = await db()
    .select({ id: contents.id, slug: contents.slug, chapterId: contents.chapterId, chapter: chapters.slug })
    .from(contents)
    .innerJoin(chapters, eq(chapters.id, contents.chapterId))
    .where(eq(chapters.subjectId, maths!.id))
  const find = (slug: string) => rows.find((item) => item.slug === slug)!
  Object.assign(lessons, {
    free: find('limite-finie-en-un-point').id,
    paid: find('continuite-sur-un-intervalle').id,
    other: find('theoreme-des-valeurs-intermediaires').id,
    magazine: find('devoir-de-synthese-n-1-enonce-et-corrige').id,
    chapter: find('continuite-sur-un-intervalle').chapterId,
    subject: maths!.id
  })
})
afterAll(async () => {
  await server?.close()
})

const db = () => server.app.services.database.db

/** A pupil of class 14 with a current subscription opening every subject (or none). */
const pupil = (options: { division?: number; subscribed?: boolean; freeHours?: number } = {}) =>
  newPupil(server.app, { ...options, subscribed: options.subscribed !== false })

let views = 0
const newView = () => `view-${process.pid}-${++views}-${Math.random().toString(36).slice(2, 8)}`
const T0 = () => server.clock.now().getTime()

type TickFields = {
  viewToken: string
  sequence: number
  from: number
  watchedTime: number
  state?: 'playing' | 'paused' | 'skipped_forward'
  at: number
  contentId?: number
}

type View = { token: string; sequence: number; at: number }
/** The view's next tick: its token and the sequence number after the last one it sent. */
const next = (view: View, fields: Omit<TickFields, 'viewToken' | 'sequence'>): TickFields => ({
  viewToken: view.token,
  sequence: view.sequence++,
  ...fields
})

function post(token: string, tick: TickFields & Record<string, unknown>) {
  return call<ProgressReply & { code?: string }>(server.app, 'POST', '/progress-service/progress', {
    token,
    body: { contentId: lessons.paid, state: 'playing', ...tick }
  })
}

/** Plays [from, to] as the player does: a tick every 5 s of video at normal speed, in one viewing. */
async function play(
  token: string,
  from: number,
  to: number,
  view = { token: newView(), sequence: 0, at: T0() },
  contentId = lessons.paid
): Promise<ProgressReply> {
  let last: ProgressReply | null = null
  for (let start = from; start < to; start = Math.min(to, start + 5)) {
    const end = Math.min(to, start + 5)
    view.at += (end - start) * 1000
    const reply = await post(token, next(view, { from: start, watchedTime: end, at: view.at, contentId }))
    expect(reply.status, JSON.stringify(reply.body)).toBe(200)
    last = ProgressReplySchema.parse(reply.body)
  }
  return last!
}

async function progressRow(userId: number, contentId: number) {
  const [row] = await db()
    .select({
      watched: sql<string>`${contentProgress.watched}::text`,
      watchedSeconds: contentProgress.watchedSeconds,
      completed: contentProgress.completed,
      lastWatchedSecond: contentProgress.lastWatchedSecond,
      freeSeconds: contentProgress.freeSeconds
    })
    .from(contentProgress)
    .where(and(eq(contentProgress.userId, userId), eq(contentProgress.contentId, contentId)))
  return row ?? null
}

describe('completion counts distinct seconds watched', () => {
  it('does not complete a lesson whose first 40 % were watched twice', async () => {
    const me = await pupil()
    await play(me.token, 0, 9.6)
    const again = await play(me.token, 0, 9.6)
    expect(again).toMatchObject({ watchedSeconds: 9, percentage: 37, completed: false, duration: 24 })
    expect((await progressRow(me.id, lessons.paid))!.watched).toBe('{[0,9)}')
  })

  it('does not complete a lesson skipped to its end', async () => {
    const me = await pupil()
    const view = { token: newView(), sequence: 0, at: T0() }
    await play(me.token, 0, 5, view)
    view.at += 500
    const skip = await post(me.token, next(view, { from: 5, watchedTime: 21, state: 'skipped_forward', at: view.at }))
    expect(skip.body).toMatchObject({ watchedSeconds: 5, lastWatchedSecond: 21, completed: false })
    const end = await play(me.token, 21, 24, view)
    expect(end).toMatchObject({ watchedSeconds: 8, percentage: 33, completed: false, lastWatchedSecond: 24 })
    // Dragged in one tick: refused, nothing recorded.
    const other = await pupil()
    const dragged = await post(other.token, { viewToken: newView(), sequence: 0, from: 0, watchedTime: 24, at: T0() })
    expect(dragged.status).toBe(422)
    expect(dragged.body.code).toBe('progress_rejected')
    expect(await progressRow(other.id, lessons.paid)).toBeNull()
  })

  it('completes a lesson once 80 % of it was watched, in any order and over several viewings', async () => {
    const me = await pupil()
    await play(me.token, 12, 24)
    const before = await play(me.token, 5, 12)
    expect(before).toMatchObject({ watchedSeconds: 19, completed: false })
    const after = await play(me.token, 0, 1)
    expect(after).toMatchObject({ watchedSeconds: 20, percentage: 83, completed: true })
    expect((await progressRow(me.id, lessons.paid))!.watched).toBe('{[0,1),[5,24)}')
    // Completed stays completed.
    expect(await play(me.token, 3, 4)).toMatchObject({ completed: true, watchedSeconds: 21 })
  })

  it('counts a stretch played at twice the speed, but never one longer than real time allows', async () => {
    const me = await pupil()
    const view = newView()
    const at = T0()
    expect((await post(me.token, { viewToken: view, sequence: 0, from: 0, watchedTime: 10, at })).status).toBe(200)
    // 10 s of video in 5 s: speed 2.
    expect((await post(me.token, { viewToken: view, sequence: 1, from: 10, watchedTime: 20, at: at + 5000 })).body).toMatchObject({
      watchedSeconds: 20
    })
    const jump = await post(me.token, { viewToken: view, sequence: 2, from: 20, watchedTime: 24, at: at + 6000 })
    expect(jump.status).toBe(422)
    expect(jump.body.code).toBe('progress_rejected')
    const backwards = await post(me.token, { viewToken: view, sequence: 3, from: 20, watchedTime: 21, at: at + 1000 })
    expect(backwards.status).toBe(422)
    expect((await progressRow(me.id, lessons.paid))!.watchedSeconds).toBe(20)
  })
})

describe('the resume point', () => {
  it('is the latest position watched, found by another session of the pupil, and an older tick sent late does not move it back', async () => {
    const me = await pupil()
    const view = { token: newView(), sequence: 0, at: T0() }
    await play(me.token, 0, 12.4, view)
    const other = await server.app.services.sessions.start(me.id)
    const lesson = await call<Lesson>(
      server.app,
      'GET',
      '/api/student/subjects/mathematiques/chapters/limites-et-continuite/contents/continuite-sur-un-intervalle',
      { token: other.token }
    )
    expect(lesson.body.progress).toMatchObject({ lastWatchedSecond: 12, watchedSeconds: 12, completed: false })
    const list = await call<PlaybackProgress[]>(server.app, 'GET', `/progress-service/progress/chapters/${lessons.chapter}/contents`, {
      token: other.token
    })
    expect(list.body.find((item) => item.content_id === lessons.paid)).toMatchObject({ lastWatchedSecond: 12 })
    // The second device goes on from there …
    const second = { token: newView(), sequence: 0, at: view.at + 60_000 }
    expect(await play(other.token, 12, 17, second)).toMatchObject({ lastWatchedSecond: 17 })
    // … and a tick of the first device, journalled before, arrives now: the resume point stays.
    const late = await post(me.token, next(view, { from: 12.4, watchedTime: 14, at: view.at + 1000 }))
    expect(late.body).toMatchObject({ lastWatchedSecond: 17, watchedSeconds: 17 })
  })
})

describe('replayed ticks', () => {
  it('counts a tick sent again (a journal replayed after a reconnect) once', async () => {
    const me = await pupil({ subscribed: false, freeHours: 1 })
    const view = newView()
    const at = T0()
    const first = await post(me.token, { viewToken: view, sequence: 0, from: 0, watchedTime: 5, at, contentId: lessons.free })
    expect(first.body).toMatchObject({ counted: true, watchedSeconds: 5, freeHours: true })
    const again = await post(me.token, { viewToken: view, sequence: 0, from: 0, watchedTime: 5, at, contentId: lessons.free })
    expect(again.status).toBe(200)
    expect(again.body).toMatchObject({ counted: false, watchedSeconds: 5 })
    // A journal: ticks 1 and 2 sent, then 1, 2 and 3 again after a reconnect.
    for (const sequence of [1, 2, 1, 2, 3]) {
      await post(me.token, {
        viewToken: view,
        sequence,
        from: sequence * 5,
        watchedTime: sequence * 5 + 5,
        at: at + sequence * 5000,
        contentId: lessons.free
      })
    }
    const row = await progressRow(me.id, lessons.free)
    expect(row).toMatchObject({ watchedSeconds: 20, freeSeconds: 20, lastWatchedSecond: 20 })
  })
})

describe('refused ticks record nothing', () => {
  it('refuses a tick of a locked lesson, of another class, of a magazine, and a mismatched chapter', async () => {
    const me = await pupil({ subscribed: false })
    const locked = await post(me.token, { viewToken: newView(), sequence: 0, from: 0, watchedTime: 5, at: T0() })
    expect(locked.status).toBe(403)
    expect(locked.body.code).toBe('content_locked')
    expect(await progressRow(me.id, lessons.paid)).toBeNull()
    expect(await db().select().from(progressViews).where(eq(progressViews.userId, me.id))).toEqual([])
    const otherClass = await pupil({ division: 13 })
    const level = await post(otherClass.token, { viewToken: newView(), sequence: 0, from: 0, watchedTime: 5, at: T0() })
    expect(level.status).toBe(403)
    expect(level.body.code).toBe('level_not_allowed')
    const subscribed = await pupil()
    const magazine = await post(subscribed.token, {
      viewToken: newView(),
      sequence: 0,
      from: 0,
      watchedTime: 5,
      at: T0(),
      contentId: lessons.magazine
    })
    expect(magazine.status).toBe(422)
    const wrongChapter = await post(subscribed.token, {
      viewToken: newView(),
      sequence: 0,
      from: 0,
      watchedTime: 5,
      at: T0(),
      chapterId: lessons.chapter + 1
    })
    expect(wrongChapter.status).toBe(422)
    expect(
      (await post(subscribed.token, { viewToken: newView(), sequence: 0, from: 0, watchedTime: 5, at: T0(), contentId: 999_999 })).status
    ).toBe(404)
    expect(await progressRow(subscribed.id, lessons.paid)).toBeNull()
  })

  it("refuses a tick of another pupil's viewing (403), whose progress stays theirs", async () => {
    const owner = await pupil()
    const view = { token: newView(), sequence: 0, at: T0() }
    await play(owner.token, 0, 5, view)
    const intruder = await pupil()
    const reply = await post(intruder.token, { viewToken: view.token, sequence: 5, from: 5, watchedTime: 10, at: view.at + 5000 })
    expect(reply.status).toBe(403)
    expect(reply.body.code).toBe('forbidden')
    expect(await progressRow(intruder.id, lessons.paid)).toBeNull()
    expect((await progressRow(owner.id, lessons.paid))!.watchedSeconds).toBe(5)
  })

  it('refuses positions past the end, negative, huge or reversed, and a timestamp far from now', async () => {
    const me = await pupil()
    const base = { viewToken: newView(), sequence: 0, at: T0() }
    for (const [from, watchedTime] of [
      [20, 26],
      [-1, 3],
      [0, 1e12],
      [5, 2],
      [Number.NaN, 3],
      [0, 'x']
    ] as const) {
      const reply = await post(me.token, { ...base, from: from as number, watchedTime: watchedTime as number })
      expect(reply.status, `${from}-${watchedTime}`).toBe(422)
      expect(ErrorResponseSchema.safeParse(reply.body).success).toBe(true)
    }
    expect((await post(me.token, { ...base, from: 0, watchedTime: 5, at: T0() + 2 * 86_400_000 })).status).toBe(422)
    expect((await post(me.token, { ...base, from: 0, watchedTime: 5, at: T0() - 40 * 86_400_000 })).status).toBe(422)
    expect((await post(me.token, { ...base, viewToken: 'short', from: 0, watchedTime: 5 })).status).toBe(422)
    expect(await progressRow(me.id, lessons.paid)).toBeNull()
  })

  it(`limits a pupil to ${PROGRESS_TICKS_PER_MINUTE} ticks a minute (429)`, async () => {
    const me = await pupil()
    const tick = { viewToken: newView(), sequence: 0, from: 0, watchedTime: 0, state: 'paused' as const, at: T0() }
    const statuses: number[] = []
    for (let i = 0; i < PROGRESS_TICKS_PER_MINUTE + 5; i++) statuses.push((await post(me.token, tick)).status)
    expect(statuses.slice(0, PROGRESS_TICKS_PER_MINUTE).every((status) => status === 200)).toBe(true)
    expect(statuses.slice(PROGRESS_TICKS_PER_MINUTE)).toEqual([429, 429, 429, 429, 429])
  })

  it("does not change the pupil's progress for an administrator acting for them", async () => {
    const me = await pupil()
    const [admin] = await db().select({ id: users.id }).from(users).where(eq(users.email, demo.admin))
    const acting = await server.app.services.sessions.start(me.id, { impersonatorId: admin!.id })
    const reply = await post(acting.token, { viewToken: newView(), sequence: 0, from: 0, watchedTime: 5, at: T0() })
    expect(reply.status).toBe(200)
    expect(reply.body).toMatchObject({ counted: false, watchedSeconds: 0 })
    expect(await progressRow(me.id, lessons.paid)).toBeNull()
  })
})

describe('free hours', () => {
  it('spends them on free playback, says expired when they are used up, then refuses and locks', async () => {
    const me = await pupil({ subscribed: false, freeHours: 1 })
    const used = async () =>
      (
        await call<UsedDuration>(server.app, 'GET', '/progress-service/free-offer-duration/used-duration', {
          token: me.token,
          query: { duration: '50' }
        })
      ).body
    expect(await used()).toMatchObject({ used_duration: 0, can_play: true, expired: false })
    const view = { token: newView(), sequence: 0, at: T0() }
    await play(me.token, 0, 10, view, lessons.free)
    expect(await used()).toMatchObject({ used_duration: 10, remaining_duration: 3590 })
    // Almost all of the hour spent elsewhere.
    await db()
      .update(contentProgress)
      .set({ freeSeconds: sql`${contentProgress.freeSeconds} + 3587` })
      .where(and(eq(contentProgress.userId, me.id), eq(contentProgress.contentId, lessons.free)))
    const last = await post(me.token, next(view, { from: 10, watchedTime: 15, at: view.at + 5000, contentId: lessons.free }))
    expect(last.body).toMatchObject({ counted: true, expired: true, freeHours: true })
    expect(await used()).toMatchObject({ used_duration: 3600, remaining_duration: 0, expired: true, can_play: false })
    const lesson = await call<Lesson>(
      server.app,
      'GET',
      '/api/student/subjects/mathematiques/chapters/limites-et-continuite/contents/limite-finie-en-un-point',
      { token: me.token }
    )
    expect(lesson.body).toMatchObject({ locked: true, lockedVideo: true, otp: null })
    const refused = await post(me.token, next(view, { from: 15, watchedTime: 20, at: view.at + 10_000, contentId: lessons.free }))
    expect(refused.status).toBe(403)
    expect(refused.body.code).toBe('content_locked')
  })

  it('is not spent by a pupil whose subscription opens the lesson, nor by one without the permission', async () => {
    const subscribed = await pupil({ freeHours: 1 })
    expect(await play(subscribed.token, 0, 5, undefined, lessons.free)).toMatchObject({ freeHours: false })
    const none = await pupil({ subscribed: false })
    expect(await play(none.token, 0, 5, undefined, lessons.free)).toMatchObject({ freeHours: false, counted: true })
    for (const me of [subscribed, none]) expect((await progressRow(me.id, lessons.free))!.freeSeconds).toBe(0)
  })
})

describe('the subject and chapter aggregates', () => {
  it('follow the lessons watched, capped at 100, the same figure as the subjects list', async () => {
    const me = await pupil()
    const get = <T>(url: string) => call<T>(server.app, 'GET', url, { token: me.token })
    expect((await get<SubjectProgress>(`/progress-service/progress/subjects/${lessons.subject}`)).body).toEqual({
      subject_id: lessons.subject,
      progress: 0
    })
    await play(me.token, 0, 20)
    const subject = (await get<SubjectProgress>(`/progress-service/progress/subjects/${lessons.subject}`)).body
    const listed = (await get<SubjectProgress[]>('/progress-service/progress/subjects')).body.find(
      (entry) => entry.subject_id === lessons.subject
    )
    const page = (await get<ChapterList>('/api/student/subjects/mathematiques/chapters')).body
    // One lesson complete of the subject's 11 videos.
    expect(subject.progress).toBe(9)
    expect(listed?.progress).toBe(9)
    expect(page.subject.progress).toBe(9)
    const byChapter = (await get<ChapterProgress[]>(`/progress-service/progress/subjects/${lessons.subject}/chapters`)).body
    expect(byChapter[0]).toEqual({ chapter_id: lessons.chapter, progress: 33 })
    expect(byChapter.map((entry) => entry.chapter_id)).toEqual(page.chapters.map((entry) => entry.chapter.id))
    const contentsOf = (await get<PlaybackProgress[]>(`/progress-service/progress/chapters/${lessons.chapter}/contents`)).body
    expect(contentsOf.map((entry) => entry.completed)).toEqual([false, true, false])
    // Past 100 nothing goes.
    for (const id of [lessons.free, lessons.other]) await play(me.token, 0, 24, undefined, id)
    await play(me.token, 0, 24)
    expect((await get<ChapterProgress[]>(`/progress-service/progress/subjects/${lessons.subject}/chapters`)).body[0]!.progress).toBe(100)
  })

  it("refuses another class's subject and chapter, and unknown ones", async () => {
    const other = await pupil({ division: 13 })
    for (const url of [
      `/progress-service/progress/subjects/${lessons.subject}`,
      `/progress-service/progress/subjects/${lessons.subject}/chapters`,
      `/progress-service/progress/chapters/${lessons.chapter}/contents`
    ]) {
      const reply = await call<{ code: string }>(server.app, 'GET', url, { token: other.token })
      expect(reply.status, url).toBe(403)
      expect(reply.body.code).toBe('level_not_allowed')
      expect((await call(server.app, 'GET', url)).status).toBe(401)
    }
    expect((await call(server.app, 'GET', '/progress-service/progress/subjects/999999', { token: other.token })).status).toBe(404)
    expect((await call(server.app, 'GET', '/progress-service/progress/chapters/999999/contents', { token: other.token })).status).toBe(404)
    expect((await call(server.app, 'GET', '/progress-service/progress/chapters/abc/contents', { token: other.token })).status).toBe(422)
  })
})

describe('the progress WebSocket', () => {
  type Socket = { ws: WebSocket; replies: ProgressSocketReply[]; closed: Promise<number>; next(): Promise<ProgressSocketReply> }

  async function connect(query: string): Promise<Socket> {
    const replies: ProgressSocketReply[] = []
    const waiting: Array<(reply: ProgressSocketReply) => void> = []
    let closedWith!: (code: number) => void
    const closed = new Promise<number>((resolve) => (closedWith = resolve))
    const ws = await server.app.injectWS(
      `/progress-service/progress/ws?${query}`,
      {},
      {
        onInit(socket) {
          socket.on('message', (data) => {
            const reply = ProgressSocketReplySchema.parse(JSON.parse(String(data)))
            const resolve = waiting.shift()
            if (resolve) resolve(reply)
            else replies.push(reply)
          })
          socket.on('close', (code) => closedWith(code))
        }
      }
    )
    return {
      ws,
      replies,
      closed,
      next: () => (replies.length > 0 ? Promise.resolve(replies.shift()!) : new Promise((resolve) => waiting.push(resolve)))
    }
  }

  const tickMessage = (view: string, sequence: number, from: number, to: number, at: number) =>
    JSON.stringify({ viewToken: view, sequence, from, watchedTime: to, state: 'playing', at })

  it('takes ticks every 5 s and answers each with the progress; a tick sent again counts once', async () => {
    const me = await pupil()
    const socket = await connect(`content_id=${lessons.paid}&token=${me.token}`)
    const view = newView()
    const at = T0()
    socket.ws.send(tickMessage(view, 0, 0, 5, at))
    expect(await socket.next()).toMatchObject({ type: 'progress', sequence: 0, watchedSeconds: 5, counted: true })
    socket.ws.send(tickMessage(view, 1, 5, 10, at + 5000))
    socket.ws.send(tickMessage(view, 1, 5, 10, at + 5000))
    expect(await socket.next()).toMatchObject({ sequence: 1, watchedSeconds: 10, counted: true })
    expect(await socket.next()).toMatchObject({ sequence: 1, watchedSeconds: 10, counted: false })
    socket.ws.send('not json')
    expect(await socket.next()).toMatchObject({ type: 'refused', sequence: null, code: 'validation_failed' })
    socket.ws.send(tickMessage(view, 2, 10, 24, at + 6000))
    expect(await socket.next()).toMatchObject({ type: 'refused', sequence: 2, code: 'progress_rejected' })
    socket.ws.terminate()
  })

  it('loses nothing across a dropped connection: the journal sent after reconnecting is counted once', async () => {
    const me = await pupil()
    const view = newView()
    const at = T0()
    const first = await connect(`content_id=${lessons.paid}&token=${me.token}`)
    for (let sequence = 0; sequence < 2; sequence++)
      first.ws.send(tickMessage(view, sequence, sequence * 5, sequence * 5 + 5, at + sequence * 5000))
    await first.next()
    await first.next()
    // The connection drops; ticks 2 and 3 wait in the journal, tick 1 was sent but its answer lost.
    first.ws.terminate()
    const second = await connect(`content_id=${lessons.paid}&token=${me.token}`)
    for (const sequence of [1, 2, 3]) second.ws.send(tickMessage(view, sequence, sequence * 5, sequence * 5 + 5, at + sequence * 5000))
    const answers = [await second.next(), await second.next(), await second.next()]
    expect(answers.map((answer) => answer.type === 'progress' && answer.counted)).toEqual([false, true, true])
    expect(answers.at(-1)).toMatchObject({ watchedSeconds: 20, lastWatchedSecond: 20, completed: true })
    second.ws.terminate()
  })

  it('closes for a locked or unknown lesson, another class, a bad token or a missing query', async () => {
    const me = await pupil({ subscribed: false })
    expect(await (await connect(`content_id=${lessons.paid}&token=${me.token}`)).closed).toBe(PROGRESS_SOCKET_CLOSE.forbidden)
    expect(await (await connect(`content_id=999999&token=${me.token}`)).closed).toBe(PROGRESS_SOCKET_CLOSE.notFound)
    const otherClass = await pupil({ division: 13 })
    expect(await (await connect(`content_id=${lessons.paid}&token=${otherClass.token}`)).closed).toBe(PROGRESS_SOCKET_CLOSE.forbidden)
    expect(await (await connect(`content_id=${lessons.paid}&token=${me.token}x`)).closed).toBe(PROGRESS_SOCKET_CLOSE.tokenExpired)
    expect(await (await connect(`content_id=${lessons.paid}`)).closed).toBe(PROGRESS_SOCKET_CLOSE.invalid)
    expect(await (await connect(`token=${me.token}`)).closed).toBe(PROGRESS_SOCKET_CLOSE.invalid)
    const subscribed = await pupil()
    expect(await (await connect(`content_id=${lessons.magazine}&token=${subscribed.token}`)).closed).toBe(PROGRESS_SOCKET_CLOSE.invalid)
  })

  it('closes when its token expires (the client reconnects with a fresh one)', async () => {
    const me = await pupil()
    const socket = await connect(`content_id=${lessons.paid}&token=${me.token}`)
    // The test server's tokens live 5 s.
    expect(await socket.closed).toBe(PROGRESS_SOCKET_CLOSE.tokenExpired)
  }, 15_000)

  it(`limits a socket to ${PROGRESS_TICKS_PER_MINUTE} ticks a minute`, async () => {
    const me = await pupil()
    const socket = await connect(`content_id=${lessons.paid}&token=${me.token}`)
    const view = newView()
    for (let i = 0; i < PROGRESS_TICKS_PER_MINUTE + 2; i++)
      socket.ws.send(JSON.stringify({ viewToken: view, sequence: 0, from: 0, watchedTime: 0, state: 'paused', at: T0() }))
    const answers: ProgressSocketReply[] = []
    for (let i = 0; i < PROGRESS_TICKS_PER_MINUTE + 2; i++) answers.push(await socket.next())
    expect(answers.filter((answer) => answer.type === 'refused' && answer.code === 'rate_limited')).toHaveLength(2)
    socket.ws.terminate()
  })
})

describe('old viewings', () => {
  it('are forgotten by the daily job once no tick can reach them', async () => {
    const me = await pupil()
    const view = { token: newView(), sequence: 0, at: T0() }
    await play(me.token, 0, 5, view)
    const start = server.clock.now()
    try {
      server.clock.set(new Date(start.getTime() + 40 * 86_400_000))
      await server.app.jobs.runNow(PROGRESS_VIEWS_PRUNE_JOB)
      expect(await db().select().from(progressViews).where(eq(progressViews.viewToken, view.token))).toEqual([])
    } finally {
      server.clock.set(start)
    }
    expect((await progressRow(me.id, lessons.paid))!.watchedSeconds).toBe(5)
  })
})

describe('random ticks (T1)', () => {
  it('never answer a 5xx, and always the contract', async () => {
    const me = await pupil({ freeHours: 1 })
    const number = fc.oneof(fc.double({ noNaN: false }), fc.integer({ min: -10, max: 100 }), fc.constantFrom(0, 5, 24, 24.5, 1e15, -0))
    const body = fc.record(
      {
        viewToken: fc.oneof(fc.constant('fuzz-view-token'), fc.stringMatching(/^[A-Za-z0-9_-]{0,70}$/), fc.string()),
        contentId: fc.oneof(fc.constantFrom(lessons.paid, lessons.free, lessons.magazine, 999_999), fc.integer(), fc.string()),
        sequence: fc.oneof(fc.nat(30), fc.integer(), fc.double()),
        from: number,
        watchedTime: number,
        state: fc.oneof(fc.constantFrom('playing', 'paused', 'skipped_forward'), fc.string()),
        at: fc.oneof(fc.integer({ min: T0() - 10_000, max: T0() + 100_000 }), fc.integer(), fc.double()),
        chapterId: fc.oneof(fc.constant(lessons.chapter), fc.integer()),
        extra: fc.jsonValue()
      },
      { requiredKeys: [] }
    )
    await fc.assert(
      fc.asyncProperty(body, async (input) => {
        const reply = await call(server.app, 'POST', '/progress-service/progress', { token: me.token, body: input })
        expect(reply.status, JSON.stringify(reply.body)).toBeLessThan(500)
        expect([200, 403, 404, 422, 429]).toContain(reply.status)
        if (reply.status === 200) expect(ProgressReplySchema.safeParse(reply.body).success).toBe(true)
        else expect(ErrorResponseSchema.safeParse(reply.body).success).toBe(true)
      }),
      { numRuns: 150 }
    )
  })
})
