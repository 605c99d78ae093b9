import type { Language } from '../../../shared/ipc.ts'

export const LANGUAGES: readonly Language[] = ['fr', 'en-US', 'ar']
export const DEFAULT_LANGUAGE: Language = 'fr'

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value)
}

/** A language as the two-letter code the server's `?lang=` and the web pages take: fr, en or ar (French for any other). */
export function shortLanguage(language: string): 'fr' | 'en' | 'ar' {
  return language === 'ar' ? 'ar' : language === 'en-US' ? 'en' : 'fr'
}

export function directionOf(language: Language): 'ltr' | 'rtl' {
  return language === 'ar' ? 'rtl' : 'ltr'
}

/** Maps an OS or browser locale (`ar-TN`, `en_GB`, `fr`) to a supported language, if any. */
export function languageFromLocale(locale: string | null | undefined): Language | null {
  if (!locale) return null
  const base = locale.trim().toLowerCase().replace('_', '-').split('-')[0]
  if (base === 'fr') return 'fr'
  if (base === 'ar') return 'ar'
  if (base === 'en') return 'en-US'
  return null
}

/**
 * The desktop version of the specification's detection order (cookie, local storage, query,
 * browser): the stored setting, then the OS locale, else French.
 */
export function detectLanguage(input: { stored?: Language | null; osLocale?: string | null }): Language {
  return input.stored ?? languageFromLocale(input.osLocale) ?? DEFAULT_LANGUAGE
}
