import { describe, expect, it } from 'vitest'
import { describeLazyNamespace } from './lazyNamespaces.ts'
import { ensureWalletCatalogue, walletCatalogues } from '../../../../src/renderer/src/i18n/walletCatalogue.ts'
import { createI18n } from '../../../../src/renderer/src/i18n/index.ts'

describeLazyNamespace('wallet', walletCatalogues)

describe('the wallet namespace, loaded with its screens', () => {
  it('resolves once added', () => {
    const i18n = createI18n('ar')
    expect(i18n.exists('wallet:page.title')).toBe(false)
    ensureWalletCatalogue(i18n)
    ensureWalletCatalogue(i18n)
    expect(i18n.t('wallet:page.title')).toBe('المحفظة')
    void i18n.changeLanguage('fr')
    expect(i18n.t('wallet:result.successTitle')).toBe('Abonnement activé')
    expect(i18n.t('wallet:rules.transfer.amountRange')).toBe('Veuillez entrer un montant entre 10 et 5000')
  })
})
