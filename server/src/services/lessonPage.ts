/**
 * What the lesson screen reads (part 2, §3), in ONE statement whose one field is JSON, parsed once
 * (docs/decisions/0030-lists-at-the-p8-bar.md): the subject of the pupil's class, the pupil's
 * progress in its lessons (the catalogue itself, the same for the whole class, is kept in memory by
 * subject: services/catalogue.ts), what opens its lessons for the pupil (the same subquery as
 * `subjectAccess`), the offers of the groups that block attachments, and for the lesson the path
 * names (chapter and lesson by slug, else by id, the first in their order as pickChapter and
 * pickContent take them): its videos, magazine pages, attachments and whether it is bookmarked.
 *
 * The side reads are made for the lesson whether or not it is open: the route gives no address
 * for a locked one's videos and pages, as before.
 */
import { and, eq, sql } from 'drizzle-orm'
import { ATTACHMENT_BLOCKED_GROUP_IDS } from '../../../src/shared/rules/attachments.ts'
import type { DatedOffer } from '../../../src/shared/rules/activeOffers.ts'
import { tunisDate } from '../clock.ts'
import type { Executor } from '../db/client.ts'
import { preparedFor } from '../db/prepared.ts'
import {
  contentAttachments,
  contentBookmarks,
  contentPages,
  contents,
  contentVideos,
  chapters,
  liveEvents,
  subjects,
  userOffers
} from '../db/schema.ts'
import type { UserRow } from '../http.ts'
import type { AnswerCache } from './answerCache.ts'
import type { AttachmentRow } from './attachments.ts'
import {
  accessFrom,
  accessOffersSql,
  catalogueJson,
  catalogueRows,
  idIn,
  subjectProgressSql,
  subjectRefusal,
  usedFreeSecondsSql,
  type AccessOffer,
  type CatalogueRow,
  type ProgressJson,
  type SubjectAccess,
  type SubjectRow,
  type VideoRow
} from './catalogue.ts'

/** An instant as JSON, to the millisecond, whatever the session's time zone. */
const isoUtc = (column: unknown) => sql`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`

const blockedGroups = sql.raw(ATTACHMENT_BLOCKED_GROUP_IDS.map((id) => String(Math.trunc(id))).join(', '))

const lessonPageQuery = preparedFor((db) => {
  // The chapter and lesson the path names, as pickChapter and pickContent take them.
  const chapter = sql`(select c.id from ${chapters} c where c.subject_id = ${subjects.id}
    and (c.slug = ${sql.placeholder('chapterRef')} or c.id = ${sql.placeholder('chapterId')})
    order by c.slug = ${sql.placeholder('chapterRef')} desc, c.position, c.id limit 1)`
  const side = sql`(select json_build_object(
      'contentId', t.id,
      'videos', (select coalesce(json_agg(json_build_object('id', v.id, 'storageKey', v.storage_key, 'mimeType', v.mime_type,
          'size', v.size, 'durationSeconds', v.duration_seconds, 'eventStart', ${isoUtc(sql`e.starts_at`)})
        order by v.position, v.id), '[]'::json)
        from ${contentVideos} v left join ${liveEvents} e on e.id = v.live_event_id where v.content_id = t.id),
      'pages', (select coalesce(json_agg(p.id order by p.position), '[]'::json) from ${contentPages} p where p.content_id = t.id),
      'attachments', (select coalesce(json_agg(json_build_object('id', a.id, 'contentId', a.content_id, 'name', a.name,
          'storageKey', a.storage_key, 'mimeType', a.mime_type, 'size', a.size, 'createdAt', ${isoUtc(sql`a.created_at`)})
        order by a.id), '[]'::json)
        from ${contentAttachments} a where a.content_id = t.id),
      'bookmarked', exists (select 1 from ${contentBookmarks} b where b.user_id = ${sql.placeholder('userId')} and b.content_id = t.id))
    from ${contents} t where t.chapter_id = ${chapter}
      and (t.slug = ${sql.placeholder('contentRef')} or t.id = ${sql.placeholder('contentId')})
    order by t.slug = ${sql.placeholder('contentRef')} desc, t.position, t.id limit 1)`
  const blocked = sql`(select coalesce(json_agg(json_build_object('group_id', o.group_id, 'start_date', o.start_date, 'end_date', o.end_date)), '[]'::json)
    from ${userOffers} o where o.user_id = ${sql.placeholder('userId')} and o.group_id in (${blockedGroups}))`
  const subject = sql`json_build_object('id', ${subjects.id}, 'oId', ${subjects.oId}, 'divisionId', ${subjects.divisionId},
    'name', ${subjects.name}, 'slug', ${subjects.slug}, 'thumbnail', ${subjects.thumbnail}, 'color', ${subjects.color},
    'position', ${subjects.position}, 'visible', ${subjects.visible})`
  return (
    db
      .select({
        json: sql<string>`json_build_object('subject', ${subject}, 'progress', ${subjectProgressSql(subjects.id)}::json,
          'used', ${usedFreeSecondsSql()}, 'offers', ${accessOffersSql(subjects.id)}::json, 'blocked', ${blocked}, 'lesson', ${side})::text`
      })
      .from(subjects)
      // The subject as findSubject takes it: of the pupil's class, visible, a slug that looks like an id still a slug first.
      .where(
        and(
          eq(subjects.divisionId, sql.placeholder('divisionId')),
          eq(subjects.visible, true),
          sql`(${subjects.slug} = ${sql.placeholder('ref')} or ${subjects.id} = ${sql.placeholder('id')})`
        )
      )
      .orderBy(sql`${subjects.slug} = ${sql.placeholder('ref')} desc`)
      .limit(1)
      .prepare('learning_lesson_page')
  )
})

