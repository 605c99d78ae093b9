/**
 * Magazine lessons (part 2, §3 Lesson pages and rtl; decision 0044): the operator's PDF
 * (`npm run admin -- lesson magazine`) is rendered once by pdftoppm to page images listed in the
 * lesson's answer at addresses signed for the pupil that expire; a locked lesson lists none;
 * forged or expired addresses are refused; only a magazine lesson takes a PDF, and only a PDF;
 * the demo seed renders the bundled magazine once, and the Arabic one right to left; the operator
 * sets a lesson's direction after adding it.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { and, asc, eq } from 'drizzle-orm'
import { PDFDocument } from 'pdf-lib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LessonSchema, MEDIA_URL_TTL_SECONDS, type Lesson } from '../../src/shared/api/learning.ts'
import { runAdmin } from '../../server/src/admin.ts'
import { chapters, contentPages, contents, subjects, userOffers } from '../../server/src/db/schema.ts'
import {
  DEMO_ARABIC_MAGAZINE_LESSON_SLUG,
  DEMO_ARABIC_MAGAZINE_NAME,
  DEMO_ARABIC_MAGAZINE_PDF,
  DEMO_MAGAZINE_LESSON_SLUG,
  DEMO_MAGAZINE_PDF,
  seedDemoMagazine
} from '../../server/src/seed/magazine.ts'
import { call, createUser, startTestServer, uniquePhone, type TestServer } from './harness.ts'
import { expectRandomSignedQueriesRefused } from './signedMediaFuzz.ts'

let server: TestServer
let api = ''
let magazineId = 0
let videoLessonId = 0
let lessonUrl = ''
const dir = mkdtempSync(join(tmpdir(), 'darsi-magazine-'))
const JPEG = [0xff, 0xd8, 0xff]

/** A PDF of `count` pages of different sizes, drawn with pdf-lib. */
async function pdfOf(count: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create()
  for (let page = 0; page < count; page++) doc.addPage([200 + page * 20, 300]).drawText(`Page ${page + 1}`, { x: 20, y: 150, size: 24 })
  return doc.save()
}

beforeAll(async () => {
  server = await startTestServer()
  api = await server.app.listen({ port: 0, host: '127.0.0.1' })
  const lessons = await db()
    .select({ id: contents.id, slug: contents.slug, typeId: contents.typeId, chapter: chapters.slug })
    .from(contents)
    .innerJoin(chapters, eq(chapters.id, contents.chapterId))
    .innerJoin(subjects, eq(subjects.id, chapters.subjectId))
    .where(and(eq(subjects.divisionId, 14), eq(subjects.slug, 'mathematiques')))
    .orderBy(asc(contents.id))
  const magazine = lessons.find((lesson) => lesson.slug === DEMO_MAGAZINE_LESSON_SLUG)!
  expect(magazine.typeId).toBe(3)
  magazineId = magazine.id
  videoLessonId = lessons.find((lesson) => lesson.typeId === 2)!.id
  lessonUrl = `/api/student/subjects/mathematiques/chapters/${magazine.chapter}/contents/${magazine.slug}`
  writeFileSync(join(dir, 'magazine.pdf'), await pdfOf(3))
  writeFileSync(join(dir, 'fake.pdf'), 'not a pdf at all')
  writeFileSync(join(dir, 'broken.pdf'), '%PDF-1.4\nnothing else\n%%EOF\n')
})
afterAll(async () => {
  await server?.close()
})

const db = () => server.app.services.database.db
const admin = (...args: string[]) => runAdmin(['--api', api, ...args], { DARSI_OPERATOR_KEY: server.app.services.secrets.operatorKey })

/** A pupil of class 14, with offer group 112 (every subject open) or none (the magazine locked). */
async function pupil(open: boolean): Promise<string> {
  const id = await createUser(server.app, { credential: uniquePhone(), division: 14 })
  if (open) await db().insert(userOffers).values({ userId: id, groupId: 112, startDate: '2020-01-01', endDate: '2100-01-01' })
  return (await server.app.services.sessions.start(id)).token
}

async function lessonFor(token: string): Promise<Lesson> {
  const reply = await call<Lesson>(server.app, 'GET', lessonUrl, { token })
  expect(reply.status).toBe(200)
  return LessonSchema.parse(reply.body)
}

