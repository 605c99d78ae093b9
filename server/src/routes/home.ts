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
import {
  CONTENT_TYPE_NAMES, EXPIRY_WARNING_DAYS, FORUM_LATEST_LIMIT, HOME_CONTENTS_LIMIT, capProgress, homeEndpoints as ep,
  type ChapterType, type ForumPost, type HomeContent, type LiveEvent, type Subject, type Warning
} from '../../../src/shared/api/home.ts'
import { FORUM_URL, TUNIS_TIME_ZONE } from '../../../src/shared/constants.ts'
import type { Executor } from '../db/client.ts'
import { chapters, contentProgress, contents, divisions, forumPosts, liveEvents, offerGroups, subjects, userOffers } from '../db/schema.ts'
import { ApiError } from '../errors.ts'
import { addRoute, type UserRow } from '../http.ts'
import type { Services } from '../services.ts'

/** Content types that count as videos: recorded lessons and live-session recordings. */
const VIDEO_TYPES = [1, 2, 6]

/**
 * The pupil's progress per visible subject of their class (the mean of its lessons, a completed
 * lesson counting 100 and an unseen one 0; rounded, capped at 100) and how many videos it holds.
 */
export async function subjectStats(db: Executor, userId: number, divisionId: number): Promise<Map<number, { progress: number; videos: number }>> {
  const rows = await db.select({
    subjectId: subjects.id,
    lessons: sql<number>`count(${contents.id})::int`,
    videos: sql<number>`(count(${contents.id}) filter (where ${inArray(contents.typeId, VIDEO_TYPES)}))::int`,
    sum: sql<number>`coalesce(sum(case when ${contentProgress.completed} then 100 else ${contentProgress.percentage} end), 0)::int`
  }).from(subjects)
    .leftJoin(chapters, eq(chapters.subjectId, subjects.id))
    .leftJoin(contents, eq(contents.chapterId, chapters.id))
    .leftJoin(contentProgress, and(eq(contentProgress.contentId, contents.id), eq(contentProgress.userId, userId)))
    .where(and(eq(subjects.divisionId, divisionId), eq(subjects.visible, true)))
    .groupBy(subjects.id)
  return new Map(rows.map((row) => [row.subjectId, {
    progress: row.lessons > 0 ? capProgress(Math.round(Number(row.sum) / row.lessons)) : 0,
    videos: Number(row.videos)
  }]))
}

async function listContents(db: Executor, divisionId: number, freeOnly: boolean): Promise<HomeContent[]> {
  const rows = await db.select({ content: contents, chapter: chapters, subject: subjects, divisionName: divisions.name })
    .from(contents)
    .innerJoin(chapters, eq(chapters.id, contents.chapterId))
    .innerJoin(subjects, eq(subjects.id, chapters.subjectId))
    .innerJoin(divisions, eq(divisions.id, subjects.divisionId))
    .where(and(eq(subjects.divisionId, divisionId), eq(subjects.visible, true), freeOnly ? eq(contents.isFree, true) : undefined))
    .orderBy(desc(contents.createdAt), desc(contents.id))
    .limit(HOME_CONTENTS_LIMIT)
  return rows.map(({ content, chapter, subject, divisionName }) => ({
    subject: { id: subject.id, name: subject.name, slug: subject.slug, thumbnail: subject.thumbnail, color: subject.color },
    content: {
      id: content.id, name: content.name, slug: content.slug, type: { id: content.typeId, name: CONTENT_TYPE_NAMES[content.typeId] ?? 'VIDEO' },
      is_free: content.isFree, duration: content.durationSeconds
    },
    chapter: { id: chapter.id, name: chapter.name, slug: chapter.slug, type: chapter.type as ChapterType },
    instructor: content.instructorName ? { name: content.instructorName, last_name: content.instructorLastName ?? '' } : null,
    division: { id: subject.divisionId, name: divisionName },
    createdAt: content.createdAt.toISOString()
  }))
}

type EventRow = { event: typeof liveEvents.$inferSelect; subject: Pick<typeof subjects.$inferSelect, 'id' | 'name' | 'slug' | 'color'> }

