import i18next, { type i18n as I18n } from 'i18next'
import { initReactI18next } from 'react-i18next'
import type { Language } from '../../../shared/ipc.ts'
import { DEFAULT_LANGUAGE, LANGUAGES } from './languages.ts'
import { NAMESPACES, resources } from './resources.ts'

/** Builds the i18next instance; catalogues are bundled, so it is ready synchronously. */
export function createI18n(language: Language): I18n {
  const instance = i18next.createInstance()
  void instance.use(initReactI18next).init({
    resources,
    lng: language,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    load: 'currentOnly',
    ns: [...NAMESPACES],
    defaultNS: 'shell',
    nsSeparator: ':',
    keySeparator: '.',
    initAsync: false,
    returnNull: false,
    // React escapes output already.
    interpolation: { escapeValue: false },
    react: { useSuspense: false }
  })
  rememberPlainTexts(instance)
  return instance
}

type AnyT = (key: unknown, ...rest: unknown[]) => unknown

/**
 * Texts asked for without options are looked up once per language and namespace: each i18next
 * lookup copies the instance's whole options object, and a screen asks for hundreds of texts on
 * every render (a language switch asks for all of them at once). Calls with options (counts,
 * values) go straight to i18next; a catalogue added or removed empties what was remembered.
 */
export function rememberPlainTexts(instance: I18n): void {
  const texts = new Map<string, string>()
  const forget = () => texts.clear()
  instance.store.on('added', forget)
  instance.store.on('removed', forget)
  // i18next's own types for these functions are too deep to restate; the shapes used here are plain.
  type FixedT = AnyT & { lng?: string; lngs?: readonly string[]; ns?: unknown; keyPrefix?: unknown }
  type GetFixedT = (lng: unknown, ns?: unknown, keyPrefix?: unknown, options?: unknown) => FixedT
  const target = instance as unknown as { getFixedT: GetFixedT }
  const getFixedT = target.getFixedT.bind(instance)
  target.getFixedT = (lng, ns, keyPrefix, options) => {
    const t = getFixedT(lng, ns, keyPrefix, options)
    if (typeof lng !== 'string' || keyPrefix) return t
    const scope = `${lng}\u0000${Array.isArray(ns) ? ns.join(',') : String(ns ?? '')}\u0000`
    const remembered: AnyT = (key, ...rest) => {
      if (rest.length > 0 || typeof key !== 'string') return t(key, ...rest)
      const id = scope + key
      const known = texts.get(id)
      if (known !== undefined) return known
      const text = t(key)
      if (typeof text === 'string') texts.set(id, text)
      return text
    }
    return Object.assign(remembered, { lng: t.lng, lngs: t.lngs, ns: t.ns, keyPrefix: t.keyPrefix })
  }
}
