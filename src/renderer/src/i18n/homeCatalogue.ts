import type { i18n as I18n } from 'i18next'
import { ensureNamespace, useNamespace, type LazyCatalogues } from '../../i18n/lazyNamespace.ts'
import { homeAr } from '../../i18n/locales/home.ar.ts'
import { homeEnUS } from '../../i18n/locales/home.en-US.ts'
import { homeFr } from '../../i18n/locales/home.fr.ts'

export const homeCatalogues: LazyCatalogues<'home'> = { fr: homeFr, 'en-US': homeEnUS, ar: homeAr }

export const ensureHomeCatalogue = (i18n: I18n): void => ensureNamespace(i18n, 'home', homeCatalogues)

/** The home's texts arrive with its route chunk. */
export const useHomeCatalogue = (): void => useNamespace('home', homeCatalogues)
