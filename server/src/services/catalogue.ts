/**
 * The learning catalogue as a pupil sees it: a subject of their class found by slug or id (one of
 * another class is refused with the level message), its chapters and lessons with the pupil's
 * progress, and who may open which lesson (docs/decisions/0027-learning-access-and-progress.md):
 *
 * - a lesson is open when an active subscription of the pupil (by dates, Tunis, of a group that
 *   opens lessons) opens its subject (all the class's subjects, or the ones it names) or its
 *   chapter, or when it is free;
 * - a free lesson a subscription does not open is played on the pupil's free hours when they
 *   hold the permission: once those are used up, it is locked for them too;
 * - an administrator acting for a pupil sees exactly what the pupil sees.
 */
import { and, eq, inArray, or, sql, type AnyColumn, type SQL, type SQLWrapper } from 'drizzle-orm'
import { CHAPTER_TAB_ORDER, VIDEO_CONTENT_TYPES } from '../../../src/shared/api/learning.ts'
import type { ChapterType } from '../../../src/shared/api/home.ts'
import { tunisDate } from '../clock.ts'
import type { Executor } from '../db/client.ts'
import { preparedFor } from '../db/prepared.ts'
import {
  chapterSections,
  chapters,
  contentProgress,
  contents,
  contentVideos,
  offerGroups,
  subjects,
  userOffers,
  userOfferSubjects
} from '../db/schema.ts'
import { ApiError } from '../errors.ts'
import type { UserRow } from '../http.ts'
import type { AnswerCache } from './answerCache.ts'

export type SubjectRow = typeof subjects.$inferSelect

/** The refusal of another class's subject, lesson or chapter (part 2, §6 and §8). */
export function levelNotAllowed(): ApiError {
  return new ApiError('level_not_allowed', 'access not authorised for this level')
}

export function notFound(what: 'subject' | 'chapter' | 'lesson'): ApiError {
  const text = { subject: 'Matière introuvable', chapter: 'Chapitre introuvable', lesson: 'Leçon introuvable' }[what]
  return new ApiError('not_found', text)
}

/** The id a path segment names: all digits, or (for a lesson) the digits before the first hyphen. */
export function idIn(ref: string, leadingId: boolean): number {
  const match = (leadingId ? /^(\d{1,10})(?:-|$)/ : /^(\d{1,10})$/).exec(ref)
  const id = match ? Number(match[1]) : 0
  return id > 0 && id <= 2_147_483_647 ? id : 0
}

const subjectByRef = or(eq(subjects.slug, sql.placeholder('ref')), eq(subjects.id, sql.placeholder('id')))

const ownSubjectQuery = preparedFor((db) =>
  db
    .select()
    .from(subjects)
    .where(and(eq(subjects.divisionId, sql.placeholder('divisionId')), eq(subjects.visible, true), subjectByRef))
    // A slug that looks like an id is still a slug first.
    .orderBy(sql`${subjects.slug} = ${sql.placeholder('ref')} desc`)
    .limit(1)
    .prepare('learning_own_subject')
)

const anySubjectQuery = preparedFor((db) =>
  db
    .select({ id: subjects.id })
    .from(subjects)
    .where(and(eq(subjects.visible, true), subjectByRef))
    .limit(1)
    .prepare('learning_any_subject')
)

/** A visible subject of the pupil's class by slug or id; 403 for another class's, 404 for none. */
export async function findSubject(db: Executor, user: UserRow, ref: string): Promise<SubjectRow> {
  if (user.divisionId != null) {
    const [own] = await ownSubjectQuery(db).execute({ ref, id: idIn(ref, false), divisionId: user.divisionId })
    if (own) return own
  }
  throw await subjectRefusal(db, ref)
}

/** Why no subject of the pupil's class answers `ref`: 403 when another class's does, else 404. */
export async function subjectRefusal(db: Executor, ref: string): Promise<ApiError> {
  const [other] = await anySubjectQuery(db).execute({ ref, id: idIn(ref, false) })
  return other ? levelNotAllowed() : notFound('subject')
}

/** A subject by id, checked to be the pupil's (progress service). */
export async function findSubjectById(db: Executor, user: UserRow, id: number): Promise<SubjectRow> {
  const [row] = await db
    .select()
    .from(subjects)
    .where(and(eq(subjects.id, id), eq(subjects.visible, true)))
  if (!row) throw notFound('subject')
  if (row.divisionId !== user.divisionId) throw levelNotAllowed()
  return row
}

