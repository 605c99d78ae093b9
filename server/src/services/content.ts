/**
 * The operator's content tools (`npm run admin -- subject|chapter|lesson …`): a school loads its
 * own subjects, chapters and lessons into a running server, and a lesson's video, whose type is
 * read from its bytes and duration from its container (services/videoFiles.ts).
 */
import { randomUUID } from 'node:crypto'
import type { Readable } from 'node:stream'
import { and, asc, eq, inArray, max, sql } from 'drizzle-orm'
import type { ChapterType } from '../../../src/shared/api/home.ts'
import { LESSON_VIDEO_MAX_BYTES, VIDEO_CONTENT_TYPES, type ContentTypeId } from '../../../src/shared/api/learning.ts'
import type { Db } from '../db/client.ts'
import { chapterSections, chapters, contents, contentVideos, divisions, subjects } from '../db/schema.ts'
import { ApiError } from '../errors.ts'
import { isUniqueViolation } from '../db/errors.ts'
import { inTransaction } from './ledger.ts'
import { DEMO_MEDIA_PREFIX, lessonVideoKey } from './lessonMedia.ts'
import { slugify } from './slugs.ts'
import { FileTooLargeError, type FileStorage } from './storage.ts'
import { detectVideoType, readVideoInfo, wholeSeconds } from './videoFiles.ts'

function slugTaken(what: string, slug: string): ApiError {
  return new ApiError('operation_impossible', `${what} « ${slug} » existe déjà : choisissez un autre --slug`)
}

/** The slug given, or one made from the name (a fallback when the name has no Latin letter). */
function slugOf(given: string | undefined, name: string, fallback: string): string {
  return given ?? (slugify(name) || fallback)
}

async function insertOrConflict<T>(what: string, slug: string, insert: () => Promise<T>): Promise<T> {
  try {
    return await insert()
  } catch (error) {
    if (isUniqueViolation(error)) throw slugTaken(what, slug)
    throw error
  }
}

export type NewSubject = {
  division: number
  name: string
  slug?: string
  color?: string
  thumbnail?: string
  position?: number
  visible: boolean
  oId?: number
}

export async function createSubject(db: Db, input: NewSubject): Promise<{ id: number; slug: string }> {
  const [division] = await db.select({ id: divisions.id }).from(divisions).where(eq(divisions.id, input.division))
  if (!division) throw new ApiError('not_found', `Classe ${input.division} introuvable`)
  const [last] = await db
    .select({ position: max(subjects.position) })
    .from(subjects)
    .where(eq(subjects.divisionId, input.division))
  const slug = slugOf(input.slug, input.name, `matiere-${Date.now()}`)
  const [row] = await insertOrConflict('La matière', slug, () =>
    db
      .insert(subjects)
      .values({
        divisionId: input.division,
        name: input.name,
        slug,
        color: input.color ?? null,
        thumbnail: input.thumbnail ?? null,
        position: input.position ?? (last?.position ?? 0) + 1,
        visible: input.visible,
        oId: input.oId ?? null
      })
      .returning({ id: subjects.id })
  )
  return { id: row!.id, slug }
}

export type NewChapter = {
  subject: number
  name: string
  slug?: string
  type: ChapterType
  section: string
  instructor?: string
  position?: number
}

export async function createChapter(db: Db, input: NewChapter): Promise<{ id: number; slug: string }> {
  return inTransaction(db, async (tx) => {
    const [subject] = await tx.select({ id: subjects.id }).from(subjects).where(eq(subjects.id, input.subject)).for('update')
    if (!subject) throw new ApiError('not_found', `Matière ${input.subject} introuvable`)
    // The section of that name under the chapter's tab, or a new one after the subject's others.
    let [section] = await tx
      .select({ id: chapterSections.id })
      .from(chapterSections)
      .where(and(eq(chapterSections.subjectId, subject.id), eq(chapterSections.name, input.section), eq(chapterSections.type, input.type)))
    if (!section) {
      const [lastSection] = await tx
        .select({ position: max(chapterSections.position) })
        .from(chapterSections)
        .where(eq(chapterSections.subjectId, subject.id))
      ;[section] = await tx
        .insert(chapterSections)
        .values({ subjectId: subject.id, name: input.section, type: input.type, position: (lastSection?.position ?? 0) + 1 })
        .returning({ id: chapterSections.id })
    }
    const [last] = await tx
      .select({ position: max(chapters.position) })
      .from(chapters)
      .where(eq(chapters.subjectId, subject.id))
    const slug = slugOf(input.slug, input.name, `chapitre-${(last?.position ?? 0) + 1}`)
    const [taken] = await tx
      .select({ id: chapters.id })
      .from(chapters)
      .where(and(eq(chapters.subjectId, subject.id), eq(chapters.slug, slug)))
    if (taken) throw slugTaken('Le chapitre', slug)
    const [row] = await tx
      .insert(chapters)
      .values({
        subjectId: subject.id,
        sectionId: section!.id,
        slug,
        name: input.name,
        type: input.type,
        instructor: input.instructor ?? null,
        position: input.position ?? (last?.position ?? 0) + 1
      })
      .returning({ id: chapters.id })
    return { id: row!.id, slug }
  })
}