describe('magazine lessons', () => {
  it('are rendered once from the operator’s PDF and listed page by page at addresses signed for the pupil', async () => {
    expect(await admin('lesson', 'magazine', String(magazineId), join(dir, 'magazine.pdf'))).toBe(
      `Magazine de la leçon ${magazineId} : 3 page(s) rendue(s)`
    )
    const rows = await db().select().from(contentPages).where(eq(contentPages.contentId, magazineId)).orderBy(asc(contentPages.position))
    expect(rows.map((row) => row.position)).toEqual([1, 2, 3])
    const lesson = await lessonFor(await pupil(true))
    expect(lesson.locked).toBe(false)
    expect(lesson.pages).toHaveLength(3)
    expect(lesson.pages.map((page) => page.url)).toEqual(
      rows.map((row) => expect.stringMatching(new RegExp(`^/api/media/pages/${row.id}\\?u=\\d+&expires=\\d+&signature=[\\w-]{43}$`)))
    )
    const widths: number[] = []
    for (const page of lesson.pages) {
      const reply = await server.app.inject({ method: 'GET', url: page.url })
      expect(reply.statusCode).toBe(200)
      expect(reply.headers['content-type']).toBe('image/jpeg')
      expect(reply.headers['cache-control']).toMatch(/^private, max-age=\d+/)
      expect([...reply.rawPayload.subarray(0, 3)]).toEqual(JPEG)
      // The JPEG's frame header gives its width: each page rendered from its own page of the PDF.
      const sof = reply.rawPayload.indexOf(Buffer.from([0xff, 0xc0]))
      widths.push(reply.rawPayload.readUInt16BE(sof + 7))
    }
    expect(widths[0]).toBeLessThan(widths[1]!)
    expect(widths[1]).toBeLessThan(widths[2]!)
  })

  it('replace their pages with a new PDF, the earlier images removed', async () => {
    await admin('lesson', 'magazine', String(magazineId), join(dir, 'magazine.pdf'))
    const before = await db().select().from(contentPages).where(eq(contentPages.contentId, magazineId))
    writeFileSync(join(dir, 'two.pdf'), await pdfOf(2))
    expect(await admin('lesson', 'magazine', String(magazineId), join(dir, 'two.pdf'))).toMatch(/: 2 page\(s\)/)
    const after = await db().select().from(contentPages).where(eq(contentPages.contentId, magazineId))
    expect(after).toHaveLength(2)
    for (const row of before) expect(await server.app.services.storage.size(row.storageKey)).toBeNull()
    for (const row of after) expect(await server.app.services.storage.size(row.storageKey)).toBe(row.size)
  })

  it('list no page on a locked lesson, and refuse forged, borrowed or expired addresses', async () => {
    await admin('lesson', 'magazine', String(magazineId), join(dir, 'magazine.pdf'))
    const locked = await lessonFor(await pupil(false))
    expect(locked.locked).toBe(true)
    expect(locked.pages).toEqual([])
    const [first, second] = (await lessonFor(await pupil(true))).pages
    const id = /pages\/(\d+)\?/.exec(first!.url)![1]!
    const secondId = /pages\/(\d+)\?/.exec(second!.url)![1]!
    expect((await server.app.inject({ method: 'GET', url: first!.url.replace(`/pages/${id}?`, `/pages/${secondId}?`) })).statusCode).toBe(
      403
    )
    expect(
      (
        await server.app.inject({
          method: 'GET',
          url: first!.url.replace(/signature=./, (match) => (match.endsWith('A') ? 'signature=B' : 'signature=A'))
        })
      ).statusCode
    ).toBe(403)
    expect((await server.app.inject({ method: 'GET', url: first!.url.replace(/u=\d+/, 'u=1') })).statusCode).toBe(403)
    const start = server.clock.now()
    try {
      server.clock.advance((MEDIA_URL_TTL_SECONDS + 1) * 1000)
      const expired = await server.app.inject({ method: 'GET', url: first!.url })
      expect(expired.statusCode).toBe(403)
      expect(expired.json()).toMatchObject({ code: 'forbidden' })
    } finally {
      server.clock.set(start)
    }
  })

  it('take a PDF only for a magazine lesson, and only a readable PDF, keeping the pages as they were', async () => {
    await admin('lesson', 'magazine', String(magazineId), join(dir, 'magazine.pdf'))
    const before = await db().select().from(contentPages).orderBy(asc(contentPages.id))
    await expect(admin('lesson', 'magazine', String(videoLessonId), join(dir, 'magazine.pdf'))).rejects.toThrow(/409/)
    await expect(admin('lesson', 'magazine', String(magazineId), join(dir, 'fake.pdf'))).rejects.toThrow(/415/)
    await expect(admin('lesson', 'magazine', String(magazineId), join(dir, 'broken.pdf'))).rejects.toThrow(/415/)
    await expect(admin('lesson', 'magazine', '999999', join(dir, 'magazine.pdf'))).rejects.toThrow(/404/)
    await expect(admin('lesson', 'magazine', String(magazineId), join(dir, 'absent.pdf'))).rejects.toThrow(/No such file/)
    expect(await db().select().from(contentPages).orderBy(asc(contentPages.id))).toEqual(before)
    const reply = await call(server.app, 'POST', `/operator/lessons/${videoLessonId}/magazine`, {
      headers: { 'x-operator-key': server.app.services.secrets.operatorKey, 'content-type': 'application/pdf' },
      body: readFileSync(join(dir, 'magazine.pdf'))
    })
    expect(reply.status).toBe(409)
    expect(reply.body).toMatchObject({ code: 'operation_impossible' })
  })

  it('give the demo magazine its pages once at seed time', async () => {
    await db().delete(contentPages).where(eq(contentPages.contentId, magazineId))
    const warnings: string[] = []
    await seedDemoMagazine(db(), server.app.services.storage, server.clock.now(), (message) => warnings.push(message))
    const pages = await db().select().from(contentPages).where(eq(contentPages.contentId, magazineId)).orderBy(asc(contentPages.position))
    const count = (await PDFDocument.load(readFileSync(DEMO_MAGAZINE_PDF))).getPageCount()
    expect(count).toBeGreaterThanOrEqual(3)
    expect(pages.map((page) => page.position)).toEqual(Array.from({ length: count }, (_, index) => index + 1))
    expect(warnings).toEqual([])
    // Seeded again: nothing rendered anew.
    await seedDemoMagazine(db(), server.app.services.storage, server.clock.now(), (message) => warnings.push(message))
    expect(
      await db().select().from(contentPages).where(eq(contentPages.contentId, magazineId)).orderBy(asc(contentPages.position))
    ).toEqual(pages)
  })

  it('answer random page queries with 403, 404 or 422, never a 5xx (T1)', async () => {
    await expectRandomSignedQueriesRefused(server.app, '/api/media/pages')
  })
})

