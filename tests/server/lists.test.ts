/**
 * The lists the app's screens open (docs/decisions/0030-lists-at-the-p8-bar.md): each runs ONE
 * statement once the session is known, and answers byte for byte what its response schema
 * writes (the JSON is built by the database, server/src/db/json.ts), also for names, texts,
 * amounts and times that JSON and JavaScript treat specially; and the database's JSON of times,
 * amounts and names against JavaScript's own.
 */
import { and, asc, eq, sql, type SQL } from 'drizzle-orm'
import { DateTime } from 'luxon'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { homeEndpoints } from '../../src/shared/api/home.ts'
import { learningEndpoints } from '../../src/shared/api/learning.ts'
import { notificationEndpoints } from '../../src/shared/api/notifications.ts'
import { offerEndpoints } from '../../src/shared/api/offers.ts'
import { videoReportEndpoints } from '../../src/shared/api/videoReports.ts'
import { profileEndpoints } from '../../src/shared/api/profile.ts'
import { walletEndpoints, type PaymentHistoryRow, type Transfer } from '../../src/shared/api/wallet.ts'
import type { Endpoint } from '../../src/shared/api/common.ts'
import { JS_WHITESPACE, jsonFullName, jsonPoints, jsonTime, jsonValue, jsonZonedIso } from '../../server/src/db/json.ts'
import {
  chapters,
  chapterSections,
  contentProgress,
  contents,
  divisionRequests,
  inboxMessages,
  marksheets,
  notifications,
  offerDivisions,
  offerOrders,
  paymentCodes,
  pointTransfers,
  popups,
  subjects,
  userOffers,
  users,
  videoReportReasons,
  videoReports
} from '../../server/src/db/schema.ts'
import { presentReport } from '../../server/src/presenters/videoReports.ts'
import { reportsByStatus } from '../../server/src/services/videoReports.ts'
import { noAnswerCache } from '../../server/src/services/answerCache.ts'
import { subjectCatalogue } from '../../server/src/services/catalogue.ts'
import { offerList } from '../../server/src/services/offerList.ts'
import { classCatalogue, nextSlices } from '../../server/src/services/offers.ts'
import { classLessons } from '../../scripts/benchVolume.ts'
import { createUser, login, startTestServer, uniquePhone, type TestServer } from './harness.ts'

let server: TestServer
let pupil: { id: number; token: string }
let parent: { id: number; token: string }
/** A counterpart whose stored names JSON and String.prototype.trim both have work with. */
let odd: { id: number; name: string; lastName: string }

const ODD_TEXT = 'Quote " backslash \\ newline \n tab \t control \u0001\u001f é عربي 😀 line\u2028sep'

