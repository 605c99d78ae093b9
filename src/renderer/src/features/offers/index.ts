/**
 * What the router uses of the offers area (docs/decisions/0028-areas.md). Imported at start-up:
 * only the loader; the screen, its store and the pricing engine keep their own chunk.
 */
/** 'Offres' and its purchase dialog. */
export const loadOffersPage = () => import('./OffersPage.tsx')
/** /offers/{operator}: the mobile-operator landing, signed out. */
export const loadOperatorLandingPage = () => import('./landing/OperatorLandingPage.tsx')
