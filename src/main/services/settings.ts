/**
 * User preferences kept by main. What is on disk is read field by field: a corrupt or outdated
 * value falls back to its default without losing the others.
 */
import {
  ApiBaseUrlsSchema,
  LanguageSchema,
  SettingsPatchSchema,
  SettingsSchema,
  SidebarModeSchema,
  ThemeSchema,
  type ApiBaseUrls,
  type Settings,
  type SettingsPatch
} from '../../shared/ipc.ts'
import type { StoreLike } from './store.ts'
import { Logger } from '../logger.ts'

export const DEFAULT_API_ORIGIN = 'http://127.0.0.1:4000'

/** The path prefix of each service of the platform API on its origin. */
export const API_PATH_PREFIXES: Readonly<Record<keyof ApiBaseUrls, string>> = {
  api: '/api',
  notify: '/notify',
  progress: '/progress-service',
  analytics: '/analytics',
  sandbox: '/sandbox'
}

export function apiBaseUrlsFor(origin: string): ApiBaseUrls {
  const base = origin.replace(/\/+$/, '')
  return {
    api: `${base}${API_PATH_PREFIXES.api}`,
    notify: `${base}${API_PATH_PREFIXES.notify}`,
    progress: `${base}${API_PATH_PREFIXES.progress}`,
    analytics: `${base}${API_PATH_PREFIXES.analytics}`,
    sandbox: `${base}${API_PATH_PREFIXES.sandbox}`
  }
}

export const DEFAULT_SETTINGS: Settings = {
  language: 'fr',
  theme: 'system',
  sidebarMode: 'mini',
  apiBaseUrls: apiBaseUrlsFor(DEFAULT_API_ORIGIN)
}

export type SettingsStoreData = Partial<Settings> & Record<string, unknown>

/** The origin given by `DARSI_API_URL`, if it is a plain http(s) origin. */
export function apiOriginFromEnv(env: Record<string, string | undefined> | undefined): string | null {
  const raw = env?.['DARSI_API_URL']?.trim()
  if (!raw) return null
  try {
    const url = new URL(raw)
    if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password) return null
    return `${url.protocol}//${url.host}`
  } catch {
    return null
  }
}

function readApiBaseUrls(raw: unknown, fallback: ApiBaseUrls): ApiBaseUrls {
  const whole = ApiBaseUrlsSchema.safeParse(raw)
  if (whole.success) return whole.data
  const source = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {}
  const result = { ...fallback }
  for (const key of Object.keys(fallback) as Array<keyof ApiBaseUrls>) {
    const field = ApiBaseUrlsSchema.shape[key].safeParse(source[key])
    if (field.success) result[key] = field.data
  }
  return result
}

export interface SettingsService {
  get(): Settings
  set(patch: SettingsPatch): Settings
  /** The same as `set`. */
  update(patch: SettingsPatch): Settings
  /** Origins of every API service, for the CSP and the external-link allowlist. */
  apiOrigins(): string[]
}

export interface SettingsOptions {
  store: StoreLike<SettingsStoreData>
  env?: Record<string, string | undefined>
  logger?: Logger
}

function safeRead(store: StoreLike<SettingsStoreData>, key: keyof Settings & string): unknown {
  try {
    return store.get(key)
  } catch {
    return undefined
  }
}

export function createSettingsService(options: SettingsOptions): SettingsService {
  const { store } = options
  const logger = options.logger ?? Logger.silent
  const envOrigin = apiOriginFromEnv(options.env)

  const fromDisk = (): Settings => {
    const language = LanguageSchema.safeParse(safeRead(store, 'language'))
    const theme = ThemeSchema.safeParse(safeRead(store, 'theme'))
    const sidebarMode = SidebarModeSchema.safeParse(safeRead(store, 'sidebarMode'))
    return {
      language: language.success ? language.data : DEFAULT_SETTINGS.language,
      theme: theme.success ? theme.data : DEFAULT_SETTINGS.theme,
      sidebarMode: sidebarMode.success ? sidebarMode.data : DEFAULT_SETTINGS.sidebarMode,
      apiBaseUrls: readApiBaseUrls(safeRead(store, 'apiBaseUrls'), DEFAULT_SETTINGS.apiBaseUrls)
    }
  }

  let current = fromDisk()
  // The environment wins for this run (development and test servers) without being saved.
  if (envOrigin) current = { ...current, apiBaseUrls: apiBaseUrlsFor(envOrigin) }

  const set = (patch: SettingsPatch): Settings => {
    const parsedPatch = SettingsPatchSchema.parse(patch)
    const next = SettingsSchema.parse({ ...current, ...parsedPatch })
    for (const key of Object.keys(parsedPatch) as Array<keyof Settings>) {
      try {
        store.set(key, next[key])
      } catch {
        logger.warn(`could not save setting ${key}`)
      }
    }
    current = next
    return structuredClone(current)
  }

  return {
    get: () => structuredClone(current),
    set,
    update: set,
    apiOrigins() {
      const origins = Object.values(current.apiBaseUrls).map((value) => {
        const url = new URL(value)
        return `${url.protocol}//${url.host}`
      })
      return [...new Set(origins)]
    }
  }
}
