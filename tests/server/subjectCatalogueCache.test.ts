/**
 * A subject's chapters and lessons kept in memory by subject (server/src/services/catalogue.ts,
 * answerCache.ts, docs/decisions/0030-lists-at-the-p8-bar.md): once read, the lesson page runs one
 * statement that names none of the catalogue's tables, and the chapters list answers the same
 * bytes; the pupil's progress is read each time (a tick shows at once and empties nothing); an
 * operator's new lesson and a lesson turned right to left are seen at once; on PostgreSQL a chapter
 * renamed by plain SQL on another connection reaches the server (migration 0030).
 */
import { eq, sql } from 'drizzle-orm'
import { describe, expect, inject, it } from 'vitest'
import { runAdmin } from '../../server/src/admin.ts'
import { chapters } from '../../server/src/db/schema.ts'
import { changesTables } from '../../server/src/services/answerCache.ts'
import { SUBJECT_CATALOGUE_TABLES } from '../../server/src/services/catalogue.ts'
import type { ChapterList, Lesson } from '../../src/shared/api/learning.ts'
import {
  call,
  listening,
  mathsLessons,
  newPupil,
  until,
  useTestServer,
  type Pupil,
  type TestServer,
  onAnotherConnection
} from './harness.ts'

const onPostgres = inject('backend') === 'postgres'

describe('the tables of a subject’s catalogue', () => {
  const changes = changesTables(SUBJECT_CATALOGUE_TABLES)
  it('count every write to one of them, no read and no write of a pupil’s progress or bookmarks', () => {
    expect(changes('insert into "contents" ("chapter_id") values ($1)')).toBe(true)
    expect(changes('update "contents" set "rtl" = $1 where "contents"."id" = $2')).toBe(true)
    expect(changes('update "chapters" set "name" = $1')).toBe(true)
    expect(changes('delete from "chapter_sections" where "id" = $1')).toBe(true)
    expect(changes('select json_agg(x) from "chapters" left join "contents" on true')).toBe(false)
    expect(changes('insert into "content_progress" ("user_id", "content_id") values ($1, $2)')).toBe(false)
    expect(changes('insert into "content_bookmarks" ("user_id", "content_id") values ($1, $2)')).toBe(false)
  })
})

/** A maths lesson of the demo class (harness's mathsLessons), its subject and chapter, and their paths by id. */
async function mathsLesson(server: TestServer) {
  const { id, chapterId, subjectId } = await mathsLessons(server.app)
  return { id, chapterId, subject: String(subjectId), chapter: String(chapterId), slug: String(id) }
}

