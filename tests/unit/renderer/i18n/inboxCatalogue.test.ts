import { describe, expect, it } from 'vitest'
import { describeLazyNamespace } from './lazyNamespaces.ts'
import { ensureInboxCatalogue, inboxCatalogues } from '../../../../src/renderer/src/i18n/inboxCatalogue.ts'
import { createI18n } from '../../../../src/renderer/src/i18n/index.ts'

describeLazyNamespace('inbox', inboxCatalogues)

describe('the inbox namespace, loaded with the header dropdowns and the search', () => {
  it('resolves once added', () => {
    const i18n = createI18n('fr')
    expect(i18n.exists('inbox:search.noOptions')).toBe(false)
    ensureInboxCatalogue(i18n)
    expect(i18n.t('inbox:search.noOptions')).toBe('No options')
    expect(i18n.t('inbox:notifications.labelWithCount', { count: 3 })).toBe('Notifications, 3 non lues')
    expect(i18n.t('inbox:notifications.labelWithOne')).toBe('Notifications, 1 non lue')
    expect(i18n.t('inbox:messages.labelWithOne')).toBe('Messages, 1 non lu')
    void i18n.changeLanguage('ar')
    expect(i18n.t('inbox:popup.never')).toBe('عدم الإظهار مجددًا')
  })
})
