/**
 * Native notifications. The primitive is injected (Electron's `Notification` in the app, a fake
 * in tests); a click brings the window forward and tells the page which notification it was and
 * where it leads.
 */
import type { NativeNotification, NativeNotificationClick } from '../../shared/ipc.ts'
import { Logger } from '../logger.ts'

/** What the app needs of a native notification system. */
export interface NotifierPrimitive {
  isSupported(): boolean
  show(options: { title: string; body: string }, onClick: () => void): void
}

/** Called with what the clicked notification leads to (its id, its route or its web page). */
export type NotificationClickListener = (click: NativeNotificationClick) => void

export interface Notifier {
  show(notification: NativeNotification): { shown: boolean }
  onClicked(listener: NotificationClickListener): () => void
}

function isSupported(primitive: NotifierPrimitive): boolean {
  try {
    return primitive.isSupported() === true
  } catch {
    return false
  }
}

/**
 * Linux notification servers read the body as markup (the freedesktop notification
 * specification): a `<` or `&` of the text would be taken for a tag or an entity, or blank it.
 */
export function escapeNotificationMarkup(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
}

export function createNotifier(
  primitive: NotifierPrimitive,
  logger: Logger = Logger.silent,
  options: { bodyIsMarkup?: boolean } = {}
): Notifier {
  const listeners = new Set<NotificationClickListener>()
  const bodyText = options.bodyIsMarkup ? escapeNotificationMarkup : (text: string) => text
  return {
    show(notification) {
      if (!isSupported(primitive)) return { shown: false }
      const { title, body, ...click } = notification
      try {
        primitive.show({ title, body: bodyText(body) }, () => {
          for (const listener of [...listeners]) {
            try {
              listener(click)
            } catch {
              logger.warn('a notification click listener failed')
            }
          }
        })
        return { shown: true }
      } catch {
        logger.warn('could not show a notification')
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
