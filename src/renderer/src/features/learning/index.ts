/**
 * What the router and the other areas use of the learning area (docs/decisions/0028-areas.md).
 * Imported at start-up: only loaders, the screens and their stores keep their own chunks.
 */
/** 'Matières' (and /courses, the same grid: docs/decisions/0031-learning-screens.md). */
export const loadSubjectsPage = () => import('./SubjectsPage.tsx')
export const loadSubjectDetailsPage = () => import('./SubjectDetailsPage.tsx')
