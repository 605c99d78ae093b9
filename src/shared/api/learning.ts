/**
 * The learning contract (specification part 2: §2 Learning, §3 Subject, Chapter entry, Section,
 * Lesson, Playback progress, §4 Lesson, §6 lesson access, §7 the `/student/subjects…` calls, the
 * progress service, `POST /progress` and its WebSocket, §8, §9): the chapters of a subject, the
 * lessons of a chapter, a lesson with its signed video, the video itself (HTTP ranges), the
 * progress service, and the operator's content tools. `GET /student/subjects`,
 * `/progress/subjects` and `/free-offer-duration/used-duration` are in home.ts.
 *
 * What the specification leaves open is decided in
 * docs/decisions/0027-learning-access-and-progress.md: who may open a lesson, what `otp` and
 * `playbackInfo` hold, how ticks are counted (distinct seconds, replays once) and what free
 * hours pay for.
 */
import { z } from 'zod'
import { LESSON_COMPLETE_PERCENT, PROGRESS_TICK_SECONDS } from '../constants.ts'
import { idParam, type Endpoint, IdPathSchema } from './common.ts'
import { ChapterTypeSchema, SubjectProgressSchema, SubjectSchema, type ChapterType } from './home.ts'

/** A signed video address is valid this long (5 minutes at most); the lesson is asked again for a new one. */
export const MEDIA_URL_TTL_SECONDS = 300
/** Playback speeds the player offers. */
export const PLAYBACK_RATES = [0.5, 0.75, 1, 1.25, 1.5, 2] as const
/** The fastest playback: a tick may cover at most this many video seconds per second of real time. */
export const PLAYBACK_RATE_MAX = 2
/** Slack of the real-time check of a tick (timers, rounding), seconds. */
export const PROGRESS_TICK_TOLERANCE_SECONDS = 1
/** The longest stretch one tick may report, seconds (a late tick after a stalled tab; never more). */
export const PROGRESS_TICK_MAX_SPAN_SECONDS = 60
/** Ticks a pupil may send per minute, over POST and the WebSocket together per channel (a journal flush included). */
export const PROGRESS_TICKS_PER_MINUTE = 240
/** A journalled tick older than this is refused (its viewing is over). */
export const PROGRESS_TICK_MAX_AGE_DAYS = 30
/** The longest video a position may point into, seconds (a day). */
export const VIDEO_MAX_SECONDS = 86_400
/** The largest lesson video an operator may upload. */
export const LESSON_VIDEO_MAX_BYTES = 4 * 1024 ** 3

/** Content type ids (part 2, §3): 1 and 2 videos, 3 magazine, 6 recording, 7 quiz. */
export const CONTENT_TYPE_IDS = [1, 2, 3, 6, 7] as const
export type ContentTypeId = (typeof CONTENT_TYPE_IDS)[number]
/** The magazine type: its pages are images read in the app (part 2, §3). */
export const MAGAZINE_CONTENT_TYPE = 3
/** The types played as videos, whose progress is measured: recorded lessons and live-session recordings. */
export const VIDEO_CONTENT_TYPES: readonly number[] = [1, 2, 6]

/** The subject page's tabs, by chapter type, in their order (default: course). */
export const CHAPTER_TABS: Readonly<Record<ChapterType, number>> = { course: 1, exam: 2, recording: 3, divers: 4 }
export const CHAPTER_TAB_ORDER: readonly ChapterType[] = ['course', 'exam', 'recording', 'divers']

/** Is the lesson complete: at least 80 % of its seconds watched once (part 2, §4 and §9). */
export function isComplete(watchedSeconds: number, durationSeconds: number): boolean {
  return durationSeconds > 0 && watchedSeconds * 100 >= LESSON_COMPLETE_PERCENT * durationSeconds
}

/** A slug (`limites-et-continuite`) or an id; for a lesson also `12-limites…` (the id before the first hyphen). */
const slugOrId = z.string({ error: 'common.required' }).regex(/^[A-Za-z0-9][A-Za-z0-9-]{0,159}$/, { error: 'common.invalid' })