describe('the Arabic demo magazine', () => {
  it('is a free right-to-left magazine of class 14’s Arabe with the pages of its bundled PDF, rendered once', async () => {
    const [row] = await db()
      .select({
        id: contents.id,
        typeId: contents.typeId,
        rtl: contents.rtl,
        free: contents.isFree,
        name: contents.name,
        chapter: chapters.slug
      })
      .from(contents)
      .innerJoin(chapters, eq(chapters.id, contents.chapterId))
      .innerJoin(subjects, eq(subjects.id, chapters.subjectId))
      .where(and(eq(subjects.divisionId, 14), eq(subjects.slug, 'arabe'), eq(contents.slug, DEMO_ARABIC_MAGAZINE_LESSON_SLUG)))
    expect(row).toMatchObject({ typeId: 3, rtl: true, free: true, name: DEMO_ARABIC_MAGAZINE_NAME })
    const count = (await PDFDocument.load(readFileSync(DEMO_ARABIC_MAGAZINE_PDF))).getPageCount()
    expect(count).toBeGreaterThanOrEqual(3)
    const reply = await call<Lesson>(
      server.app,
      'GET',
      `/api/student/subjects/arabe/chapters/${row!.chapter}/contents/${DEMO_ARABIC_MAGAZINE_LESSON_SLUG}`,
      { token: await pupil(false) }
    )
    expect(reply.status).toBe(200)
    const lesson = LessonSchema.parse(reply.body)
    expect(lesson).toMatchObject({ locked: false, rtl: true })
    expect(lesson.pages).toHaveLength(count)
    // Seeded again: the lesson is not added twice and its pages are not rendered anew.
    const pages = await db().select().from(contentPages).where(eq(contentPages.contentId, row!.id)).orderBy(asc(contentPages.position))
    await seedDemoMagazine(db(), server.app.services.storage, server.clock.now(), () => {})
    expect(await db().select({ id: contents.id }).from(contents).where(eq(contents.slug, DEMO_ARABIC_MAGAZINE_LESSON_SLUG))).toHaveLength(1)
    expect(await db().select().from(contentPages).where(eq(contentPages.contentId, row!.id)).orderBy(asc(contentPages.position))).toEqual(
      pages
    )
  })
})

describe('npm run admin -- lesson rtl', () => {
  it('sets a lesson’s reading direction after it was added, and refuses an unknown lesson or another value', async () => {
    const [magazine] = await db().select({ chapterId: contents.chapterId }).from(contents).where(eq(contents.id, magazineId))
    const added = await admin('lesson', 'add', String(magazine!.chapterId), 'مجلة الرياضيات', '--type', '3', '--slug', 'majallat-riyadiyat')
    const lessonId = Number(/^Leçon (\d+) créée/.exec(added)![1])
    const rtlOf = async () => (await db().select({ rtl: contents.rtl }).from(contents).where(eq(contents.id, lessonId)))[0]!.rtl
    expect(await rtlOf()).toBe(false)
    expect(await admin('lesson', 'rtl', String(lessonId), 'on')).toBe(`Leçon ${lessonId} : lue de droite à gauche`)
    expect(await rtlOf()).toBe(true)
    expect(await admin('lesson', 'rtl', String(lessonId), 'off')).toBe(`Leçon ${lessonId} : lue de gauche à droite`)
    expect(await rtlOf()).toBe(false)
    await expect(admin('lesson', 'rtl', String(lessonId), 'yes')).rejects.toThrow(/on\|off/)
    await expect(admin('lesson', 'rtl', '999999', 'on')).rejects.toThrow(/404/)
    expect(await rtlOf()).toBe(false)
  })
})
