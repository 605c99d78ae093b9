/**
 * Native notifications. The primitive is injected (Electron's `Notification` in the app, a fake
 * in tests); a click brings the window forward and tells the page which route to open.
 */
import type { NativeNotification } from '../../shared/ipc.ts'

/** What the app needs of a native notification system. */
export interface NotifierPrimitive {
  isSupported(): boolean
  show(options: { title: string; body: string }, onClick: () => void): void
}

export type NotificationClickListener = (route: string | null) => void

export interface Notifier {
  show(notification: NativeNotification): { shown: boolean }
  /** Called with the notification's route (or null when it had none). */
  onClicked(listener: NotificationClickListener): () => void
}

function isSupported(primitive: NotifierPrimitive): boolean {
  try {
    return primitive.isSupported() === true
  } catch {
    return false
  }
}

export function createNotifier(primitive: NotifierPrimitive, log: (message: string) => void = () => undefined): Notifier {
  const listeners = new Set<NotificationClickListener>()
  return {
    show(notification) {
      if (!isSupported(primitive)) return { shown: false }
      const route = notification.route ?? null
      try {
        primitive.show({ title: notification.title, body: notification.body }, () => {
          for (const listener of [...listeners]) {
            try {
              listener(route)
            } catch {
              log('a notification click listener failed')
            }
          }
        })
        return { shown: true }
      } catch {
        log('could not show a notification')
        return { shown: false }
      }
    },
    onClicked(listener) {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    }
  }
}
