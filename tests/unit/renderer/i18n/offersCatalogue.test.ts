import { describe, expect, it } from 'vitest'
import { describeLazyNamespace, loadedI18n } from './lazyNamespaces.ts'
import { ensureOffersCatalogue, offersCatalogues } from '../../../../src/renderer/src/i18n/offersCatalogue.ts'

describeLazyNamespace('offers', offersCatalogues)

describe('the offers namespace, loaded with the offers screen', () => {
  it("resolves once added, with the specification's words for the periods", () => {
    const i18n = loadedI18n('fr', 'offers:page.title', ensureOffersCatalogue)
    expect(i18n.t('offers:page.title')).toBe('Offres')
    expect(i18n.t('offers:dialog.periods.month')).toBe('Par mois')
    expect(i18n.t('offers:dialog.periods.rest_of_year')).toBe('Reste de l’année')
    expect(i18n.t('offers:purchase.success')).toBe('Abonnement activé')
    void i18n.changeLanguage('ar')
    expect(i18n.t('offers:dialog.monthsFew', { count: 3 })).toBe('3 أشهر')
  })
})
