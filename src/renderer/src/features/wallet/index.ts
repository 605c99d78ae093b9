/**
 * What the app shell and the other areas use of the wallet area: the wallet and its history
 * screen (docs/decisions/0028-areas.md). Imported at start-up: only loaders, each screen keeps its chunk.
 */
export const loadWalletPage = () => import('./WalletPage.tsx')
export const loadHistoryPage = () => import('./HistoryPage.tsx')

/**
 * A purchase refused for want of points sends the pupil to the wallet with the points missing in
 * the address (`/porte-monnaie?missing_points=92.5`, docs/decisions/0038-offers-screen.md): the
 * wallet shows the amount and proposes it as the top-up.
 */
export const MISSING_POINTS_PARAM = 'missing_points'

export function walletPathForMissingPoints(points: number | null): string {
  return points !== null && Number.isFinite(points) && points > 0 ? `/porte-monnaie?${MISSING_POINTS_PARAM}=${points}` : '/porte-monnaie'
}

/** The points missing that the wallet's address names, or null (absent, not a positive amount). */
export function missingPointsOf(search: string): number | null {
  const value = new URLSearchParams(search).get(MISSING_POINTS_PARAM)
  if (value === null || !/^\d{1,6}(\.\d{1,3})?$/.test(value)) return null
  const points = Number(value)
  return points > 0 ? points : null
}