export const ChapterPathSchema = z.strictObject({ slug: slugOrId })
export const ChapterContentsPathSchema = z.strictObject({ subject: slugOrId, chapter: slugOrId })
export const LessonPathSchema = z.strictObject({ subject: slugOrId, chapter: slugOrId, content: slugOrId })

/** Section (part 2, §3) of the subject page: a named group of chapters under one tab. */
export const SectionSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  sectionPosition: z.number().int(),
  tabId: z.number().int(),
  type: ChapterTypeSchema
})
export type Section = z.infer<typeof SectionSchema>

/** Chapter entry (part 2, §3). */
export const ChapterEntrySchema = z.object({
  chapter: z.object({
    id: z.number().int(),
    slug: z.string(),
    name: z.string(),
    type: ChapterTypeSchema,
    position: z.number().int(),
    /** Its section (null for a chapter outside any). */
    chapter_sections: z.object({ id: z.number().int() }).nullable()
  }),
  /** The lesson a click opens (null while the chapter has none). */
  firstLessonSlug: z.string().nullable(),
  /** The teacher's full name; the app abbreviates it. */
  instructor: z.string().nullable(),
  /** Its lessons (magazines for an exam chapter, videos otherwise). */
  nbContent: z.number().int().nonnegative(),
  /** The pupil's progress in it, 0–100. */
  progress: z.number().min(0).max(100),
  tabId: z.number().int()
})
export type ChapterEntry = z.infer<typeof ChapterEntrySchema>

export const SubjectDetailsSchema = SubjectSchema.extend({ nbChapters: z.number().int().nonnegative() })

export const TabSchema = z.object({
  id: z.number().int(),
  type: ChapterTypeSchema,
  /** Chapters under it: a tab without any is shown disabled. */
  nbChapters: z.number().int().nonnegative()
})

/** Chapter list response (part 2, §3): `GET /student/subjects/{slug}/chapters`. */
export const ChapterListSchema = z.object({
  subject: SubjectDetailsSchema,
  /** By tab, section position and chapter position. */
  chapters: z.array(ChapterEntrySchema),
  chapterSections: z.array(SectionSchema),
  /** The four tabs in their order. */
  tabs: z.array(TabSchema)
})
export type ChapterList = z.infer<typeof ChapterListSchema>

/** Playback progress (part 2, §3). */
export const PlaybackProgressSchema = z.object({
  content_id: z.number().int(),
  completed: z.boolean(),
  /** Share of the video's seconds watched at least once, 0–100 (rounded down). */
  percentage: z.number().int().min(0).max(100),
  /** Where to resume: the position of the latest tick, whatever the device. */
  lastWatchedSecond: z.number().int().nonnegative(),
  /** Distinct seconds watched. */
  watchedSeconds: z.number().int().nonnegative()
})
export type PlaybackProgress = z.infer<typeof PlaybackProgressSchema>

export const ContentTypeSchema = z.object({ id: z.number().int(), name: z.string() })

/** A lesson in a list (a chapter's lessons, the lesson page's side list). */
export const LessonEntrySchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  type: ContentTypeSchema,
  position: z.number().int(),
  /** Seconds (null without a video). */
  duration: z.number().int().nullable(),
  is_free: z.boolean(),
  /** The pupil cannot open it (the unlock prompt). */
  locked: z.boolean(),
  created_at: z.string(),
  progress: PlaybackProgressSchema
})
export type LessonEntry = z.infer<typeof LessonEntrySchema>

const SubjectRefSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  color: z.string().nullable(),
  thumbnail: z.string().nullable()
})
const ChapterRefSchema = z.object({
  id: z.number().int(),
  slug: z.string(),
  name: z.string(),
  type: ChapterTypeSchema,
  instructor: z.string().nullable(),
  tabId: z.number().int(),
  sectionId: z.number().int().nullable()
})

