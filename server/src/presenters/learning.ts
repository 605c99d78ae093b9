/** The only way the learning catalogue's rows leave the server: the shapes of src/shared/api/learning.ts. */
import type { ChapterType, Subject } from '../../../src/shared/api/home.ts'
import { CONTENT_TYPE_NAMES } from '../../../src/shared/api/home.ts'
import {
  CHAPTER_TAB_ORDER,
  CHAPTER_TABS,
  encodePlaybackInfo,
  type ChapterContents,
  type ChapterEntry,
  type ChapterList,
  type Lesson,
  type LessonEntry,
  type LessonSection,
  type PlaybackProgress,
  type Section
} from '../../../src/shared/api/learning.ts'
import {
  compareChapters,
  lessonAccess,
  meanProgress,
  orderLessons,
  type CatalogueRow,
  type SubjectAccess,
  type SubjectRow,
  type VideoRow
} from '../services/catalogue.ts'
import type { AttachmentRow } from '../services/attachments.ts'
import type { SignedMedia } from '../services/lessonMedia.ts'

type Content = NonNullable<CatalogueRow['content']>
type WithContent = CatalogueRow & { content: Content }

const hasContent = (row: CatalogueRow): row is WithContent => row.content !== null

export function presentProgress(contentId: number, progress: CatalogueRow['progress']): PlaybackProgress {
  return {
    content_id: contentId,
    completed: progress?.completed ?? false,
    percentage: progress?.percentage ?? 0,
    lastWatchedSecond: progress?.lastWatchedSecond ?? 0,
    watchedSeconds: progress?.watchedSeconds ?? 0
  }
}

function presentEntry(row: WithContent, access: SubjectAccess): LessonEntry {
  const { content } = row
  return {
    id: content.id,
    slug: content.slug,
    name: content.name,
    type: { id: content.typeId, name: CONTENT_TYPE_NAMES[content.typeId] ?? 'VIDEO' },
    position: content.position,
    duration: content.durationSeconds,
    is_free: content.isFree,
    locked: lessonAccess(access, row.chapter.id, content.isFree).locked,
    created_at: content.createdAt.toISOString(),
    progress: presentProgress(content.id, row.progress)
  }
}

/** The rows grouped by chapter, chapters in the page's order. */
function byChapter(rows: CatalogueRow[]): CatalogueRow[][] {
  const groups = new Map<number, CatalogueRow[]>()
  for (const row of [...rows].sort(compareChapters)) {
    const group = groups.get(row.chapter.id)
    if (group) group.push(row)
    else groups.set(row.chapter.id, [row])
  }
  return [...groups.values()]
}

function presentSection(section: NonNullable<CatalogueRow['section']>): Section {
  const type = section.type
  return { id: section.id, name: section.name, sectionPosition: section.position, tabId: CHAPTER_TABS[type], type }
}

export function presentChapterList(
  subject: SubjectRow,
  subjectStats: Pick<Subject, 'progress' | 'subjectVideos'>,
  rows: CatalogueRow[]
): ChapterList {
  const chapters = byChapter(rows).map((group): ChapterEntry => {
    const { chapter } = group[0]!
    const lessons = orderLessons(chapter.type, group.filter(hasContent))
    return {
      chapter: {
        id: chapter.id,
        slug: chapter.slug,
        name: chapter.name,
        type: chapter.type,
        position: chapter.position,
        chapter_sections: chapter.sectionId != null ? { id: chapter.sectionId } : null
      },
      firstLessonSlug: lessons[0]?.content.slug ?? null,
      instructor: chapter.instructor,
      nbContent: lessons.length,
      progress: meanProgress(group),
      tabId: CHAPTER_TABS[chapter.type]
    }
  })
  const sections = new Map<number, Section>()
  for (const row of [...rows].sort(compareChapters))
    if (row.section && !sections.has(row.section.id)) sections.set(row.section.id, presentSection(row.section))
  return {
    subject: {
      id: subject.id,
      o_id: subject.oId,
      name: subject.name,
      slug: subject.slug,
      thumbnail: subject.thumbnail,
      progress: subjectStats.progress,
      color: subject.color,
      visible: subject.visible,
      position: subject.position,
      subjectVideos: subjectStats.subjectVideos,
      nbChapters: chapters.length
    },
    chapters,
    chapterSections: [...sections.values()],
    tabs: CHAPTER_TAB_ORDER.map((type) => ({
      id: CHAPTER_TABS[type],
      type,
      nbChapters: chapters.filter((entry) => entry.chapter.type === type).length
    }))
  }
}

function subjectRef(subject: SubjectRow) {
  return { id: subject.id, slug: subject.slug, name: subject.name, color: subject.color, thumbnail: subject.thumbnail }
}

