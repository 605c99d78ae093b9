/** The learning area's calls: entries of the shared home, learning and profile tables, parsed with their response schemas. */
import { homeEndpoints, type Subject, type SubjectProgress } from '../../../../shared/api/home.ts'
import { learningEndpoints, type ChapterEntry, type ChapterList, type Section } from '../../../../shared/api/learning.ts'
import { profileEndpoints, type AdCard } from '../../../../shared/api/profile.ts'
import type { HttpClient } from '../../api/http.ts'

export type { AdCard, ChapterEntry, ChapterList, Section, Subject, SubjectProgress }

export interface LearningApi {
  /** The visible subjects of the pupil's class, with their progress. */
  subjects(): Promise<Subject[]>
  /** The progress service's figure for each subject. */
  subjectsProgress(): Promise<SubjectProgress[]>
  /** A subject (id or slug): its chapters by tab and section, its sections and tabs. */
  chapters(subject: string): Promise<ChapterList>
  adCards(): Promise<AdCard[]>
}

export function createLearningApi(http: HttpClient): LearningApi {
  return {
    subjects: () => http.call(homeEndpoints.subjects),
    subjectsProgress: () => http.call(homeEndpoints.subjectsProgress),
    chapters: (subject) => http.call(learningEndpoints.chapters, { params: { slug: subject } }),
    adCards: () => http.call(profileEndpoints.adCards)
  }
}
