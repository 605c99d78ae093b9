import { describe, expect, it } from 'vitest'
import { describeLazyNamespace } from '../../i18n/lazyNamespaces.ts'
import { ensureProfileCatalogue, profileCatalogues } from '../../../../../src/renderer/src/features/profile/profileCatalogue.ts'
import { createI18n } from '../../../../../src/renderer/src/i18n/index.ts'

describeLazyNamespace('profile', profileCatalogues)

describe('the profile namespace, loaded with its screens', () => {
  it('resolves once added', () => {
    const i18n = createI18n('fr')
    expect(i18n.exists('profile:edit.titleIncomplete')).toBe(false)
    ensureProfileCatalogue(i18n)
    expect(i18n.t('profile:edit.titleIncomplete')).toBe('Compléter vos données')
    expect(i18n.t('profile:edit.titleCompleted')).toBe('Modifier mon profil')
    expect(i18n.t('profile:edit.processing')).toBe('En traitement...')
    expect(i18n.t('profile:rules.divisionRequest.reasonRequired')).toBe('Remplir le champ raison')
    expect(i18n.t('profile:rules.marksheet.divisionRequired')).toBe('Please select a division')
  })
})