function chapterRef(chapter: CatalogueRow['chapter']) {
  return {
    id: chapter.id,
    slug: chapter.slug,
    name: chapter.name,
    type: chapter.type,
    instructor: chapter.instructor,
    tabId: CHAPTER_TABS[chapter.type],
    sectionId: chapter.sectionId
  }
}

export function presentChapterContents(
  subject: SubjectRow,
  chapter: CatalogueRow['chapter'],
  rows: CatalogueRow[],
  access: SubjectAccess
): ChapterContents {
  const lessons = orderLessons(
    chapter.type,
    rows.filter((row): row is WithContent => row.chapter.id === chapter.id && hasContent(row))
  )
  return {
    payload: { subject: subjectRef(subject), chapter: chapterRef(chapter), contents: lessons.map((row) => presentEntry(row, access)) }
  }
}

/** The side list: every section of the subject (chapters outside any under a section of their own), chapters and lessons in order. */
function presentSections(rows: CatalogueRow[], access: SubjectAccess): LessonSection[] {
  const sections: LessonSection[] = []
  for (const group of byChapter(rows)) {
    const { chapter, section } = group[0]!
    const sectionId = section?.id ?? null
    let entry = sections.at(-1)
    if (!entry || entry.sectionId !== sectionId || entry.type !== chapter.type || sectionId === null) {
      entry = {
        sectionId,
        sectionName: section?.name ?? chapter.name,
        sectionPosition: section?.position ?? 0,
        tabId: CHAPTER_TABS[chapter.type],
        type: section?.type ?? chapter.type,
        chapters: []
      }
      sections.push(entry)
    }
    const lessons = orderLessons(chapter.type, group.filter(hasContent))
    entry.chapters.push({
      id: chapter.id,
      slug: chapter.slug,
      name: chapter.name,
      type: chapter.type,
      position: chapter.position,
      contents: lessons.map((row) => presentEntry(row, access))
    })
  }
  return sections
}

export type LessonPlayback = {
  videos: Array<{ row: VideoRow; signed: SignedMedia }>
  /** The pupil bookmarked the lesson. */
  bookmarked: boolean
  /** The lesson's files, each with its signed address when the pupil may download it. */
  attachments: Array<{ row: AttachmentRow; url: string | null }>
  /** A magazine's pages in order, each at its signed address. */
  pages: Array<{ url: string }>
}

export function presentLesson(
  subject: SubjectRow,
  row: WithContent,
  rows: CatalogueRow[],
  access: SubjectAccess,
  playback: LessonPlayback
): Lesson {
  const { content, chapter } = row
  const state = lessonAccess(access, chapter.id, content.isFree)
  // A locked lesson's answer carries no playable address.
  const videos = state.locked ? [] : playback.videos
  const first = videos[0]
  return {
    content: {
      id: content.id,
      slug: content.slug,
      name: content.name,
      type: { id: content.typeId, name: CONTENT_TYPE_NAMES[content.typeId] ?? 'VIDEO' },
      instructor: content.instructorName
        ? { name: content.instructorName, last_name: content.instructorLastName ?? '', description: content.instructorDescription }
        : null,
      content_videos: videos.map(({ row: video, signed }) => ({
        id: video.id,
        url: signed.url,
        duration: video.durationSeconds,
        mime_type: video.mimeType,
        event: video.eventStart ? { start_date: video.eventStart.toISOString() } : null
      })),
      created_at: content.createdAt.toISOString(),
      is_free: content.isFree,
      duration: content.durationSeconds
    },
    subject: subjectRef(subject),
    chapter: chapterRef(chapter),
    tabId: CHAPTER_TABS[chapter.type as ChapterType],
    sections: presentSections(rows, access),
    locked: state.locked,
    lockedVideo: videos.length === 0,
    freeHours: state.freeHours,
    attachments: playback.attachments.map(({ row: file, url }) => ({
      id: file.id,
      name: file.name,
      url,
      size: file.size,
      mime_type: file.mimeType
    })),
    otp: first ? first.signed.token : null,
    playbackInfo: first
      ? encodePlaybackInfo({
          videoId: first.row.id,
          url: first.signed.url,
          expiresAt: new Date(first.signed.expires * 1000).toISOString(),
          mimeType: first.row.mimeType
        })
      : null,
    bookmarked: playback.bookmarked,
    // Like the videos, no page address leaves for a locked lesson.
    pages: state.locked ? [] : playback.pages,
    rtl: content.rtl,
    content_qcm_id: content.qcmId,
    progress: presentProgress(content.id, row.progress)
  }
}
