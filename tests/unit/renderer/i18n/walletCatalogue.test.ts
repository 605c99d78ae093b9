import { describe, expect, it } from 'vitest'
import { describeLazyNamespace, loadedI18n } from './lazyNamespaces.ts'
import { ensureWalletCatalogue, walletCatalogues } from '../../../../src/renderer/src/i18n/walletCatalogue.ts'

describeLazyNamespace('wallet', walletCatalogues)

describe('the wallet namespace, loaded with its screens', () => {
  it('resolves once added', () => {
    const i18n = loadedI18n('ar', 'wallet:page.title', ensureWalletCatalogue)
    ensureWalletCatalogue(i18n)
    expect(i18n.t('wallet:page.title')).toBe('المحفظة')
    void i18n.changeLanguage('fr')
    expect(i18n.t('wallet:result.successTitle')).toBe('Abonnement activé')
    expect(i18n.t('wallet:rules.transfer.amountRange')).toBe('Veuillez entrer un montant entre 10 et 5000')
  })
})
