import type { i18n as I18n } from 'i18next'
import { ensureNamespace, useNamespace, type LazyCatalogues } from './lazyNamespace.ts'
import { walletAr } from './locales/wallet.ar.ts'
import { walletEnUS } from './locales/wallet.en-US.ts'
import { walletFr } from './locales/wallet.fr.ts'

export const walletCatalogues: LazyCatalogues<'wallet'> = { fr: walletFr, 'en-US': walletEnUS, ar: walletAr }

export const ensureWalletCatalogue = (i18n: I18n): void => ensureNamespace(i18n, 'wallet', walletCatalogues)

/** The wallet and history screens' texts arrive with their route chunk. */
export const useWalletCatalogue = (): void => useNamespace('wallet', walletCatalogues)
