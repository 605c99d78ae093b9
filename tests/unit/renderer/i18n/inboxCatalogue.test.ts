import { describe, expect, it } from 'vitest'
import { describeLazyNamespace, loadedI18n } from './lazyNamespaces.ts'
import { ensureInboxCatalogue, inboxCatalogues } from '../../../../src/renderer/src/i18n/inboxCatalogue.ts'

describeLazyNamespace('inbox', inboxCatalogues)

describe('the inbox namespace, loaded with the header dropdowns and the search', () => {
  it('resolves once added', () => {
    const i18n = loadedI18n('fr', 'inbox:search.noOptions', ensureInboxCatalogue)
    expect(i18n.t('inbox:search.noOptions')).toBe('No options')
    expect(i18n.t('inbox:notifications.labelWithCount', { count: 3 })).toBe('Notifications, 3 non lues')
    expect(i18n.t('inbox:notifications.labelWithOne')).toBe('Notifications, 1 non lue')
    expect(i18n.t('inbox:messages.labelWithOne')).toBe('Messages, 1 non lu')
    void i18n.changeLanguage('ar')
    expect(i18n.t('inbox:popup.never')).toBe('عدم الإظهار مجددًا')
  })
})
