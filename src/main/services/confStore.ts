/**
 * electron-store (a `conf` store) shaped as the StoreLike the services take. Files are JSON in
 * the user-data directory, written atomically and readable by the user only; an unreadable file
 * is reset to the defaults instead of stopping the app (the services then re-validate each value).
 */
import type { StoreLike } from './store.ts'

/** The part of a conf/electron-store instance used here. */
export interface ConfLike {
  get(key: string): unknown
  set(key: string, value: unknown): void
  delete(key: string): void
}

/** The options every Darsi store is opened with. */
export interface ConfStoreOptions<T> {
  name: string
  defaults: T
  clearInvalidConfig: true
  configFileMode: number
  accessPropertiesByDotNotation: false
}

const STORE_NAME = /^[a-z0-9][a-z0-9-]{0,63}$/

export function confStoreOptions<T extends Record<string, unknown>>(name: string, defaults: T): ConfStoreOptions<T> {
  if (!STORE_NAME.test(name)) throw new Error(`invalid store name: ${name}`)
  return { name, defaults, clearInvalidConfig: true, configFileMode: 0o600, accessPropertiesByDotNotation: false }
}

/**
 * Opens a store with `open` (electron-store in the app, conf itself in tests). A store that cannot
 * be opened or written (read-only profile on a lab machine, full disk) degrades to memory for this
 * run, telling `warn` (the adapter passes its logger's), rather than failing the start.
 */
export function createConfStore<T extends Record<string, unknown>>(
  open: (options: ConfStoreOptions<T>) => ConfLike,
  name: string,
  defaults: T,
  warn: (message: string) => void = () => undefined
): StoreLike<T> {
  const memory = new Map<string, unknown>(Object.entries(defaults))
  let conf: ConfLike | null
  try {
    conf = open(confStoreOptions(name, defaults))
  } catch {
    warn(`store ${name} could not be opened; kept in memory for this run`)
    conf = null
  }
  const fallBack = (action: string) => {
    warn(`store ${name} could not ${action}; kept in memory for this run`)
    conf = null
  }
  return {
    get(key) {
      if (!conf) return memory.get(key)
      try {
        return conf.get(key)
      } catch {
        fallBack('be read')
        return memory.get(key)
      }
    },
    set(key, value) {
      memory.set(key, value)
      if (!conf) return
      try {
        conf.set(key, value)
      } catch {
        fallBack('be written')
      }
    },
    delete(key) {
      memory.delete(key)
      if (!conf) return
      try {
        conf.delete(key)
      } catch {
        fallBack('be written')
      }
    }
  }
}
