import type { i18n as I18n } from 'i18next'
import { ensureNamespace, useNamespace, type LazyCatalogues } from './lazyNamespace.ts'
import { homeAr } from './locales/home.ar.ts'
import { homeEnUS } from './locales/home.en-US.ts'
import { homeFr } from './locales/home.fr.ts'

export const homeCatalogues: LazyCatalogues<'home'> = { fr: homeFr, 'en-US': homeEnUS, ar: homeAr }

export const ensureHomeCatalogue = (i18n: I18n): void => ensureNamespace(i18n, 'home', homeCatalogues)

/** The home's texts arrive with its route chunk. */
export const useHomeCatalogue = (): void => useNamespace('home', homeCatalogues)
