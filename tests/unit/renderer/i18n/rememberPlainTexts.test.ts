import i18next, { type i18n as I18n } from 'i18next'
import { describe, expect, it } from 'vitest'
import { createI18n, rememberPlainTexts } from '../../../../src/renderer/src/i18n/index.ts'
import { fr } from '../../../../src/renderer/src/i18n/locales/fr.ts'
import { ar } from '../../../../src/renderer/src/i18n/locales/ar.ts'

// The app's catalogue types the real `t`; these tests also use keys of their own.
type PlainT = ((key: string, options?: Record<string, unknown>) => string) & { lng?: string; ns?: unknown }
const fixedT = (i18n: I18n, lng: string, ns: string) => (i18n.getFixedT as unknown as (lng: string, ns: string) => PlainT)(lng, ns)

function plainInstance() {
  const instance = i18next.createInstance()
  void instance.init({
    resources: {
      fr: { demo: { hello: 'Bonjour', count_one: '{{count}} point', count_other: '{{count}} points', name: 'Salut {{name}}' } }
    },
    lng: 'fr',
    ns: ['demo'],
    defaultNS: 'demo',
    initAsync: false,
    interpolation: { escapeValue: false }
  })
  rememberPlainTexts(instance)
  return instance
}

describe('texts looked up once per language', () => {
  it('answers as i18next does, in each language and namespace', () => {
    const i18n = createI18n('fr')
    const t = fixedT(i18n, 'fr', 'shell')
    expect(t('appName')).toBe(fr.shell.appName)
    expect(t('appName')).toBe(fr.shell.appName)
    expect(t('routes:home')).toBe(fr.routes.home)
    const tAr = fixedT(i18n, 'ar', 'shell')
    expect(tAr('appName')).toBe(ar.shell.appName)
    expect(tAr('routes:home')).toBe(ar.routes.home)
  })

  it('looks a plain text up once, and texts with values every time', () => {
    const i18n = plainInstance()
    let lookups = 0
    const translator = (i18n as unknown as { translator: { translate: (...args: unknown[]) => unknown } }).translator
    const translate = translator.translate.bind(translator)
    translator.translate = (...args) => {
      lookups += 1
      return translate(...args)
    }
    const t = fixedT(i18n, 'fr', 'demo')
    expect([t('hello'), t('hello'), t('hello')]).toEqual(['Bonjour', 'Bonjour', 'Bonjour'])
    expect(lookups).toBe(1)
    expect(t('count', { count: 1 })).toBe('1 point')
    expect(t('count', { count: 3 })).toBe('3 points')
    expect(t('name', { name: 'Amira' })).toBe('Salut Amira')
    expect(lookups).toBe(4)
  })

  it('forgets what it knew when a catalogue is added', () => {
    const i18n = plainInstance()
    const t = fixedT(i18n, 'fr', 'demo')
    expect(t('later:title')).toBe('title')
    i18n.addResourceBundle('fr', 'later', { title: 'Plus tard' })
    expect(t('later:title')).toBe('Plus tard')
  })

  it('keeps the fixed language of the function it returns', () => {
    const i18n = plainInstance()
    const t = fixedT(i18n, 'fr', 'demo')
    expect(t.lng).toBe('fr')
    expect(t.ns).toBe('demo')
  })
})