export type NewLesson = {
  chapter: number
  name: string
  slug?: string
  type: ContentTypeId
  free: boolean
  position?: number
  rtl: boolean
  instructor?: { name: string; last_name: string; description?: string }
}

export async function createLesson(db: Db, input: NewLesson, now: Date): Promise<{ id: number; slug: string }> {
  return inTransaction(db, async (tx) => {
    const [chapter] = await tx.select({ id: chapters.id }).from(chapters).where(eq(chapters.id, input.chapter)).for('update')
    if (!chapter) throw new ApiError('not_found', `Chapitre ${input.chapter} introuvable`)
    const [last] = await tx
      .select({ position: max(contents.position) })
      .from(contents)
      .where(eq(contents.chapterId, chapter.id))
    const position = input.position ?? (last?.position ?? 0) + 1
    const slug = slugOf(input.slug, input.name, `lecon-${position}`)
    const [taken] = await tx
      .select({ id: contents.id })
      .from(contents)
      .where(and(eq(contents.chapterId, chapter.id), eq(contents.slug, slug)))
    if (taken) throw slugTaken('La leçon', slug)
    const [row] = await tx
      .insert(contents)
      .values({
        chapterId: chapter.id,
        slug,
        name: input.name,
        typeId: input.type,
        isFree: input.free,
        position,
        rtl: input.rtl,
        instructorName: input.instructor?.name ?? null,
        instructorLastName: input.instructor?.last_name ?? null,
        instructorDescription: input.instructor?.description ?? null,
        createdAt: now
      })
      .returning({ id: contents.id })
    return { id: row!.id, slug }
  })
}

/** Sets a lesson's reading direction; 404 for no such lesson. */
export async function setLessonRtl(db: Db, contentId: number, rtl: boolean): Promise<void> {
  const [row] = await db.update(contents).set({ rtl }).where(eq(contents.id, contentId)).returning({ id: contents.id })
  if (!row) throw new ApiError('not_found', `Leçon ${contentId} introuvable`)
}

/** The first bytes of a stream, and a stream of all of it. */
async function peek(
  source: Readable | AsyncIterable<Uint8Array>,
  bytes: number
): Promise<{ head: Uint8Array; all: AsyncIterable<Uint8Array> }> {
  const iterator = source[Symbol.asyncIterator]()
  const seen: Uint8Array[] = []
  let length = 0
  let done = false
  while (length < bytes && !done) {
    const next = await iterator.next()
    if (next.done) done = true
    else {
      seen.push(next.value)
      length += next.value.length
    }
  }
  const head = Buffer.concat(seen)
  async function* all() {
    yield* seen
    if (!done) {
      for (let next = await iterator.next(); !next.done; next = await iterator.next()) yield next.value as Uint8Array
    }
  }
  return { head: new Uint8Array(head.buffer, head.byteOffset, head.length), all: all() }
}

export type UploadedVideo = { id: number; contentId: number; durationSeconds: number; size: number; mimeType: string }

/**
 * Stores a lesson's video from the request's body and makes it the lesson's video (the one it
 * had is replaced, its file deleted): a WebM or MP4 whose container states its duration, which
 * becomes the lesson's.
 */
