/**
 * One subject's page (part 2, §2 subject details): its tabs by chapter type (an empty tab
 * disabled, course first), the chosen tab's chapters under their sections, and the side widget
 * (image, label, progress, chapter and video counts, the other subjects — 5 until 'voir plus' —
 * and the promo cards). An unknown subject is the 404 page, another class's the level message.
 */
import { makeAutoObservable } from 'mobx'
import type { ChapterType } from '../../../../../shared/api/home.ts'
import { Resource } from '../../../lib/loadable.ts'
import type { ChapterList, LearningApi } from '../api.ts'
import {
  OTHER_SUBJECTS_SHOWN,
  defaultTab,
  detailsOutcome,
  sectionGroups,
  shownProgress,
  tabViews,
  type DetailsOutcome,
  type SectionGroup,
  type SubjectCard,
  type SubjectSummary,
  type TabView
} from './learningRules.ts'
import { SUBJECTS_FRESH_MS, type SubjectsStore } from './SubjectsStore.ts'

export type { DetailsOutcome, SubjectSummary }

export class SubjectDetailsStore {
  readonly subjectId: string
  readonly chapters: Resource<ChapterList>
  /** The tab chosen by the pupil (null: the default one). */
  chosenTab: ChapterType | null = null
  /** 'voir plus': every other subject is listed. */
  allOthers = false

  private readonly subjects: SubjectsStore

  constructor(
    subjectId: string,
    api: () => LearningApi,
    subjects: SubjectsStore,
    clock: () => number = Date.now,
    scope: () => unknown = () => undefined
  ) {
    this.subjectId = subjectId
    this.subjects = subjects
    this.chapters = new Resource(() => api().chapters(subjectId), { clock, scope })
    makeAutoObservable<SubjectDetailsStore, 'subjects'>(this, { chapters: false, subjects: false, subjectId: false }, { autoBind: true })
  }

  /** The page opens: the chapters, and the subjects and ads of the side widget, unless fresh. */
  enter(): Promise<void> {
    return Promise.all([
      this.chapters.refresh(SUBJECTS_FRESH_MS),
      this.subjects.subjects.refresh(SUBJECTS_FRESH_MS),
      this.subjects.ads.refresh(SUBJECTS_FRESH_MS)
    ]).then(() => undefined)
  }

  retry(): Promise<void> {
    return this.chapters.reload()
  }

  get pending(): boolean {
    return this.chapters.pending
  }

  /** Why the subject is not shown: unknown (404), another class's (the level message), or a failure to retry. */
  get outcome(): DetailsOutcome | null {
    return detailsOutcome(this.chapters)
  }

  get tabs(): TabView[] {
    return this.chapters.data ? tabViews(this.chapters.data) : []
  }

  /** The tab shown: the pupil's choice while it has chapters, else course (or the first with chapters). */
  get tab(): ChapterType {
    const tabs = this.tabs
    const chosen = tabs.find((tab) => tab.type === this.chosenTab)
    return chosen && !chosen.disabled ? chosen.type : defaultTab(tabs)
  }

  /** A disabled tab cannot be chosen. */
  chooseTab(type: ChapterType): void {
    if (this.tabs.find((tab) => tab.type === type)?.disabled === false) this.chosenTab = type
  }

  get groups(): SectionGroup[] {
    return this.chapters.data ? sectionGroups(this.chapters.data, this.tab) : []
  }

  get summary(): SubjectSummary | null {
    const subject = this.chapters.data?.subject
    if (!subject) return null
    return {
      id: subject.id,
      name: subject.name,
      slug: subject.slug,
      color: subject.color,
      thumbnail: subject.thumbnail,
      progress: shownProgress(subject.progress),
      chapters: subject.nbChapters,
      videos: subject.subjectVideos
    }
  }

  /** The class's other visible subjects, by position. */
  get otherSubjects(): SubjectCard[] {
    const current = this.chapters.data?.subject.id
    return this.subjects.cards.filter((card) => card.id !== current)
  }

  /** What the side widget lists: 5, or all after 'voir plus'. */
  get shownOthers(): SubjectCard[] {
    return this.allOthers ? this.otherSubjects : this.otherSubjects.slice(0, OTHER_SUBJECTS_SHOWN)
  }

  /** 'voir plus' / 'voir moins' only when there are more than 5. */
  get canToggleOthers(): boolean {
    return this.otherSubjects.length > OTHER_SUBJECTS_SHOWN
  }

  toggleOthers(): void {
    this.allOthers = !this.allOthers
  }
}
