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
  return instance
}