/** `…/chapters/{chapter}/contents` and `…/chapters-recording/{chapter}/contents` (part 2, §7: the answer is a payload). */
export const ChapterContentsSchema = z.object({
  payload: z.object({
    subject: SubjectRefSchema,
    chapter: ChapterRefSchema,
    /** By position; in a recording chapter newest first. */
    contents: z.array(LessonEntrySchema)
  })
})
export type ChapterContents = z.infer<typeof ChapterContentsSchema>

/** A section of the lesson page's side list: its chapters and their lessons. */
export const LessonSectionSchema = z.object({
  sectionId: z.number().int().nullable(),
  sectionName: z.string(),
  sectionPosition: z.number().int(),
  tabId: z.number().int(),
  type: ChapterTypeSchema,
  chapters: z.array(
    z.object({
      id: z.number().int(),
      slug: z.string(),
      name: z.string(),
      type: ChapterTypeSchema,
      position: z.number().int(),
      contents: z.array(LessonEntrySchema)
    })
  )
})
export type LessonSection = z.infer<typeof LessonSectionSchema>

/**
 * What `playbackInfo` carries, base64url-encoded JSON (the video of the lesson, its address and
 * the expiry of that address); `otp` is the signature of the address.
 */
export const PlaybackInfoSchema = z.object({ videoId: z.number().int(), url: z.string(), expiresAt: z.string(), mimeType: z.string() })
export type PlaybackInfo = z.infer<typeof PlaybackInfoSchema>

export function encodePlaybackInfo(info: PlaybackInfo): string {
  const bytes = new TextEncoder().encode(JSON.stringify(info))
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '')
}

export function decodePlaybackInfo(value: string): PlaybackInfo | null {
  try {
    const binary = atob(value.replace(/-/g, '+').replace(/_/g, '/'))
    const parsed = PlaybackInfoSchema.safeParse(JSON.parse(new TextDecoder().decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)))))
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}

/** Lesson (part 2, §3), with what the lesson page shows beside it. */
export const LessonSchema = z.object({
  content: z.object({
    id: z.number().int(),
    slug: z.string(),
    name: z.string(),
    type: ContentTypeSchema,
    instructor: z.object({ name: z.string(), last_name: z.string(), description: z.string().nullable() }).nullable(),
    /** Empty when the lesson is locked: a locked answer carries no playable address. */
    content_videos: z.array(
      z.object({
        id: z.number().int(),
        /** Signed, valid MEDIA_URL_TTL_SECONDS, for this pupil only; relative to the API's origin. */
        url: z.string(),
        duration: z.number().int(),
        mime_type: z.string(),
        /** The live session a recording was made of. */
        event: z.object({ start_date: z.string() }).nullable()
      })
    ),
    created_at: z.string(),
    is_free: z.boolean(),
    /** Seconds (null without a video). */
    duration: z.number().int().nullable()
  }),
  subject: SubjectRefSchema,
  chapter: ChapterRefSchema,
  /** The tab of the lesson's chapter. */
  tabId: z.number().int(),
  /** The side list: every section of the subject with its chapters and lessons, by tab and position. */
  sections: z.array(LessonSectionSchema),
  /** Not opened by the pupil's subscriptions nor free, or free playback used up: the unlock prompt, no video. */
  locked: z.boolean(),
  /** No video can be played: locked, or the lesson has none (yet). */
  lockedVideo: z.boolean(),
  /** Playing it spends the pupil's free hours (reported every 50 s; `expired` ends it). */
  freeHours: z.boolean(),
  /**
   * The lesson's files (docs/decisions/0041-lesson-attachments.md): `url` signed for the pupil for
   * MEDIA_URL_TTL_SECONDS when they may download it (rules/attachments.ts), null otherwise.
   */
  attachments: z.array(
    z.object({ id: z.number().int(), name: z.string(), url: z.string().nullable(), size: z.number().int(), mime_type: z.string() })
  ),
  /** The signature of the video's address (null when locked or without a video). */
  otp: z.string().nullable(),
  /** See PlaybackInfoSchema (null when locked or without a video). */
  playbackInfo: z.string().nullable(),
  /** The pupil bookmarked it (docs/decisions/0036-reactions-and-bookmarks.md). */
  bookmarked: z.boolean(),
  /**
   * A magazine's pages in reading order, each image at an address signed for the pupil for
   * MEDIA_URL_TTL_SECONDS (api/magazines.ts); empty when locked or not a magazine.
   */
  pages: z.array(z.object({ url: z.string() })),
  /** The magazine reads right to left (its pages turn from the right). */
  rtl: z.boolean(),
  content_qcm_id: z.number().int().nullable(),
  /** The pupil's progress in it: where to resume. */
  progress: PlaybackProgressSchema
})
export type Lesson = z.infer<typeof LessonSchema>

