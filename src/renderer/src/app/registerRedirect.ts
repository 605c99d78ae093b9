/**
 * §4: when the session of an administrator's switch link ends (a 401, a logout, a password
 * reset), and its marker asks for `redirectTo=RegisterPage`, the external registration page
 * opens in the system browser, once; the app itself stays on /login.
 */
import { externalRegisterPageUrl } from '../features/auth/index.ts'
import type { Platform } from '../platform/bridge.ts'
import type { SessionStore } from '../stores/SessionStore.ts'
import type { UiStore } from '../stores/UiStore.ts'

export interface RegisterRedirectDeps {
  session: Pick<SessionStore, 'takeRegisterRedirect'>
  platform: Pick<Platform, 'shellOpenExternal'>
  ui: Pick<UiStore, 'notify'>
  language: string
}

/** Opens the external registration page if the marker asks for it; true when it did. */
export function leaveForRegisterPage(deps: RegisterRedirectDeps): boolean {
  if (!deps.session.takeRegisterRedirect()) return false
  deps.platform.shellOpenExternal(externalRegisterPageUrl(deps.language)).then(
    () => deps.ui.notify({ intent: 'info', key: 'auth:session.registerPageOpened' }),
    () => deps.ui.notify({ intent: 'error', key: 'shell:externalLink.failed' })
  )
  return true
}
