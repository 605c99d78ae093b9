/**
 * Reactions and bookmarks of a lesson (specification part 2: §2 the lesson view's control bar
 * and /liste-de-favoris, §3 Reactions and Bookmark, §4 bookmark toggle and a locked lesson, §7
 * `/students/reactions*`, `/user/subjects/…/bookmark`, `/student/bookmarked-contents`).
 *
 * One reaction per pupil and lesson, changed or cleared (`reaction_type: null`); a bookmark is
 * toggled. Both are refused on a lesson the pupil cannot open (`content_locked`, the warning to
 * unlock first), on another class's (`level_not_allowed`) and on an unknown one (404). What the
 * specification leaves open is decided in docs/decisions/0036-reactions-and-bookmarks.md.
 */
import { z } from 'zod'
import { idParam, type Endpoint } from './common.ts'
import { LessonPathSchema } from './learning.ts'

/** The reactions a lesson counts (part 2, §3); the control bar offers love and sad. */
export const REACTION_TYPES = ['angry', 'sad', 'thinking', 'happy', 'love'] as const
export const ReactionTypeSchema = z.enum(REACTION_TYPES, { error: 'common.invalid' })
export type ReactionType = z.infer<typeof ReactionTypeSchema>

const contentId = z
  .number({ error: 'common.required' })
  .int({ error: 'common.invalid' })
  .positive({ error: 'common.invalid' })
  .max(2_147_483_647, { error: 'common.invalid' })

/** `POST /students/reactions`: the pupil's reaction to a lesson, `null` to clear it. */
export const ReactBodySchema = z.strictObject({
  content_id: contentId,
  reaction_type: ReactionTypeSchema.nullable()
})
export type ReactBody = z.infer<typeof ReactBodySchema>

/** Reactions (part 2, §3): the counts of each type, their total (the control bar's interaction count) and the pupil's own. */
export const ReactionsSchema = z.object({
  content_id: z.number().int(),
  angry: z.number().int().nonnegative(),
  sad: z.number().int().nonnegative(),
  thinking: z.number().int().nonnegative(),
  happy: z.number().int().nonnegative(),
  love: z.number().int().nonnegative(),
  total: z.number().int().nonnegative(),
  /** Null while the pupil has not reacted. */
  user_reaction: z.object({ reaction_type: ReactionTypeSchema }).nullable()
})
export type Reactions = z.infer<typeof ReactionsSchema>

/**
 * `POST /user/subjects/{subject}/chapters/{chapter}/contents/{content}/bookmark`: the ids, when
 * sent, must name the path's lesson; the body may be left out.
 */
export const BookmarkBodySchema = z
  .strictObject({
    chapter: contentId.optional(),
    content: contentId.optional()
  })
  .nullish()

export const BookmarkToggleSchema = z.object({
  content_id: z.number().int(),
  /** The state after the toggle. */
  bookmarked: z.boolean(),
  message: z.string()
})
export type BookmarkToggle = z.infer<typeof BookmarkToggleSchema>

/**
 * Bookmark (part 2, §3): the lesson's name and slug, its chapter's slug and subject (name and
 * slug), when it was bookmarked; `marked_bookmarked_at` and `subject_name` as the history shows them.
 */
export const BookmarkSchema = z.object({
  id: z.number().int(),
  created_at: z.string(),
  marked_bookmarked_at: z.string(),
  subject_name: z.string(),
  content: z.object({
    id: z.number().int(),
    name: z.string(),
    slug: z.string(),
    chapter: z.object({
      id: z.number().int(),
      slug: z.string(),
      subject: z.object({ id: z.number().int(), name: z.string(), slug: z.string() })
    })
  })
})
export type Bookmark = z.infer<typeof BookmarkSchema>

export const reactionEndpoints = {
  reactions: {
    method: 'GET',
    service: 'api',
    path: '/students/reactions/:contentId',
    access: 'user',
    summary: "A lesson of the pupil's class: the count of each reaction, their total and the pupil's own (also for a locked lesson)",
    params: z.strictObject({ contentId: idParam }),
    response: ReactionsSchema,
    errors: [401, 403, 404]
  },
  react: {
    method: 'POST',
    service: 'api',
    path: '/students/reactions',
    access: 'user',
    summary:
      'React to a lesson (one reaction per pupil, replaced by a new one, cleared by null); refused on a locked lesson (content_locked)',
    body: ReactBodySchema,
    response: ReactionsSchema,
    errors: [401, 403, 404]
  },
  toggleBookmark: {
    method: 'POST',
    service: 'api',
    path: '/user/subjects/:subject/chapters/:chapter/contents/:content/bookmark',
    access: 'user',
    summary: 'Bookmark the lesson, or remove its bookmark; refused on a locked lesson (content_locked)',
    params: LessonPathSchema,
    body: BookmarkBodySchema,
    response: BookmarkToggleSchema,
    errors: [401, 403, 404]
  },
  bookmarks: {
    method: 'GET',
    service: 'api',
    path: '/student/bookmarked-contents',
    access: 'user',
    summary: "The pupil's bookmarked lessons of their class, newest first",
    response: z.array(BookmarkSchema),
    errors: [401, 403]
  }
} as const satisfies Record<string, Endpoint>
