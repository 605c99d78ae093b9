/**
 * The operator's content tools: `npm run admin -- subject|chapter|lesson add …` and
 * `lesson upload <id> <file>` against a running server, then the lesson as a pupil of the class
 * sees and plays it; uploads refused by their bytes; the catalogue listing.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { learningOperatorEndpoints, type Lesson } from '../../src/shared/api/learning.ts'
import { runAdmin } from '../../server/src/admin.ts'
import { contentVideos } from '../../server/src/db/schema.ts'
import { DEMO_MEDIA_DIR } from '../../server/src/services/lessonMedia.ts'
import { call, createUser, startTestServer, tinyMp4, uniquePhone, type TestServer } from './harness.ts'

let server: TestServer
let api: string
let files: string
beforeAll(async () => {
  server = await startTestServer()
  api = await server.app.listen({ port: 0, host: '127.0.0.1' })
  files = mkdtempSync(join(tmpdir(), 'darsi-upload-'))
})
afterAll(async () => {
  await server?.close()
  if (files) rmSync(files, { recursive: true, force: true })
})

const admin = (...args: string[]) => runAdmin(['--api', api, ...args], { DARSI_OPERATOR_KEY: server.app.services.secrets.operatorKey })
const operator = () => ({ 'x-operator-key': server.app.services.secrets.operatorKey })
const CLIP = join(DEMO_MEDIA_DIR, 'lessons', 'lesson-c.webm')

describe('npm run admin -- subject|chapter|lesson', () => {
  it('adds a subject, a chapter and a lesson, uploads its video, and a pupil of the class plays it', async () => {
    const subject = await admin('subject', 'add', '16', 'Technologie', '--color', '#336699')
    const subjectId = Number(/^Matière (\d+) créée \(technologie\)$/.exec(subject)![1])
    const chapter = await admin(
      'chapter',
      'add',
      String(subjectId),
      'Les circuits logiques',
      '--section',
      'Électronique',
      '--instructor',
      'Walid Ferchichi'
    )
    const chapterId = Number(/^Chapitre (\d+) créé \(les-circuits-logiques\)$/.exec(chapter)![1])
    const lesson = await admin('lesson', 'add', String(chapterId), 'Les portes logiques', '--type', '2', '--instructor', 'Walid Ferchichi')
    const lessonId = Number(/^Leçon (\d+) créée \(les-portes-logiques\)$/.exec(lesson)![1])
    const free = await admin('lesson', 'add', String(chapterId), 'Présentation du chapitre', '--free', '--slug', 'presentation')
    const freeId = Number(/^Leçon (\d+) créée \(presentation\)$/.exec(free)![1])
    expect(await admin('lesson', 'upload', String(lessonId), CLIP)).toBe(`Vidéo de la leçon ${lessonId} enregistrée (24 s, video/webm)`)
    const mp4 = join(files, 'presentation.mp4')
    writeFileSync(mp4, tinyMp4())
    expect(await admin('lesson', 'upload', String(freeId), mp4)).toBe(`Vidéo de la leçon ${freeId} enregistrée (90 s, video/mp4)`)

    const catalogue = JSON.parse(await admin('catalogue', '16')) as Array<{
      id: number
      chapters: Array<{ id: number; section: string; lessons: Array<{ id: number; duration: number; videos: number; free: boolean }> }>
    }>
    const listed = catalogue.find((item) => item.id === subjectId)!
    expect(listed.chapters).toEqual([
      expect.objectContaining({
        id: chapterId,
        section: 'Électronique',
        lessons: [
          expect.objectContaining({ id: lessonId, duration: 24, videos: 1, free: false }),
          expect.objectContaining({ id: freeId, duration: 90, videos: 1, free: true })
        ]
      })
    ])

    // A pupil of class 16 with a subscription sees the lesson and plays its video.
    const pupilId = await createUser(server.app, { credential: uniquePhone(), division: 16 })
    const { token } = await server.app.services.sessions.start(pupilId)
    const locked = await call<Lesson>(
      server.app,
      'GET',
      '/api/student/subjects/technologie/chapters/les-circuits-logiques/contents/les-portes-logiques',
      { token }
    )
    expect(locked.body).toMatchObject({ locked: true, content: { duration: 24, instructor: { name: 'Walid', last_name: 'Ferchichi' } } })
    const opened = await call<Lesson>(
      server.app,
      'GET',
      '/api/student/subjects/technologie/chapters/les-circuits-logiques/contents/presentation',
      { token }
    )
    expect(opened.body).toMatchObject({
      locked: false,
      content: { duration: 90, content_videos: [expect.objectContaining({ mime_type: 'video/mp4', duration: 90 })] }
    })
    const bytes = await server.app.inject({ method: 'GET', url: opened.body.content.content_videos[0]!.url })
    expect(bytes.statusCode).toBe(200)
    expect(bytes.rawPayload.equals(tinyMp4())).toBe(true)

    // A new upload replaces the video and deletes the file it replaced.
    const [before] = await server.app.services.database.db
      .select({ key: contentVideos.storageKey })
      .from(contentVideos)
      .where(eq(contentVideos.contentId, lessonId))
    await admin('lesson', 'upload', String(lessonId), CLIP)
    const after = await server.app.services.database.db
      .select({ key: contentVideos.storageKey })
      .from(contentVideos)
      .where(eq(contentVideos.contentId, lessonId))
    expect(after).toHaveLength(1)
    expect(after[0]!.key).not.toBe(before!.key)
    expect(await server.app.services.storage.size(before!.key)).toBeNull()
    expect(await server.app.services.storage.size(after[0]!.key)).toBe(readFileSync(CLIP).length)
  })

  it('refuses with one line: a taken slug, an unknown parent, a missing section, a file that is no video', async () => {
    const failures: Array<[string[], RegExp]> = [
      [['subject', 'add', '14', 'Mathématiques'], /^409 La matière « mathematiques » existe déjà/],
      [['subject', 'add', '999', 'Robotique'], /^404 Classe 999 introuvable$/],
      [['chapter', 'add', '999999', 'Chapitre', '--section', 'S'], /^404 Matière 999999 introuvable$/],
      [['chapter', 'add', '1', 'Chapitre'], /^--section <name> is required$/],
      [['chapter', 'add', '1', 'Limites et continuité', '--section', 'Analyse'], /^409 Le chapitre « limites-et-continuite » existe déjà/],
      [['chapter', 'add', '1', 'Chapitre', '--section', 'S', '--type', 'cinema'], /^422 /],
      [['lesson', 'add', '999999', 'Leçon'], /^404 Chapitre 999999 introuvable$/],
      [['lesson', 'add', '1', 'Leçon', '--type', '5'], /^422 /],
      [['lesson', 'upload', '1', join(files, 'missing.webm')], /^No such file/]
    ]
    for (const [args, message] of failures) await expect(admin(...args), args.join(' ')).rejects.toThrow(message)
    const pdf = join(files, 'cours.webm')
    writeFileSync(pdf, '%PDF-1.7 a course, not a video')
    await expect(admin('lesson', 'upload', '1', pdf)).rejects.toThrow(/^415 Vidéo WebM ou MP4 attendue/)
  })

  it('keeps an upload to a lesson that is no video, or to no lesson, and checks the type from the bytes only', async () => {
    const magazine = JSON.parse(await admin('catalogue', '14')) as Array<{
      chapters: Array<{ type: string; lessons: Array<{ id: number; type: number }> }>
    }>
    const magazineId = magazine.flatMap((subject) => subject.chapters).find((chapter) => chapter.type === 'exam')!.lessons[0]!.id
    const upload = (id: number, payload: Buffer, type = 'video/webm') =>
      server.app.inject({ method: 'POST', url: `/operator/lessons/${id}/video`, payload, headers: { ...operator(), 'content-type': type } })
    const clip = readFileSync(CLIP)
    const notVideo = await upload(magazineId, clip)
    expect(notVideo.statusCode).toBe(409)
    // A refusal the route's contract documents (the OpenAPI document and the contract fuzz read it).
    expect(learningOperatorEndpoints.uploadLessonVideo.errors).toContain(notVideo.statusCode)
    expect((await upload(999_999, clip)).statusCode).toBe(404)
    // A video named as such whose bytes are not one, and bytes cut before the duration.
    expect((await upload(1, Buffer.from('<html>not a video</html>'))).statusCode).toBe(415)
    expect((await upload(1, clip.subarray(0, 20))).statusCode).toBe(415)
    // Sent as another type: read by that type's parser (the API's body limit first), never stored.
    expect((await upload(1, clip, 'application/json')).statusCode).toBe(413)
    expect((await upload(1, clip.subarray(0, 1000), 'application/json')).statusCode).toBe(422)
    expect((await upload(1, clip.subarray(0, 1000), 'text/plain')).statusCode).toBe(415)
    expect(
      (
        await server.app.inject({
          method: 'POST',
          url: '/operator/lessons/1/video',
          payload: clip,
          headers: { 'content-type': 'video/webm' }
        })
      ).statusCode
    ).toBe(401)
  })
})
