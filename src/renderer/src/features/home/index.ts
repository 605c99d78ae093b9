/**
 * What the app shell and the other areas use of the home area (docs/decisions/0028-areas.md).
 * Imported at start-up: only loaders and types, the screen and its stores keep their own chunks.
 */
export const loadHomePage = () => import('./HomePage.tsx')
/** The wallet widget's free-hours indicator, with the home's stores it reads. */
export const loadFreeHoursIndicator = () => import('./FreeHoursIndicator.tsx')