beforeAll(async () => {
  server = await startTestServer()
  const db = server.app.services.database.db
  const signIn = async (credential: string, division?: number) => {
    const id = await createUser(server.app, { credential, ...(division ? { division } : {}) })
    return { id, token: (await login(server.app, credential)).token }
  }
  pupil = await signIn(uniquePhone(), 14)
  parent = await signIn(uniquePhone())
  await db.update(users).set({ parentId: parent.id }).where(eq(users.id, pupil.id))
  const oddId = await createUser(server.app, { credential: uniquePhone() })
  odd = { id: oddId, name: '\u00a0 Ra"mi\t', lastName: 'Bou\\azizi \u2028\ufeff' }
  await db.update(users).set({ name: odd.name, lastName: odd.lastName }).where(eq(users.id, oddId))

  const now = server.clock.now()
  const hour = 3_600_000
  // Times with microseconds (the database's own now()), amounts with decimals, a parent's confirmation.
  await db.insert(pointTransfers).values([
    {
      fromUserId: pupil.id,
      toUserId: oddId,
      amount: 12_345,
      status: 'confirmed',
      codeHash: 'x',
      codeExpiresAt: now,
      expiresAt: new Date(now.getTime() + 24 * hour),
      confirmedByParentId: parent.id,
      adminId: parent.id
    },
    {
      fromUserId: oddId,
      toUserId: pupil.id,
      amount: 1,
      status: 'rejected',
      codeHash: 'x',
      codeExpiresAt: now,
      expiresAt: new Date(now.getTime() + 24 * hour)
    },
    {
      fromUserId: pupil.id,
      toUserId: parent.id,
      amount: 5000,
      status: 'waiting_confirmation',
      codeHash: 'x',
      codeExpiresAt: now,
      expiresAt: new Date(now.getTime() + 24 * hour)
    }
  ])
  await db.execute(
    sql`update ${pointTransfers} set created_at = now() - interval '1 hour', updated_at = now() where ${pointTransfers.fromUserId} = ${pupil.id}`
  )
  await db.insert(paymentCodes).values([
    {
      userId: pupil.id,
      method: 'transfer',
      reference: 'VIR "12" \\ 7',
      amount: 1,
      comment: ODD_TEXT,
      status: 'approved',
      orderId: `o-${pupil.id}-1`,
      decidedAt: now
    },
    { userId: pupil.id, method: 'd17', reference: null, amount: 1500, comment: null, status: 'pending', orderId: `o-${pupil.id}-2` },
    {
      userId: pupil.id,
      method: 'online',
      reference: null,
      amount: 999_999_999_999_999,
      comment: '',
      status: 'paid',
      orderId: `o-${pupil.id}-3`,
      decidedAt: now
    }
  ])
  await db.insert(notifications).values([
    { userId: pupil.id, title: ODD_TEXT, body: 'b', link: null, type: null },
    { userId: pupil.id, title: 'Points reçus', body: ODD_TEXT, link: '/porte-monnaie', type: 'transferPoint', seen: true, seenAt: now }
  ])
  await db.insert(inboxMessages).values([
    { id: `m-${pupil.id}-1`, userId: pupil.id, name: ODD_TEXT, body: ODD_TEXT },
    { id: `m-${pupil.id}-2`, userId: pupil.id, name: 'Bonjour', body: 'Lu', seen: true }
  ])
  await db.insert(popups).values({ id: `p-${pupil.id}`, userId: pupil.id, name: ODD_TEXT, body: ODD_TEXT })
  await db
    .insert(userOffers)
    .values({ userId: pupil.id, groupId: 107, startDate: '2025-09-01', endDate: '2026-06-30', amountPaid: 290_500 })
  await db.insert(marksheets).values({
    userId: pupil.id,
    divisionId: 14,
    trimester: 2,
    name: ODD_TEXT,
    storageKey: `marksheets/${pupil.id}/x.pdf`,
    mimeType: 'application/pdf',
    size: 10
  })
  await db.insert(divisionRequests).values([
    { userId: pupil.id, oldDivisionId: null, newDivisionId: 14, reasonId: 4, reason2: ODD_TEXT, status: 'approved', decidedAt: now },
    { userId: pupil.id, oldDivisionId: 13, newDivisionId: 14, reasonId: 1, status: 'rejected' }
  ])
  // Video reports in every status, on lessons of the class; a rejection with and without its reason.
  const lessonIds = (await classLessons(db, 14)).slice(0, 4)
  await db.insert(videoReports).values([
    { userId: pupil.id, contentId: lessonIds[0]!, reasonId: 1, description: ODD_TEXT, status: 'pending' },
    { userId: pupil.id, contentId: lessonIds[1]!, reasonId: 2, description: 'Son décalé', status: 'rejected', rejectReason: ODD_TEXT },
    { userId: pupil.id, contentId: lessonIds[2]!, reasonId: 3, description: 'x', status: 'rejected', rejectReason: null },
    {
      userId: pupil.id,
      contentId: lessonIds[3]!,
      reasonId: 1,
      description: 'y',
      status: 'resolved',
      rejectReason: 'kept only for a rejection'
    },
    { userId: pupil.id, contentId: lessonIds[0]!, reasonId: 2, description: 'z', status: 'in_progress' }
  ])
  await db.execute(sql`update ${videoReports} set created_at = now() - interval '2 hours' where ${videoReports.userId} = ${pupil.id}`)
  // Orders in instalments: two of one offer division (the later one's next slice is listed), one paid in full.
  const [division] = await db.select().from(offerDivisions).where(eq(offerDivisions.divisionId, 14)).limit(1)
  const order = { userId: pupil.id, offerDivisionId: division!.id, offerId: division!.offerId, period: 'month', total: 90_000, quote: {} }
  await db.insert(offerOrders).values([
    { ...order, paid: 30_000, sliceIndex: 1, sliceCount: 3, slicesPaid: 1 },
    { ...order, paid: 30_000, sliceIndex: 2, sliceCount: 3, slicesPaid: 2 },
    { ...order, paid: 90_000 }
  ])
})
afterAll(async () => {
  await server?.close()
})

