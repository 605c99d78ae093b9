import { describe, expect, it } from 'vitest'
import { detectLanguage, directionOf, isLanguage, languageFromLocale, shortLanguage } from '../../../../src/renderer/src/i18n/languages.ts'

describe('language detection', () => {
  it('prefers the stored setting', () => {
    expect(detectLanguage({ stored: 'ar', osLocale: 'en-GB' })).toBe('ar')
  })

  it('falls back to the OS locale, then French', () => {
    expect(detectLanguage({ stored: null, osLocale: 'ar-TN' })).toBe('ar')
    expect(detectLanguage({ stored: null, osLocale: 'en_GB' })).toBe('en-US')
    expect(detectLanguage({ stored: null, osLocale: 'fr-CA' })).toBe('fr')
    expect(detectLanguage({ stored: null, osLocale: 'de-DE' })).toBe('fr')
    expect(detectLanguage({})).toBe('fr')
  })

  it('maps locales and directions', () => {
    expect(languageFromLocale('AR')).toBe('ar')
    expect(languageFromLocale('')).toBeNull()
    expect(directionOf('ar')).toBe('rtl')
    expect(directionOf('fr')).toBe('ltr')
    expect(directionOf('en-US')).toBe('ltr')
    expect(isLanguage('en-US')).toBe(true)
    expect(isLanguage('en')).toBe(false)
  })

  it('names each language by the two letters the server and the web pages take', () => {
    expect(shortLanguage('fr')).toBe('fr')
    expect(shortLanguage('en-US')).toBe('en')
    expect(shortLanguage('ar')).toBe('ar')
  })
})
