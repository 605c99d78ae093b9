/** The home dashboard's calls, typed by the shared contract and parsed with its schemas. */
import { z } from 'zod'
import {
  ForumPostSchema,
  HomeContentSchema,
  LiveEventSchema,
  SubjectProgressSchema,
  SubjectSchema,
  UsedDurationSchema,
  WarningSchema,
  type ForumPost,
  type HomeContent,
  type LiveEvent,
  type Subject,
  type SubjectProgress,
  type UsedDuration,
  type Warning
} from '../../../../shared/api/home.ts'
import { AdCardSchema, type AdCard } from '../../../../shared/api/profile.ts'
import type { HttpClient } from '../../api/http.ts'

export type { AdCard, ForumPost, HomeContent, LiveEvent, Subject, SubjectProgress, UsedDuration, Warning }

export interface HomeApi {
  subjects(): Promise<Subject[]>
  subjectsProgress(): Promise<SubjectProgress[]>
  newContents(): Promise<HomeContent[]>
  freeContents(): Promise<HomeContent[]>
  todayEvents(): Promise<LiveEvent[]>
  alerts(): Promise<Warning[]>
  forumPosts(): Promise<ForumPost[]>
  /** Free playback used and left; whether `seconds` more fit. */
  usedDuration(seconds: number): Promise<UsedDuration>
  adCards(): Promise<AdCard[]>
}

export function createHomeApi(http: HttpClient): HomeApi {
  return {
    subjects: () => http.request({ method: 'GET', path: '/student/subjects', schema: z.array(SubjectSchema) }),
    subjectsProgress: () => http.request({ service: 'progress', method: 'GET', path: '/progress/subjects', schema: z.array(SubjectProgressSchema) }),
    newContents: () => http.request({ method: 'GET', path: '/student/chapters/new-contents', schema: z.array(HomeContentSchema) }),
    freeContents: () => http.request({ method: 'GET', path: '/student/chapters/free-contents', schema: z.array(HomeContentSchema) }),
    todayEvents: () => http.request({ method: 'GET', path: '/events', query: { offset: 0, today: 1 }, schema: z.array(LiveEventSchema) }),
    alerts: () => http.request({ method: 'GET', path: '/alerts', schema: z.array(WarningSchema) }),
    forumPosts: () => http.request({ method: 'GET', path: '/forum/latest-posts', schema: z.array(ForumPostSchema) }),
    usedDuration: (seconds) =>
      http.request({ service: 'progress', method: 'GET', path: '/free-offer-duration/used-duration', query: { duration: seconds }, schema: UsedDurationSchema }),
    adCards: () => http.request({ method: 'GET', path: '/student/pubs-cards', schema: z.array(AdCardSchema) })
  }
}
