/**
 * The pupil's subjects (part 2, §2 'Matières'): the visible subjects by position with their
 * progress, and the ad column by position. The subject page's side widget reads the same list
 * for its other subjects.
 */
import { makeAutoObservable } from 'mobx'
import { sortAdCards } from '../../../lib/adCards.ts'
import { Resource } from '../../../lib/loadable.ts'
import type { AdCard, LearningApi, Subject, SubjectProgress } from '../api.ts'
import { subjectCards, type SubjectCard } from './learningRules.ts'

/** Coming back to the subjects within this time shows them as they were, without asking again. */
export const SUBJECTS_FRESH_MS = 60_000

export class SubjectsStore {
  readonly subjects: Resource<Subject[]>
  readonly progress: Resource<SubjectProgress[]>
  readonly ads: Resource<AdCard[]>

  constructor(api: () => LearningApi, clock: () => number = Date.now, scope: () => unknown = () => undefined) {
    this.subjects = new Resource(() => api().subjects(), { clock, scope })
    this.progress = new Resource(() => api().subjectsProgress(), { clock, scope })
    this.ads = new Resource(() => api().adCards(), { clock })
    makeAutoObservable(this, { subjects: false, progress: false, ads: false }, { autoBind: true })
  }

  /** The screen opens: what is not fresh is asked for; the progress and the ads fail on their own. */
  enter(): Promise<void> {
    return Promise.all([
      this.subjects.refresh(SUBJECTS_FRESH_MS),
      this.progress.refresh(SUBJECTS_FRESH_MS),
      this.ads.refresh(SUBJECTS_FRESH_MS)
    ]).then(() => undefined)
  }

  retry(): Promise<void> {
    return Promise.all([this.subjects.reload(), this.progress.status === 'failed' ? this.progress.reload() : Promise.resolve()]).then(
      () => undefined
    )
  }

  get pending(): boolean {
    return this.subjects.pending
  }

  get failed(): boolean {
    return this.subjects.failed
  }

  /** The grid: visible subjects by position, progress capped at 100 (the service's figure when it answered). */
  get cards(): SubjectCard[] {
    return subjectCards(this.subjects.data ?? [], this.progress.data ?? [])
  }

  /** The ad cards, visible ones by position. */
  get adCards(): AdCard[] {
    return sortAdCards(this.ads.data ?? [])
  }
}