export async function uploadLessonVideo(
  db: Db,
  storage: FileStorage,
  contentId: number,
  body: Readable | AsyncIterable<Uint8Array>,
  maxBytes = LESSON_VIDEO_MAX_BYTES
): Promise<UploadedVideo> {
  const [lesson] = await db.select({ id: contents.id, typeId: contents.typeId }).from(contents).where(eq(contents.id, contentId))
  if (!lesson) throw new ApiError('not_found', `Leçon ${contentId} introuvable`)
  if (!VIDEO_CONTENT_TYPES.includes(lesson.typeId))
    throw new ApiError('operation_impossible', `La leçon ${contentId} n’est pas une vidéo (type ${lesson.typeId})`)
  const { head, all } = await peek(body, 12)
  const type = detectVideoType(head)
  const unsupported = () => new ApiError('unsupported_media_type', 'Vidéo WebM ou MP4 attendue, dont la durée est indiquée dans le fichier')
  if (!type) throw unsupported()
  const key = lessonVideoKey(contentId, randomUUID(), type.ext)
  let size: number
  try {
    size = await storage.putStream(key, all, maxBytes)
  } catch (error) {
    if (error instanceof FileTooLargeError)
      throw new ApiError('payload_too_large', `La vidéo dépasse ${Math.round(maxBytes / 1024 ** 2)} Mo`)
    throw error
  }
  const info = await readVideoInfo((offset, length) => storage.read(key, offset, length), size)
  if (!info) {
    await storage.delete(key)
    throw unsupported()
  }
  const durationSeconds = wholeSeconds(info.durationSeconds)
  try {
    const { id, replaced } = await inTransaction(db, async (tx) => {
      const old = await tx.delete(contentVideos).where(eq(contentVideos.contentId, contentId)).returning({ key: contentVideos.storageKey })
      const [row] = await tx
        .insert(contentVideos)
        .values({ contentId, storageKey: key, mimeType: info.mime, size, durationSeconds })
        .returning({ id: contentVideos.id })
      await tx.update(contents).set({ durationSeconds }).where(eq(contents.id, contentId))
      return { id: row!.id, replaced: old.map((item) => item.key) }
    })
    // The replaced files, unless another lesson still plays them (the bundled demo clips are never deleted).
    const stillUsed =
      replaced.length === 0
        ? []
        : await db.select({ key: contentVideos.storageKey }).from(contentVideos).where(inArray(contentVideos.storageKey, replaced))
    for (const old of replaced) {
      if (!old.startsWith(DEMO_MEDIA_PREFIX) && !stillUsed.some((row) => row.key === old)) await storage.delete(old)
    }
    return { id, contentId, durationSeconds, size, mimeType: info.mime }
  } catch (error) {
    await storage.delete(key)
    throw error
  }
}

/** A class's subjects (hidden ones included), chapters and lessons, with their ids. */
export async function catalogueOf(db: Db, divisionId: number) {
  const rows = await db
    .select({
      subject: { id: subjects.id, name: subjects.name, slug: subjects.slug, visible: subjects.visible, position: subjects.position },
      chapter: { id: chapters.id, name: chapters.name, slug: chapters.slug, type: chapters.type, position: chapters.position },
      section: chapterSections.name,
      lesson: {
        id: contents.id,
        name: contents.name,
        slug: contents.slug,
        type: contents.typeId,
        free: contents.isFree,
        duration: contents.durationSeconds,
        position: contents.position
      },
      videos: sql<number>`(select count(*) from ${contentVideos} where ${contentVideos.contentId} = ${contents.id})::int`
    })
    .from(subjects)
    .leftJoin(chapters, eq(chapters.subjectId, subjects.id))
    .leftJoin(chapterSections, eq(chapterSections.id, chapters.sectionId))
    .leftJoin(contents, eq(contents.chapterId, chapters.id))
    .where(eq(subjects.divisionId, divisionId))
    .orderBy(asc(subjects.position), asc(subjects.id), asc(chapters.position), asc(chapters.id), asc(contents.position), asc(contents.id))
  type Entry = {
    id: number
    name: string
    slug: string
    visible: boolean
    position: number
    chapters: Array<{
      id: number
      name: string
      slug: string
      type: ChapterType
      section: string | null
      lessons: Array<{ id: number; name: string; slug: string; type: number; free: boolean; duration: number | null; videos: number }>
    }>
  }
  const bySubject = new Map<number, Entry>()
  for (const row of rows) {
    let subject = bySubject.get(row.subject.id)
    if (!subject) bySubject.set(row.subject.id, (subject = { ...row.subject, chapters: [] }))
    if (!row.chapter) continue
    let chapter = subject.chapters.find((item) => item.id === row.chapter!.id)
    if (!chapter) {
      chapter = {
        id: row.chapter.id,
        name: row.chapter.name,
        slug: row.chapter.slug,
        type: row.chapter.type as ChapterType,
        section: row.section,
        lessons: []
      }
      subject.chapters.push(chapter)
    }
    if (row.lesson) {
      const { position: _position, ...lesson } = row.lesson
      chapter.lessons.push({ ...lesson, videos: row.videos })
    }
  }
  return [...bySubject.values()]
}
