/**
 * The home dashboard's routes on the seeded demo data: subjects and progress of the pupil's own
 * class, latest and free lessons, today's and a week's live sessions, the expiry warning, the
 * forum topics, the free-hours use; authentication, another pupil's data, bad query strings,
 * random input, and the rolling seed of live sessions.
 */
import { and, count, eq, max, sql } from 'drizzle-orm'
import fc from 'fast-check'
import { DateTime } from 'luxon'
import { describe, expect, it } from 'vitest'
import { ErrorResponseSchema, type Endpoint } from '../../src/shared/api/common.ts'
import {
  ForumPostSchema,
  HomeContentSchema,
  LiveEventSchema,
  SubjectProgressSchema,
  SubjectSchema,
  UsedDurationSchema,
  WarningSchema,
  homeEndpoints,
  type HomeContent,
  type LiveEvent,
  type Subject,
  type SubjectProgress,
  type UsedDuration,
  type Warning
} from '../../src/shared/api/home.ts'
import { contentProgress, contents, forumPosts, liveEvents, subjects, userOffers, users } from '../../server/src/db/schema.ts'
import { EVENTS_HORIZON_DAYS, seedLearning } from '../../server/src/seed/learning.ts'
import { HOME_ROUTES } from '../../scripts/homeRoutes.ts'
import { call, useTestServer, useDemoPupil, newPupil } from './harness.ts'

const server = useTestServer()
const sami = useDemoPupil(server)

const pupil = (division: number | null = 14) => newPupil(server.app, { division })

const get = <T>(url: string, token?: string, query?: Record<string, string>) => call<T>(server.app, 'GET', url, { token, query })
const tunisToday = () => DateTime.fromJSDate(server.clock.now(), { zone: 'Africa/Tunis' }).startOf('day')
const DAY = 86_400_000

describe('GET /api/student/subjects', () => {
  it("lists the visible subjects of the pupil's class by position, with their progress", async () => {
    const reply = await get<Subject[]>('/api/student/subjects', sami.token)
    expect(reply.status).toBe(200)
    const list = reply.body.map((subject) => SubjectSchema.parse(subject))
    expect(list.length).toBeGreaterThanOrEqual(6)
    expect(list.map((subject) => subject.name).slice(0, 4)).toEqual([
      'Mathématiques',
      'Physique',
      'Sciences de la vie et de la terre',
      'Informatique'
    ])
    expect(list.every((subject) => subject.visible)).toBe(true)
    // The hidden option of the class is left out.
    expect(list.map((subject) => subject.slug)).not.toContain('allemand')
    const positions = list.map((subject) => subject.position)
    expect(positions).toEqual([...positions].sort((a, b) => a - b))
    const maths = list.find((subject) => subject.slug === 'mathematiques')!
    // 11 lessons: four seen completely, one at 60 %: (4 × 100 + 60) / 11.
    expect(maths.progress).toBe(42)
    expect(maths.subjectVideos).toBe(11)
    expect(list.find((subject) => subject.slug === 'informatique')!.progress).toBe(0)
  })

  it('requires a signed-in user', async () => {
    expect((await get('/api/student/subjects')).status).toBe(401)
    expect((await get('/api/student/subjects', 'not-a-valid-token')).status).toBe(401)
  })

  it("shows another class's pupil only their own subjects, and a classmate only their own progress", async () => {
    const mine = new Set((await get<Subject[]>('/api/student/subjects', sami.token)).body.map((subject) => subject.id))
    const other = await pupil(13)
    const theirs = await get<Subject[]>('/api/student/subjects', other.token)
    expect(theirs.status).toBe(200)
    expect(theirs.body.length).toBeGreaterThan(0)
    expect(theirs.body.some((subject) => mine.has(subject.id))).toBe(false)
    const classmate = await pupil(14)
    const same = await get<Subject[]>('/api/student/subjects', classmate.token)
    expect(same.body.map((subject) => subject.id)).toEqual([...mine])
    expect(same.body.every((subject) => subject.progress === 0)).toBe(true)
    expect((await get<Subject[]>('/api/student/subjects', (await pupil(null)).token)).body).toEqual([])
  })
})

