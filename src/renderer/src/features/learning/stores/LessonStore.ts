/**
 * One lesson's page (part 2, §2 lesson view): the lesson with its video's signed address, the
 * side list of the subject's sections and lessons, the previous and next lessons, and the
 * pupil's progress in it as the ticks' answers move it. An unknown lesson is the 404 page,
 * another class's the level message; a locked one the unlock prompt.
 */
import { makeAutoObservable } from 'mobx'
import type { PlaybackProgress } from '../../../../../shared/api/learning.ts'
import { Resource } from '../../../lib/loadable.ts'
import type { LearningApi, Lesson, LessonEntry, LessonSection } from '../api.ts'
import { lessonPath } from '../index.ts'
import { detailsOutcome, shownProgress, type DetailsOutcome } from './learningRules.ts'

/** Where a lesson is: the slugs (or ids) of its subject and chapter, and its own. */
/** How long a lesson's answer is shown again without asking (its signed address lasts 5 minutes). */
export const LESSON_FRESH_MS = 60_000

export interface LessonAddress {
  subject: string
  chapter: string
  content: string
}

/** A lesson of the side list, with its route. */
export interface LessonLink {
  id: number
  name: string
  path: string
  locked: boolean
  completed: boolean
  percentage: number
  duration: number | null
  current: boolean
}

export interface SideSection {
  key: string
  name: string
  chapters: { id: number; name: string; lessons: LessonLink[] }[]
}

/** The course view's lesson parameter: the id is the part before the first hyphen (`12-les-fractions` → `12`). */
export function courseLessonId(parameter: string): string {
  const head = parameter.split('-')[0] ?? ''
  return /^\d+$/.test(head) ? head : parameter
}

/** The side list: the lesson's tab only (the other tabs are other kinds of chapters), by section and position. */
export function sideSections(lesson: Lesson, progressOf: (entry: LessonEntry) => PlaybackProgress): SideSection[] {
  return lesson.sections
    .filter((section) => section.tabId === lesson.tabId)
    .map((section: LessonSection) => ({
      key: `${section.sectionId ?? 'none'}-${section.tabId}`,
      name: section.sectionName,
      chapters: section.chapters
        .filter((chapter) => chapter.contents.length > 0)
        .map((chapter) => ({
          id: chapter.id,
          name: chapter.name,
          lessons: chapter.contents.map((entry) => {
            const progress = progressOf(entry)
            return {
              id: entry.id,
              name: entry.name,
              path: lessonPath(lesson.subject.slug, chapter, entry.slug),
              locked: entry.locked,
              completed: progress.completed,
              percentage: shownProgress(progress.percentage),
              duration: entry.duration,
              current: entry.id === lesson.content.id
            }
          })
        }))
    }))
    .filter((section) => section.chapters.length > 0)
}

export class LessonStore {
  readonly address: LessonAddress
  readonly lesson: Resource<Lesson>
  /** The latest progress of each lesson the ticks answered for (it moves while the page is open). */
  progressById = new Map<number, PlaybackProgress>()
  /** The ticks' answers said the lesson is locked now (a subscription ended, free hours used up). */
  lockedNow = false
  /** Free hours used up while watching: the modal shows (part 2, §8), closing it goes to /offres. */
  freeHoursEnded = false

  constructor(address: LessonAddress, api: () => LearningApi, clock: () => number = Date.now, scope: () => unknown = () => undefined) {
    this.address = address
    this.lesson = new Resource(() => api().lesson(address.subject, address.chapter, address.content), { clock, scope })
    makeAutoObservable<LessonStore>(this, { lesson: false, address: false }, { autoBind: true })
  }

  /** The page opens: the lesson, unless held for a minute (its video's address is valid five). */
  enter(): Promise<void> {
    return this.lesson.refresh(LESSON_FRESH_MS)
  }

  retry(): Promise<void> {
    return this.lesson.reload()
  }

  /** Asks the lesson again: a fresh signed address for its video (valid 5 minutes). */
  renew(): Promise<void> {
    return this.lesson.reload()
  }

  get pending(): boolean {
    return this.lesson.pending
  }

  get outcome(): DetailsOutcome | null {
    return detailsOutcome(this.lesson)
  }

  get data(): Lesson | null {
    return this.lesson.data
  }

  get locked(): boolean {
    return this.lockedNow || (this.lesson.data?.locked ?? false)
  }

  /** The video to play (null: locked, or the lesson has none yet). */
  get video(): { id: number; url: string; duration: number; mimeType: string } | null {
    const lesson = this.lesson.data
    if (!lesson || this.locked || lesson.lockedVideo) return null
    const video = lesson.content.content_videos[0]
    return video ? { id: video.id, url: video.url, duration: video.duration, mimeType: video.mime_type } : null
  }

  /** The pupil's progress in this lesson: the latest answer, else what the lesson said. */
  get progress(): PlaybackProgress | null {
    const lesson = this.lesson.data
    if (!lesson) return null
    return this.progressById.get(lesson.content.id) ?? lesson.progress
  }

  setProgress(progress: PlaybackProgress): void {
    this.progressById.set(progress.content_id, progress)
  }

  markLocked(): void {
    this.lockedNow = true
  }

  markFreeHoursEnded(): void {
    this.freeHoursEnded = true
    this.lockedNow = true
  }

  get sections(): SideSection[] {
    const lesson = this.lesson.data
    return lesson ? sideSections(lesson, (entry) => this.progressById.get(entry.id) ?? entry.progress) : []
  }

  /** The side list's lessons in order. */
  private get ordered(): LessonLink[] {
    return this.sections.flatMap((section) => section.chapters.flatMap((chapter) => chapter.lessons))
  }

  get previous(): LessonLink | null {
    const lessons = this.ordered
    const index = lessons.findIndex((lesson) => lesson.current)
    return index > 0 ? lessons[index - 1]! : null
  }

  get next(): LessonLink | null {
    const lessons = this.ordered
    const index = lessons.findIndex((lesson) => lesson.current)
    return index >= 0 && index < lessons.length - 1 ? lessons[index + 1]! : null
  }

  /** The breadcrumb's way back: the subject's page. */
  get subjectPath(): string | null {
    const subject = this.lesson.data?.subject
    return subject ? `/subjects/${subject.id}/details` : null
  }
}