export type LessonSide = {
  /** The lesson the path names (null for none: the route answers 404). */
  contentId: number
  videos: VideoRow[]
  /** Its magazine pages' ids, in page order. */
  pages: number[]
  attachments: AttachmentRow[]
  bookmarked: boolean
}

export type LessonPage = {
  subject: SubjectRow
  rows: CatalogueRow[]
  access: SubjectAccess
  /** The pupil's offers of the groups that block attachments (rules/activeOffers.ts reads which are active). */
  blockedOffers: DatedOffer[]
  lesson: LessonSide | null
}

type LessonPageJson = {
  subject: SubjectRow
  progress: ProgressJson
  used: number
  offers: AccessOffer[]
  blocked: DatedOffer[]
  lesson:
    | (Omit<LessonSide, 'videos' | 'attachments'> & {
        videos: Array<Omit<VideoRow, 'eventStart'> & { eventStart: string | null }>
        attachments: Array<Omit<AttachmentRow, 'createdAt'> & { createdAt: string }>
      })
    | null
}

/**
 * The lesson screen's reads for the path's subject, chapter and lesson refs; a subject that is
 * not the pupil's class's is refused as findSubject refuses it (403 another class's, 404 none).
 */
export async function lessonPage(
  db: Executor,
  cache: AnswerCache,
  user: UserRow,
  refs: { subject: string; chapter: string; content: string },
  now: Date
): Promise<LessonPage> {
  const [read] =
    user.divisionId == null
      ? []
      : await lessonPageQuery(db).execute({
          userId: user.id,
          divisionId: user.divisionId,
          today: tunisDate(now),
          ref: refs.subject,
          id: idIn(refs.subject, false),
          chapterRef: refs.chapter,
          chapterId: idIn(refs.chapter, false),
          contentRef: refs.content,
          contentId: idIn(refs.content, true)
        })
  if (!read) throw await subjectRefusal(db, refs.subject)
  const page = JSON.parse(read.json) as LessonPageJson
  // The subject's chapters and lessons, the same for the whole class: kept in memory by subject.
  const catalogue = await catalogueJson(db, cache, page.subject.id, now)
  const lesson = page.lesson && {
    ...page.lesson,
    videos: page.lesson.videos.map((video) => ({ ...video, eventStart: video.eventStart === null ? null : new Date(video.eventStart) })),
    attachments: page.lesson.attachments.map((file) => ({ ...file, createdAt: new Date(file.createdAt) }))
  }
  return {
    subject: page.subject,
    rows: catalogueRows(catalogue, page.progress),
    access: accessFrom(user, Number(page.used), page.offers),
    blockedOffers: page.blocked,
    lesson
  }
}
