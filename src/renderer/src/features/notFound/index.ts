/** The 404 page (docs/decisions/0028-areas.md). */
export const loadNotFoundPage = () => import('./NotFoundPage.tsx')
