/**
 * The rules of the learning screens (specification part 2, §2, §5 and §9), as plain functions:
 * which subjects show and in what order, progress capped at 100, the subject page's tabs, its
 * chapters grouped under their sections and numbered, the instructor's short name, what a
 * chapter counts, and where a chapter row leads.
 */
import { capProgress, type ChapterType } from '../../../../../shared/api/home.ts'
import { CHAPTER_TAB_ORDER, MAGAZINE_CONTENT_TYPE } from '../../../../../shared/api/learning.ts'
import { ApiError } from '../../../api/errors.ts'
import type { ChapterEntry, ChapterList, Subject, SubjectProgress } from '../api.ts'
import { lessonPath } from '../index.ts'

/** The side widget lists this many other subjects until 'voir plus' (part 2, §9). */
export const OTHER_SUBJECTS_SHOWN = 5

export interface SubjectCard {
  id: number
  name: string
  slug: string
  color: string | null
  thumbnail: string | null
  /** 0–100, whole. */
  progress: number
}

/** A subject as its page's side widget shows it: the card, and what its chapters count. */
export interface SubjectSummary extends SubjectCard {
  chapters: number
  videos: number
}

/** What a subject's or a lesson's page shows instead of it when it cannot have it. */
export type DetailsOutcome = 'notFound' | 'levelRefused' | 'failed'

/** Why a page's subject or lesson is not shown: unknown (404), another class's (the level message), or a failure to retry. */
export function detailsOutcome(load: { failed: boolean; error: unknown }): DetailsOutcome | null {
  if (!load.failed) return null
  const error = load.error
  if (error instanceof ApiError) {
    if (error.code === 'not_found' || error.status === 404) return 'notFound'
    if (error.code === 'level_not_allowed') return 'levelRefused'
  }
  return 'failed'
}

/** A figure shown as a whole percentage within 0–100 (part 2, §5). */
export function shownProgress(progress: number): number {
  return Math.round(capProgress(progress))
}

/**
 * The subjects grid: the visible subjects by position (then id), each with the progress
 * service's figure (the subject's own one when the service has none), capped at 100.
 */
export function subjectCards(subjects: readonly Subject[], progress: readonly SubjectProgress[] = []): SubjectCard[] {
  const figures = new Map(progress.map((entry) => [entry.subject_id, entry.progress]))
  return subjects
    .filter((subject) => subject.visible)
    .slice()
    .sort((a, b) => a.position - b.position || a.id - b.id)
    .map((subject) => ({
      id: subject.id,
      name: subject.name,
      slug: subject.slug,
      color: subject.color,
      thumbnail: subject.thumbnail,
      progress: shownProgress(figures.get(subject.id) ?? subject.progress)
    }))
}

/** A chapter's number on its row: 01 … 09, then 10, 11 … (part 2, §2: zero-padded up to 9). */
export function chapterNumber(index: number): string {
  return String(index + 1).padStart(2, '0')
}

/** The instructor as a row shows them: the first name's initial and the rest (`M. Ben Salah`). */
export function abbreviateInstructor(name: string | null): string | null {
  const words = (name ?? '').trim().split(/\s+/).filter(Boolean)
  if (words.length === 0) return null
  if (words.length === 1) return words[0]!
  const [first, ...rest] = words
  return `${Array.from(first!)[0]!.toLocaleUpperCase()}. ${rest.join(' ')}`
}

/** A lesson with nothing to show yet: a magazine (type 3) waits for its pages, another lesson for its video. */
export function emptyLessonText(contentType: number): 'lesson.noPages' | 'lesson.noVideo' {
  return contentType === MAGAZINE_CONTENT_TYPE ? 'lesson.noPages' : 'lesson.noVideo'
}

/** What a chapter's count counts: magazines in an exam chapter, videos otherwise (part 2, §2). */
export type CountKind = 'magazines' | 'videos'
export function countKind(type: ChapterType): CountKind {
  return type === 'exam' ? 'magazines' : 'videos'
}

export interface TabView {
  type: ChapterType
  /** Chapters shown under it. */
  count: number
  /** No chapter: shown, not selectable. */
  disabled: boolean
}

/** The four tabs in their order, each disabled when no chapter of the subject is of its type. */
export function tabViews(list: Pick<ChapterList, 'chapters'>): TabView[] {
  return CHAPTER_TAB_ORDER.map((type) => {
    const count = list.chapters.filter((entry) => entry.chapter.type === type).length
    return { type, count, disabled: count === 0 }
  })
}

/** The tab opened first: course, or the first tab with chapters when course has none. */
export function defaultTab(tabs: readonly TabView[]): ChapterType {
  const course = tabs.find((tab) => tab.type === 'course')
  if (course && !course.disabled) return 'course'
  return tabs.find((tab) => !tab.disabled)?.type ?? 'course'
}

export interface ChapterRow {
  id: number
  number: string
  name: string
  instructor: string | null
  count: number
  countKind: CountKind
  progress: number
  /** The first lesson's route (null while the chapter has none). */
  path: string | null
}

export interface SectionGroup {
  /** null: the chapters outside any section. */
  id: number | null
  name: string | null
  chapters: ChapterRow[]
}

/** The route of a chapter's first lesson (null while it has none). */
export function firstLessonPath(subjectSlug: string, entry: Pick<ChapterEntry, 'chapter' | 'firstLessonSlug'>): string | null {
  return entry.firstLessonSlug ? lessonPath(subjectSlug, entry.chapter, entry.firstLessonSlug) : null
}

/**
 * A tab's chapters under their sections: the chapters outside any section first, then each
 * section by position; chapters by position within each. Numbers run through the tab in the
 * order shown.
 */
export function sectionGroups(list: ChapterList, tab: ChapterType): SectionGroup[] {
  const entries = list.chapters
    .filter((entry) => entry.chapter.type === tab)
    .slice()
    .sort((a, b) => a.chapter.position - b.chapter.position || a.chapter.id - b.chapter.id)
  const sections = list.chapterSections
    .filter((section) => entries.some((entry) => entry.chapter.chapter_sections?.id === section.id))
    .slice()
    .sort((a, b) => a.sectionPosition - b.sectionPosition || a.id - b.id)
  const known = new Set(sections.map((section) => section.id))
  const groups: { id: number | null; name: string | null; entries: ChapterEntry[] }[] = [
    { id: null, name: null, entries: entries.filter((entry) => !known.has(entry.chapter.chapter_sections?.id ?? -1)) },
    ...sections.map((section) => ({
      id: section.id,
      name: section.name,
      entries: entries.filter((entry) => entry.chapter.chapter_sections?.id === section.id)
    }))
  ]
  let index = 0
  return groups
    .filter((group) => group.entries.length > 0)
    .map((group) => ({
      id: group.id,
      name: group.name,
      chapters: group.entries.map((entry) => ({
        id: entry.chapter.id,
        number: chapterNumber(index++),
        name: entry.chapter.name,
        instructor: abbreviateInstructor(entry.instructor),
        count: entry.nbContent,
        countKind: countKind(entry.chapter.type),
        progress: shownProgress(entry.progress),
        path: firstLessonPath(list.subject.slug, entry)
      }))
    }))
}
