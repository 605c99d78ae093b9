/**
 * Electron objects shaped as the primitives the services take. Imported by `index.ts` only:
 * loading this file loads Electron.
 */
import { Notification } from 'electron'
import ElectronStore from 'electron-store'
import type { Logger } from '../logger.ts'
import { createConfStore } from '../services/confStore.ts'
import type { StoreLike } from '../services/store.ts'
import type { NotifierPrimitive } from '../services/notifier.ts'

/** An electron-store file in the app's user-data directory. */
export function createUserDataStore<T extends Record<string, unknown>>(
  options: { name: string; defaults: T },
  logger: Logger
): StoreLike<T> {
  // Values are re-validated by each service, so the store itself is typed loosely.
  return createConfStore(
    (storeOptions) => new ElectronStore<Record<string, unknown>>(storeOptions),
    options.name,
    options.defaults,
    (message) => logger.warn(message)
  )
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
