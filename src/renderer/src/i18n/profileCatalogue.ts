import type { i18n as I18n } from 'i18next'
import { ensureNamespace, useNamespace, type LazyCatalogues } from './lazyNamespace.ts'
import { profileAr } from './locales/profile.ar.ts'
import { profileEnUS } from './locales/profile.en-US.ts'
import { profileFr } from './locales/profile.fr.ts'

export const profileCatalogues: LazyCatalogues<'profile'> = { fr: profileFr, 'en-US': profileEnUS, ar: profileAr }

export const ensureProfileCatalogue = (i18n: I18n): void => ensureNamespace(i18n, 'profile', profileCatalogues)

/** The profile screens' texts arrive with their route chunk. */
export const useProfileCatalogue = (): void => useNamespace('profile', profileCatalogues)
