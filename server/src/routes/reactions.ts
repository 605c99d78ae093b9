/**
 * Reactions and bookmarks of a lesson (part 2, §2 control bar and /liste-de-favoris, §7;
 * docs/decisions/0036-reactions-and-bookmarks.md). Who may open a lesson is the catalogue's
 * rule (services/catalogue.ts): a reaction or a bookmark on a lesson the pupil cannot open is
 * refused with `content_locked`, and nothing changes.
 */
import type { FastifyInstance } from 'fastify'
import { reactionEndpoints as ep } from '../../../src/shared/api/reactions.ts'
import { ApiError } from '../errors.ts'
import { addRoute, Serialized } from '../http.ts'
import { presentBookmarkToggle, presentReactions } from '../presenters/reactions.ts'
import type { Services } from '../services.ts'
import { findLessonPlace } from '../services/catalogue.ts'
import { bookmarksJson, openLessonById, openLessonByPath, reactionsOf, setReaction, toggleBookmark } from '../services/reactions.ts'

export function registerReactionRoutes(app: FastifyInstance, services: Services): void {
  const { db } = services.database

  addRoute(app, services, ep.reactions, async ({ auth, params }) => {
    // Counts are shown on a locked lesson too: only another class's or an unknown lesson is refused.
    const place = await findLessonPlace(db, auth.user, params.contentId)
    return presentReactions(place.contentId, await reactionsOf(db, auth.user.id, place.contentId))
  })

  addRoute(app, services, ep.react, async ({ auth, body }) => {
    const now = services.clock.now()
    const place = await openLessonById(db, auth.user, body.content_id, now)
    await setReaction(db, auth.user.id, place.contentId, body.reaction_type, now)
    return presentReactions(place.contentId, await reactionsOf(db, auth.user.id, place.contentId))
  })

  addRoute(app, services, ep.toggleBookmark, async ({ auth, params, body: sent }) => {
    const now = services.clock.now()
    const lesson = await openLessonByPath(db, services.answers.catalogues, auth.user, params, now)
    const body = sent ?? {}
    if (
      (body.content !== undefined && body.content !== lesson.contentId) ||
      (body.chapter !== undefined && body.chapter !== lesson.chapterId)
    ) {
      throw new ApiError('validation_failed', 'La leçon envoyée ne correspond pas à l’adresse', {
        status: 422,
        fieldKeys:
          body.content !== undefined && body.content !== lesson.contentId
            ? { content: ['common.invalid'] }
            : { chapter: ['common.invalid'] }
      })
    }
    return presentBookmarkToggle(lesson.contentId, await toggleBookmark(db, auth.user.id, lesson.contentId, now))
  })

  addRoute(app, services, ep.bookmarks, async ({ auth }) => new Serialized(await bookmarksJson(db, auth.user)))
}
