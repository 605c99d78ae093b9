/**
 * The home dashboard's contract (specification part 1, sections 2, 3, 7 and 9; part 2, sections
 * 2, 3, 7 and 9): the pupil's subjects and their progress, the latest and the free lessons,
 * today's live sessions, the subscription expiry warning, the free-hours usage of the wallet
 * widget and the latest forum topics. The ad cards are in profile.ts (`student/pubs-cards`).
 *
 * What the specification leaves open is decided in docs/decisions/0006-home-dashboard.md:
 * which subscriptions warn, what `duration` of `used-duration` means, the week `offset` of
 * `/events`, and the forum route.
 */
import { z } from 'zod'
import { IdNameSchema, type Endpoint } from './common.ts'

/** The home's progress list shows the first 5 subjects (part 2, §2 and §9). */
export const HOME_PROGRESS_SUBJECTS = 5
/** The home shows 2 latest and 2 free lessons (part 2, §2 and §9). */
export const HOME_CONTENTS_SHOWN = 2
/** A subscription warns during its last 10 days: the card's bar is 10 × (10 − rest days) (part 1, §9). */
export const EXPIRY_WARNING_DAYS = 10
/** Free playback is reported every 50 s watched (part 2, §9): the player asks whether that much more fits. */
export const FREE_PLAYBACK_REPORT_SECONDS = 50
/** The most lessons `new-contents` and `free-contents` answer. */
export const HOME_CONTENTS_LIMIT = 12
/** The most forum topics the home asks for. */
export const FORUM_LATEST_LIMIT = 5
/** `/events?offset=` counts weeks, within a school year either way. */
export const EVENTS_MAX_WEEK_OFFSET = 52
/** The longest free playback one `used-duration` question may ask about, seconds (a day). */
export const USED_DURATION_MAX_SECONDS = 86_400

/** Progress is shown capped at 100 (part 2, §5), and never below 0. */
export function capProgress(progress: number): number {
  if (!Number.isFinite(progress)) return 0
  return Math.min(100, Math.max(0, progress))
}

/** A whole number of the query string, within bounds; anything else is a 422 on that field. */
function queryInt(min: number, max: number) {
  return z
    .string({ error: 'common.required' })
    .regex(/^-?\d{1,6}$/, { error: 'common.invalid' })
    .transform(Number)
    .pipe(z.number().int().min(min, { error: 'common.invalid' }).max(max, { error: 'common.invalid' }))
}

export const ChapterTypeSchema = z.enum(['course', 'recording', 'exam', 'divers'])
export type ChapterType = z.infer<typeof ChapterTypeSchema>

/** Content type ids of part 2, §3 (7: quiz). */
export const CONTENT_TYPE_NAMES: Readonly<Record<number, string>> = {
  1: 'YOUTUBE VIDEO',
  2: 'CRYPTED VIDEO',
  3: 'MAGAZINE',
  6: 'RECORDING',
  7: 'QCM'
}

export const SubjectSchema = z.object({
  id: z.number().int(),
  /** The subject across classes: the same "Mathématiques" in every class. */
  o_id: z.number().int().nullable(),
  name: z.string(),
  slug: z.string(),
  thumbnail: z.string().nullable(),
  /** The pupil's progress in it, 0–100 (the progress service's figure). */
  progress: z.number().min(0).max(100),
  /** CSS colour (`#RRGGBB`). */
  color: z.string().nullable(),
  visible: z.boolean(),
  position: z.number().int(),
  /** How many videos (recorded lessons and live-session recordings) it holds. */
  subjectVideos: z.number().int().nonnegative()
})
export type Subject = z.infer<typeof SubjectSchema>

/** A progress entry of the progress service (part 2, §3). */
export const SubjectProgressSchema = z.object({
  subject_id: z.number().int(),
  /** Mean of the subject's lessons (a completed one counts 100, an unseen one 0), 0–100. */
  progress: z.number().min(0).max(100)
})
export type SubjectProgress = z.infer<typeof SubjectProgressSchema>

/** A lesson of "Free and latest contents" (part 2, §3). */
export const HomeContentSchema = z.object({
  subject: z.object({
    id: z.number().int(),
    name: z.string(),
    slug: z.string(),
    thumbnail: z.string().nullable(),
    color: z.string().nullable()
  }),
  content: z.object({
    id: z.number().int(),
    name: z.string(),
    slug: z.string(),
    type: z.object({ id: z.number().int(), name: z.string() }),
    is_free: z.boolean(),
    /** Length of the video, seconds (null for a magazine or a quiz). */
    duration: z.number().int().nullable()
  }),
  chapter: z.object({ id: z.number().int(), name: z.string(), slug: z.string(), type: ChapterTypeSchema }),
  instructor: z.object({ name: z.string(), last_name: z.string() }).nullable(),
  division: IdNameSchema,
  /** ISO instant. */
  createdAt: z.string()
})
export type HomeContent = z.infer<typeof HomeContentSchema>

/** A live session (part 2, §3 Live event). Days and times are Tunis wall-clock values. */
export const LiveEventSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** ISO weekday in Tunis: 1 Monday … 7 Sunday. */
  day: z.number().int().min(1).max(7),
  subject: z.object({ id: z.number().int(), name: z.string(), slug: z.string(), color: z.string().nullable() }),
  /** `HH:mm`, Tunis. */
  start_time: z.string(),
  end_time: z.string(),
  /** `YYYY-MM-DD`, Tunis. */
  dayDate: z.string(),
  /** The same start and end as ISO instants. */
  start_date: z.string(),
  end_date: z.string(),
  versPilote: z.boolean(),
  chapterId: z.number().int().nullable(),
  has_hessaty_chapter: z.boolean(),
  hessatyId: z.number().int().nullable(),
  description: z.string().nullable(),
  files: z.array(z.object({ name: z.string(), url: z.string() })),
  traineeship: z.object({ name: z.string(), totalSeances: z.number().int(), price: z.number() }).nullable(),
  /** Sessions of the traineeship still to come, and already held (null outside a traineeship). */
  comingContentHessaty: z.number().int().nullable(),
  depassedContentHessaty: z.number().int().nullable(),
  /** The pupil joined it. */
  participated: z.boolean(),
  disabled: z.boolean(),
  teacher: z.string().nullable()
})
export type LiveEvent = z.infer<typeof LiveEventSchema>

