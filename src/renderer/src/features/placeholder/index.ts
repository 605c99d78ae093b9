/** The page of the screens other issues build (docs/decisions/0028-areas.md). */
export const loadPlaceholderPage = () => import('./PlaceholderPage.tsx')
