import { describe, expect, it } from 'vitest'
import { describeLazyNamespace, loadedI18n } from './lazyNamespaces.ts'
import { ensureSupportCatalogue, supportCatalogues } from '../../../../src/renderer/src/i18n/supportCatalogue.ts'

describeLazyNamespace('support', supportCatalogues)

describe('the support namespace, loaded with the reports and assistance screens', () => {
  it('resolves once added, with the route titles’ words', () => {
    const i18n = loadedI18n('fr', 'support:reports.title', ensureSupportCatalogue)
    expect(i18n.t('support:reports.title')).toBe(i18n.t('routes:reports'))
    expect(i18n.t('support:status.pending')).toBe('En attente')
    void i18n.changeLanguage('ar')
    expect(i18n.t('support:reports.title')).toBe(i18n.t('routes:reports'))
    expect(i18n.t('support:assistance.title')).toBe(i18n.t('routes:assistance'))
  })
})