/** One lesson of a subject with its chapter, section and the pupil's progress in it. */
export type CatalogueRow = {
  chapter: {
    id: number
    slug: string
    name: string
    type: ChapterType
    instructor: string | null
    position: number
    sectionId: number | null
  }
  section: { id: number; name: string; position: number; type: ChapterType } | null
  content: {
    id: number
    slug: string
    name: string
    typeId: number
    isFree: boolean
    position: number
    durationSeconds: number | null
    createdAt: Date
    instructorName: string | null
    instructorLastName: string | null
    instructorDescription: string | null
    rtl: boolean
    qcmId: number | null
  } | null
  progress: { percentage: number; completed: boolean; lastWatchedSecond: number; watchedSeconds: number } | null
}

/** `json_build_object` of the given keys (the rows' own property names) and values. */
function objectOf(fields: Record<string, AnyColumn | SQL>): SQL {
  const parts = Object.entries(fields).map(([key, value]) => sql`${sql.raw(`'${key}'`)}, ${value}`)
  return sql`json_build_object(${sql.join(parts, sql`, `)})`
}

/** The tables a subject's catalogue (its chapters, sections and lessons) is read from: a write to any empties the kept catalogues. */
export const SUBJECT_CATALOGUE_TABLES = ['chapters', 'chapter_sections', 'contents'] as const

/**
 * Every chapter of a subject (lessons or none), by chapter and lesson position, without anyone's
 * progress: ONE statement whose one field is the rows as JSON (on PGlite, decoding each field of
 * each row on its own was most of the cost; docs/decisions/0030-lists-at-the-p8-bar.md). The same
 * for every pupil of the class, it is kept in memory by subject (`answers.catalogues`). A joined
 * row that is absent is null, as drizzle gives it; `createdAt` is written to the millisecond.
 */
