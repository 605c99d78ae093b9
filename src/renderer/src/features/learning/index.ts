/**
 * What the router and the other areas use of the learning area (docs/decisions/0028-areas.md).
 * Imported at start-up: only loaders, the screens and their stores keep their own chunks.
 */
/** 'Matières' (and /courses, the same grid: docs/decisions/0031-learning-screens.md). */
export const loadSubjectsPage = () => import('./SubjectsPage.tsx')
export const loadSubjectDetailsPage = () => import('./SubjectDetailsPage.tsx')
/** A lesson and its player (both route shapes and the course views). */
export const loadLessonPage = () => import('./LessonPage.tsx')
/** 'Liste de favoris': the bookmarked lessons. */
export const loadFavouritesPage = () => import('./FavouritesPage.tsx')

/** The route of a subject's page (part 2, §2), which the home's progress rows open. */
export function subjectDetailsPath(subjectId: number): string {
  return `/subjects/${subjectId}/details`
}

/**
 * The route of a lesson (part 2, §2), recordings under /recordings/, which the home's latest and
 * free lessons and the header search open. Written here without imports: this index is loaded at
 * start-up, and the learning rules' module would bring its contracts into that chunk.
 */
export function lessonPath(subjectSlug: string, chapter: { slug: string; type: string }, lessonSlug: string): string {
  const encode = encodeURIComponent
  const part = chapter.type === 'recording' ? 'recordings' : 'lessons'
  return `/subjects/${encode(subjectSlug)}/chapters/${encode(chapter.slug)}/${part}/${encode(lessonSlug)}/content`
}
