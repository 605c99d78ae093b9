import type { i18n as I18n } from 'i18next'
import { ensureNamespace, useNamespace, type LazyCatalogues } from './lazyNamespace.ts'
import { learningAr } from './locales/learning.ar.ts'
import { learningEnUS } from './locales/learning.en-US.ts'
import { learningFr } from './locales/learning.fr.ts'

export const learningCatalogues: LazyCatalogues<'learning'> = { fr: learningFr, 'en-US': learningEnUS, ar: learningAr }

export const ensureLearningCatalogue = (i18n: I18n): void => ensureNamespace(i18n, 'learning', learningCatalogues)

/** The learning screens' texts arrive with their route chunks. */
export const useLearningCatalogue = (): void => useNamespace('learning', learningCatalogues)