/** The signed query of a video address: the pupil, the expiry (seconds since the epoch), the signature (kept out of the logs). */
export const MediaQuerySchema = z.strictObject({
  u: z.coerce.number({ error: 'common.invalid' }).int().positive().max(2_147_483_647),
  expires: z.coerce.number({ error: 'common.invalid' }).int().positive().max(99_999_999_999),
  signature: z.string().regex(/^[A-Za-z0-9_-]{43}$/, { error: 'common.invalid' })
})
export type MediaQuery = z.infer<typeof MediaQuerySchema>

/** A file's bytes for the holder of its signed address (403 when forged or expired): a lesson's attachment, a magazine's page. */
export function signedMediaEndpoint<P extends string, Q extends z.ZodType>(path: P, summary: string, params: Q) {
  return {
    method: 'GET',
    service: 'api',
    path,
    access: 'public',
    summary,
    params,
    querystring: MediaQuerySchema,
    response: z.string().describe('binary'),
    errors: [403, 404]
  } as const satisfies Endpoint
}

export const TickStateSchema = z.enum(['playing', 'paused', 'skipped_forward'])
export type TickState = z.infer<typeof TickStateSchema>

const seconds = z
  .number({ error: 'common.invalid' })
  .min(0, { error: 'common.invalid' })
  .max(VIDEO_MAX_SECONDS, { error: 'common.invalid' })

/** The fields of a tick, over POST and the WebSocket alike. */
const tickFields = {
  /** The viewing (one player session) the tick belongs to: chosen by the client, 8–64 of A–Z a–z 0–9 _ -. */
  viewToken: z.string({ error: 'common.required' }).regex(/^[A-Za-z0-9_-]{8,64}$/, { error: 'common.invalid' }),
  /** The tick's number within the viewing, from 0: a number at or below the last applied one is a replay, counted once. */
  sequence: z
    .number({ error: 'common.required' })
    .int({ error: 'common.invalid' })
    .min(0, { error: 'common.invalid' })
    .max(2_147_483_647, { error: 'common.invalid' }),
  /** Where the stretch played since the previous tick (or since play or a seek) began, seconds. */
  from: seconds,
  /** The position now, seconds (the spec's `watchedTime`): the stretch is [from, watchedTime]. */
  watchedTime: seconds,
  /** `skipped_forward`: [from, watchedTime] was jumped over, not watched (only the resume point moves). */
  state: TickStateSchema,
  /** When the tick was taken, the client's clock in ms (a journalled tick keeps its own). */
  at: z
    .number({ error: 'common.required' })
    .int({ error: 'common.invalid' })
    .min(0, { error: 'common.invalid' })
    .max(8_640_000_000_000_000, { error: 'common.invalid' }),
  /** Sent by the specification's client; the server works them out itself and ignores these. */
  completed: z.boolean().optional(),
  totalWatched: z
    .number()
    .min(0)
    .max(VIDEO_MAX_SECONDS * 100)
    .optional(),
  isFree: z.boolean().optional()
}

