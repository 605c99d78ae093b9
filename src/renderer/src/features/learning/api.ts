/** The learning area's calls: entries of the shared home, learning and profile tables, parsed with their response schemas. */
import { homeEndpoints, type Subject, type SubjectProgress, type UsedDuration } from '../../../../shared/api/home.ts'
import {
  learningEndpoints,
  progressEndpoints,
  type ChapterEntry,
  type ChapterList,
  type Lesson,
  type LessonEntry,
  type LessonSection,
  type ProgressReply,
  type ProgressTickBody,
  type Section
} from '../../../../shared/api/learning.ts'
import { profileEndpoints, type AdCard } from '../../../../shared/api/profile.ts'
import { quizEndpoints, type Quiz, type QuizAttemptBody, type QuizAttemptResult } from '../../../../shared/api/quizzes.ts'
import {
  reactionEndpoints,
  type Bookmark,
  type BookmarkToggle,
  type Reactions,
  type ReactionType
} from '../../../../shared/api/reactions.ts'
import type { HttpClient } from '../../api/http.ts'

export type {
  AdCard,
  Bookmark,
  BookmarkToggle,
  ChapterEntry,
  ChapterList,
  Lesson,
  LessonEntry,
  LessonSection,
  ProgressReply,
  ProgressTickBody,
  Quiz,
  QuizAttemptBody,
  QuizAttemptResult,
  Reactions,
  ReactionType,
  Section,
  Subject,
  SubjectProgress,
  UsedDuration
}

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
  /** A lesson's reaction counts and the pupil's own. */
  reactions(contentId: number): Promise<Reactions>
  /** The pupil's reaction (null clears it); the counts after it. */
  react(contentId: number, type: ReactionType | null): Promise<Reactions>
  /** Bookmarks the lesson or removes its bookmark. */
  toggleBookmark(subject: string, chapter: string, content: string): Promise<BookmarkToggle>
  /** The pupil's bookmarked lessons, newest first. */
  bookmarks(): Promise<Bookmark[]>
  /** A lesson's quiz, without its right answers. */
  quiz(id: number): Promise<Quiz>
  /** An attempt, scored by the server: the score, the corrections and explanations. */
  submitQuiz(id: number, body: QuizAttemptBody): Promise<QuizAttemptResult>
}

export function createLearningApi(http: HttpClient): LearningApi {
  return {
    subjects: () => http.call(homeEndpoints.subjects),
    subjectsProgress: () => http.call(homeEndpoints.subjectsProgress),
    chapters: (subject) => http.call(learningEndpoints.chapters, { params: { slug: subject } }),
    adCards: () => http.call(profileEndpoints.adCards),
    lesson: (subject, chapter, content) => http.call(learningEndpoints.lesson, { params: { subject, chapter, content } }),
    postProgress: (body) => http.call(progressEndpoints.postProgress, { body }),
    usedDuration: (seconds) => http.call(homeEndpoints.usedDuration, { query: { duration: seconds } }),
    reactions: (contentId) => http.call(reactionEndpoints.reactions, { params: { contentId } }),
    react: (contentId, type) => http.call(reactionEndpoints.react, { body: { content_id: contentId, reaction_type: type } }),
    toggleBookmark: (subject, chapter, content) =>
      http.call(reactionEndpoints.toggleBookmark, { params: { subject, chapter, content }, body: null }),
    bookmarks: () => http.call(reactionEndpoints.bookmarks),
    quiz: (id) => http.call(quizEndpoints.quiz, { params: { id } }),
    submitQuiz: (id, body) => http.call(quizEndpoints.submit, { params: { id }, body })
  }
}
