import { describe, expect, it } from 'vitest'
import { describeLazyNamespace, loadedI18n } from './lazyNamespaces.ts'
import { ensureLearningCatalogue, learningCatalogues } from '../../../../src/renderer/src/i18n/learningCatalogue.ts'

describeLazyNamespace('learning', learningCatalogues)

describe('the learning namespace, loaded with the subjects screens', () => {
  it('resolves once added, with the spec’s words for what a chapter counts', () => {
    const i18n = loadedI18n('fr', 'learning:subjects.title', ensureLearningCatalogue)
    expect(i18n.t('learning:subjects.title')).toBe('Matières')
    expect(i18n.t('learning:details.magazinesOther', { count: 4 })).toBe('4 Magazines')
    expect(i18n.t('learning:details.videosOther', { count: 12 })).toBe('12 vidéos')
    expect(i18n.t('learning:widget.more')).toBe('voir plus')
    expect(i18n.t('learning:widget.less')).toBe('voir moins')
    void i18n.changeLanguage('ar')
    expect(i18n.t('learning:details.videosFew', { count: 5 })).toBe('5 فيديوهات')
    expect(i18n.t('learning:details.levelRefused')).toBe('الدخول غير مسموح به لهذا المستوى')
  })
})
