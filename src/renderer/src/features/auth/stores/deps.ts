import type { Platform } from '../../../platform/bridge.ts'
import type { SessionStore } from '../../../stores/SessionStore.ts'
import type { UiStore } from '../../../stores/UiStore.ts'
import type { Message } from '../../../forms/messages.ts'

/** What the sign-in form stores need from the rest of the app. */
export interface AuthDeps {
  session: SessionStore
  ui: Pick<UiStore, 'notify' | 'dismiss'>
  platform: Pick<Platform, 'shellOpenExternal'>
}

/** Shows a mapped message as a 3-second toast. */
export function toast(ui: AuthDeps['ui'], message: Message | null, intent: 'error' | 'warning' | 'success' | 'info' = 'error'): void {
  if (!message || 'blank' in message) return
  if ('key' in message) ui.notify({ intent, key: message.key })
  else ui.notify({ intent, text: message.text })
}
