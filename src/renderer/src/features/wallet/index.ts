/**
 * What the app shell and the other areas use of the wallet area: the wallet and its history
 * screen (docs/decisions/0028-areas.md). Imported at start-up: only loaders, each screen keeps its chunk.
 */
export const loadWalletPage = () => import('./WalletPage.tsx')
export const loadHistoryPage = () => import('./HistoryPage.tsx')
