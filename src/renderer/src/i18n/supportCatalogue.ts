import type { i18n as I18n } from 'i18next'
import { ensureNamespace, useNamespace, type LazyCatalogues } from './lazyNamespace.ts'
import { supportAr } from './locales/support.ar.ts'
import { supportEnUS } from './locales/support.en-US.ts'
import { supportFr } from './locales/support.fr.ts'

export const supportCatalogues: LazyCatalogues<'support'> = { fr: supportFr, 'en-US': supportEnUS, ar: supportAr }

export const ensureSupportCatalogue = (i18n: I18n): void => ensureNamespace(i18n, 'support', supportCatalogues)

/** The support screens' texts (reports, the report dialog, assistance) arrive with their chunks. */
export const useSupportCatalogue = (): void => useNamespace('support', supportCatalogues)
