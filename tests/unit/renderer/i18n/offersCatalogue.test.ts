import { describe, expect, it } from 'vitest'
import { describeLazyNamespace } from './lazyNamespaces.ts'
import { ensureOffersCatalogue, offersCatalogues } from '../../../../src/renderer/src/i18n/offersCatalogue.ts'
import { createI18n } from '../../../../src/renderer/src/i18n/index.ts'

describeLazyNamespace('offers', offersCatalogues)

describe('the offers namespace, loaded with the offers screen', () => {
  it("resolves once added, with the specification's words for the periods", () => {
    const i18n = createI18n('fr')
    expect(i18n.exists('offers:page.title')).toBe(false)
    ensureOffersCatalogue(i18n)
    expect(i18n.t('offers:page.title')).toBe('Offres')
    expect(i18n.t('offers:dialog.periods.month')).toBe('Par mois')
    expect(i18n.t('offers:dialog.periods.rest_of_year')).toBe('Reste de l’année')
    expect(i18n.t('offers:purchase.success')).toBe('Abonnement activé')
    void i18n.changeLanguage('ar')
    expect(i18n.t('offers:dialog.monthsFew', { count: 3 })).toBe('3 أشهر')
  })
})