describe('GET /progress-service/progress/subjects', () => {
  it("answers the pupil's progress per subject, the same figures as the subjects list", async () => {
    const reply = await get<SubjectProgress[]>('/progress-service/progress/subjects', sami.token)
    expect(reply.status).toBe(200)
    const entries = reply.body.map((entry) => SubjectProgressSchema.parse(entry))
    const list = (await get<Subject[]>('/api/student/subjects', sami.token)).body
    expect(new Map(entries.map((entry) => [entry.subject_id, entry.progress]))).toEqual(
      new Map(list.map((subject) => [subject.id, subject.progress]))
    )
    expect(entries.every((entry) => entry.progress >= 0 && entry.progress <= 100)).toBe(true)
    expect(entries.filter((entry) => entry.progress > 0).length).toBeGreaterThanOrEqual(4)
  })

  it('counts a completed lesson as 100 and never goes past 100', async () => {
    const me = await pupil(14)
    const db = server.app.services.database.db
    // Every lesson watched to 85 % and completed: 100 for every subject, not 85.
    const all = await db.select({ id: contents.id }).from(contents)
    await db.insert(contentProgress).values(all.map((row) => ({ userId: me.id, contentId: row.id, percentage: 85, completed: true })))
    const entries = (await get<SubjectProgress[]>('/progress-service/progress/subjects', me.token)).body
    expect(entries.length).toBeGreaterThanOrEqual(6)
    expect(entries.every((entry) => entry.progress === 100)).toBe(true)
  })

  it('requires a signed-in user, and shows each pupil their own figures only', async () => {
    expect((await get('/progress-service/progress/subjects')).status).toBe(401)
    const classmate = await pupil(14)
    const entries = (await get<SubjectProgress[]>('/progress-service/progress/subjects', classmate.token)).body
    expect(entries.length).toBeGreaterThan(0)
    expect(entries.every((entry) => entry.progress === 0)).toBe(true)
  })
})

describe('GET /api/student/chapters/new-contents and /free-contents', () => {
  it("lists the class's latest lessons, newest first, with the fields of the specification", async () => {
    const reply = await get<HomeContent[]>('/api/student/chapters/new-contents', sami.token)
    expect(reply.status).toBe(200)
    const list = reply.body.map((item) => HomeContentSchema.parse(item))
    expect(list.length).toBeGreaterThanOrEqual(2)
    expect(list.length).toBeLessThanOrEqual(12)
    const times = list.map((item) => Date.parse(item.createdAt))
    expect(times).toEqual([...times].sort((a, b) => b - a))
    expect(list.every((item) => item.division.id === 14 && item.division.name === 'Bac Sciences expérimentales')).toBe(true)
    expect(list[0]).toMatchObject({
      subject: { slug: expect.any(String) },
      chapter: { type: expect.any(String) },
      instructor: { name: expect.any(String) }
    })
  })

  it('lists only free lessons in free-contents', async () => {
    const reply = await get<HomeContent[]>('/api/student/chapters/free-contents', sami.token)
    expect(reply.status).toBe(200)
    const list = reply.body.map((item) => HomeContentSchema.parse(item))
    expect(list.length).toBeGreaterThanOrEqual(2)
    expect(list.every((item) => item.content.is_free)).toBe(true)
    expect(list.every((item) => item.division.id === 14)).toBe(true)
  })

  it("requires a signed-in user, and lists another class's lessons to its own pupils only", async () => {
    expect((await get('/api/student/chapters/new-contents')).status).toBe(401)
    expect((await get('/api/student/chapters/free-contents')).status).toBe(401)
    const other = await pupil(31)
    const mine = new Set((await get<HomeContent[]>('/api/student/chapters/new-contents', sami.token)).body.map((item) => item.content.id))
    for (const url of ['/api/student/chapters/new-contents', '/api/student/chapters/free-contents']) {
      const theirs = await get<HomeContent[]>(url, other.token)
      expect(theirs.status).toBe(200)
      expect(theirs.body.length).toBeGreaterThan(0)
      expect(theirs.body.every((item) => item.division.id === 31 && !mine.has(item.content.id))).toBe(true)
    }
  })
})

