/**
 * Video reports (part 2, §3–§5; docs/decisions/0039-video-reports.md): the reasons, a pupil's
 * reports, creating one on a lesson the pupil can open, changing or deleting it while it is
 * pending, and the operator's steps — pending → in progress → rejected | resolved — each told to
 * the pupil by a notification once it has committed.
 */
import { and, desc, eq, sql } from 'drizzle-orm'
import type { VideoReportBody, VideoReportDecision } from '../../../src/shared/api/videoReports.ts'
import { videoReportProblems } from '../../../src/shared/rules/videoReport.ts'
import type { Db, Executor } from '../db/client.ts'
import { jsonListStatement, positionedListStatement } from '../db/json.ts'
import { preparedFor } from '../db/prepared.ts'
import { chapters, contents, subjects, users, videoReportReasons, videoReports } from '../db/schema.ts'
import { ApiError, fieldError } from '../errors.ts'
import type { UserRow } from '../http.ts'
import type { Language } from '../language.ts'
import { reasonJson, reportJson } from '../presenters/videoReports.ts'
import { inTransaction } from './ledger.ts'
import type { NotificationService } from './notifications.ts'
import { openLessonById } from './reactions.ts'

export type StoredStatus = 'pending' | 'in_progress' | 'rejected' | 'resolved'
export type ReasonRow = typeof videoReportReasons.$inferSelect

/** A report with its reason, its lesson (and where that lesson lives) and its author. */
export type ReportView = {
  report: typeof videoReports.$inferSelect
  reason: ReasonRow
  content: { id: number; name: string; slug: string; chapterSlug: string; subjectSlug: string }
  user: { id: number; name: string; lastName: string }
}

const reasonsQuery = preparedFor((db) => positionedListStatement(db, videoReportReasons, reasonJson, 'video_report_reasons'))

/** The reasons, worded in `lang`, as the answer's JSON: one statement (docs/decisions/0030-lists-at-the-p8-bar.md). */
export async function reportReasonsJson(db: Executor, lang: Language): Promise<string> {
  const [row] = await reasonsQuery(db).execute({ lang })
  return row!.json
}

const ownReportsQuery = preparedFor((db) => {
  const listed = db
    .select({ id: videoReports.id, createdAt: videoReports.createdAt, json: reportJson.as('json') })
    .from(videoReports)
    .innerJoin(videoReportReasons, eq(videoReportReasons.id, videoReports.reasonId))
    .innerJoin(contents, eq(contents.id, videoReports.contentId))
    .innerJoin(chapters, eq(chapters.id, contents.chapterId))
    .innerJoin(subjects, eq(subjects.id, chapters.subjectId))
    .where(eq(videoReports.userId, sql.placeholder('userId')))
    .as('listed')
  return jsonListStatement(db, listed, sql`${listed.createdAt} desc, ${listed.id} desc`, 'own_video_reports')
})

/** A pupil's reports, the latest first, worded in `lang`, as the answer's JSON: one statement. */
export async function ownReportsJson(db: Executor, userId: number, lang: Language): Promise<string> {
  const [row] = await ownReportsQuery(db).execute({ userId, lang })
  return row!.json
}

function viewQuery(db: Executor) {
  return db
    .select({
      report: videoReports,
      reason: videoReportReasons,
      content: { id: contents.id, name: contents.name, slug: contents.slug, chapterSlug: chapters.slug, subjectSlug: subjects.slug },
      user: { id: users.id, name: users.name, lastName: users.lastName }
    })
    .from(videoReports)
    .innerJoin(videoReportReasons, eq(videoReportReasons.id, videoReports.reasonId))
    .innerJoin(contents, eq(contents.id, videoReports.contentId))
    .innerJoin(chapters, eq(chapters.id, contents.chapterId))
    .innerJoin(subjects, eq(subjects.id, chapters.subjectId))
    .innerJoin(users, eq(users.id, videoReports.userId))
}

export async function reportsByStatus(db: Executor, status: StoredStatus | undefined): Promise<ReportView[]> {
  return viewQuery(db)
    .where(status ? eq(videoReports.status, status) : undefined)
    .orderBy(desc(videoReports.createdAt), desc(videoReports.id))
    .limit(200)
}

async function reportView(db: Executor, id: number): Promise<ReportView> {
  const [view] = await viewQuery(db).where(eq(videoReports.id, id)).limit(1)
  if (!view) throw reportNotFound()
  return view
}

function reportNotFound(): ApiError {
  return new ApiError('not_found', 'Signalement introuvable')
}

function notPending(): ApiError {
  return new ApiError('video_report_not_pending', 'Seul un signalement en attente peut être modifié ou supprimé')
}