/** Every list a screen opens (scripts/bench.ts LIST_ROUTES) with its endpoint. */
function lists(userId: number): Array<{ url: string; endpoint: Endpoint }> {
  return [
    { url: '/api/student/transfer-points-history', endpoint: walletEndpoints.transferHistory },
    { url: '/api/codes', endpoint: walletEndpoints.codes },
    { url: '/api/student/history/payments', endpoint: walletEndpoints.payments },
    { url: '/api/student/history/subscriptions', endpoint: walletEndpoints.subscriptions },
    { url: '/api/student/notifications?page=1&orderBy=id&sortedBy=desc&perPage=24', endpoint: notificationEndpoints.notifications },
    {
      url: '/api/student/notifications?page=1&orderBy=id&sortedBy=desc&perPage=24&search=seen:false',
      endpoint: notificationEndpoints.notifications
    },
    {
      url: '/api/student/notifications?page=1&orderBy=id&sortedBy=desc&perPage=1&search=seen:false',
      endpoint: notificationEndpoints.notifications
    },
    { url: '/api/student/notifications?page=2&sortedBy=asc&perPage=1&search=seen:true', endpoint: notificationEndpoints.notifications },
    { url: `/notify/getMessages?user_id=${userId}`, endpoint: notificationEndpoints.messages },
    { url: `/notify/getPopups?user_id=${userId}`, endpoint: notificationEndpoints.popups },
    { url: '/api/student/subjects', endpoint: homeEndpoints.subjects },
    { url: '/progress-service/progress/subjects', endpoint: homeEndpoints.subjectsProgress },
    { url: '/api/student/chapters/new-contents', endpoint: homeEndpoints.newContents },
    { url: '/api/student/chapters/free-contents', endpoint: homeEndpoints.freeContents },
    { url: '/api/events?offset=0&today=1', endpoint: homeEndpoints.events },
    { url: '/api/events?offset=1', endpoint: homeEndpoints.events },
    { url: '/api/alerts', endpoint: homeEndpoints.alerts },
    { url: '/api/student/pubs-cards', endpoint: profileEndpoints.adCards },
    { url: '/api/edit-division', endpoint: profileEndpoints.divisionRequests },
    { url: '/api/edit-division-reasons', endpoint: profileEndpoints.divisionChangeReasons },
    { url: '/api/student/mark-sheets', endpoint: profileEndpoints.marksheets },
    { url: '/api/student/offers', endpoint: offerEndpoints.offers },
    { url: '/api/student/video-reports', endpoint: videoReportEndpoints.reports },
    { url: '/api/student/report-reasons', endpoint: videoReportEndpoints.reasons }
  ]
}