describe('GET /api/events', () => {
  it("answers today's sessions of the pupil's class, in Tunis time", async () => {
    const reply = await get<LiveEvent[]>('/api/events', sami.token, { offset: '0', today: '1' })
    expect(reply.status).toBe(200)
    const list = reply.body.map((event) => LiveEventSchema.parse(event))
    expect(list.map((event) => `${event.start_time}-${event.end_time}`)).toEqual(['14:00-15:30', '17:30-19:00', '19:30-21:00'])
    const today = tunisToday()
    expect(list.every((event) => event.dayDate === today.toISODate() && event.day === today.weekday)).toBe(true)
    const subjectIds = new Set((await get<Subject[]>('/api/student/subjects', sami.token)).body.map((subject) => subject.id))
    expect(list.every((event) => subjectIds.has(event.subject.id))).toBe(true)
    expect(DateTime.fromISO(list[0]!.start_date).setZone('Africa/Tunis').toFormat('HH:mm')).toBe('14:00')
  })

  it('answers a whole week (Monday to Sunday) by offset', async () => {
    const week = (await get<LiveEvent[]>('/api/events', sami.token, { offset: '0' })).body
    expect(week).toHaveLength(21)
    const monday = tunisToday().startOf('week')
    expect(week[0]!.dayDate).toBe(monday.toISODate())
    expect(week.at(-1)!.dayDate).toBe(monday.plus({ days: 6 }).toISODate())
    const next = (await get<LiveEvent[]>('/api/events', sami.token, { offset: '1' })).body
    expect(next).toHaveLength(21)
    expect(next[0]!.dayDate).toBe(monday.plus({ weeks: 1 }).toISODate())
    // Far beyond the seeded window: nothing, not an error.
    expect((await get<LiveEvent[]>('/api/events', sami.token, { offset: '40' })).body).toEqual([])
  })

  it('refuses a bad offset or today with 422, never a 5xx', async () => {
    const queries: Array<Record<string, string>> = [
      { offset: 'abc' },
      { offset: '1.5' },
      { offset: '53' },
      { offset: '-99' },
      { offset: '' },
      { today: '2' },
      { today: 'yes' },
      { offset: '1', today: '1' },
      { offset: '0', week: '1' }
    ]
    for (const query of queries) {
      const reply = await get<{ code: string; errors: Record<string, string[]> }>('/api/events', sami.token, query)
      expect(reply.status, JSON.stringify(query)).toBe(422)
      expect(ErrorResponseSchema.safeParse(reply.body).success).toBe(true)
    }
  })

  it("requires a signed-in user, and shows another class's pupil only their class's sessions", async () => {
    expect((await get('/api/events', undefined, { offset: '0', today: '1' })).status).toBe(401)
    const mine = new Set((await get<LiveEvent[]>('/api/events', sami.token, { offset: '0' })).body.map((event) => event.id))
    const other = await pupil(13)
    const theirs = (await get<LiveEvent[]>('/api/events', other.token, { offset: '0', today: '1' })).body
    expect(theirs).toHaveLength(1)
    expect(theirs.some((event) => mine.has(event.id))).toBe(false)
    expect((await get<LiveEvent[]>('/api/events', (await pupil(null)).token, { offset: '0', today: '1' })).body).toEqual([])
  })
})