/**
 * `offset`: weeks from the current one (Monday to Sunday, Tunis), 0 by default; `today=1`: the
 * current Tunis day only (then `offset` must be 0).
 */
export const EventsQuerySchema = z
  .strictObject({
    offset: queryInt(-EVENTS_MAX_WEEK_OFFSET, EVENTS_MAX_WEEK_OFFSET).optional(),
    today: z.enum(['0', '1'], { error: 'common.invalid' }).optional()
  })
  .superRefine((query, ctx) => {
    if (query.today === '1' && (query.offset ?? 0) !== 0) ctx.addIssue({ code: 'custom', path: ['offset'], message: 'common.invalid' })
  })

/** The expiry card (part 1, §3 Warning). */
export const WarningSchema = z.object({
  groupeName: z.string(),
  /** Whole Tunis days left: 0 on the last day (the card then counts hours), at most 10. */
  restDays: z.number().int().min(0).max(EXPIRY_WARNING_DAYS),
  /** Last day of the subscription, `YYYY-MM-DD` (it ends at midnight, Tunis). */
  expirationDate: z.string(),
  /** The warning is about an instalment of a subscription paid in parts. */
  isSlice: z.boolean(),
  sliceIndex: z.number().int().nullable()
})
export type Warning = z.infer<typeof WarningSchema>

/** `duration`: seconds of free playback the client is about to use (0 to only read the figures). */
export const UsedDurationQuerySchema = z.strictObject({ duration: queryInt(0, USED_DURATION_MAX_SECONDS) })

export const UsedDurationSchema = z.object({
  /** Seconds of free playback used so far. */
  used_duration: z.number().int().nonnegative(),
  /** The account's free allowance, seconds (its free hours × 3600). */
  total_duration: z.number().int().nonnegative(),
  remaining_duration: z.number().int().nonnegative(),
  /** Used share of the allowance, 0–100 (100 when there is none). */
  percentage: z.number().min(0).max(100),
  /** `duration` more seconds fit in what remains. */
  can_play: z.boolean(),
  /** Nothing remains. */
  expired: z.boolean()
})
export type UsedDuration = z.infer<typeof UsedDurationSchema>

/** A topic of the external forum, newest first. */
export const ForumPostSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  author: z.string(),
  /** The topic on the forum site (https), opened in the system browser. */
  url: z.string(),
  replies: z.number().int().nonnegative(),
  created_at: z.string()
})
export type ForumPost = z.infer<typeof ForumPostSchema>

export const homeEndpoints = {
  subjects: {
    method: 'GET',
    service: 'api',
    path: '/student/subjects',
    access: 'user',
    summary: "Visible subjects of the pupil's class, by position, with the pupil's progress",
    response: z.array(SubjectSchema),
    errors: [401, 403]
  },
  newContents: {
    method: 'GET',
    service: 'api',
    path: '/student/chapters/new-contents',
    access: 'user',
    summary: `The latest lessons of the pupil's class, newest first (${HOME_CONTENTS_LIMIT} at most)`,
    response: z.array(HomeContentSchema),
    errors: [401, 403]
  },
  freeContents: {
    method: 'GET',
    service: 'api',
    path: '/student/chapters/free-contents',
    access: 'user',
    summary: `The free lessons of the pupil's class, newest first (${HOME_CONTENTS_LIMIT} at most)`,
    response: z.array(HomeContentSchema),
    errors: [401, 403]
  },
  events: {
    method: 'GET',
    service: 'api',
    path: '/events',
    access: 'user',
    summary:
      "Live sessions of the pupil's class: the week `offset` weeks from this one (Monday to Sunday, Tunis), or today only with today=1",
    querystring: EventsQuerySchema,
    response: z.array(LiveEventSchema),
    errors: [401, 403]
  },
  alerts: {
    method: 'GET',
    service: 'api',
    path: '/alerts',
    access: 'user',
    summary: `Subscriptions ending within ${EXPIRY_WARNING_DAYS} days (and not renewed), soonest first`,
    response: z.array(WarningSchema),
    errors: [401, 403]
  },
  forumLatestPosts: {
    method: 'GET',
    service: 'api',
    path: '/forum/latest-posts',
    access: 'user',
    summary: `The latest ${FORUM_LATEST_LIMIT} forum topics of the pupil's level (forum permission only)`,
    response: z.array(ForumPostSchema),
    errors: [401, 403]
  },
  subjectsProgress: {
    method: 'GET',
    service: 'progress',
    path: '/progress/subjects',
    access: 'user',
    summary: "The pupil's progress in each visible subject of their class, 0–100",
    response: z.array(SubjectProgressSchema),
    errors: [401, 403]
  },
  usedDuration: {
    method: 'GET',
    service: 'progress',
    path: '/free-offer-duration/used-duration',
    access: 'user',
    summary: 'Free playback used and left; whether `duration` more seconds fit',
    querystring: UsedDurationQuerySchema,
    response: UsedDurationSchema,
    errors: [401, 403]
  }
} as const satisfies Record<string, Endpoint>
