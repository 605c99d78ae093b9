import type { Language } from '../../../shared/ipc.ts'
import { ar } from './locales/ar.ts'
import { enUS } from './locales/en-US.ts'
import { fr, type BundledCatalogue, type SourceCatalogue } from './locales/fr.ts'

export const resources: Record<Language, BundledCatalogue> = { fr, 'en-US': enUS, ar }
export const NAMESPACES = ['shell', 'routes', 'auth'] as const

/**
 * Every namespace, bundled or lazy: for the few places that show any catalogue key (snackbars,
 * rule messages), whose texts were added by the screens that use them.
 */
export const ALL_NAMESPACES = [
  ...NAMESPACES,
  'wallet',
  'profile',
  'home',
  'inbox',
  'learning',
  'offers',
  'support'
] as const satisfies ReadonlyArray<keyof SourceCatalogue>

// A namespace added to the catalogue but not to ALL_NAMESPACES fails the typecheck here.
type MissingNamespace = Exclude<keyof SourceCatalogue, (typeof ALL_NAMESPACES)[number]>
export const EVERY_NAMESPACE_LISTED: [MissingNamespace] extends [never] ? true : MissingNamespace = true