describe('GET /api/alerts', () => {
  it("warns about the demo pupil's subscription ending in 6 days, then counts down to its last day", async () => {
    // The seed dates the subscription from its own day: the clock goes to noon in Tunis six days
    // before its end, so a run crossing midnight in Tunis reads the same days.
    const [silver] = await server.app.services.database.db
      .select({ endDate: userOffers.endDate })
      .from(userOffers)
      .where(and(eq(userOffers.userId, sami.id), eq(userOffers.groupId, 107)))
    const endDay = DateTime.fromISO(String(silver!.endDate), { zone: 'Africa/Tunis' })
    const previous = server.clock.now()
    const start = endDay.minus({ days: 6 }).set({ hour: 12 }).toJSDate()
    try {
      server.clock.set(start)
      const reply = await get<Warning[]>('/api/alerts', (await server.app.services.sessions.start(sami.id)).token)
      expect(reply.status).toBe(200)
      const [warning] = reply.body.map((item) => WarningSchema.parse(item))
      expect(reply.body).toHaveLength(1)
      expect(warning).toEqual({
        groupeName: 'Silver+',
        restDays: 6,
        expirationDate: tunisToday().plus({ days: 6 }).toISODate(),
        isSlice: false,
        sliceIndex: null
      })
      // Access tokens live minutes: each later day signs in afresh.
      server.clock.set(new Date(start.getTime() + 6 * DAY))
      const lastDay = (await server.app.services.sessions.start(sami.id)).token
      expect((await get<Warning[]>('/api/alerts', lastDay)).body).toEqual([expect.objectContaining({ restDays: 0 })])
      server.clock.set(new Date(start.getTime() + 7 * DAY))
      const dayAfter = (await server.app.services.sessions.start(sami.id)).token
      expect((await get<Warning[]>('/api/alerts', dayAfter)).body).toEqual([])
    } finally {
      server.clock.set(previous)
    }
  })

  it('leaves out subscriptions ending later than 10 days, and renewed ones', async () => {
    const me = await pupil(14)
    const db = server.app.services.database.db
    const day = (offset: number) => tunisToday().plus({ days: offset }).toISODate()!
    await db.insert(userOffers).values([
      { userId: me.id, groupId: 112, startDate: day(-300), endDate: day(11) },
      { userId: me.id, groupId: 107, startDate: day(-20), endDate: day(3) },
      { userId: me.id, groupId: 107, startDate: day(3), endDate: day(33) },
      { userId: me.id, groupId: 84, startDate: day(-20), endDate: day(10) },
      { userId: me.id, groupId: 85, startDate: day(-40), endDate: day(-1) }
    ])
    const list = (await get<Warning[]>('/api/alerts', me.token)).body
    expect(list).toEqual([expect.objectContaining({ groupeName: 'Pack révision', restDays: 10, expirationDate: day(10) })])
  })

  it("requires a signed-in user, and never shows another pupil's subscriptions", async () => {
    expect((await get('/api/alerts')).status).toBe(401)
    expect((await get<Warning[]>('/api/alerts', (await pupil(14)).token)).body).toEqual([])
  })
})

describe('GET /api/forum/latest-posts', () => {
  it("lists the latest topics of the pupil's level and the general ones, with forum links", async () => {
    const reply = await get<unknown[]>('/api/forum/latest-posts', sami.token)
    expect(reply.status).toBe(200)
    const list = reply.body.map((item) => ForumPostSchema.parse(item))
    expect(list).toHaveLength(5)
    expect(list[0]!.title).toBe('Comment bien réviser les nombres complexes pour le bac ?')
    expect(list.every((post) => post.url.startsWith('https://forum.darsi.tn/t/'))).toBe(true)
    // A topic of the basic level is not shown to a bac pupil.
    expect(list.some((post) => post.title.includes('Thalès'))).toBe(false)
    const times = list.map((post) => Date.parse(post.created_at))
    expect(times).toEqual([...times].sort((a, b) => b - a))
  })

  it('is refused without the forum permission, and without a session', async () => {
    const reply = await get<{ code: string }>('/api/forum/latest-posts', (await pupil(14)).token)
    expect(reply.status).toBe(403)
    expect(reply.body.code).toBe('forbidden')
    expect((await get('/api/forum/latest-posts')).status).toBe(401)
  })

  it("follows the pupil's level", async () => {
    const me = await pupil(31)
    await server.app.services.database.db
      .update(users)
      .set({ flags: { has_forum: true } })
      .where(eq(users.id, me.id))
    const list = (await get<Array<{ title: string }>>('/api/forum/latest-posts', me.token)).body
    expect(list.map((post) => post.title)).toEqual([
      'Théorème de Thalès : l’exercice 12 du manuel',
      '9ème : comment préparer le concours ?',
      'Bienvenue sur le forum Darsi : les règles de la communauté'
    ])
  })
})

