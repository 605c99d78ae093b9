/**
 * The learning catalogue (part 2, §2, §3 and §7): a subject's chapters, a chapter's lessons, a
 * lesson with its video at an address signed for the pupil, and the video itself with HTTP
 * ranges. Who may open what is decided in services/catalogue.ts
 * (docs/decisions/0027-learning-access-and-progress.md).
 */
import type { FastifyInstance } from 'fastify'
import { learningEndpoints as ep, VIDEO_CONTENT_TYPES } from '../../../src/shared/api/learning.ts'
import { addRoute, presented, type UserRow } from '../http.ts'
import { presentChapterContents, presentChapterList, presentLesson } from '../presenters/learning.ts'
import type { Services } from '../services.ts'
import {
  findSubject,
  findVideo,
  lessonAccess,
  meanProgress,
  notFound,
  pickChapter,
  subjectAccess,
  subjectCatalogue
} from '../services/catalogue.ts'
import { attachmentsDownloadable } from '../../../src/shared/rules/attachments.ts'
import { blockedGroupsActive, createAttachmentSigner } from '../services/attachments.ts'
import { createMediaSigner } from '../services/lessonMedia.ts'
import { lessonPage } from '../services/lessonPage.ts'
import { createPageSigner, MAGAZINE_CONTENT_TYPE } from '../services/magazines.ts'
import { signedFileHandler } from './media.ts'

export function registerLearningRoutes(app: FastifyInstance, services: Services): void {
  const { db } = services.database
  const media = createMediaSigner(services.secrets.storageSecret, services.clock)
  const attachmentSigner = createAttachmentSigner(services.secrets.storageSecret, services.clock)
  const pageSigner = createPageSigner(services.secrets.storageSecret, services.clock)

  /** The subject, its rows and what opens its lessons for the pupil. */
  async function loadSubject(user: UserRow, ref: string) {
    const subject = await findSubject(db, user, ref)
    const [rows, access] = await Promise.all([
      subjectCatalogue(db, services.answers.catalogues, user.id, subject.id, services.clock.now()),
      subjectAccess(db, user, subject.id, services.clock.now())
    ])
    return { subject, rows, access }
  }

  addRoute(app, services, ep.chapters, async ({ auth, params }) => {
    const subject = await findSubject(db, auth.user, params.slug)
    const rows = await subjectCatalogue(db, services.answers.catalogues, auth.user.id, subject.id, services.clock.now())
    const videos = rows.filter((row) => row.content && VIDEO_CONTENT_TYPES.includes(row.content.typeId)).length
    return presented(ep.chapters, presentChapterList(subject, { progress: meanProgress(rows), subjectVideos: videos }, rows))
  })

  for (const [endpoint, recordingsOnly] of [
    [ep.chapterContents, false],
    [ep.recordingContents, true]
  ] as const) {
    addRoute(app, services, endpoint, async ({ auth, params }) => {
      const { subject, rows, access } = await loadSubject(auth.user, params.subject)
      const chapter = pickChapter(rows, params.chapter)
      if (!chapter || (recordingsOnly && chapter.type !== 'recording')) throw notFound('chapter')
      return presented(endpoint, presentChapterContents(subject, chapter, rows, access))
    })
  }

  addRoute(app, services, ep.lesson, async ({ auth, params }) => {
    // The subject, its catalogue, its access and the lesson's side reads: one statement.
    const now = services.clock.now()
    const { subject, rows, access, blockedOffers, lesson } = await lessonPage(db, services.answers.catalogues, auth.user, params, now)
    const chapter = pickChapter(rows, params.chapter)
    if (!chapter) throw notFound('chapter')
    // The lesson the statement named (as pickContent names it) and read the side of.
    const row = lesson && rows.find((item) => item.chapter.id === chapter.id && item.content?.id === lesson.contentId)
    if (!row?.content || !lesson) throw notFound('lesson')
    const { locked } = lessonAccess(access, chapter.id, row.content.isFree)
    // Nothing is signed for a locked lesson.
    const videos = locked ? [] : lesson.videos.map((video) => ({ row: video, signed: media.sign(video.id, auth.user.id) }))
    // Listed always; an address only for a pupil who may download them (part 2, §5).
    const downloadable = attachmentsDownloadable(locked, blockedGroupsActive(blockedOffers, now))
    const attachments = lesson.attachments.map((file) => ({
      row: file,
      url: downloadable ? attachmentSigner.sign(file.id, auth.user.id) : null
    }))
    const pageIds = locked || row.content.typeId !== MAGAZINE_CONTENT_TYPE ? [] : lesson.pages
    const pages = pageIds.map((id) => ({ url: pageSigner.sign(id, auth.user.id) }))
    const bookmarked = lesson.bookmarked
    return presented(
      ep.lesson,
      presentLesson(subject, { ...row, content: row.content }, rows, access, { videos, bookmarked, attachments, pages })
    )
  })

  addRoute(
    app,
    services,
    ep.lessonVideo,
    signedFileHandler(
      services,
      { verify: (id, query) => media.verify(id, query) !== null },
      'Lien de lecture invalide ou expiré',
      'Vidéo introuvable',
      async (id) => {
        const video = await findVideo(db, id)
        return video && { storageKey: video.storageKey, contentType: video.mimeType, headers: { 'cache-control': 'private, max-age=300' } }
      },
      { ranges: true }
    )
  )
}
