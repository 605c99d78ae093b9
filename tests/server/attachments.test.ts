/**
 * Lesson attachments (part 2, §3, §5; decision 0041): a file attached by the operator
 * (`npm run admin -- lesson attach`) is listed in the lesson's answer; its address is signed for
 * the pupil and expires, and is given only when the lesson is unlocked and the pupil holds no
 * current offer of group 83 or 84; the bytes downloaded are the file attached; forged, expired
 * or borrowed addresses are refused; random queries (T1).
 */
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { LessonSchema, MEDIA_URL_TTL_SECONDS, type Lesson } from '../../src/shared/api/learning.ts'
import { attachmentsDownloadable, shortAttachmentName } from '../../src/shared/rules/attachments.ts'
import { runAdmin } from '../../server/src/admin.ts'
import { chapters, contentAttachments, contents, subjects, userOffers } from '../../server/src/db/schema.ts'
import { call, createUser, startTestServer, uniquePhone, type TestServer } from './harness.ts'
import { expectRandomSignedQueriesRefused } from './signedMediaFuzz.ts'

let server: TestServer
let api = ''
let lessonId = 0
const LESSON_URL = '/api/student/subjects/mathematiques/chapters/limites-et-continuite/contents/continuite-sur-un-intervalle'
const PDF = Buffer.concat([
  Buffer.from('%PDF-1.4\n'),
  Buffer.from(Array.from({ length: 3000 }, (_, i) => i % 251)),
  Buffer.from('\n%%EOF\n')
])
const dir = mkdtempSync(join(tmpdir(), 'darsi-attachments-'))

beforeAll(async () => {
  server = await startTestServer()
  api = await server.app.listen({ port: 0, host: '127.0.0.1' })
  const [row] = await db()
    .select({ id: contents.id })
    .from(contents)
    .innerJoin(chapters, eq(chapters.id, contents.chapterId))
    .innerJoin(subjects, eq(subjects.id, chapters.subjectId))
    .where(and(eq(subjects.divisionId, 14), eq(subjects.slug, 'mathematiques'), eq(contents.slug, 'continuite-sur-un-intervalle')))
  lessonId = row!.id
  writeFileSync(join(dir, 'serie-exercices.pdf'), PDF)
  writeFileSync(join(dir, 'notes.txt'), 'plain text')
})
afterAll(async () => {
  await server?.close()
})

const db = () => server.app.services.database.db
const admin = (...args: string[]) => runAdmin(['--api', api, ...args], { DARSI_OPERATOR_KEY: server.app.services.secrets.operatorKey })

/** A pupil of class 14 holding current offers of the given groups (112 opens every subject). */
async function pupil(groups: Array<{ id: number; endDate?: string }>): Promise<string> {
  const id = await createUser(server.app, { credential: uniquePhone(), division: 14 })
  for (const group of groups)
    await db()
      .insert(userOffers)
      .values({ userId: id, groupId: group.id, startDate: '2020-01-01', endDate: group.endDate ?? '2100-01-01' })
  return (await server.app.services.sessions.start(id)).token
}

async function lessonFor(token: string): Promise<Lesson> {
  const reply = await call<Lesson>(server.app, 'GET', LESSON_URL, { token })
  expect(reply.status).toBe(200)
  return LessonSchema.parse(reply.body)
}

