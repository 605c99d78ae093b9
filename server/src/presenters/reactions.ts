/** The only way reactions and bookmarks leave the server: the shapes of src/shared/api/reactions.ts. */
import { BookmarkSchema, type BookmarkToggle, type Reactions } from '../../../src/shared/api/reactions.ts'
import { jsonObject, jsonTime, jsonValue } from '../db/json.ts'
import { chapters, contentBookmarks, contents, subjects } from '../db/schema.ts'
import type { ReactionCounts } from '../services/reactions.ts'

export function presentReactions(contentId: number, counts: ReactionCounts): Reactions {
  const { angry, sad, thinking, happy, love, mine } = counts
  return {
    content_id: contentId,
    angry,
    sad,
    thinking,
    happy,
    love,
    total: angry + sad + thinking + happy + love,
    user_reaction: mine ? { reaction_type: mine } : null
  }
}

export function presentBookmarkToggle(contentId: number, bookmarked: boolean): BookmarkToggle {
  return {
    content_id: contentId,
    bookmarked,
    message: bookmarked ? 'Leçon ajoutée à vos favoris' : 'Leçon retirée de vos favoris'
  }
}

const contentShape = BookmarkSchema.shape.content
const chapterShape = contentShape.shape.chapter

/** One bookmark as the database writes it (BookmarkSchema), over content_bookmarks joined to its lesson, chapter and subject. */
export const bookmarkJson = jsonObject(BookmarkSchema, {
  id: jsonValue(contentBookmarks.id),
  created_at: jsonTime(contentBookmarks.createdAt),
  marked_bookmarked_at: jsonTime(contentBookmarks.createdAt),
  subject_name: jsonValue(subjects.name),
  content: jsonObject(contentShape, {
    id: jsonValue(contents.id),
    name: jsonValue(contents.name),
    slug: jsonValue(contents.slug),
    chapter: jsonObject(chapterShape, {
      id: jsonValue(chapters.id),
      slug: jsonValue(chapters.slug),
      subject: jsonObject(chapterShape.shape.subject, {
        id: jsonValue(subjects.id),
        name: jsonValue(subjects.name),
        slug: jsonValue(subjects.slug)
      })
    })
  })
})
