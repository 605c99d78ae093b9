/**
 * Electron objects shaped as the primitives the services take. Imported by `index.ts` only:
 * loading this file loads Electron.
 */
import { Notification } from 'electron'
import Store from 'electron-store'
import { createMemoryStore, type StoreLike } from '../services/store.ts'
import type { NotifierPrimitive } from '../services/notifier.ts'

export function createElectronStore<T extends Record<string, unknown>>(
  options: { name: string; defaults: T },
  log: (message: string) => void
): StoreLike<T> {
  try {
    // A corrupt file is reset rather than thrown: the services re-validate every value anyway.
    const defaults: Record<string, unknown> = options.defaults
    const store = new Store<Record<string, unknown>>({ name: options.name, defaults, clearInvalidConfig: true })
    return {
      get: (key) => store.get(key),
      set: (key, value) => {
        store.set(key, value)
      },
      delete: (key) => {
        store.delete(key)
      }
    }
  } catch {
    log(`store ${options.name} unreadable; using memory for this run`)
    return createMemoryStore(options.defaults)
  }
}

export function createElectronNotifications(): NotifierPrimitive {
  // Shown notifications are kept referenced until closed: a collected one loses its click handler.
  const live = new Set<Notification>()
  return {
    isSupported: () => Notification.isSupported(),
    show(options, onClick) {
      const notification = new Notification({ title: options.title, body: options.body, silent: false })
      live.add(notification)
      notification.on('click', () => {
        live.delete(notification)
        onClick()
      })
      notification.on('close', () => {
        live.delete(notification)
      })
      notification.show()
    }
  }
}