function presentEvent({ event, subject }: EventRow): LiveEvent {
  const start = DateTime.fromJSDate(event.startsAt, { zone: TUNIS_TIME_ZONE })
  const end = DateTime.fromJSDate(event.endsAt, { zone: TUNIS_TIME_ZONE })
  return {
    id: event.id,
    name: event.name,
    day: start.weekday,
    subject,
    start_time: start.toFormat('HH:mm'),
    end_time: end.toFormat('HH:mm'),
    dayDate: start.toISODate()!,
    start_date: start.toISO()!,
    end_date: end.toISO()!,
    versPilote: event.versPilote,
    chapterId: event.chapterId,
    // Traineeships (hessaty) and attendance come with the live-sessions work.
    has_hessaty_chapter: false,
    hessatyId: null,
    description: event.description,
    files: [],
    traineeship: null,
    comingContentHessaty: null,
    depassedContentHessaty: null,
    participated: false,
    disabled: event.disabled,
    teacher: event.teacher
  }
}

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
    const [rows, stats] = await Promise.all([
      db.select().from(subjects)
        .where(and(eq(subjects.divisionId, divisionId), eq(subjects.visible, true)))
        .orderBy(asc(subjects.position), asc(subjects.id)),
      subjectStats(db, auth.user.id, divisionId)
    ])
    return rows.map((subject): Subject => ({
      id: subject.id, o_id: subject.oId, name: subject.name, slug: subject.slug, thumbnail: subject.thumbnail,
      progress: stats.get(subject.id)?.progress ?? 0, color: subject.color, visible: subject.visible, position: subject.position,
      subjectVideos: stats.get(subject.id)?.videos ?? 0
    }))
  })

  addRoute(app, services, ep.subjectsProgress, async ({ auth }) => {
    const divisionId = auth.user.divisionId
    if (divisionId == null) return []
    const stats = await subjectStats(db, auth.user.id, divisionId)
    return [...stats].map(([subjectId, { progress }]) => ({ subject_id: subjectId, progress })).sort((a, b) => a.subject_id - b.subject_id)
  })

  addRoute(app, services, ep.newContents, async ({ auth }) =>
    auth.user.divisionId == null ? [] : listContents(db, auth.user.divisionId, false))

  addRoute(app, services, ep.freeContents, async ({ auth }) =>
    auth.user.divisionId == null ? [] : listContents(db, auth.user.divisionId, true))

  addRoute(app, services, ep.events, async ({ auth, query }) => {
    const divisionId = auth.user.divisionId
    if (divisionId == null) return []
    const { from, to } = eventWindow(services.clock.now(), query.offset ?? 0, query.today === '1')
    const rows = await db.select({ event: liveEvents, subject: { id: subjects.id, name: subjects.name, slug: subjects.slug, color: subjects.color } })
      .from(liveEvents)
      .innerJoin(subjects, eq(subjects.id, liveEvents.subjectId))
      .where(and(eq(subjects.divisionId, divisionId), eq(subjects.visible, true), gte(liveEvents.startsAt, from), lt(liveEvents.startsAt, to)))
      .orderBy(asc(liveEvents.startsAt), asc(liveEvents.id))
      .limit(500)
    return rows.map(presentEvent)
  })

  addRoute(app, services, ep.alerts, async ({ auth }) => {
    const today = DateTime.fromJSDate(services.clock.now(), { zone: TUNIS_TIME_ZONE }).startOf('day')
    const first = today.toISODate()!
    const last = today.plus({ days: EXPIRY_WARNING_DAYS }).toISODate()!
    const renewal = alias(userOffers, 'renewal')
    // A subscription followed by a later one of the same group (renewed) does not warn.
    const renewed = db.select({ id: renewal.id }).from(renewal)
      .where(and(eq(renewal.userId, userOffers.userId), eq(renewal.groupId, userOffers.groupId), gt(renewal.endDate, userOffers.endDate)))
    const rows = await db.select({ endDate: userOffers.endDate, groupName: offerGroups.name })
      .from(userOffers)
      .innerJoin(offerGroups, eq(offerGroups.id, userOffers.groupId))
      .where(and(eq(userOffers.userId, auth.user.id), gte(userOffers.endDate, first), lte(userOffers.endDate, last), notExists(renewed)))
      .orderBy(asc(userOffers.endDate), asc(userOffers.id))
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
    const [division] = auth.user.divisionId == null
      ? []
      : await db.select({ levelId: divisions.levelId }).from(divisions).where(eq(divisions.id, auth.user.divisionId))
    const rows = await db.select().from(forumPosts)
      .where(division ? or(isNull(forumPosts.levelId), eq(forumPosts.levelId, division.levelId)) : isNull(forumPosts.levelId))
      .orderBy(desc(forumPosts.createdAt), desc(forumPosts.id))
      .limit(FORUM_LATEST_LIMIT)
    return rows.map((row): ForumPost => ({
      id: row.id, title: row.title, author: row.author, url: new URL(row.path, FORUM_URL).toString(), replies: row.replies,
      created_at: row.createdAt.toISOString()
    }))
  })

  addRoute(app, services, ep.usedDuration, async ({ auth, query }) => {
    const [row] = await db.select({ used: sql<number>`coalesce(sum(${contentProgress.freeSeconds}), 0)::int` })
      .from(contentProgress).where(eq(contentProgress.userId, auth.user.id))
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