async function raw(url: string, token: string, language = 'fr') {
  return server.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}`, 'accept-language': language } })
}

describe('the lists a screen opens', () => {
  it('each runs one statement once the session is known (none for a class list without a class)', async () => {
    const watch = server.app.services.database.onStatement!
    for (const who of [pupil, parent]) {
      // The session read (and kept) first, as the app's /auth/me does right after sign-in.
      expect((await raw('/api/auth/me', who.token)).statusCode).toBe(200)
      for (const { url } of lists(who.id)) {
        const seen: string[] = []
        const stop = watch((statement) => seen.push(statement))
        try {
          expect([url, (await raw(url, who.token)).statusCode]).toEqual([url, 200])
        } finally {
          stop()
        }
        // Each statement is reported as it starts and once it has ended; the parent has no class.
        const statements = seen.length / 2
        expect([url, statements]).toEqual([url, who === parent && statements === 0 ? 0 : 1])
      }
    }
  })

  it('answer exactly what their response schema writes, in every language', async () => {
    for (const who of [pupil, parent]) {
      for (const language of ['fr', 'en', 'ar']) {
        for (const { url, endpoint } of lists(who.id)) {
          const reply = await raw(url, who.token, language)
          expect([url, reply.statusCode]).toEqual([url, 200])
          expect(reply.headers['content-type']).toBe('application/json; charset=utf-8')
          const serialized = JSON.stringify(endpoint.response.encode(JSON.parse(reply.body)))
          expect([url, language, reply.body]).toEqual([url, language, serialized])
        }
      }
    }
  })

  it("write a subject's chapters, a chapter's lessons and a lesson as their schema does, the access in one statement", async () => {
    const free = JSON.parse((await raw('/api/student/chapters/free-contents', pupil.token)).body) as Array<{
      subject: { slug: string }
      chapter: { slug: string }
      content: { slug: string }
    }>
    const lesson = free[0]!
    const chapter = `/api/student/subjects/${lesson.subject.slug}/chapters/${lesson.chapter.slug}`
    // Statements: the subject and its catalogue; then what opens it (subscriptions and free time
    // used, one statement); the lesson reads all these, its videos, pages, bookmark, attachments
    // and blocked groups in one.
    const screens = [
      { url: `/api/student/subjects/${lesson.subject.slug}/chapters`, endpoint: learningEndpoints.chapters, statements: 2 },
      { url: `${chapter}/contents`, endpoint: learningEndpoints.chapterContents, statements: 3 },
      { url: `${chapter}/contents/${lesson.content.slug}`, endpoint: learningEndpoints.lesson, statements: 1 }
    ]
    // A pupil of the class with free hours (given before he signs in): what opens a lesson counts
    // the free time he has used.
    const db = server.app.services.database.db
    const credential = uniquePhone()
    const id = await createUser(server.app, { credential, division: 14 })
    await db.update(users).set({ freeHours: 2 }).where(eq(users.id, id))
    const token = (await login(server.app, credential)).token
    expect((await raw('/api/auth/me', token)).statusCode).toBe(200)
    const watch = server.app.services.database.onStatement!
    for (const { url, endpoint, statements } of screens) {
      for (const language of ['fr', 'en', 'ar']) {
        // Once uncounted: on PostgreSQL the session may still be read again after the change.
        if (language === 'fr') await raw(url, token, language)
        const seen: string[] = []
        const stop = watch((statement) => seen.push(statement))
        let reply
        try {
          reply = await raw(url, token, language)
        } finally {
          stop()
        }
        expect([url, reply.statusCode, reply.statusCode === 200 ? '' : reply.body]).toEqual([url, 200, ''])
        expect(reply.headers['content-type']).toBe('application/json; charset=utf-8')
        expect([url, language, reply.body]).toEqual([url, language, JSON.stringify(endpoint.response.encode(JSON.parse(reply.body)))])
        expect([url, seen.length / 2]).toEqual([url, statements])
      }
    }
  })

  it('read the offers of a class and the next slices as the purchase path reads them', async () => {
    const db = server.app.services.database.db
    const { catalogue, slices } = await offerList(db, 14, pupil.id)
    expect(catalogue).toEqual(await classCatalogue(db, 14))
    expect(catalogue.divisions.length).toBeGreaterThan(0)
    expect(slices).toEqual(await nextSlices(db, pupil.id))
    expect(slices.size).toBe(1)
    expect(await offerList(db, 999_999, pupil.id)).toEqual({ catalogue: await classCatalogue(db, 999_999), slices: new Map() })
  })

  it('write video reports and their reasons as the presenter does, in every language', async () => {
    const db = server.app.services.database.db
    const views = (await reportsByStatus(db, undefined)).filter((view) => view.user.id === pupil.id)
    expect(views).toHaveLength(5)
    const reasons = await db.select().from(videoReportReasons).orderBy(asc(videoReportReasons.position), asc(videoReportReasons.id))
    for (const [language, lang] of [
      ['fr', 'fr'],
      ['en', 'en'],
      ['ar', 'ar']
    ] as const) {
      const reports = JSON.parse((await raw('/api/student/video-reports', pupil.token, language)).body)
      expect(reports).toEqual(views.map((view) => presentReport(view, lang)))
      const listed = JSON.parse((await raw('/api/student/report-reasons', pupil.token, language)).body)
      const key = ({ fr: 'textFr', en: 'textEn', ar: 'textAr' } as const)[lang]
      expect(listed).toEqual(reasons.map((row) => ({ id: row.id, name: row[key] })))
    }
  })

  it("read a subject's chapters, lessons and progress as rows, one row per lesson or empty chapter", async () => {
    const db = server.app.services.database.db
    const own = await db.select({ id: subjects.id }).from(subjects).where(eq(subjects.divisionId, 14))
    // Progress on the first lessons of each subject: a finished one, one begun.
    for (const { id } of own) {
      const lessons = await db
        .select({ id: contents.id })
        .from(contents)
        .innerJoin(chapters, eq(chapters.id, contents.chapterId))
        .where(eq(chapters.subjectId, id))
        .orderBy(asc(contents.id))
        .limit(2)
      await db
        .insert(contentProgress)
        .values(
          lessons.map((lesson, i) => ({
            userId: pupil.id,
            contentId: lesson.id,
            percentage: i === 0 ? 100 : 37,
            completed: i === 0,
            lastWatchedSecond: 61,
            watchedSeconds: 59
          }))
        )
        .onConflictDoNothing()
    }
    // The rows as drizzle maps them from the joined columns.
    const expected = (subjectId: number) =>
      db
        .select({
          chapter: {
            id: chapters.id,
            slug: chapters.slug,
            name: chapters.name,
            type: chapters.type,
            instructor: chapters.instructor,
            position: chapters.position,
            sectionId: chapters.sectionId
          },
          section: { id: chapterSections.id, name: chapterSections.name, position: chapterSections.position, type: chapterSections.type },
          content: {
            id: contents.id,
            slug: contents.slug,
            name: contents.name,
            typeId: contents.typeId,
            isFree: contents.isFree,
            position: contents.position,
            durationSeconds: contents.durationSeconds,
            createdAt: contents.createdAt,
            instructorName: contents.instructorName,
            instructorLastName: contents.instructorLastName,
            instructorDescription: contents.instructorDescription,
            rtl: contents.rtl,
            qcmId: contents.qcmId
          },
          progress: {
            percentage: contentProgress.percentage,
            completed: contentProgress.completed,
            lastWatchedSecond: contentProgress.lastWatchedSecond,
            watchedSeconds: contentProgress.watchedSeconds
          }
        })
        .from(chapters)
        .leftJoin(chapterSections, eq(chapterSections.id, chapters.sectionId))
        .leftJoin(contents, eq(contents.chapterId, chapters.id))
        .leftJoin(contentProgress, and(eq(contentProgress.contentId, contents.id), eq(contentProgress.userId, pupil.id)))
        .where(eq(chapters.subjectId, subjectId))
        .orderBy(asc(chapters.position), asc(chapters.id), asc(contents.position), asc(contents.id))
    let rows = 0
    for (const { id } of own) {
      const catalogue = await subjectCatalogue(db, noAnswerCache, pupil.id, id, new Date())
      expect(catalogue).toEqual(await expected(id))
      rows += catalogue.length
    }
    expect(rows).toBeGreaterThan(own.length)
    expect(await subjectCatalogue(db, noAnswerCache, pupil.id, 999_999, new Date())).toEqual([])
  })

  it('write names as trimmed by JavaScript, amounts in points and times as toISOString does', async () => {
    const db = server.app.services.database.db
    const history = JSON.parse((await raw('/api/student/transfer-points-history', pupil.token)).body) as Transfer[]
    const stored = await db.select().from(pointTransfers).where(eq(pointTransfers.fromUserId, pupil.id))
    const confirmed = history.find((transfer) => transfer.status === 'confirmed')!
    expect(confirmed.to_user).toEqual({ id: odd.id, name: `${odd.name} ${odd.lastName}`.trim() })
    expect(confirmed.to_user.name).toBe('Ra"mi\t Bou\\azizi')
    expect(confirmed.points).toBe(12.345)
    expect(confirmed.admin_id).toBe(parent.id)
    expect(confirmed.from_parent_user?.id).toBe(parent.id)
    const row = stored.find((transfer) => transfer.id === confirmed.id)!
    expect([confirmed.created_at, confirmed.updated_at, confirmed.expires_at]).toEqual([
      row.createdAt.toISOString(),
      row.updatedAt.toISOString(),
      row.expiresAt.toISOString()
    ])
    // The parent sees those their pupil sent (they may confirm them) and those they received.
    const parentHistory = JSON.parse((await raw('/api/student/transfer-points-history', parent.token)).body) as Transfer[]
    expect(parentHistory.map((transfer) => transfer.id)).toEqual(
      history.filter((transfer) => transfer.from_user.id === pupil.id || transfer.to_user.id === parent.id).map((transfer) => transfer.id)
    )

    const codes = JSON.parse((await raw('/api/codes', pupil.token)).body) as PaymentHistoryRow[]
    expect(codes.map((code) => [code.code, code.amount, code.description])).toEqual(
      [
        ['VIR "12" \\ 7', 0.001, ODD_TEXT],
        [`#${codes[1]!.id}`, 1.5, ''],
        [`#${codes[0]!.id}`, 999_999_999_999.999, '']
      ].reverse()
    )
  })
})

