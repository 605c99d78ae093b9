import type { Language } from '../../../shared/ipc.ts'
import { ar } from './locales/ar.ts'
import { enUS } from './locales/en-US.ts'
import { fr, type BundledCatalogue } from './locales/fr.ts'

export const resources: Record<Language, BundledCatalogue> = { fr, 'en-US': enUS, ar }
export const NAMESPACES = ['shell', 'routes', 'auth'] as const
