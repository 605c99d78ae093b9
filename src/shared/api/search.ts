/**
 * The header's lesson search (specification part 2, §3 Search result, §5, §7
 * `POST /search/autocomplete`): from 3 characters, among the lessons of the pupil's class;
 * refused to pupils holding an offer of group 104.
 */
import { z } from 'zod'
import { SEARCH_MIN_CHARS } from '../constants.ts'
import type { Endpoint } from './common.ts'

/** Results of one search, at most. */
export const SEARCH_LIMIT = 20

export const SearchTermSchema = z
  .string({ error: 'search.tooShort' })
  .trim()
  .min(SEARCH_MIN_CHARS, { error: 'search.tooShort' })
  .max(100, { error: 'common.tooLong' })

export const AutocompleteBodySchema = z.strictObject({ term: SearchTermSchema })

export const SearchResultSchema = z.object({
  /** The lesson's name. */
  name: z.string(),
  /** The subject's id. */
  subject: z.number().int(),
  subject_name: z.string(),
  subject_slug: z.string(),
  chapter_slug: z.string(),
  content_slug: z.string(),
  /** 'recording' for a recording chapter's lessons (they open under /recordings/). */
  chapter_type: z.enum(['course', 'recording', 'exam', 'divers'])
})
export type SearchResult = z.infer<typeof SearchResultSchema>

export const searchEndpoints = {
  autocomplete: {
    method: 'POST',
    service: 'api',
    path: '/search/autocomplete',
    access: 'user',
    summary: 'Lessons of your class whose name (or subject) contains the term, 3 characters at least',
    body: AutocompleteBodySchema,
    response: z.array(SearchResultSchema),
    errors: [401, 403]
  }
} as const satisfies Record<string, Endpoint>