/** `POST /progress` (part 2, §7): one tick. */
export const ProgressTickBodySchema = z.strictObject({
  ...tickFields,
  contentId: z
    .number({ error: 'common.required' })
    .int({ error: 'common.invalid' })
    .positive({ error: 'common.invalid' })
    .max(2_147_483_647, { error: 'common.invalid' }),
  /** When given, they must name the lesson's chapter and subject. */
  chapterId: z.number().int().positive().max(2_147_483_647).optional(),
  subjectId: z.number().int().positive().max(2_147_483_647).optional()
})
export type ProgressTickBody = z.infer<typeof ProgressTickBodySchema>

/** The answer to a tick: the lesson's progress after it. */
export const ProgressReplySchema = PlaybackProgressSchema.extend({
  /** The video's length, seconds. */
  duration: z.number().int().positive(),
  /** The tick changed something (false for a replay, a tick of an administrator acting for the pupil, or free time used up). */
  counted: z.boolean(),
  /** The playback spends free hours. */
  freeHours: z.boolean(),
  /** Free hours used up (part 2, §8): the app shows its modal, closing goes to /offres. */
  expired: z.boolean()
})
export type ProgressReply = z.infer<typeof ProgressReplySchema>

/**
 * The progress WebSocket (part 2, §7): `GET /progress-service/progress/ws?content_id=…&token=…`
 * (the access token). The client sends a tick every PROGRESS_TICK_SECONDS while the player is
 * open, and reconnects PROGRESS_RECONNECT_SECONDS after a close; the server answers each tick.
 * The socket is closed when the token expires (4401; reconnect with a fresh one), when the
 * lesson is locked or unknown (4403, 4404), or the query is bad (4422).
 */
export const ProgressSocketQuerySchema = z.strictObject({
  content_id: idParam,
  token: z.string().min(10).max(4096)
})
export const ProgressSocketTickSchema = z.strictObject(tickFields)
export type ProgressSocketTick = z.infer<typeof ProgressSocketTickSchema>
export const ProgressSocketReplySchema = z.discriminatedUnion('type', [
  ProgressReplySchema.extend({ type: z.literal('progress'), sequence: z.number().int() }),
  z.object({ type: z.literal('refused'), sequence: z.number().int().nullable(), code: z.string(), message: z.string() })
])
export type ProgressSocketReply = z.infer<typeof ProgressSocketReplySchema>
/** Close codes of the progress socket. */
export const PROGRESS_SOCKET_CLOSE = { tokenExpired: 4401, forbidden: 4403, notFound: 4404, invalid: 4422, serverClosing: 1001 } as const

export const ChapterProgressSchema = z.object({ chapter_id: z.number().int(), progress: z.number().min(0).max(100) })
export type ChapterProgress = z.infer<typeof ChapterProgressSchema>

export const learningEndpoints = {
  chapters: {
    method: 'GET',
    service: 'api',
    path: '/student/subjects/:slug/chapters',
    access: 'user',
    summary:
      "A subject of the pupil's class (slug or id): its chapters by tab and section, its sections and tabs, with the pupil's progress",
    params: ChapterPathSchema,
    response: ChapterListSchema,
    errors: [401, 403, 404]
  },
  chapterContents: {
    method: 'GET',
    service: 'api',
    path: '/student/subjects/:subject/chapters/:chapter/contents',
    access: 'user',
    summary: 'The lessons of a chapter, each locked or not for the pupil, with the progress in each',
    params: ChapterContentsPathSchema,
    response: ChapterContentsSchema,
    errors: [401, 403, 404]
  },
  recordingContents: {
    method: 'GET',
    service: 'api',
    path: '/student/subjects/:subject/chapters-recording/:chapter/contents',
    access: 'user',
    summary: 'The recordings of a recording chapter, newest first (404 for another type of chapter)',
    params: ChapterContentsPathSchema,
    response: ChapterContentsSchema,
    errors: [401, 403, 404]
  },
  lesson: {
    method: 'GET',
    service: 'api',
    path: '/student/subjects/:subject/chapters/:chapter/contents/:content',
    access: 'user',
    summary: `A lesson: its video at an address signed for the pupil for ${MEDIA_URL_TTL_SECONDS / 60} minutes (none when locked), the side list, the resume point`,
    params: LessonPathSchema,
    response: LessonSchema,
    errors: [401, 403, 404]
  },
  lessonVideo: {
    method: 'GET',
    service: 'api',
    path: '/media/lessons/:id',
    access: 'public',
    summary:
      "A lesson video's bytes (video/webm or video/mp4) for the holder of its signed address; HTTP ranges (206, 416); 403 when forged or expired",
    params: IdPathSchema,
    querystring: MediaQuerySchema,
    response: z.string(),
    errors: [403, 404, 416]
  }
} as const satisfies Record<string, Endpoint>

