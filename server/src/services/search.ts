/** The header's lesson search: lessons of the pupil's class by lesson or subject name. */
import { and, asc, eq, or, sql } from 'drizzle-orm'
import { SEARCH_LIMIT, type SearchResult } from '../../../src/shared/api/search.ts'
import { SEARCH_DISABLED_GROUP_ID } from '../../../src/shared/constants.ts'
import { searchClosed } from '../../../src/shared/rules/search.ts'
import type { Executor } from '../db/client.ts'
import { chapters, contents, subjects, userOffers } from '../db/schema.ts'

/** `%`, `_` and `\` are literal in the pupil's text. */
export function likePattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
}

/** The pupil's offer closes the search on `today` (the same rule as the app's search box, src/shared/rules/search.ts). */
export async function searchClosedFor(db: Executor, userId: number, today: string): Promise<boolean> {
  const offers = await db
    .select({ group_id: userOffers.groupId, start_date: userOffers.startDate, end_date: userOffers.endDate })
    .from(userOffers)
    .where(and(eq(userOffers.userId, userId), eq(userOffers.groupId, SEARCH_DISABLED_GROUP_ID)))
  return searchClosed(offers, today)
}

/**
 * The visible lessons of a class whose name, or whose subject's name, holds the term: lessons
 * whose own name matches come before those found by their subject's name. The columns are the
 * contract's fields.
 */
export async function searchLessons(db: Executor, divisionId: number, term: string): Promise<SearchResult[]> {
  const pattern = likePattern(term)
  const rows = await db
    .select({
      name: contents.name,
      subject: subjects.id,
      subject_name: subjects.name,
      subject_slug: subjects.slug,
      chapter_slug: chapters.slug,
      content_slug: contents.slug,
      chapter_type: chapters.type
    })
    .from(contents)
    .innerJoin(chapters, eq(chapters.id, contents.chapterId))
    .innerJoin(subjects, eq(subjects.id, chapters.subjectId))
    .where(
      and(
        eq(subjects.divisionId, divisionId),
        eq(subjects.visible, true),
        or(sql`${contents.name} ilike ${pattern}`, sql`${subjects.name} ilike ${pattern}`)
      )
    )
    .orderBy(
      sql`(${contents.name} ilike ${pattern}) desc`,
      asc(subjects.position),
      asc(chapters.position),
      asc(contents.position),
      asc(contents.id)
    )
    .limit(SEARCH_LIMIT)
  return rows as SearchResult[]
}
