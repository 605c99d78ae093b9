import type { i18n as I18n } from 'i18next'
import { useTranslation } from 'react-i18next'
import type { Language } from '../../../shared/ipc.ts'
import type { Catalogue, LazyCatalogue } from './locales/fr.ts'

/** A namespace that travels with its screens' route chunks instead of the start-up bundle. */
export type LazyNamespace = keyof LazyCatalogue
export type LazyCatalogues<N extends LazyNamespace> = Record<Language, Catalogue[N]>

/** Adds a namespace, in every language, to an i18next instance that lacks it. */
export function ensureNamespace<N extends LazyNamespace>(i18n: I18n, namespace: N, catalogues: LazyCatalogues<N>): void {
  for (const [language, bundle] of Object.entries(catalogues)) {
    // The bundles are constants no one writes to: i18next need not copy them.
    if (!i18n.hasResourceBundle(language, namespace)) i18n.addResourceBundle(language, namespace, bundle, false, false, { skipCopy: true })
  }
}

/** A screen calls this first, so its texts are in place before any is looked up. */
export function useNamespace<N extends LazyNamespace>(namespace: N, catalogues: LazyCatalogues<N>): void {
  const { i18n } = useTranslation()
  ensureNamespace(i18n, namespace, catalogues)
}
