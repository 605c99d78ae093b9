import type { i18n as I18n } from 'i18next'
import { ensureNamespace, useNamespace, type LazyCatalogues } from './lazyNamespace.ts'
import { offersAr } from './locales/offers.ar.ts'
import { offersEnUS } from './locales/offers.en-US.ts'
import { offersFr } from './locales/offers.fr.ts'

export const offersCatalogues: LazyCatalogues<'offers'> = { fr: offersFr, 'en-US': offersEnUS, ar: offersAr }

export const ensureOffersCatalogue = (i18n: I18n): void => ensureNamespace(i18n, 'offers', offersCatalogues)

/** The offers screen's texts arrive with its route chunk. */
export const useOffersCatalogue = (): void => useNamespace('offers', offersCatalogues)
