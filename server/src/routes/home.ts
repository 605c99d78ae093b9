/**
 * What the home dashboard reads: the pupil's subjects and progress, the latest and the free
 * lessons of their class, today's (or a week's) live sessions, the subscription expiry warning,
 * the free-hours use and the forum's latest topics. Everything is the caller's own: their class,
 * their progress, their subscriptions (docs/decisions/0006-home-dashboard.md).
 */
import { and, asc, desc, eq, gt, gte, inArray, isNull, lt, lte, notExists, or, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { FastifyInstance } from 'fastify'
import { DateTime } from 'luxon'
import { IdNameSchema } from '../../../src/shared/api/common.ts'
import {
  CONTENT_TYPE_NAMES, EXPIRY_WARNING_DAYS, FORUM_LATEST_LIMIT, HOME_CONTENTS_LIMIT, HomeContentSchema, LiveEventSchema, capProgress, homeEndpoints as ep,
  type ForumPost, type Subject, type Warning
} from '../../../src/shared/api/home.ts'
import { VIDEO_CONTENT_TYPES } from '../../../src/shared/api/learning.ts'
import { FORUM_URL, TUNIS_TIME_ZONE } from '../../../src/shared/constants.ts'
import type { Executor } from '../db/client.ts'
import { jsonArrayAgg, jsonConstant, jsonObject, jsonOrNull, jsonTime, jsonValue, jsonZonedIso, jsonZonedText } from '../db/json.ts'
import { preparedFor } from '../db/prepared.ts'
import { chapters, contentProgress, contents, divisions, forumPosts, liveEvents, offerGroups, subjects, userOffers } from '../db/schema.ts'
import { ApiError } from '../errors.ts'
import { addRoute, Serialized, type UserRow } from '../http.ts'
import { localNameSql, requestLanguage } from '../language.ts'
import type { Services } from '../services.ts'

/** Content types that count as videos: recorded lessons and live-session recordings. */
const VIDEO_TYPES = [...VIDEO_CONTENT_TYPES]

/*
 * The home screen asks for all of these at once right after sign-in: each is one query, built
 * once per database handle (no SQL built per request; on PostgreSQL a named statement).
 */

const visibleSubjectOf = and(eq(subjects.divisionId, sql.placeholder('divisionId')), eq(subjects.visible, true))

/**
 * The visible subjects of a class with the pupil's progress (the mean of its videos, a completed
 * one counting 100 and an unseen one 0: magazines and quizzes have no playback to measure) and
 * how many videos each holds, by position.
 */
const isVideo = inArray(contents.typeId, VIDEO_TYPES)
const subjectsWithStatsQuery = preparedFor((db) => db.select({
  id: subjects.id, oId: subjects.oId, name: subjects.name, slug: subjects.slug, thumbnail: subjects.thumbnail, color: subjects.color,
  visible: subjects.visible, position: subjects.position,
  lessons: sql<number>`(count(${contents.id}) filter (where ${isVideo}))::int`,
  videos: sql<number>`(count(${contents.id}) filter (where ${isVideo}))::int`,
  sum: sql<number>`coalesce(sum(case when ${contentProgress.completed} then 100 else ${contentProgress.percentage} end) filter (where ${isVideo}), 0)::int`
}).from(subjects)
  .leftJoin(chapters, eq(chapters.subjectId, subjects.id))
  .leftJoin(contents, eq(contents.chapterId, chapters.id))
  .leftJoin(contentProgress, and(eq(contentProgress.contentId, contents.id), eq(contentProgress.userId, sql.placeholder('userId'))))
  .where(visibleSubjectOf)
  .groupBy(subjects.id)
  .orderBy(asc(subjects.position), asc(subjects.id))
  .prepare('home_subjects'))

type SubjectWithStats = Awaited<ReturnType<ReturnType<typeof subjectsWithStatsQuery>['execute']>>[number]

/** Rounded, capped at 100; 0 for a subject without lessons. */
function progressOf(row: Pick<SubjectWithStats, 'lessons' | 'sum'>): number {
  return row.lessons > 0 ? capProgress(Math.round(Number(row.sum) / row.lessons)) : 0
}

/** The pupil's progress per visible subject of their class and how many videos it holds. */
export async function subjectStats(db: Executor, userId: number, divisionId: number): Promise<Map<number, { progress: number; videos: number }>> {
  const rows = await subjectsWithStatsQuery(db).execute({ userId, divisionId })
  return new Map(rows.map((row) => [row.id, { progress: progressOf(row), videos: Number(row.videos) }]))
}

/** The name of a content type (CONTENT_TYPE_NAMES), 'VIDEO' for another. */
const contentTypeName = sql`(case ${contents.typeId} ${sql.join(Object.entries(CONTENT_TYPE_NAMES).map(([id, name]) => sql`when ${Number(id)} then ${name}::text`), sql` `)} else 'VIDEO' end)`

/**
 * The latest lessons of a class (or its free ones), newest first: their subject, chapter,
 * teacher and class named in the request's language (`lang`), as the answer's JSON.
 */
function contentsQuery(freeOnly: boolean) {
  return preparedFor((db) => {
    const latest = db.select({
      id: contents.id,
      createdAt: contents.createdAt,
      json: jsonObject(HomeContentSchema, {
        subject: jsonObject(HomeContentSchema.shape.subject, {
          id: jsonValue(subjects.id), name: jsonValue(subjects.name), slug: jsonValue(subjects.slug), thumbnail: jsonValue(subjects.thumbnail),
          color: jsonValue(subjects.color)
        }),
        content: jsonObject(HomeContentSchema.shape.content, {
          id: jsonValue(contents.id), name: jsonValue(contents.name), slug: jsonValue(contents.slug),
          type: jsonObject(HomeContentSchema.shape.content.shape.type, { id: jsonValue(contents.typeId), name: jsonValue(contentTypeName) }),
          is_free: jsonValue(contents.isFree), duration: jsonValue(contents.durationSeconds)
        }),
        chapter: jsonObject(HomeContentSchema.shape.chapter, {
          id: jsonValue(chapters.id), name: jsonValue(chapters.name), slug: jsonValue(chapters.slug), type: jsonValue(chapters.type)
        }),
        instructor: jsonOrNull(sql`${contents.instructorName} <> ''`, jsonObject(HomeContentSchema.shape.instructor.unwrap(), {
          name: jsonValue(contents.instructorName), last_name: jsonValue(sql`coalesce(${contents.instructorLastName}, '')`)
        })),
        division: jsonObject(IdNameSchema, {
          id: jsonValue(subjects.divisionId), name: jsonValue(localNameSql(divisions.name, divisions.nameAr, sql.placeholder('lang')))
        }),
        createdAt: jsonTime(contents.createdAt)
      }).as('json')
    })
      .from(contents)
      .innerJoin(chapters, eq(chapters.id, contents.chapterId))
      .innerJoin(subjects, eq(subjects.id, chapters.subjectId))
      .innerJoin(divisions, eq(divisions.id, subjects.divisionId))
      .where(and(visibleSubjectOf, freeOnly ? eq(contents.isFree, true) : undefined))
      .orderBy(desc(contents.createdAt), desc(contents.id))
      .limit(HOME_CONTENTS_LIMIT)
      .as('latest')
    return db.select({ json: jsonArrayAgg(latest.json, sql`${latest.createdAt} desc, ${latest.id} desc`) }).from(latest)
      .prepare(freeOnly ? 'home_free_contents' : 'home_new_contents')
  })
}
const newContentsQuery = contentsQuery(false)
const freeContentsQuery = contentsQuery(true)

/**
 * The live sessions of a class starting within [from, to), in start order, as the answer's JSON:
 * days and times are Tunis wall-clock values. Traineeships (hessaty) and attendance come with the
 * live-sessions work: their fields hold what a session without them holds.
 */
const eventsQuery = preparedFor((db) => {
  const listed = db.select({
    id: liveEvents.id,
    startsAt: liveEvents.startsAt,
    json: jsonObject(LiveEventSchema, {
      id: jsonValue(liveEvents.id),
      name: jsonValue(liveEvents.name),
      day: jsonValue(sql`extract(isodow from ${liveEvents.startsAt} at time zone ${sql.raw(`'${TUNIS_TIME_ZONE}'`)})::int`),
      subject: jsonObject(LiveEventSchema.shape.subject, {
        id: jsonValue(subjects.id), name: jsonValue(subjects.name), slug: jsonValue(subjects.slug), color: jsonValue(subjects.color)
      }),
      start_time: jsonZonedText(liveEvents.startsAt, TUNIS_TIME_ZONE, 'HH24:MI'),
      end_time: jsonZonedText(liveEvents.endsAt, TUNIS_TIME_ZONE, 'HH24:MI'),
      dayDate: jsonZonedText(liveEvents.startsAt, TUNIS_TIME_ZONE, 'YYYY-MM-DD'),
      start_date: jsonZonedIso(liveEvents.startsAt, TUNIS_TIME_ZONE),
      end_date: jsonZonedIso(liveEvents.endsAt, TUNIS_TIME_ZONE),
      versPilote: jsonValue(liveEvents.versPilote),
      chapterId: jsonValue(liveEvents.chapterId),
      has_hessaty_chapter: jsonConstant(false),
      hessatyId: jsonConstant(null),
      description: jsonValue(liveEvents.description),
      files: jsonConstant([]),
      traineeship: jsonConstant(null),
      comingContentHessaty: jsonConstant(null),
      depassedContentHessaty: jsonConstant(null),
      participated: jsonConstant(false),
      disabled: jsonValue(liveEvents.disabled),
      teacher: jsonValue(liveEvents.teacher)
    }).as('json')
  })
    .from(liveEvents)
    .innerJoin(subjects, eq(subjects.id, liveEvents.subjectId))
    .where(and(visibleSubjectOf, gte(liveEvents.startsAt, sql.placeholder('from')), lt(liveEvents.startsAt, sql.placeholder('to'))))
    .orderBy(asc(liveEvents.startsAt), asc(liveEvents.id))
    .limit(500)
    .as('listed')
  return db.select({ json: jsonArrayAgg(listed.json, sql`${listed.startsAt}, ${listed.id}`) }).from(listed).prepare('home_events')
})

const renewal = alias(userOffers, 'renewal')
/** The pupil's subscriptions ending within the window, but for those followed by a later one of the same group (renewed). */
const expiringQuery = preparedFor((db) => db.select({ endDate: userOffers.endDate, groupName: offerGroups.name })
  .from(userOffers)
  .innerJoin(offerGroups, eq(offerGroups.id, userOffers.groupId))
  .where(and(
    eq(userOffers.userId, sql.placeholder('userId')), gte(userOffers.endDate, sql.placeholder('first')), lte(userOffers.endDate, sql.placeholder('last')),
    notExists(db.select({ id: renewal.id }).from(renewal)
      .where(and(eq(renewal.userId, userOffers.userId), eq(renewal.groupId, userOffers.groupId), gt(renewal.endDate, userOffers.endDate))))
  ))
  .orderBy(asc(userOffers.endDate), asc(userOffers.id))
  .prepare('home_expiring'))

/** The forum's latest topics for everyone and for the level of the class (none without a class). */
const forumQuery = preparedFor((db) => db.select({
  id: forumPosts.id, title: forumPosts.title, author: forumPosts.author, path: forumPosts.path, replies: forumPosts.replies, createdAt: forumPosts.createdAt
}).from(forumPosts)
  .where(or(isNull(forumPosts.levelId), eq(forumPosts.levelId,
    sql`(select ${divisions.levelId} from ${divisions} where ${divisions.id} = ${sql.placeholder('divisionId')})`)))
  .orderBy(desc(forumPosts.createdAt), desc(forumPosts.id))
  .limit(FORUM_LATEST_LIMIT)
  .prepare('home_forum'))

const usedFreeSecondsQuery = preparedFor((db) => db.select({ used: sql<number>`coalesce(sum(${contentProgress.freeSeconds}), 0)::int` })
  .from(contentProgress).where(eq(contentProgress.userId, sql.placeholder('userId'))).prepare('home_used_free'))

/** The Tunis day of `now`, or the Monday-to-Sunday week `offset` weeks from the current one. */
export function eventWindow(now: Date, offset: number, todayOnly: boolean): { from: Date; to: Date } {
  const today = DateTime.fromJSDate(now, { zone: TUNIS_TIME_ZONE }).startOf('day')
  if (todayOnly) return { from: today.toJSDate(), to: today.plus({ days: 1 }).toJSDate() }
  const monday = today.startOf('week').plus({ weeks: offset })
  return { from: monday.toJSDate(), to: monday.plus({ weeks: 1 }).toJSDate() }
}

function hasForum(user: UserRow): boolean {
  return user.flags.has_forum === true
}

export function registerHomeRoutes(app: FastifyInstance, services: Services): void {
  const { db } = services.database

  addRoute(app, services, ep.subjects, async ({ auth }) => {
    const divisionId = auth.user.divisionId
    if (divisionId == null) return []
    const rows = await subjectsWithStatsQuery(db).execute({ userId: auth.user.id, divisionId })
    return rows.map((subject): Subject => ({
      id: subject.id, o_id: subject.oId, name: subject.name, slug: subject.slug, thumbnail: subject.thumbnail,
      progress: progressOf(subject), color: subject.color, visible: subject.visible, position: subject.position,
      subjectVideos: Number(subject.videos)
    }))
  })

  addRoute(app, services, ep.subjectsProgress, async ({ auth }) => {
    const divisionId = auth.user.divisionId
    if (divisionId == null) return []
    const rows = await subjectsWithStatsQuery(db).execute({ userId: auth.user.id, divisionId })
    return rows.map((row) => ({ subject_id: row.id, progress: progressOf(row) })).sort((a, b) => a.subject_id - b.subject_id)
  })

  addRoute(app, services, ep.newContents, async ({ auth, request, reply }) => {
    if (auth.user.divisionId == null) return []
    const [read] = await newContentsQuery(db).execute({ divisionId: auth.user.divisionId, lang: requestLanguage(request, reply) })
    return new Serialized(read!.json)
  })

  addRoute(app, services, ep.freeContents, async ({ auth, request, reply }) => {
    if (auth.user.divisionId == null) return []
    const [read] = await freeContentsQuery(db).execute({ divisionId: auth.user.divisionId, lang: requestLanguage(request, reply) })
    return new Serialized(read!.json)
  })

  addRoute(app, services, ep.events, async ({ auth, query }) => {
    const divisionId = auth.user.divisionId
    if (divisionId == null) return []
    const { from, to } = eventWindow(services.clock.now(), query.offset ?? 0, query.today === '1')
    const [read] = await eventsQuery(db).execute({ divisionId, from, to })
    return new Serialized(read!.json)
  })

  addRoute(app, services, ep.alerts, async ({ auth }) => {
    const today = DateTime.fromJSDate(services.clock.now(), { zone: TUNIS_TIME_ZONE }).startOf('day')
    const first = today.toISODate()!
    const last = today.plus({ days: EXPIRY_WARNING_DAYS }).toISODate()!
    const rows = await expiringQuery(db).execute({ userId: auth.user.id, first, last })
    return rows.map(({ endDate, groupName }): Warning => ({
      groupeName: groupName,
      restDays: Math.round(DateTime.fromISO(endDate!, { zone: TUNIS_TIME_ZONE }).diff(today, 'days').days),
      expirationDate: endDate!,
      // Subscriptions are paid at once for now; instalments come with the offers work.
      isSlice: false,
      sliceIndex: null
    }))
  })

  addRoute(app, services, ep.forumLatestPosts, async ({ auth }) => {
    if (!hasForum(auth.user)) throw new ApiError('forbidden', 'Le forum est réservé aux abonnés Silver+ ou Gold à l’année')
    const rows = await forumQuery(db).execute({ divisionId: auth.user.divisionId })
    return rows.map((row): ForumPost => ({
      id: row.id, title: row.title, author: row.author, url: new URL(row.path, FORUM_URL).toString(), replies: row.replies,
      created_at: row.createdAt.toISOString()
    }))
  })

  addRoute(app, services, ep.usedDuration, async ({ auth, query }) => {
    const [row] = await usedFreeSecondsQuery(db).execute({ userId: auth.user.id })
    const used = Number(row?.used ?? 0)
    const total = Math.max(0, auth.user.freeHours) * 3600
    const remaining = Math.max(0, total - used)
    return {
      used_duration: used,
      total_duration: total,
      remaining_duration: remaining,
      percentage: total > 0 ? capProgress(Math.round((used / total) * 100)) : 100,
      can_play: remaining > 0 && remaining >= query.duration,
      expired: remaining === 0
    }
  })
}
