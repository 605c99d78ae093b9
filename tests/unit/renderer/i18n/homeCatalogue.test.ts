import { describe, expect, it } from 'vitest'
import { describeLazyNamespace, loadedI18n } from './lazyNamespaces.ts'
import { ensureHomeCatalogue, homeCatalogues } from '../../../../src/renderer/src/i18n/homeCatalogue.ts'

describeLazyNamespace('home', homeCatalogues)

describe('the home namespace, loaded with its screen', () => {
  it('resolves once added, with the specification’s session states', () => {
    const i18n = loadedI18n('ar', 'home:sessions.title', ensureHomeCatalogue)
    expect(i18n.t('home:sessions.title')).toBe('حصص اليوم المباشرة')
    void i18n.changeLanguage('fr')
    expect(i18n.t('home:sessions.state.inProgress')).toBe('En Cours')
    expect(i18n.t('home:sessions.state.upcoming')).toBe('Bientôt')
    expect(i18n.t('home:sessions.state.finished')).toBe('Terminée')
    expect(i18n.t('home:warning.daysFew', { count: 6 })).toBe('Il reste 6 jours')
    expect(i18n.t('home:warning.daysTwo', { count: 2 })).toBe('Il reste 2 jours')
    void i18n.changeLanguage('ar')
    expect(i18n.t('home:warning.daysTwo', { count: 2 })).toBe('بقي يومان')
    expect(i18n.t('home:warning.hoursOne', { count: 1 })).toBe('بقيت ساعة واحدة')
    expect(i18n.t('home:content.minutesFew', { count: 5 })).toBe('5 دقائق')
    expect(i18n.t('home:content.minutesOther', { count: 45 })).toBe('45 دقيقة')
  })
})
