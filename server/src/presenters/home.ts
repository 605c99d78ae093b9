/**
 * The only way the home dashboard's rows leave the server: the shapes of src/shared/api/home.ts,
 * for the lists computed here and, for the lessons and live sessions, as the JSON the database
 * writes (db/json.ts; docs/decisions/0030-lists-at-the-p8-bar.md).
 */
import { sql } from 'drizzle-orm'
import { DateTime } from 'luxon'
import { IdNameSchema } from '../../../src/shared/api/common.ts'
import {
  CONTENT_TYPE_NAMES,
  HomeContentSchema,
  LiveEventSchema,
  capProgress,
  type ForumPost,
  type Subject,
  type SubjectProgress,
  type UsedDuration,
  type Warning
} from '../../../src/shared/api/home.ts'
import { FORUM_URL, TUNIS_TIME_ZONE } from '../../../src/shared/constants.ts'
import { jsonConstant, jsonObject, jsonOrNull, jsonTime, jsonValue, jsonZonedIso, jsonZonedText } from '../db/json.ts'
import { chapters, contents, divisions, eventParticipants, liveEvents, subjects } from '../db/schema.ts'
import { localNameSql } from '../language.ts'
import type { ExpiringSubscription, ForumPostRow, SubjectWithStats } from '../services/home.ts'

/** A subject's progress: the mean over its videos, rounded, capped at 100; 0 for a subject without any. */
export function progressOf(row: Pick<SubjectWithStats, 'lessons' | 'sum'>): number {
  return row.lessons > 0 ? capProgress(Math.round(Number(row.sum) / row.lessons)) : 0
}

export function presentSubject(subject: SubjectWithStats): Subject {
  return {
    id: subject.id,
    o_id: subject.oId,
    name: subject.name,
    slug: subject.slug,
    thumbnail: subject.thumbnail,
    progress: progressOf(subject),
    color: subject.color,
    visible: subject.visible,
    position: subject.position,
    subjectVideos: Number(subject.videos)
  }
}

/** Each subject's progress, by subject id. */
export function presentSubjectsProgress(rows: SubjectWithStats[]): SubjectProgress[] {
  return rows.map((row) => ({ subject_id: row.id, progress: progressOf(row) })).sort((a, b) => a.subject_id - b.subject_id)
}

/** A subscription ending soon, counted in Tunis days from `today`. */
export function presentWarning({ endDate, groupName, sliceCount, slicesPaid }: ExpiringSubscription, today: DateTime): Warning {
  // A plan in instalments whose paid slices run out: the next slice opens the rest (decision 0034).
  const sliceDue = sliceCount != null && slicesPaid != null && slicesPaid < sliceCount
  return {
    groupeName: groupName,
    restDays: Math.round(DateTime.fromISO(endDate!, { zone: TUNIS_TIME_ZONE }).diff(today, 'days').days),
    expirationDate: endDate!,
    isSlice: sliceDue,
    sliceIndex: sliceDue ? slicesPaid + 1 : null
  }
}

export function presentForumPost(row: ForumPostRow): ForumPost {
  return {
    id: row.id,
    title: row.title,
    author: row.author,
    url: new URL(row.path, FORUM_URL).toString(),
    replies: row.replies,
    created_at: row.createdAt.toISOString()
  }
}

/** Free playback used and left of an allowance (seconds); whether `duration` more seconds fit. */
export function presentUsedDuration(used: number, total: number, duration: number): UsedDuration {
  const remaining = Math.max(0, total - used)
  return {
    used_duration: used,
    total_duration: total,
    remaining_duration: remaining,
    percentage: total > 0 ? capProgress(Math.round((used / total) * 100)) : 100,
    can_play: remaining > 0 && remaining >= duration,
    expired: remaining === 0
  }
}

/** The name of a content type (CONTENT_TYPE_NAMES), 'VIDEO' for another. */
const contentTypeName = sql`(case ${contents.typeId} ${sql.join(
  Object.entries(CONTENT_TYPE_NAMES).map(([id, name]) => sql`when ${Number(id)} then ${name}::text`),
  sql` `
)} else 'VIDEO' end)`

/**
 * A lesson of the home's lists as its answer's JSON: its subject, chapter, teacher and class, the
 * class named in the statement's language (parameter `lang`).
 */
export const homeContentJson = jsonObject(HomeContentSchema, {
  subject: jsonObject(HomeContentSchema.shape.subject, {
    id: jsonValue(subjects.id),
    name: jsonValue(subjects.name),
    slug: jsonValue(subjects.slug),
    thumbnail: jsonValue(subjects.thumbnail),
    color: jsonValue(subjects.color)
  }),
  content: jsonObject(HomeContentSchema.shape.content, {
    id: jsonValue(contents.id),
    name: jsonValue(contents.name),
    slug: jsonValue(contents.slug),
    type: jsonObject(HomeContentSchema.shape.content.shape.type, { id: jsonValue(contents.typeId), name: jsonValue(contentTypeName) }),
    is_free: jsonValue(contents.isFree),
    duration: jsonValue(contents.durationSeconds)
  }),
  chapter: jsonObject(HomeContentSchema.shape.chapter, {
    id: jsonValue(chapters.id),
    name: jsonValue(chapters.name),
    slug: jsonValue(chapters.slug),
    type: jsonValue(chapters.type)
  }),
  instructor: jsonOrNull(
    sql`${contents.instructorName} <> ''`,
    jsonObject(HomeContentSchema.shape.instructor.unwrap(), {
      name: jsonValue(contents.instructorName),
      last_name: jsonValue(sql`coalesce(${contents.instructorLastName}, '')`)
    })
  ),
  division: jsonObject(IdNameSchema, {
    id: jsonValue(subjects.divisionId),
    name: jsonValue(localNameSql(divisions.name, divisions.nameAr, sql.placeholder('lang')))
  }),
  createdAt: jsonTime(contents.createdAt)
})

/**
 * A live session as its answer's JSON: days and times are Tunis wall-clock values. Traineeships
 * (hessaty) and attendance come with the live-sessions work: their fields hold what a session
 * without them holds.
 */
export const liveEventJson = jsonObject(LiveEventSchema, {
  id: jsonValue(liveEvents.id),
  name: jsonValue(liveEvents.name),
  day: jsonValue(sql`extract(isodow from ${liveEvents.startsAt} at time zone ${sql.raw(`'${TUNIS_TIME_ZONE}'`)})::int`),
  subject: jsonObject(LiveEventSchema.shape.subject, {
    id: jsonValue(subjects.id),
    name: jsonValue(subjects.name),
    slug: jsonValue(subjects.slug),
    color: jsonValue(subjects.color)
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
  participated: jsonValue(
    sql`exists (select 1 from ${eventParticipants} where ${eventParticipants.eventId} = ${liveEvents.id} and ${eventParticipants.userId} = ${sql.placeholder('userId')})`
  ),
  disabled: jsonValue(liveEvents.disabled),
  teacher: jsonValue(liveEvents.teacher)
})