describe('lesson attachments', () => {
  it('are attached by the operator and downloaded, byte for byte, through an address signed for the pupil that expires', async () => {
    expect(
      await admin('lesson', 'attach', String(lessonId), join(dir, 'serie-exercices.pdf'), '--name', 'Série d’exercices corrigés.pdf')
    ).toMatch(/^Pièce jointe \d+ ajoutée à la leçon \d+ \(Série d’exercices corrigés\.pdf\)$/)
    const token = await pupil([{ id: 112 }])
    const lesson = await lessonFor(token)
    expect(lesson.attachments).toHaveLength(1)
    const [file] = lesson.attachments
    expect(file).toMatchObject({ name: 'Série d’exercices corrigés.pdf', size: PDF.length, mime_type: 'application/pdf' })
    expect(file!.url).toMatch(/^\/api\/media\/attachments\/\d+\?u=\d+&expires=\d+&signature=[\w-]{43}$/)
    const download = await server.app.inject({ method: 'GET', url: file!.url! })
    expect(download.statusCode).toBe(200)
    expect(download.rawPayload.equals(PDF)).toBe(true)
    expect(download.headers['content-disposition']).toContain("filename*=UTF-8''S%C3%A9rie")
    // Another attachment's id with this signature, a changed signature, an expired address: refused.
    expect(
      (await server.app.inject({ method: 'GET', url: file!.url!.replace(`/attachments/${file!.id}?`, `/attachments/${file!.id + 1}?`) }))
        .statusCode
    ).toBe(403)
    // The signature's first character changed (to one it is not: 'A' itself one time in 64).
    const forged = file!.url!.replace(/signature=(.)/, (_, first: string) => `signature=${first === 'A' ? 'B' : 'A'}`)
    expect(forged).not.toBe(file!.url)
    expect((await server.app.inject({ method: 'GET', url: forged })).statusCode).toBe(403)
    const start = server.clock.now()
    try {
      server.clock.advance((MEDIA_URL_TTL_SECONDS + 1) * 1000)
      expect((await server.app.inject({ method: 'GET', url: file!.url! })).statusCode).toBe(403)
    } finally {
      server.clock.set(start)
    }
  })

  it('give no address on a locked lesson nor to a pupil holding an offer of group 83 or 84, but do to one whose offer has ended', async () => {
    const [row] = await db()
      .select({ id: contentAttachments.id })
      .from(contentAttachments)
      .where(eq(contentAttachments.contentId, lessonId))
    if (!row) await admin('lesson', 'attach', String(lessonId), join(dir, 'serie-exercices.pdf'))
    const locked = await lessonFor(await pupil([]))
    expect(locked.locked).toBe(true)
    expect(locked.attachments.map((file) => file.url)).toEqual([null])
    for (const group of [83, 84]) {
      const held = await lessonFor(await pupil([{ id: 112 }, { id: group }]))
      expect(held.locked).toBe(false)
      expect(
        held.attachments.map((file) => file.url),
        `group ${group}`
      ).toEqual([null])
    }
    const ended = await lessonFor(await pupil([{ id: 112 }, { id: 84, endDate: '2021-01-01' }]))
    expect(ended.attachments[0]!.url).not.toBeNull()
    expect((await lessonFor(await pupil([{ id: 112 }]))).attachments[0]!.url).not.toBeNull()
  })

  it('refuse a file of another type, an unknown lesson and no file, keeping nothing', async () => {
    const before = await db().select().from(contentAttachments)
    await expect(admin('lesson', 'attach', String(lessonId), join(dir, 'notes.txt'))).rejects.toThrow(/415/)
    await expect(admin('lesson', 'attach', '999999', join(dir, 'serie-exercices.pdf'))).rejects.toThrow(/404/)
    await expect(admin('lesson', 'attach', String(lessonId), join(dir, 'absent.pdf'))).rejects.toThrow(/No such file/)
    expect(await db().select().from(contentAttachments)).toEqual(before)
  })

  it('follow the shared rule and cut names at 15 characters', () => {
    expect(attachmentsDownloadable(false, [])).toBe(true)
    expect(attachmentsDownloadable(true, [])).toBe(false)
    expect(attachmentsDownloadable(false, [112, 84])).toBe(false)
    expect(attachmentsDownloadable(false, [83])).toBe(false)
    expect(shortAttachmentName('Série d’exercices corrigés.pdf')).toBe('Série d’exercic…')
    expect(shortAttachmentName('Cours.pdf')).toBe('Cours.pdf')
  })

  it('answer random download queries with 403, 404 or 422, never a 5xx (T1)', async () => {
    await expectRandomSignedQueriesRefused(server.app, '/api/media/attachments')
  })
})