/** The progress service's calls (part 2, §7); `/progress/subjects` and `used-duration` are in home.ts. */
export const progressEndpoints = {
  subjectProgress: {
    method: 'GET',
    service: 'progress',
    path: '/progress/subjects/:id',
    access: 'user',
    summary: "The pupil's progress in a subject of their class, 0–100",
    params: IdPathSchema,
    response: SubjectProgressSchema,
    errors: [401, 403, 404]
  },
  subjectChaptersProgress: {
    method: 'GET',
    service: 'progress',
    path: '/progress/subjects/:id/chapters',
    access: 'user',
    summary: "The pupil's progress in each chapter of a subject of their class, 0–100",
    params: IdPathSchema,
    response: z.array(ChapterProgressSchema),
    errors: [401, 403, 404]
  },
  chapterContentsProgress: {
    method: 'GET',
    service: 'progress',
    path: '/progress/chapters/:id/contents',
    access: 'user',
    summary: "The pupil's progress in each lesson of a chapter of their class",
    params: IdPathSchema,
    response: z.array(PlaybackProgressSchema),
    errors: [401, 403, 404]
  },
  postProgress: {
    method: 'POST',
    service: 'progress',
    path: '/progress',
    access: 'user',
    summary: `One playback tick (every ${PROGRESS_TICK_SECONDS} s): the distinct seconds watched are merged, the lesson completes at ${LESSON_COMPLETE_PERCENT} %; a replay counts once`,
    body: ProgressTickBodySchema,
    response: ProgressReplySchema,
    errors: [401, 403, 404]
  }
} as const satisfies Record<string, Endpoint>

// ── The operator's content tools (`npm run admin -- subject|chapter|lesson …`) ────────────────

const name = z.string().trim().min(1, { error: 'common.required' }).max(200, { error: 'common.tooLong' })
const slug = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, { error: 'common.invalid' })
  .max(100, { error: 'common.tooLong' })
const id = z.number().int().positive().max(2_147_483_647)
const position = z.number().int().min(0).max(100_000)

