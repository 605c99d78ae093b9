/** The learning area's calls: entries of the shared home, learning and profile tables, parsed with their response schemas. */
import { homeEndpoints, type Subject, type SubjectProgress, type UsedDuration } from '../../../../shared/api/home.ts'
import {
  learningEndpoints, progressEndpoints, type ChapterEntry, type ChapterList, type Lesson, type LessonEntry, type LessonSection, type ProgressReply,
  type ProgressTickBody, type Section
} from '../../../../shared/api/learning.ts'
import { profileEndpoints, type AdCard } from '../../../../shared/api/profile.ts'
import type { HttpClient } from '../../api/http.ts'

export type { AdCard, ChapterEntry, ChapterList, Lesson, LessonEntry, LessonSection, ProgressReply, ProgressTickBody, Section, Subject, SubjectProgress, UsedDuration }

export interface LearningApi {
  /** The visible subjects of the pupil's class, with their progress. */
  subjects(): Promise<Subject[]>
  /** The progress service's figure for each subject. */
  subjectsProgress(): Promise<SubjectProgress[]>
  /** A subject (id or slug): its chapters by tab and section, its sections and tabs. */
  chapters(subject: string): Promise<ChapterList>
  adCards(): Promise<AdCard[]>
  /** A lesson by the slugs (or ids) of its subject, chapter and itself: its video's signed address, the side list, the resume point. */
  lesson(subject: string, chapter: string, content: string): Promise<Lesson>
  /** One playback tick over HTTP (what the journal kept of another lesson). */
  postProgress(body: ProgressTickBody): Promise<ProgressReply>
  /** Free playback used and left; whether `seconds` more fit. */
  usedDuration(seconds: number): Promise<UsedDuration>
}

export function createLearningApi(http: HttpClient): LearningApi {
  return {
    subjects: () => http.call(homeEndpoints.subjects),
    subjectsProgress: () => http.call(homeEndpoints.subjectsProgress),
    chapters: (subject) => http.call(learningEndpoints.chapters, { params: { slug: subject } }),
    adCards: () => http.call(profileEndpoints.adCards),
    lesson: (subject, chapter, content) => http.call(learningEndpoints.lesson, { params: { subject, chapter, content } }),
    postProgress: (body) => http.call(progressEndpoints.postProgress, { body }),
    usedDuration: (seconds) => http.call(homeEndpoints.usedDuration, { query: { duration: seconds } })
  }
}