describe('the home screen at once', () => {
  const routes = HOME_ROUTES

  /** The statements a request runs (each reported at its start and its end; none of these run in a transaction). */
  async function statementsOf(url: string, token: string): Promise<string[]> {
    const seen: string[] = []
    const stop = server.app.services.database.onStatement!((statement) => seen.push(statement))
    try {
      expect((await get(url, token)).status).toBe(200)
    } finally {
      stop()
    }
    return seen.filter((_, index) => index % 2 === 0)
  }

  it('each of its eight requests runs one statement once the session is known', async () => {
    // The session read (and kept) first, as the app's /auth/me does right after sign-in.
    expect((await get('/api/auth/me', sami.token)).status).toBe(200)
    for (const url of routes) expect([url, (await statementsOf(url, sami.token)).length]).toEqual([url, 1])
  })

  it('answers the same all at once as one after the other', async () => {
    const oneByOne = []
    for (const url of routes) oneByOne.push((await get(url, sami.token)).body)
    const atOnce = await Promise.all(routes.map(async (url) => (await get(url, sami.token)).body))
    expect(atOnce).toEqual(oneByOne)
  })

  it('shows a pupil without a class the general forum topics only, and no class data', async () => {
    const me = await pupil(null)
    await server.app.services.database.db
      .update(users)
      .set({ flags: { has_forum: true } })
      .where(eq(users.id, me.id))
    const list = (await get<Array<{ title: string }>>('/api/forum/latest-posts', me.token)).body
    expect(list.map((post) => post.title)).toEqual(['Bienvenue sur le forum Darsi : les règles de la communauté'])
    for (const url of routes.slice(0, 5)) expect((await get(url, me.token)).body).toEqual([])
  })
})

describe('GET /progress-service/free-offer-duration/used-duration', () => {
  it("answers the demo pupil's free time: 45 minutes used of 2 hours", async () => {
    const reply = await get<UsedDuration>('/progress-service/free-offer-duration/used-duration', sami.token, { duration: '50' })
    expect(reply.status).toBe(200)
    expect(UsedDurationSchema.parse(reply.body)).toEqual({
      used_duration: 2700,
      total_duration: 7200,
      remaining_duration: 4500,
      percentage: 38,
      can_play: true,
      expired: false
    })
    const tooLong = await get<UsedDuration>('/progress-service/free-offer-duration/used-duration', sami.token, { duration: '4501' })
    expect(tooLong.body).toMatchObject({ can_play: false, expired: false })
  })

  it('answers each pupil their own figures; without free hours nothing is left', async () => {
    const me = await pupil(14)
    const none = (await get<UsedDuration>('/progress-service/free-offer-duration/used-duration', me.token, { duration: '0' })).body
    expect(none).toEqual({ used_duration: 0, total_duration: 0, remaining_duration: 0, percentage: 100, can_play: false, expired: true })
    await server.app.services.database.db.update(users).set({ freeHours: 1 }).where(eq(users.id, me.id))
    const own = (await get<UsedDuration>('/progress-service/free-offer-duration/used-duration', me.token, { duration: '50' })).body
    expect(own).toEqual({ used_duration: 0, total_duration: 3600, remaining_duration: 3600, percentage: 0, can_play: true, expired: false })
  })

  it('refuses a bad or missing duration with 422, and a missing session with 401', async () => {
    const queries: Array<Record<string, string>> = [
      {},
      { duration: '' },
      { duration: '-1' },
      { duration: 'abc' },
      { duration: '1.5' },
      { duration: '86401' },
      { duration: '50', extra: '1' }
    ]
    for (const query of queries) {
      const reply = await get('/progress-service/free-offer-duration/used-duration', sami.token, query)
      expect(reply.status, JSON.stringify(query)).toBe(422)
      expect(ErrorResponseSchema.safeParse(reply.body).success).toBe(true)
    }
    expect((await get('/progress-service/free-offer-duration/used-duration', undefined, { duration: '50' })).status).toBe(401)
  })
})

