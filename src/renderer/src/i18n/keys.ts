import type { SourceCatalogue } from './locales/fr.ts'

type Paths<T> = {
  [K in keyof T & string]: T[K] extends string ? K : `${K}.${Paths<T[K]>}`
}[keyof T & string]

/** Every key of the catalogue, namespaced: `shell:notFound.title`, `routes:home` … */
export type TranslationKey = {
  [N in keyof SourceCatalogue & string]: `${N}:${Paths<SourceCatalogue[N]>}`
}[keyof SourceCatalogue & string]

export type RouteTitleKey = Extract<TranslationKey, `routes:${string}`>
