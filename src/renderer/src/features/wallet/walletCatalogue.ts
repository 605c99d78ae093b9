import type { i18n as I18n } from 'i18next'
import { useTranslation } from 'react-i18next'
import type { Language } from '../../../../shared/ipc.ts'
import type { Catalogue } from '../../i18n/locales/fr.ts'
import { walletAr } from '../../i18n/locales/wallet.ar.ts'
import { walletEnUS } from '../../i18n/locales/wallet.en-US.ts'
import { walletFr } from '../../i18n/locales/wallet.fr.ts'

export const walletCatalogues: Record<Language, Catalogue['wallet']> = { fr: walletFr, 'en-US': walletEnUS, ar: walletAr }

/** Adds the `wallet` namespace, in every language, to an i18next instance that lacks it. */
export function ensureWalletCatalogue(i18n: I18n): void {
  for (const [language, bundle] of Object.entries(walletCatalogues)) {
    if (!i18n.hasResourceBundle(language, 'wallet')) i18n.addResourceBundle(language, 'wallet', bundle)
  }
}

/**
 * The wallet and history screens call this first: their namespace arrives with their route
 * chunk and is in place before any of their texts is looked up.
 */
export function useWalletCatalogue(): void {
  const { i18n } = useTranslation()
  ensureWalletCatalogue(i18n)
}