describe('random query strings (T1)', () => {
  const routes = Object.entries(homeEndpoints as Record<string, Endpoint>)
  it.each(routes)('%s never answers a 5xx, and always the contract', async (_name, endpoint) => {
    const url = `${endpoint.service === 'progress' ? '/progress-service' : '/api'}${endpoint.path}`
    const value = fc.oneof(
      fc.string({ maxLength: 12 }),
      fc.integer({ min: -100_000, max: 100_000 }).map(String),
      fc.constantFrom('0', '1', '50', '')
    )
    const query = fc.dictionary(fc.constantFrom('offset', 'today', 'duration', 'x'), value, { maxKeys: 3 })
    await fc.assert(
      fc.asyncProperty(query, async (input) => {
        const reply = await get(url, sami.token, input)
        expect(reply.status, JSON.stringify(reply.body)).toBeLessThan(500)
        if (reply.status === 200) expect(endpoint.response.safeParse(reply.body).success).toBe(true)
        else {
          expect([403, 422]).toContain(reply.status)
          expect(ErrorResponseSchema.safeParse(reply.body).success).toBe(true)
        }
      }),
      { numRuns: 25 }
    )
  })
})

describe('the learning seed', () => {
  it('runs once, and tops the live sessions up to the horizon when the server starts later', async () => {
    const db = server.app.services.database.db
    const counts = async () => ({
      subjects: (await db.select({ n: count() }).from(subjects))[0]!.n,
      contents: (await db.select({ n: count() }).from(contents))[0]!.n,
      topics: (await db.select({ n: count() }).from(forumPosts)).at(0)!.n,
      offers: (await db.select({ n: count() }).from(userOffers).where(eq(userOffers.userId, sami.id)))[0]!.n,
      events: (await db.select({ n: count() }).from(liveEvents))[0]!.n
    })
    const before = await counts()
    await seedLearning(db, server.clock.now())
    expect(await counts()).toEqual(before)

    // Forty days later: the window is topped up, without a day twice.
    const later = new Date(server.clock.now().getTime() + 40 * DAY)
    await seedLearning(db, later)
    const after = await counts()
    expect({ ...after, events: before.events }).toEqual(before)
    expect(after.events).toBeGreaterThan(before.events)
    const [last] = await db.select({ at: max(liveEvents.startsAt) }).from(liveEvents)
    const horizon = DateTime.fromJSDate(later, { zone: 'Africa/Tunis' }).startOf('day').plus({ days: EVENTS_HORIZON_DAYS })
    expect(DateTime.fromJSDate(last!.at!, { zone: 'Africa/Tunis' }).toISODate()).toBe(horizon.toISODate())
    await seedLearning(db, later)
    expect((await counts()).events).toBe(after.events)
    const [distinct] = await db
      .select({ n: sql<number>`count(distinct (${liveEvents.subjectId}, ${liveEvents.startsAt}))::int` })
      .from(liveEvents)
    expect(distinct!.n).toBe(after.events)
  })
})