function reads(server: TestServer) {
  async function get(who: Pupil, url: string): Promise<{ text: string; statements: string[] }> {
    const statements: string[] = []
    const stop = server.app.services.database.onStatement!((statement) => statements.push(statement))
    try {
      const reply = await server.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${who.token}` } })
      expect(reply.statusCode, reply.body).toBe(200)
      return { text: reply.body, statements: [...new Set(statements)] }
    } finally {
      stop()
    }
  }
  const catalogueRead = (statements: string[]) => statements.some((statement) => statement.includes('chapter_sections'))
  return { get, catalogueRead }
}

describe('the lesson page and the chapters list, the subject’s catalogue kept in memory', () => {
  const server = useTestServer()
  const { get, catalogueRead } = reads(server)

  it('answers a second lesson page with one statement naming none of the catalogue’s tables, the same bytes', async () => {
    await listening(server.app)
    expect(server.app.services.answers.catalogues.enabled).toBe(true)
    const lesson = await mathsLesson(server)
    const pupil = await newPupil(server.app, { subscribed: true })
    const url = `/api/student/subjects/${lesson.subject}/chapters/${lesson.chapter}/contents/${lesson.slug}`
    // Once uncounted: the session is read and kept.
    await get(pupil, url)
    server.app.services.answers.catalogues.clear()
    const first = await get(pupil, url)
    expect(catalogueRead(first.statements)).toBe(true)
    expect(await until(async () => !catalogueRead((await get(pupil, url)).statements), 1_000)).toBe(true)
    const second = await get(pupil, url)
    expect(second.statements).toHaveLength(1)
    expect(second.statements[0]).toContain('content_progress')
    expect(second.statements[0]).not.toMatch(/chapter_sections|"instructor_description"/)
    expect(second.text).toBe(first.text)
    // The chapters list of the same subject reads the kept catalogue too.
    const chaptersUrl = `/api/student/subjects/${lesson.subject}/chapters`
    const listed = await get(pupil, chaptersUrl)
    expect(catalogueRead(listed.statements)).toBe(false)
    server.app.services.answers.catalogues.clear()
    expect((await get(pupil, chaptersUrl)).text).toBe(listed.text)
  })

  it('reads the pupil’s progress each time: a tick shows at once and empties nothing', async () => {
    await listening(server.app)
    const lesson = await mathsLesson(server)
    const pupil = await newPupil(server.app, { subscribed: true })
    const url = `/api/student/subjects/${lesson.subject}/chapters/${lesson.chapter}/contents/${lesson.slug}`
    await get(pupil, url)
    expect(await until(async () => !catalogueRead((await get(pupil, url)).statements), 1_000)).toBe(true)
    const before = JSON.parse((await get(pupil, url)).text) as Lesson
    expect(before.progress.watchedSeconds).toBe(0)
    const kept = server.app.services.answers.catalogues.size
    const at = server.clock.now().getTime()
    const tick = await call(server.app, 'POST', '/progress-service/progress', {
      token: pupil.token,
      body: {
        contentId: lesson.id,
        viewToken: `view-${process.pid}-catalogue`,
        sequence: 0,
        from: 0,
        watchedTime: 5,
        state: 'playing',
        at: at + 5000
      }
    })
    expect(tick.status, JSON.stringify(tick.body)).toBe(200)
    expect(server.app.services.answers.catalogues.size).toBe(kept)
    const after = await get(pupil, url)
    expect(catalogueRead(after.statements)).toBe(false)
    expect((JSON.parse(after.text) as Lesson).progress.watchedSeconds).toBe(5)
    // Another pupil of the class sees the same catalogue, with none of that progress.
    // (On PostgreSQL the new pupil's commits are notified and empty the cache: it is read once again.)
    const other = await newPupil(server.app, { subscribed: true })
    expect(await until(async () => !catalogueRead((await get(other, url)).statements), 1_000)).toBe(true)
    const theirs = await get(other, url)
    expect((JSON.parse(theirs.text) as Lesson).progress.watchedSeconds).toBe(0)
  })

  it('an operator’s new lesson and a lesson turned right to left are seen at once', async () => {
    await listening(server.app)
    const api = await server.app.listen({ port: 0, host: '127.0.0.1' })
    const admin = (...args: string[]) => runAdmin(['--api', api, ...args], { DARSI_OPERATOR_KEY: server.app.services.secrets.operatorKey })
    const lesson = await mathsLesson(server)
    const pupil = await newPupil(server.app, { subscribed: true })
    const chaptersUrl = `/api/student/subjects/${lesson.subject}/chapters`
    const lessonsOf = (text: string) =>
      (JSON.parse(text) as ChapterList).chapters.find((entry) => entry.chapter.id === lesson.chapterId)!.nbContent
    const before = await get(pupil, chaptersUrl)
    expect(await until(async () => !catalogueRead((await get(pupil, chaptersUrl)).statements), 1_000)).toBe(true)
    await admin('lesson', 'add', String(lesson.chapterId), 'Limite infinie en un point', '--free')
    expect(lessonsOf((await get(pupil, chaptersUrl)).text)).toBe(lessonsOf(before.text) + 1)

    const url = `/api/student/subjects/${lesson.subject}/chapters/${lesson.chapter}/contents/${lesson.slug}`
    expect((JSON.parse((await get(pupil, url)).text) as Lesson).rtl).toBe(false)
    expect(await until(async () => !catalogueRead((await get(pupil, url)).statements), 1_000)).toBe(true)
    try {
      await admin('lesson', 'rtl', String(lesson.id), 'on')
      expect((JSON.parse((await get(pupil, url)).text) as Lesson).rtl).toBe(true)
    } finally {
      await admin('lesson', 'rtl', String(lesson.id), 'off')
    }
  })
})

describe('the lesson page with the lists’ cache turned off', () => {
  const server = useTestServer({ listCacheEntries: 0 })
  const { get, catalogueRead } = reads(server)

  it('reads the catalogue each time, and answers the same', async () => {
    expect(server.app.services.answers.catalogues.enabled).toBe(false)
    const lesson = await mathsLesson(server)
    const pupil = await newPupil(server.app, { subscribed: true })
    const url = `/api/student/subjects/${lesson.subject}/chapters/${lesson.chapter}/contents/${lesson.slug}`
    const first = await get(pupil, url)
    const second = await get(pupil, url)
    expect(catalogueRead(second.statements)).toBe(true)
    expect(second.text).toBe(first.text)
  })
})

describe.skipIf(!onPostgres)('a subject’s catalogue on PostgreSQL', () => {
  const server = useTestServer()
  const { get } = reads(server)

  it('the database notifies every change of the catalogue’s tables (migration 0030)', async () => {
    const result = await server.app.services.database.db.execute(
      sql`select distinct c.relname from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_proc p on p.oid = t.tgfoid where p.proname = 'darsi_auth_changed'`
    )
    const notified = (result as unknown as { rows: Array<{ relname: string }> }).rows.map((row) => row.relname)
    for (const table of SUBJECT_CATALOGUE_TABLES) expect([table, notified.includes(table)]).toEqual([table, true])
  })

  it('a notified commit to a table the catalogue does not read (a user changed elsewhere) leaves it kept', async () => {
    const feed = server.app.services.database.authChanges!
    expect(await until(async () => feed.ready)).toBe(true)
    const lesson = await mathsLesson(server)
    const pupil = await newPupil(server.app, { subscribed: true })
    const url = `/api/student/subjects/${lesson.subject}/chapters`
    const catalogueRead = async () => (await get(pupil, url)).statements.some((statement) => statement.includes('chapter_sections'))
    expect(await until(async () => !(await catalogueRead()), 1_000)).toBe(true)
    const told: string[] = []
    const stop = feed.subscribe((event, table) => {
      if (event === 'change' && table) told.push(table)
    })
    try {
      await onAnotherConnection(server.app.services.config.databaseUrl!, async (outsider) => {
        await outsider.query('UPDATE users SET name = name WHERE id = $1', [pupil.id])
        expect(await until(() => told.includes('users'), 2_000)).toBe(true)
        expect(await catalogueRead()).toBe(false)
        // A commit to one of its tables empties it.
        await outsider.query('UPDATE chapters SET name = name WHERE id = $1', [lesson.chapterId])
        expect(await until(() => told.includes('chapters'), 2_000)).toBe(true)
        expect(await catalogueRead()).toBe(true)
      })
    } finally {
      stop()
    }
  })

  it('a chapter renamed by plain SQL on another connection is seen as soon as the notification arrives', async () => {
    const feed = server.app.services.database.authChanges!
    expect(await until(async () => feed.ready)).toBe(true)
    const lesson = await mathsLesson(server)
    const pupil = await newPupil(server.app, { subscribed: true })
    const url = `/api/student/subjects/${lesson.subject}/chapters`
    const [before] = await server.app.services.database.db
      .select({ name: chapters.name })
      .from(chapters)
      .where(eq(chapters.id, lesson.chapterId))
    await get(pupil, url)
    await onAnotherConnection(server.app.services.config.databaseUrl!, async (outsider) => {
      try {
        await outsider.query('UPDATE chapters SET name = $1 WHERE id = $2', ['Limites renommées', lesson.chapterId])
        expect(await until(async () => (await get(pupil, url)).text.includes('Limites renommées'), 1_000)).toBe(true)
      } finally {
        await outsider.query('UPDATE chapters SET name = $1 WHERE id = $2', [before!.name, lesson.chapterId])
      }
    })
  })
})
