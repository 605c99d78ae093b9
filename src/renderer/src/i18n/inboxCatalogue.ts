import type { i18n as I18n } from 'i18next'
import { ensureNamespace, useNamespace, type LazyCatalogues } from './lazyNamespace.ts'
import { inboxAr } from './locales/inbox.ar.ts'
import { inboxEnUS } from './locales/inbox.en-US.ts'
import { inboxFr } from './locales/inbox.fr.ts'

export const inboxCatalogues: LazyCatalogues<'inbox'> = { fr: inboxFr, 'en-US': inboxEnUS, ar: inboxAr }

export const ensureInboxCatalogue = (i18n: I18n): void => ensureNamespace(i18n, 'inbox', inboxCatalogues)

/** The texts of the notification, message and search parts arrive with their chunks. */
export const useInboxCatalogue = (): void => useNamespace('inbox', inboxCatalogues)