describe('the JSON the database writes', () => {
  /** The JSON text of one expression, read through the test's database. */
  async function jsonOf(expression: SQL): Promise<string> {
    const [row] = await server.app.services.database.db.select({ json: sql<string>`${expression}` }).from(sql`(select 1) as one`)
    return row!.json
  }

  it('removes from names what String.prototype.trim removes, and only that', () => {
    const removed: string[] = []
    for (let code = 0; code <= 0xffff; code++) {
      const char = String.fromCharCode(code)
      if (char.trim() === '') removed.push(char)
    }
    expect([...JS_WHITESPACE].sort()).toEqual(removed.sort())
  })

  it('writes full names, texts, amounts and times as JSON.stringify writes their JavaScript values', async () => {
    for (const [first, last] of [
      ['Sami', 'Trabelsi'],
      ['', 'Seul'],
      ['Seul', ''],
      ['', ''],
      [' \u3000x\n', '\ufeffy\u00a0 '],
      ['😀', '"']
    ]) {
      expect(await jsonOf(jsonFullName(sql`${first}::text`, sql`${last}::text`))).toBe(JSON.stringify(`${first} ${last}`.trim()))
    }
    for (const text of [ODD_TEXT, '', '\u007f\u0080\u00ad\u2029', '<script>"\'</script>']) {
      expect(await jsonOf(jsonValue(sql`${text}::text`))).toBe(JSON.stringify(text))
    }
    for (const millimes of [1, 10, 999, 1000, 1001, 12_345, 290_500, 1_000_000, 123_456_789_012, 999_999_999_999_999]) {
      expect(await jsonOf(jsonPoints(sql`${millimes}::bigint`))).toBe(JSON.stringify(millimes / 1000))
    }
    for (const iso of ['2026-01-15T09:00:00.000Z', '2026-03-29T00:59:59.999Z', '1999-12-31T23:59:59.001Z', '0999-01-01T00:00:00.000Z']) {
      expect(await jsonOf(jsonTime(sql`${iso}::timestamptz`))).toBe(JSON.stringify(new Date(iso).toISOString()))
    }
    // Microseconds are cut as the driver's Date cuts them.
    expect(await jsonOf(jsonTime(sql`'2026-05-05 10:20:30.123999+00'::timestamptz`))).toBe('"2026-05-05T10:20:30.123Z"')
    expect(await jsonOf(jsonTime(sql`null::timestamptz`))).toBe('null')
  })

  it('writes zoned times as Luxon does, across daylight-saving changes', async () => {
    for (const zone of ['Africa/Tunis', 'Europe/Paris', 'America/St_Johns']) {
      for (const iso of [
        '2026-03-29T00:59:59.999Z',
        '2026-03-29T01:00:00.000Z',
        '2026-10-25T00:30:00.000Z',
        '2026-10-25T01:30:00.123Z',
        '2008-07-20T13:00:00.000Z'
      ]) {
        const expected = DateTime.fromJSDate(new Date(iso), { zone }).toISO()
        expect([zone, iso, await jsonOf(jsonZonedIso(sql`${iso}::timestamptz`, zone))]).toEqual([zone, iso, JSON.stringify(expected)])
      }
    }
  })
})