export const CreateSubjectBodySchema = z.strictObject({
  division: id,
  name,
  /** Made from the name when omitted. */
  slug: slug.optional(),
  color: z
    .string()
    .regex(/^#[0-9A-Fa-f]{6}$/, { error: 'common.invalid' })
    .optional(),
  thumbnail: z
    .url({ protocol: /^https$/ })
    .max(500)
    .optional(),
  /** After the class's last subject when omitted. */
  position: position.optional(),
  visible: z.boolean().default(true),
  /** The same subject in other classes. */
  oId: id.optional()
})

export const CreateChapterBodySchema = z.strictObject({
  subject: id,
  name,
  slug: slug.optional(),
  type: ChapterTypeSchema.default('course'),
  /** The section's name: created under the chapter's tab when the subject has none of that name. */
  section: name,
  instructor: z.string().trim().min(1).max(200).optional(),
  position: position.optional()
})

export const CreateLessonBodySchema = z.strictObject({
  chapter: id,
  name,
  slug: slug.optional(),
  /** 1 or 2 video, 3 magazine, 6 recording, 7 quiz. */
  type: z.literal([...CONTENT_TYPE_IDS], { error: 'common.invalid' }).default(2),
  free: z.boolean().default(false),
  instructor: z.strictObject({ name, last_name: name, description: z.string().trim().max(500).optional() }).optional(),
  position: position.optional(),
  rtl: z.boolean().default(false)
})

/** A lesson's reading direction, changed after it was added (an Arabic magazine added without --rtl). */
export const LessonRtlBodySchema = z.strictObject({ rtl: z.boolean() })
export const LessonRtlSchema = z.object({ id: z.number().int(), rtl: z.boolean(), message: z.string() })

export const CreatedContentSchema = z.object({ id: z.number().int(), slug: z.string(), message: z.string() })

export const UploadedVideoSchema = z.object({
  id: z.number().int(),
  content_id: z.number().int(),
  duration: z.number().int(),
  size: z.number().int(),
  mime_type: z.string(),
  message: z.string()
})

export const OperatorCatalogueQuerySchema = z.strictObject({
  division: z.coerce.number({ error: 'common.invalid' }).int().positive().max(2_147_483_647)
})
export const OperatorCatalogueSchema = z.array(
  z.object({
    id: z.number().int(),
    name: z.string(),
    slug: z.string(),
    visible: z.boolean(),
    position: z.number().int(),
    chapters: z.array(
      z.object({
        id: z.number().int(),
        name: z.string(),
        slug: z.string(),
        type: ChapterTypeSchema,
        section: z.string().nullable(),
        lessons: z.array(
          z.object({
            id: z.number().int(),
            name: z.string(),
            slug: z.string(),
            type: z.number().int(),
            free: z.boolean(),
            duration: z.number().int().nullable(),
            videos: z.number().int()
          })
        )
      })
    )
  })
)

export const learningOperatorEndpoints = {
  catalogue: {
    method: 'GET',
    service: 'operator',
    path: '/catalogue',
    access: 'operator',
    summary: "A class's subjects, chapters and lessons with their ids (hidden subjects included)",
    querystring: OperatorCatalogueQuerySchema,
    response: OperatorCatalogueSchema,
    errors: [401, 403]
  },
  createSubject: {
    method: 'POST',
    service: 'operator',
    path: '/subjects',
    access: 'operator',
    status: 201,
    summary: 'Add a subject to a class',
    body: CreateSubjectBodySchema,
    response: CreatedContentSchema,
    errors: [401, 403, 404, 409]
  },
  createChapter: {
    method: 'POST',
    service: 'operator',
    path: '/chapters',
    access: 'operator',
    status: 201,
    summary: 'Add a chapter to a subject, in a section (created when new)',
    body: CreateChapterBodySchema,
    response: CreatedContentSchema,
    errors: [401, 403, 404, 409]
  },
  createLesson: {
    method: 'POST',
    service: 'operator',
    path: '/lessons',
    access: 'operator',
    status: 201,
    summary: 'Add a lesson to a chapter',
    body: CreateLessonBodySchema,
    response: CreatedContentSchema,
    errors: [401, 403, 404, 409]
  },
  setLessonRtl: {
    method: 'POST',
    service: 'operator',
    path: '/lessons/:id/rtl',
    access: 'operator',
    summary: "Set whether a lesson reads right to left (an Arabic magazine's pages in right-to-left order)",
    params: IdPathSchema,
    body: LessonRtlBodySchema,
    response: LessonRtlSchema,
    errors: [401, 403, 404]
  },
  uploadLessonVideo: {
    method: 'POST',
    service: 'operator',
    path: '/lessons/:id/video',
    access: 'operator',
    status: 201,
    summary:
      "Upload a lesson's video: the file's bytes as the body (application/octet-stream, video/webm or video/mp4); its type is read from the bytes, its duration from the container (409 for a lesson that is no video)",
    params: IdPathSchema,
    response: UploadedVideoSchema,
    errors: [401, 403, 404, 409, 413, 415]
  }
} as const satisfies Record<string, Endpoint>
