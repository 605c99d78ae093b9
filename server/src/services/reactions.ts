/**
 * Reactions and bookmarks of a lesson (part 2, §3 and §4; docs/decisions/0036-reactions-and-bookmarks.md):
 * one reaction per pupil and lesson, and a bookmark toggled on and off. Both are refused on a
 * lesson the pupil cannot open, with the refusals of the catalogue (another class, unknown).
 * A bookmark's toggles are serialized per pupil and lesson (an advisory lock of the
 * transaction), so that any number of them sent at once end as that many toggles one after the
 * other: bookmarked after an odd number, not after an even one.
 */
import { and, desc, eq, sql } from 'drizzle-orm'
import type { ReactionType } from '../../../src/shared/api/reactions.ts'
import type { Db, Executor } from '../db/client.ts'
import { jsonListStatement } from '../db/json.ts'
import { advisoryLockKey } from '../db/lock.ts'
import { preparedFor } from '../db/prepared.ts'
import { chapters, contentBookmarks, contentReactions, contents, subjects } from '../db/schema.ts'
import { ApiError } from '../errors.ts'
import type { UserRow } from '../http.ts'
import type { AnswerCache } from './answerCache.ts'
import { bookmarkJson } from '../presenters/reactions.ts'
import {
  findLessonPlace,
  findSubject,
  lessonAccess,
  notFound,
  pickChapter,
  pickContent,
  subjectAccess,
  subjectCatalogue,
  type LessonPlace
} from './catalogue.ts'
import { inTransaction } from './ledger.ts'

export function contentLocked(): ApiError {
  return new ApiError('content_locked', 'Vous devez débloquer ce cours')
}

/** A lesson of the pupil's class by id, refused when the pupil cannot open it (the warning to unlock first). */
export async function openLessonById(db: Executor, user: UserRow, contentId: number, now: Date): Promise<LessonPlace> {
  const place = await findLessonPlace(db, user, contentId)
  const access = await subjectAccess(db, user, place.subjectId, now)
  if (lessonAccess(access, place.chapterId, place.isFree).locked) throw contentLocked()
  return place
}

/** A lesson named by its subject, chapter and lesson (slugs or ids), refused when the pupil cannot open it. */
export async function openLessonByPath(
  db: Executor,
  catalogues: AnswerCache,
  user: UserRow,
  path: { subject: string; chapter: string; content: string },
  now: Date
): Promise<{ contentId: number; chapterId: number }> {
  const subject = await findSubject(db, user, path.subject)
  const [rows, access] = await Promise.all([
    subjectCatalogue(db, catalogues, user.id, subject.id, now),
    subjectAccess(db, user, subject.id, now)
  ])
  const chapter = pickChapter(rows, path.chapter)
  if (!chapter) throw notFound('chapter')
  const row = pickContent(rows, chapter.id, path.content)
  if (!row?.content) throw notFound('lesson')
  if (lessonAccess(access, chapter.id, row.content.isFree).locked) throw contentLocked()
  return { contentId: row.content.id, chapterId: chapter.id }
}

// ── Reactions ────────────────────────────────────────────────────────────────────────────────

export type ReactionCounts = Record<ReactionType, number> & { mine: ReactionType | null }

const countOf = (type: ReactionType) => sql<number>`(count(*) filter (where ${contentReactions.reactionType} = ${type}))::int`

/** The counts of each reaction to a lesson and the pupil's own, in one statement. */
const reactionsQuery = preparedFor((db) =>
  db
    .select({
      angry: countOf('angry'),
      sad: countOf('sad'),
      thinking: countOf('thinking'),
      happy: countOf('happy'),
      love: countOf('love'),
      mine: sql<ReactionType | null>`max(${contentReactions.reactionType}) filter (where ${contentReactions.userId} = ${sql.placeholder('userId')})`
    })
    .from(contentReactions)
    .where(eq(contentReactions.contentId, sql.placeholder('contentId')))
    .prepare('reactions_of_content')
)

export async function reactionsOf(db: Executor, userId: number, contentId: number): Promise<ReactionCounts> {
  const [row] = await reactionsQuery(db).execute({ userId, contentId })
  return row!
}

/** Sets (or replaces) the pupil's reaction to a lesson, or clears it with null. */
export async function setReaction(db: Executor, userId: number, contentId: number, type: ReactionType | null, now: Date): Promise<void> {
  if (type === null) {
    await db.delete(contentReactions).where(and(eq(contentReactions.userId, userId), eq(contentReactions.contentId, contentId)))
    return
  }
  await db
    .insert(contentReactions)
    .values({ userId, contentId, reactionType: type, createdAt: now, updatedAt: now })
    .onConflictDoUpdate({ target: [contentReactions.userId, contentReactions.contentId], set: { reactionType: type, updatedAt: now } })
}

// ── Bookmarks ────────────────────────────────────────────────────────────────────────────────

/** Bookmarks the lesson, or removes its bookmark: the state after the toggle. */
export async function toggleBookmark(db: Db, userId: number, contentId: number, now: Date): Promise<boolean> {
  return inTransaction(db, async (tx) => {
    // The toggles of one pupil's bookmark of one lesson, one after the other.
    await tx.execute(sql`select pg_advisory_xact_lock(${advisoryLockKey(`bookmark:${userId}:${contentId}`).toString()}::bigint)`)
    const removed = await tx
      .delete(contentBookmarks)
      .where(and(eq(contentBookmarks.userId, userId), eq(contentBookmarks.contentId, contentId)))
      .returning({ id: contentBookmarks.id })
    if (removed.length > 0) return false
    await tx.insert(contentBookmarks).values({ userId, contentId, createdAt: now })
    return true
  })
}

/**
 * The pupil's bookmarks of lessons of their class (visible subjects), newest first: ONE statement
 * whose answer is the list's JSON (docs/decisions/0030-lists-at-the-p8-bar.md).
 */
const bookmarksQuery = preparedFor((db) => {
  const mine = db
    .select({ id: contentBookmarks.id, createdAt: contentBookmarks.createdAt, json: bookmarkJson.as('json') })
    .from(contentBookmarks)
    .innerJoin(contents, eq(contents.id, contentBookmarks.contentId))
    .innerJoin(chapters, eq(chapters.id, contents.chapterId))
    .innerJoin(subjects, eq(subjects.id, chapters.subjectId))
    .where(
      and(
        eq(contentBookmarks.userId, sql.placeholder('userId')),
        eq(subjects.divisionId, sql.placeholder('divisionId')),
        eq(subjects.visible, true)
      )
    )
    .orderBy(desc(contentBookmarks.createdAt), desc(contentBookmarks.id))
    .as('mine')
  return jsonListStatement(db, mine, sql`${mine.createdAt} desc, ${mine.id} desc`, 'bookmarked_contents')
})

export async function bookmarksJson(db: Executor, user: UserRow): Promise<string> {
  if (user.divisionId == null) return '[]'
  const [row] = await bookmarksQuery(db).execute({ userId: user.id, divisionId: user.divisionId })
  return row!.json
}
