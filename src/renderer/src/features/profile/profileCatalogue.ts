import type { i18n as I18n } from 'i18next'
import { useTranslation } from 'react-i18next'
import type { Language } from '../../../../shared/ipc.ts'
import type { Catalogue } from '../../i18n/locales/fr.ts'
import { profileAr } from '../../i18n/locales/profile.ar.ts'
import { profileEnUS } from '../../i18n/locales/profile.en-US.ts'
import { profileFr } from '../../i18n/locales/profile.fr.ts'

export const profileCatalogues: Record<Language, Catalogue['profile']> = { fr: profileFr, 'en-US': profileEnUS, ar: profileAr }

/** Adds the `profile` namespace, in every language, to an i18next instance that lacks it. */
export function ensureProfileCatalogue(i18n: I18n): void {
  for (const [language, bundle] of Object.entries(profileCatalogues)) {
    if (!i18n.hasResourceBundle(language, 'profile')) i18n.addResourceBundle(language, 'profile', bundle)
  }
}

/** The profile screens call this first: their namespace arrives with their route chunk. */
export function useProfileCatalogue(): void {
  const { i18n } = useTranslation()
  ensureProfileCatalogue(i18n)
}