/** The form checked (part 2, §5) and its reason known: what is stored. */
async function checkedForm(db: Executor, body: VideoReportBody): Promise<{ reasonId: number; description: string }> {
  const problems = videoReportProblems(body)
  if (Object.keys(problems).length > 0) throw fieldError(problems)
  const [reason] = await db
    .select({ id: videoReportReasons.id })
    .from(videoReportReasons)
    .where(eq(videoReportReasons.id, body.reportReason!))
    .limit(1)
  if (!reason) throw fieldError({ reportReason: ['common.invalid'] })
  return { reasonId: reason.id, description: body.description!.trim() }
}

export async function createReport(db: Executor, user: UserRow, body: VideoReportBody, now: Date): Promise<ReportView> {
  const form = await checkedForm(db, body)
  const lesson = await openLessonById(db, user, body.content, now)
  const [row] = await db
    .insert(videoReports)
    .values({
      userId: user.id,
      contentId: lesson.contentId,
      reasonId: form.reasonId,
      description: form.description,
      createdAt: now,
      updatedAt: now
    })
    .returning({ id: videoReports.id })
  return reportView(db, row!.id)
}

/** A pupil's own report, or 404 (another pupil's report is not theirs to know of). */
async function ownReport(db: Executor, userId: number, id: number): Promise<typeof videoReports.$inferSelect> {
  const [row] = await db
    .select()
    .from(videoReports)
    .where(and(eq(videoReports.id, id), eq(videoReports.userId, userId)))
    .limit(1)
  if (!row) throw reportNotFound()
  return row
}

export async function updateReport(db: Executor, user: UserRow, id: number, body: VideoReportBody, now: Date): Promise<ReportView> {
  const current = await ownReport(db, user.id, id)
  if (current.status !== 'pending') throw notPending()
  const form = await checkedForm(db, body)
  const lesson = body.content === current.contentId ? { contentId: current.contentId } : await openLessonById(db, user, body.content, now)
  // Only while still pending: an operator's step taken meanwhile wins.
  const [row] = await db
    .update(videoReports)
    .set({ contentId: lesson.contentId, reasonId: form.reasonId, description: form.description, updatedAt: now })
    .where(and(eq(videoReports.id, id), eq(videoReports.userId, user.id), eq(videoReports.status, 'pending')))
    .returning({ id: videoReports.id })
  if (!row) throw notPending()
  return reportView(db, row.id)
}

export async function deleteReport(db: Executor, userId: number, id: number): Promise<void> {
  await ownReport(db, userId, id)
  const removed = await db
    .delete(videoReports)
    .where(and(eq(videoReports.id, id), eq(videoReports.userId, userId), eq(videoReports.status, 'pending')))
    .returning({ id: videoReports.id })
  if (removed.length === 0) throw notPending()
}

/** The steps an operator may take: from which state, to which. */
const STEPS: Record<VideoReportDecision, { from: StoredStatus; to: StoredStatus }> = {
  start: { from: 'pending', to: 'in_progress' },
  reject: { from: 'in_progress', to: 'rejected' },
  resolve: { from: 'in_progress', to: 'resolved' }
}

const NOTICES: Record<Exclude<StoredStatus, 'pending'>, (lesson: string, reason: string | null) => { title: string; body: string }> = {
  in_progress: (lesson) => ({
    title: 'Signalement en cours de traitement',
    body: `Votre signalement de la vidéo « ${lesson} » est en cours de traitement.`
  }),
  rejected: (lesson, reason) => ({
    title: 'Signalement refusé',
    body: `Votre signalement de la vidéo « ${lesson} » a été refusé${reason ? ` : ${reason}` : '.'}`
  }),
  resolved: (lesson) => ({ title: 'Signalement résolu', body: `Le problème signalé sur la vidéo « ${lesson} » a été corrigé. Merci !` })
}

/** An operator's step on a report; the pupil is told once it has committed. */
export async function decideReport(
  db: Db,
  notifications: NotificationService,
  id: number,
  decision: VideoReportDecision,
  rejectReason: string | null,
  now: Date
): Promise<ReportView> {
  const step = STEPS[decision]
  let told: Parameters<NotificationService['publish']>[0] | null = null
  const view = await inTransaction(db, async (tx) => {
    const [row] = await tx
      .update(videoReports)
      .set({ status: step.to, rejectReason: decision === 'reject' ? rejectReason : null, updatedAt: now })
      .where(and(eq(videoReports.id, id), eq(videoReports.status, step.from)))
      .returning({ id: videoReports.id })
    if (!row) {
      const [exists] = await tx.select({ status: videoReports.status }).from(videoReports).where(eq(videoReports.id, id)).limit(1)
      if (!exists) throw reportNotFound()
      throw new ApiError(
        'operation_impossible',
        `Ce signalement est « ${exists.status} » : « ${decision} » n'est possible que depuis « ${step.from} »`
      )
    }
    const current = await reportView(tx, id)
    const notice = NOTICES[step.to as Exclude<StoredStatus, 'pending'>](current.content.name, current.report.rejectReason)
    told = await notifications.store(tx, { userId: current.report.userId, ...notice, link: '/reports', type: 'updateVideoReport' })
    return current
  })
  if (told) notifications.publish(told)
  return view
}
