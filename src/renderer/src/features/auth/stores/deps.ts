import { runInAction } from 'mobx'
import { ApiError, isApiError } from '../../../api/errors.ts'
import type { Platform } from '../../../platform/bridge.ts'
import type { SessionStore } from '../../../stores/SessionStore.ts'
import type { UiStore } from '../../../stores/UiStore.ts'
import type { FormState } from '../../../forms/FormState.ts'
import type { MappedError, Message } from '../../../forms/messages.ts'

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

/** A submit starts: attempted, and unless `allowed` refuses it (nothing is sent then), sending with the server's old errors gone. */
export function startSubmit<F extends string>(form: FormState<F>, allowed: () => boolean): boolean {
  form.attempt()
  if (!allowed()) return false
  form.setStatus('loading')
  form.setServerErrors({})
  return true
}

/** What a submit threw, as the platform's error: anything else reads as a server error. */
export const asApiError = (error: unknown): ApiError => (isApiError(error) ? error : new ApiError('server_error', ''))

/** A refused submit: the server's errors on their fields, the form failed, its message in a toast; what was typed stays. */
export function refuse<F extends string>(form: FormState<F>, ui: AuthDeps['ui'], mapped: MappedError<F>): void {
  runInAction(() => {
    form.setServerErrors(mapped.fields)
    form.setStatus('failed')
  })
  toast(ui, mapped.toast)
}
