/** The header's lesson search: lessons of the pupil's class by lesson or subject name. */
import { and, asc, eq, or, sql } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { SEARCH_DISABLED_GROUP_ID } from '../../../src/shared/constants.ts'
import { searchClosed } from '../../../src/shared/rules/search.ts'
import { SEARCH_LIMIT, searchEndpoints as ep, type SearchResult } from '../../../src/shared/api/search.ts'
import { chapters, contents, subjects, userOffers } from '../db/schema.ts'
import { tunisDate } from '../clock.ts'
import { ApiError } from '../errors.ts'
import { addRoute } from '../http.ts'
import type { Services } from '../services.ts'

/** `%`, `_` and `\` are literal in the pupil's text. */
export function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

export function registerSearchRoutes(app: FastifyInstance, services: Services): void {
  const { db } = services.database

  addRoute(app, services, ep.autocomplete, async ({ auth, body }) => {
    const user = auth.user
    // The same rule as the app's search box (src/shared/rules/search.ts).
    const offers = await db.select({ group_id: userOffers.groupId, end_date: userOffers.endDate }).from(userOffers)
      .where(and(eq(userOffers.userId, user.id), eq(userOffers.groupId, SEARCH_DISABLED_GROUP_ID)))
    if (searchClosed(offers, tunisDate(services.clock.now()))) throw new ApiError('forbidden', 'La recherche n’est pas disponible avec votre offre')
    if (user.divisionId == null) return []
    const pattern = likePattern(body.term)
    const rows = await db.select({
      name: contents.name, subject: subjects.id, subject_name: subjects.name, subject_slug: subjects.slug,
      chapter_slug: chapters.slug, content_slug: contents.slug, chapter_type: chapters.type
    }).from(contents)
      .innerJoin(chapters, eq(chapters.id, contents.chapterId))
      .innerJoin(subjects, eq(subjects.id, chapters.subjectId))
      .where(and(
        eq(subjects.divisionId, user.divisionId), eq(subjects.visible, true),
        or(sql`${contents.name} ilike ${pattern}`, sql`${subjects.name} ilike ${pattern}`)
      ))
      // Lessons whose own name matches come before those found by their subject's name.
      .orderBy(sql`(${contents.name} ilike ${pattern}) desc`, asc(subjects.position), asc(chapters.position), asc(contents.position), asc(contents.id))
      .limit(SEARCH_LIMIT)
    return rows as SearchResult[]
  }, { perUserPerMinute: services.config.rateLimits.searchesPerUserPerMinute })
}
