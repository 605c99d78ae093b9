import { describe, expect, it } from 'vitest'
import { resources } from '../../../../src/renderer/src/i18n/resources.ts'
import { fr } from '../../../../src/renderer/src/i18n/locales/fr.ts'
import { createI18n } from '../../../../src/renderer/src/i18n/index.ts'
import { leaves, placeholders, type Tree } from './lazyNamespaces.ts'

const source = leaves(fr as unknown as Tree)

describe('translation catalogues', () => {
  for (const language of ['en-US', 'ar'] as const) {
    const target = leaves(resources[language] as unknown as Tree)

    it(`${language} has every key of the French catalogue`, () => {
      const missing = [...source.keys()].filter((key) => !target.has(key))
      expect(missing).toEqual([])
    })

    it(`${language} has no key the French catalogue lacks`, () => {
      const extra = [...target.keys()].filter((key) => !source.has(key))
      expect(extra).toEqual([])
    })

    it(`${language} values are non-empty literal strings with the same placeholders`, () => {
      for (const [key, text] of target) {
        expect(text.trim(), key).not.toBe('')
        expect(placeholders(text), key).toEqual(placeholders(source.get(key) ?? ''))
      }
    })
  }

  it('keeps the specification texts as the French values', () => {
    expect(fr.shell.notFound.title).toBe('Oups 404 Error')
    expect(fr.shell.notFound.text).toBe('La page que vous recherchez semble introuvable')
    expect(fr.shell.sidebar).toMatchObject({
      home: 'Accueil',
      profile: 'Mon profil',
      offers: 'Offres',
      subjects: 'Matières',
      exams: 'Examens',
      sessions: 'En direct',
      forum: 'Le forum',
      wallet: 'Porte monnaie',
      assistance: 'Assistance',
      revenue: 'Revenu',
      parrain: 'Parrain'
    })
    expect(fr.routes.register).toBe('Créer un compte')
    expect(fr.routes.confirm).toBe('Dernière étape')
  })

  it('the Arabic catalogue is written in Arabic', () => {
    const arabic = /[\u0600-\u06FF]/
    const latinOnly = [...leaves(resources.ar as unknown as Tree)]
      .filter(([key]) => !key.startsWith('shell.language.') && key !== 'shell.footer.copyright')
      .filter(([, text]) => !arabic.test(text))
      .map(([key]) => key)
    expect(latinOnly).toEqual([])
  })

  it('the Arabic catalogue keeps one word per notion: coins, birth date, test account, parent', () => {
    const ar = resources.ar as unknown as Tree
    const texts = [...leaves(ar).values()].join('\n')
    // الرموز is the word for a code: coins are العملات.
    expect(resources.ar.routes.convertCoins).toBe('تحويل العملات إلى نقاط')
    expect(resources.ar.routes.parrainNoCoins).toBe('رصيد العملات غير كافٍ')
    expect(texts).not.toMatch(/تاريخ الولادة|حسابات التجربة|حساب تجربة/)
    expect(texts).not.toMatch(/الولي(?!ّ)/)
    expect(resources.ar.auth.register.birthDate).toBe('تاريخ الميلاد')
  })

  it('resolves namespaced keys in each language', () => {
    const i18n = createI18n('ar')
    expect(i18n.t('shell:sidebar.home')).toBe('الرئيسية')
    expect(i18n.t('routes:offers')).toBe('العروض')
    const french = createI18n('fr')
    expect(french.t('shell:placeholder.text', { screen: 'Offres' })).toBe('L’écran « Offres » sera bientôt disponible.')
    expect(createI18n('en-US').t('shell:notFound.backHome')).toBe('Back to home')
  })
})
