/** The home dashboard's calls: entries of the shared home and profile tables, parsed with their response schemas. */
import {
  homeEndpoints,
  type ForumPost,
  type HomeContent,
  type LiveEvent,
  type Subject,
  type SubjectProgress,
  type UsedDuration,
  type Warning
} from '../../../../shared/api/home.ts'
import { profileEndpoints, type AdCard } from '../../../../shared/api/profile.ts'
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
  const home = homeEndpoints
  return {
    subjects: () => http.call(home.subjects),
    subjectsProgress: () => http.call(home.subjectsProgress),
    newContents: () => http.call(home.newContents),
    freeContents: () => http.call(home.freeContents),
    todayEvents: () => http.call(home.events, { query: { offset: 0, today: 1 } }),
    alerts: () => http.call(home.alerts),
    forumPosts: () => http.call(home.forumLatestPosts),
    usedDuration: (seconds) => http.call(home.usedDuration, { query: { duration: seconds } }),
    adCards: () => http.call(profileEndpoints.adCards)
  }
}
