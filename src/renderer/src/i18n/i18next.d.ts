import 'i18next'
import type { SourceCatalogue } from './locales/fr.ts'

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'shell'
    resources: SourceCatalogue
    returnNull: false
  }
}