function catalogueSelect(db: Executor, subjectId: SQLWrapper) {
  const row = objectOf({
    chapter: objectOf({
      id: chapters.id,
      slug: chapters.slug,
      name: chapters.name,
      type: chapters.type,
      instructor: chapters.instructor,
      position: chapters.position,
      sectionId: chapters.sectionId
    }),
    section: sql`case when ${chapterSections.id} is null then null else ${objectOf({
      id: chapterSections.id,
      name: chapterSections.name,
      position: chapterSections.position,
      type: chapterSections.type
    })} end`,
    content: sql`case when ${contents.id} is null then null else ${objectOf({
      id: contents.id,
      slug: contents.slug,
      name: contents.name,
      typeId: contents.typeId,
      isFree: contents.isFree,
      position: contents.position,
      durationSeconds: contents.durationSeconds,
      createdAt: sql`to_char(${contents.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`,
      instructorName: contents.instructorName,
      instructorLastName: contents.instructorLastName,
      instructorDescription: contents.instructorDescription,
      rtl: contents.rtl,
      qcmId: contents.qcmId
    })} end`
  })
  return db
    .select({
      json: sql<string>`coalesce(json_agg(${row} order by ${chapters.position}, ${chapters.id}, ${contents.position}, ${contents.id}), '[]'::json)::text`
    })
    .from(chapters)
    .leftJoin(chapterSections, eq(chapterSections.id, chapters.sectionId))
    .leftJoin(contents, eq(contents.chapterId, chapters.id))
    .where(eq(chapters.subjectId, subjectId))
}

const subjectCatalogueQuery = preparedFor((db) => catalogueSelect(db, sql.placeholder('subjectId')).prepare('learning_subject_catalogue'))

/**
 * The pupil's (the `userId` placeholder) progress in the lessons of the subject `subjectId` names,
 * as a subquery of another statement: a JSON object from the lesson's id to its progress.
 */
export function subjectProgressSql(subjectId: SQLWrapper): SQL {
  return sql`(select coalesce(json_object_agg(p.content_id, json_build_object('percentage', p.percentage,
      'completed', p.completed, 'lastWatchedSecond', p.last_watched_second, 'watchedSeconds', p.watched_seconds)), '{}'::json)::text
    from ${contentProgress} p inner join ${contents} t on t.id = p.content_id inner join ${chapters} c on c.id = t.chapter_id
    where p.user_id = ${sql.placeholder('userId')} and c.subject_id = ${subjectId})`
}

const subjectProgressQuery = preparedFor((db) =>
  db
    .select({ json: sql<string>`${subjectProgressSql(sql.placeholder('subjectId'))}` })
    .from(sql`(select 1) as one`)
    .prepare('learning_subject_progress')
)

/** The catalogue's rows without progress, as its statement writes them. */
export type CatalogueJson = Omit<CatalogueRow, 'content' | 'progress'> & {
  content: (Omit<NonNullable<CatalogueRow['content']>, 'createdAt'> & { createdAt: string }) | null
}

/** The pupil's progress by lesson id, as subjectProgressSql writes it. */
export type ProgressJson = Record<string, NonNullable<CatalogueRow['progress']>>

/**
 * The subject's catalogue rows as JSON text: kept in `cache` by subject (read once, then from
 * memory until a write to SUBJECT_CATALOGUE_TABLES), else read.
 */
export async function catalogueJson(db: Executor, cache: AnswerCache, subjectId: number, at: Date): Promise<string> {
  const key = String(subjectId)
  const kept = cache.get(key, at)
  if (kept !== undefined) return kept
  const ticket = cache.begin()
  const [read] = await subjectCatalogueQuery(db).execute({ subjectId })
  cache.set(ticket, key, read!.json, null)
  return read!.json
}

/** A subject's chapters and lessons with the pupil's progress: the catalogue (kept by subject) and the progress (read). */
export async function subjectCatalogue(
  db: Executor,
  cache: AnswerCache,
  userId: number,
  subjectId: number,
  now: Date
): Promise<CatalogueRow[]> {
  const [catalogue, [progress]] = await Promise.all([
    catalogueJson(db, cache, subjectId, now),
    subjectProgressQuery(db).execute({ userId, subjectId })
  ])
  return catalogueRows(catalogue, JSON.parse(progress!.json) as ProgressJson)
}

/** The catalogue's rows as its statement writes them in JSON, their dates made dates again, each with the pupil's progress. */
export function catalogueRows(catalogue: string, seen: ProgressJson): CatalogueRow[] {
  const rows = JSON.parse(catalogue) as CatalogueJson[]
  return rows.map((row) =>
    row.content
      ? { ...row, content: { ...row.content, createdAt: new Date(row.content.createdAt) }, progress: seen[row.content.id] ?? null }
      : { ...row, content: null, progress: null }
  )
}

/** What opens lessons of one subject for a pupil today. */
export type SubjectAccess = {
  /** An active subscription opens the whole subject. */
  subjectOpen: boolean
  /** Chapters an active subscription opens (chapter purchases). */
  chapterIds: ReadonlySet<number>
  /** The pupil holds the free-hours permission (an allowance). */
  hasFreeHours: boolean
  /** Seconds of free playback left (0 without the permission). */
  freeSecondsLeft: number
}

export type LessonAccess = { locked: boolean; freeHours: boolean }

/**
 * What opens a subject's lessons for the pupil, in ONE statement: the seconds of free playback
 * used, and the subscriptions active today that open lessons (per subscription, the chapter it
 * opens, or whether it opens this subject: every subject when it names none) as a JSON array.
 */
export function accessOffersSql(subjectId: SQLWrapper): SQL {
  // Qualified by hand: in a statement of one table drizzle writes columns without their table.
  return sql`(select coalesce(json_agg(json_build_object('chapterId', uo.chapter_id, 'opensSubject',
    not exists (select 1 from ${userOfferSubjects} s where s.user_offer_id = uo.id)
    or exists (select 1 from ${userOfferSubjects} s where s.user_offer_id = uo.id and s.subject_id = ${subjectId}))),
    '[]'::json)::text
  from ${userOffers} uo inner join ${offerGroups} g on g.id = uo.group_id
  where uo.user_id = ${sql.placeholder('userId')} and g.unlocks_content = true
    and (uo.start_date is null or uo.start_date <= ${sql.placeholder('today')})
    and (uo.end_date is null or uo.end_date >= ${sql.placeholder('today')}))`
}

/** The seconds of free playback the pupil (the `userId` placeholder) has used, as a subquery of another statement. */
export function usedFreeSecondsSql(): SQL {
  return sql`(select coalesce(sum(p.free_seconds), 0)::int from ${contentProgress} p where p.user_id = ${sql.placeholder('userId')})`
}

const subjectAccessQuery = preparedFor((db) =>
  db
    .select({
      used: sql<number>`coalesce(sum(${contentProgress.freeSeconds}), 0)::int`,
      offers: sql<string>`${accessOffersSql(sql.placeholder('subjectId'))}`
    })
    .from(contentProgress)
    .where(eq(contentProgress.userId, sql.placeholder('userId')))
    .prepare('learning_subject_access')
)

const usedFreeSecondsQuery = preparedFor((db) =>
  db
    .select({ used: sql<number>`coalesce(sum(${contentProgress.freeSeconds}), 0)::int` })
    .from(contentProgress)
    .where(eq(contentProgress.userId, sql.placeholder('userId')))
    .prepare('learning_used_free')
)

/** The pupil's free allowance in seconds (the permission is an allowance above 0). */
export function freeAllowanceSeconds(user: Pick<UserRow, 'freeHours'>): number {
  return Math.max(0, user.freeHours) * 3600
}

export async function usedFreeSeconds(db: Executor, userId: number): Promise<number> {
  const [row] = await usedFreeSecondsQuery(db).execute({ userId })
  return Number(row?.used ?? 0)
}

export async function subjectAccess(db: Executor, user: UserRow, subjectId: number, now: Date): Promise<SubjectAccess> {
  const [read] = await subjectAccessQuery(db).execute({ userId: user.id, subjectId, today: tunisDate(now) })
  return accessFrom(user, Number(read!.used), JSON.parse(read!.offers) as AccessOffer[])
}

/** A subscription active today that opens lessons, as accessOffersSql writes it. */
export type AccessOffer = { chapterId: number | null; opensSubject: boolean }

/** What opens the subject's lessons, from the free seconds used and the active subscriptions that open lessons. */
export function accessFrom(user: Pick<UserRow, 'freeHours'>, used: number, offers: readonly AccessOffer[]): SubjectAccess {
  const chapterIds = new Set(offers.flatMap((offer) => (offer.chapterId != null ? [offer.chapterId] : [])))
  const subjectOpen = offers.some((offer) => offer.chapterId == null && offer.opensSubject)
  const allowance = freeAllowanceSeconds(user)
  const freeSecondsLeft = allowance > 0 ? Math.max(0, allowance - used) : 0
  return { subjectOpen, chapterIds, hasFreeHours: allowance > 0, freeSecondsLeft }
}

/** Whether a lesson is locked for the pupil, and whether playing it spends free hours. */
export function lessonAccess(access: SubjectAccess, chapterId: number, isFree: boolean): LessonAccess {
  if (access.subjectOpen || access.chapterIds.has(chapterId)) return { locked: false, freeHours: false }
  if (!isFree) return { locked: true, freeHours: false }
  if (!access.hasFreeHours) return { locked: false, freeHours: false }
  return { locked: access.freeSecondsLeft <= 0, freeHours: true }
}

export type VideoRow = { id: number; storageKey: string; mimeType: string; size: number; durationSeconds: number; eventStart: Date | null }

const videoQuery = preparedFor((db) =>
  db
    .select({ storageKey: contentVideos.storageKey, mimeType: contentVideos.mimeType })
    .from(contentVideos)
    .where(eq(contentVideos.id, sql.placeholder('id')))
    .prepare('learning_video')
)

export async function findVideo(db: Executor, id: number): Promise<{ storageKey: string; mimeType: string } | null> {
  const [row] = await videoQuery(db).execute({ id })
  return row ?? null
}

/** The mean progress of the videos among `rows` (a completed one counts 100), rounded, 0 without videos. */
export function meanProgress(rows: ReadonlyArray<Pick<CatalogueRow, 'content' | 'progress'>>): number {
  const videos = rows.filter((row) => row.content && VIDEO_CONTENT_TYPES.includes(row.content.typeId))
  if (videos.length === 0) return 0
  const sum = videos.reduce((total, row) => total + (row.progress ? (row.progress.completed ? 100 : row.progress.percentage) : 0), 0)
  return Math.min(100, Math.max(0, Math.round(sum / videos.length)))
}

/** Tab order first, then section and chapter positions (chapters outside a section after the others of their tab). */
export function compareChapters(a: CatalogueRow, b: CatalogueRow): number {
  const tab = CHAPTER_TAB_ORDER.indexOf(a.chapter.type) - CHAPTER_TAB_ORDER.indexOf(b.chapter.type)
  if (tab !== 0) return tab
  const sectionA = a.section?.position ?? Number.MAX_SAFE_INTEGER
  const sectionB = b.section?.position ?? Number.MAX_SAFE_INTEGER
  return (
    sectionA - sectionB ||
    (a.section?.id ?? 0) - (b.section?.id ?? 0) ||
    a.chapter.position - b.chapter.position ||
    a.chapter.id - b.chapter.id
  )
}

/** A chapter's lessons in their order: by position, but newest first in a recording chapter. */
export function orderLessons<T extends { content: NonNullable<CatalogueRow['content']> }>(type: ChapterType, rows: T[]): T[] {
  return type === 'recording'
    ? [...rows].sort((a, b) => b.content.createdAt.getTime() - a.content.createdAt.getTime() || b.content.id - a.content.id)
    : [...rows].sort((a, b) => a.content.position - b.content.position || a.content.id - b.content.id)
}

/** Finds a chapter among a subject's rows by slug, else by id. */
export function pickChapter(rows: CatalogueRow[], ref: string): CatalogueRow['chapter'] | null {
  const id = idIn(ref, false)
  return rows.find((row) => row.chapter.slug === ref)?.chapter ?? rows.find((row) => row.chapter.id === id)?.chapter ?? null
}

/** Finds a lesson of a chapter by slug, else by id (all digits or the digits before the first hyphen). */
export function pickContent(rows: CatalogueRow[], chapterId: number, ref: string): CatalogueRow | null {
  const own = rows.filter((row) => row.chapter.id === chapterId && row.content)
  const id = idIn(ref, true)
  return own.find((row) => row.content!.slug === ref) ?? own.find((row) => row.content!.id === id) ?? null
}

/** The subject and chapter of a lesson, to check it belongs to the pupil's class (progress service). */
const lessonPlaceQuery = preparedFor((db) =>
  db
    .select({
      contentId: contents.id,
      typeId: contents.typeId,
      isFree: contents.isFree,
      durationSeconds: contents.durationSeconds,
      chapterId: chapters.id,
      subjectId: subjects.id,
      divisionId: subjects.divisionId,
      visible: subjects.visible
    })
    .from(contents)
    .innerJoin(chapters, eq(chapters.id, contents.chapterId))
    .innerJoin(subjects, eq(subjects.id, chapters.subjectId))
    .where(eq(contents.id, sql.placeholder('contentId')))
    .limit(1)
    .prepare('learning_lesson_place')
)

export type LessonPlace = {
  contentId: number
  typeId: number
  isFree: boolean
  durationSeconds: number | null
  chapterId: number
  subjectId: number
}

/** A lesson of the pupil's class by id; 404 for none (or a hidden subject's), 403 for another class's. */
export async function findLessonPlace(db: Executor, user: UserRow, contentId: number): Promise<LessonPlace> {
  const [row] = await lessonPlaceQuery(db).execute({ contentId })
  if (!row || !row.visible) throw notFound('lesson')
  if (row.divisionId !== user.divisionId) throw levelNotAllowed()
  return row
}

/** A chapter of the pupil's class by id. */
export async function findChapterById(db: Executor, user: UserRow, chapterId: number): Promise<{ id: number; subjectId: number }> {
  const [row] = await db
    .select({ id: chapters.id, subjectId: chapters.subjectId, divisionId: subjects.divisionId, visible: subjects.visible })
    .from(chapters)
    .innerJoin(subjects, eq(subjects.id, chapters.subjectId))
    .where(eq(chapters.id, chapterId))
  if (!row || !row.visible) throw notFound('chapter')
  if (row.divisionId !== user.divisionId) throw levelNotAllowed()
  return row
}

/** The pupil's progress in the given lessons (those without a row are unseen). */
export async function progressOf(
  db: Executor,
  userId: number,
  contentIds: number[]
): Promise<Map<number, CatalogueRow['progress'] & object>> {
  if (contentIds.length === 0) return new Map()
  const rows = await db
    .select({
      contentId: contentProgress.contentId,
      percentage: contentProgress.percentage,
      completed: contentProgress.completed,
      lastWatchedSecond: contentProgress.lastWatchedSecond,
      watchedSeconds: contentProgress.watchedSeconds
    })
    .from(contentProgress)
    .where(and(eq(contentProgress.userId, userId), inArray(contentProgress.contentId, contentIds)))
  return new Map(rows.map(({ contentId, ...progress }) => [contentId, progress]))
}
