/**
 * What the home dashboard reads: the pupil's subjects and progress, the latest and the free
 * lessons of their class, a day's or a week's live sessions, the subscriptions ending soon and
 * the forum's latest topics (docs/decisions/0006-home-dashboard.md). The home screen asks for all
 * of these at once right after sign-in: each is one query, built once per database handle (no
 * SQL built per request; on PostgreSQL a named statement); the lessons and live sessions are
 * answered with the JSON the database writes (presenters/home.ts).
 */
import { and, asc, desc, eq, gt, gte, inArray, isNull, lt, lte, notExists, or, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { DateTime } from 'luxon'
import { FORUM_LATEST_LIMIT, HOME_CONTENTS_LIMIT } from '../../../src/shared/api/home.ts'
import { VIDEO_CONTENT_TYPES } from '../../../src/shared/api/learning.ts'
import { TUNIS_TIME_ZONE } from '../../../src/shared/constants.ts'
import type { Executor } from '../db/client.ts'
import { jsonListStatement } from '../db/json.ts'
import { preparedFor } from '../db/prepared.ts'
import {
  chapters,
  contentProgress,
  contents,
  divisions,
  forumPosts,
  liveEvents,
  offerGroups,
  offerOrders,
  subjects,
  userOffers
} from '../db/schema.ts'
import type { Language } from '../language.ts'
import { homeContentJson, liveEventJson, progressOf } from '../presenters/home.ts'

/** Content types that count as videos: recorded lessons and live-session recordings. */
const VIDEO_TYPES = [...VIDEO_CONTENT_TYPES]

const visibleSubjectOf = and(eq(subjects.divisionId, sql.placeholder('divisionId')), eq(subjects.visible, true))

/**
 * The visible subjects of a class with the pupil's progress (the mean of its videos, a completed
 * one counting 100 and an unseen one 0: magazines and quizzes have no playback to measure) and
 * how many videos each holds, by position.
 */
const isVideo = inArray(contents.typeId, VIDEO_TYPES)
const subjectsWithStatsQuery = preparedFor((db) =>
  db
    .select({
      id: subjects.id,
      oId: subjects.oId,
      name: subjects.name,
      slug: subjects.slug,
      thumbnail: subjects.thumbnail,
      color: subjects.color,
      visible: subjects.visible,
      position: subjects.position,
      lessons: sql<number>`(count(${contents.id}) filter (where ${isVideo}))::int`,
      videos: sql<number>`(count(${contents.id}) filter (where ${isVideo}))::int`,
      sum: sql<number>`coalesce(sum(case when ${contentProgress.completed} then 100 else ${contentProgress.percentage} end) filter (where ${isVideo}), 0)::int`
    })
    .from(subjects)
    .leftJoin(chapters, eq(chapters.subjectId, subjects.id))
    .leftJoin(contents, eq(contents.chapterId, chapters.id))
    .leftJoin(contentProgress, and(eq(contentProgress.contentId, contents.id), eq(contentProgress.userId, sql.placeholder('userId'))))
    .where(visibleSubjectOf)
    .groupBy(subjects.id)
    .orderBy(asc(subjects.position), asc(subjects.id))
    .prepare('home_subjects')
)

export type SubjectWithStats = Awaited<ReturnType<ReturnType<typeof subjectsWithStatsQuery>['execute']>>[number]

/** The visible subjects of a class, by position, with the pupil's progress in each. */
export async function subjectsWithStats(db: Executor, userId: number, divisionId: number): Promise<SubjectWithStats[]> {
  return subjectsWithStatsQuery(db).execute({ userId, divisionId })
}

/** The pupil's progress per visible subject of their class and how many videos it holds. */
export async function subjectStats(
  db: Executor,
  userId: number,
  divisionId: number
): Promise<Map<number, { progress: number; videos: number }>> {
  const rows = await subjectsWithStatsQuery(db).execute({ userId, divisionId })
  return new Map(rows.map((row) => [row.id, { progress: progressOf(row), videos: Number(row.videos) }]))
}

/** The latest lessons of a class (or its free ones), newest first, as the answer's JSON. */
function contentsQuery(freeOnly: boolean) {
  return preparedFor((db) => {
    const latest = db
      .select({
        id: contents.id,
        createdAt: contents.createdAt,
        json: homeContentJson.as('json')
      })
      .from(contents)
      .innerJoin(chapters, eq(chapters.id, contents.chapterId))
      .innerJoin(subjects, eq(subjects.id, chapters.subjectId))
      .innerJoin(divisions, eq(divisions.id, subjects.divisionId))
      .where(and(visibleSubjectOf, freeOnly ? eq(contents.isFree, true) : undefined))
      .orderBy(desc(contents.createdAt), desc(contents.id))
      .limit(HOME_CONTENTS_LIMIT)
      .as('latest')
    return jsonListStatement(
      db,
      latest,
      sql`${latest.createdAt} desc, ${latest.id} desc`,
      freeOnly ? 'home_free_contents' : 'home_new_contents'
    )
  })
}
const newContentsQuery = contentsQuery(false)
const freeContentsQuery = contentsQuery(true)

/** The latest lessons of a class (`freeOnly`: its free ones), their names in `lang`, as the answer's JSON. */
export async function latestContentsJson(db: Executor, divisionId: number, lang: Language, freeOnly: boolean): Promise<string> {
  const [read] = await (freeOnly ? freeContentsQuery : newContentsQuery)(db).execute({ divisionId, lang })
  return read!.json
}

/** The live sessions of a class starting within [from, to), in start order, as the answer's JSON. */
const eventsQuery = preparedFor((db) => {
  const listed = db
    .select({
      id: liveEvents.id,
      startsAt: liveEvents.startsAt,
      json: liveEventJson.as('json')
    })
    .from(liveEvents)
    .innerJoin(subjects, eq(subjects.id, liveEvents.subjectId))
    .where(and(visibleSubjectOf, gte(liveEvents.startsAt, sql.placeholder('from')), lt(liveEvents.startsAt, sql.placeholder('to'))))
    .orderBy(asc(liveEvents.startsAt), asc(liveEvents.id))
    .limit(500)
    .as('listed')
  return jsonListStatement(db, listed, sql`${listed.startsAt}, ${listed.id}`, 'home_events')
})

/** The Tunis day of `now`, or the Monday-to-Sunday week `offset` weeks from the current one. */
export function eventWindow(now: Date, offset: number, todayOnly: boolean): { from: Date; to: Date } {
  const today = DateTime.fromJSDate(now, { zone: TUNIS_TIME_ZONE }).startOf('day')
  if (todayOnly) return { from: today.toJSDate(), to: today.plus({ days: 1 }).toJSDate() }
  const monday = today.startOf('week').plus({ weeks: offset })
  return { from: monday.toJSDate(), to: monday.plus({ weeks: 1 }).toJSDate() }
}

/** The live sessions of a class in a window (eventWindow), as the answer's JSON, each telling whether the pupil takes part. */
export async function liveEventsJson(db: Executor, divisionId: number, userId: number, window: { from: Date; to: Date }): Promise<string> {
  const [read] = await eventsQuery(db).execute({ divisionId, userId, from: window.from, to: window.to })
  return read!.json
}

const renewal = alias(userOffers, 'renewal')
/**
 * The pupil's subscriptions ending within the window, but for those followed by a later one of the
 * same group (renewed); with the order in instalments behind one, how many slices it has and has paid.
 */
const expiringQuery = preparedFor((db) =>
  db
    .select({
      endDate: userOffers.endDate,
      groupName: offerGroups.name,
      sliceCount: offerOrders.sliceCount,
      slicesPaid: offerOrders.slicesPaid
    })
    .from(userOffers)
    .innerJoin(offerGroups, eq(offerGroups.id, userOffers.groupId))
    .leftJoin(offerOrders, eq(offerOrders.userOfferId, userOffers.id))
    .where(
      and(
        eq(userOffers.userId, sql.placeholder('userId')),
        gte(userOffers.endDate, sql.placeholder('first')),
        lte(userOffers.endDate, sql.placeholder('last')),
        notExists(
          db
            .select({ id: renewal.id })
            .from(renewal)
            .where(
              and(eq(renewal.userId, userOffers.userId), eq(renewal.groupId, userOffers.groupId), gt(renewal.endDate, userOffers.endDate))
            )
        )
      )
    )
    .orderBy(asc(userOffers.endDate), asc(userOffers.id))
    .prepare('home_expiring')
)

export type ExpiringSubscription = Awaited<ReturnType<ReturnType<typeof expiringQuery>['execute']>>[number]

/** The Tunis day of `now`, at its start. */
export function tunisToday(now: Date): DateTime {
  return DateTime.fromJSDate(now, { zone: TUNIS_TIME_ZONE }).startOf('day')
}

/** The pupil's subscriptions ending from `today` to `days` days later and not renewed, soonest first. */
export async function expiringSubscriptions(db: Executor, userId: number, today: DateTime, days: number): Promise<ExpiringSubscription[]> {
  return expiringQuery(db).execute({ userId, first: today.toISODate()!, last: today.plus({ days }).toISODate()! })
}

/** The forum's latest topics for everyone and for the level of the class (none without a class). */
const forumQuery = preparedFor((db) =>
  db
    .select({
      id: forumPosts.id,
      title: forumPosts.title,
      author: forumPosts.author,
      path: forumPosts.path,
      replies: forumPosts.replies,
      createdAt: forumPosts.createdAt
    })
    .from(forumPosts)
    .where(
      or(
        isNull(forumPosts.levelId),
        eq(
          forumPosts.levelId,
          sql`(select ${divisions.levelId} from ${divisions} where ${divisions.id} = ${sql.placeholder('divisionId')})`
        )
      )
    )
    .orderBy(desc(forumPosts.createdAt), desc(forumPosts.id))
    .limit(FORUM_LATEST_LIMIT)
    .prepare('home_forum')
)

export type ForumPostRow = Awaited<ReturnType<ReturnType<typeof forumQuery>['execute']>>[number]

export async function latestForumPosts(db: Executor, divisionId: number | null): Promise<ForumPostRow[]> {
  return forumQuery(db).execute({ divisionId })
}
