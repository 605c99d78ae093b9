import { makeAutoObservable, runInAction } from 'mobx'
import { NOTIFICATION_PREFERENCE_FAMILIES, type MeResponse, type NotificationPreferenceName } from '../../../../../shared/api/accounts.ts'
import { checkConfirmationCode } from '../../../../../shared/rules/code.ts'
import { checkEmail } from '../../../../../shared/rules/email.ts'
import { normalizeCodeInput, normalizeDigits } from '../../../../../shared/rules/input.ts'
import type { MessageKey } from '../../../../../shared/rules/messages.ts'
import { checkParentPhone, normalizeTunisianPhone } from '../../../../../shared/rules/phone.ts'
import { isApiError } from '../../../api/errors.ts'
import type { NotificationPreferences, ProfileApi } from '../api.ts'
import { FormState } from '../../../forms/FormState.ts'
import { generalMessage, serverFieldMessage, type Message } from '../../../forms/messages.ts'
import type { UiStore } from '../../../stores/UiStore.ts'

export interface DialogDeps {
  api: () => ProfileApi
  session: { me: MeResponse | null; solveCaptcha(): Promise<string>; loadUser(): Promise<MeResponse> }
  ui: Pick<UiStore, 'notify'>
}

function failure(error: unknown, field: string): { field: Message | null; toast: Message } {
  if (!isApiError(error)) return { field: null, toast: { key: 'auth:errors.server' } }
  return { field: serverFieldMessage(error, field), toast: generalMessage(error) }
}

/** A refused submit: the server's word on `serverField` goes under the form's `field`, else into a toast; the form failed. */
function refuse<F extends string>(form: FormState<F>, field: F, error: unknown, serverField: string, ui: DialogDeps['ui']): false {
  const mapped = failure(error, serverField)
  runInAction(() => {
    form.setStatus('failed')
    form.setServerError(field, mapped.field)
  })
  if (!mapped.field) show(ui, mapped.toast)
  return false
}

function show(ui: DialogDeps['ui'], message: Message, intent: 'error' | 'success' = 'error'): void {
  if ('key' in message) ui.notify({ intent, key: message.key })
  else if ('text' in message) ui.notify({ intent, text: message.text })
}

/** An address as typed: blank, spaced or only digits is not one. */
function typedEmailRule(value: string): MessageKey | null {
  return value.trim() === '' || /\s/.test(value) || /^\d+$/.test(value.trim()) ? 'email.invalid' : checkEmail(value.trim())
}

/** Add e-mail (§5): the address, then the code sent to it. */
export class AddEmailStore {
  step: 'email' | 'code' | 'done' = 'email'
  /** Opened to prove the address already on the profile rather than to add one. */
  confirming = false
  readonly email = new FormState({ email: '' }, { rules: { email: typedEmailRule } })
  readonly code = new FormState({ code: '' }, { rules: { code: checkConfirmationCode }, normalize: { code: normalizeDigits } })

  private readonly deps: DialogDeps

  constructor(deps: DialogDeps) {
    this.deps = deps
    makeAutoObservable<AddEmailStore, 'deps'>(this, { deps: false }, { autoBind: true })
  }

  /** `unconfirmed`: the address on the profile that no code has proven yet, offered as typed. */
  open(unconfirmed?: string | null): void {
    this.step = 'email'
    this.email.reset({ email: '' })
    this.confirming = Boolean(unconfirmed)
    if (unconfirmed) this.email.set('email', unconfirmed)
    this.code.reset({ code: '' })
  }

  get busy(): boolean {
    return this.email.submitting || this.code.submitting
  }

  async sendEmail(): Promise<boolean> {
    this.email.attempt()
    if (this.email.invalid || this.busy) return false
    this.email.setStatus('loading')
    try {
      // The server's text is French: the pupil reads the catalogue's, in their language.
      await this.deps.api().addEmail(this.email.values.email.trim())
      runInAction(() => {
        this.email.setStatus('succeeded')
        this.step = 'code'
      })
      this.deps.ui.notify({ intent: 'success', key: 'profile:email.sent' })
      return true
    } catch (error) {
      return refuse(this.email, 'email', error, 'email', this.deps.ui)
    }
  }

  async confirm(): Promise<boolean> {
    this.code.attempt()
    if (this.code.invalid || this.busy) return false
    this.code.setStatus('loading')
    try {
      const captcha = await this.deps.session.solveCaptcha()
      await this.deps.api().confirmEmail({
        confirmationToken: normalizeCodeInput(this.code.values.code),
        email: this.email.values.email.trim(),
        'g-recaptcha-response': captcha
      })
      runInAction(() => {
        this.code.setStatus('succeeded')
        this.step = 'done'
      })
      this.deps.ui.notify({ intent: 'success', key: 'profile:email.confirmed' })
      await this.deps.session.loadUser().catch(() => undefined)
      return true
    } catch (error) {
      return refuse(this.code, 'code', error, 'confirmationToken', this.deps.ui)
    }
  }

  /** Back to the address (a typo in it): the code step starts over. */
  back(): void {
    this.step = 'email'
    this.code.reset({ code: '' })
  }
}

/** Add parent phone (§5): 8 digits starting with 2, 4, 5 or 9, with or without +216 / 00216. */
export class ParentPhoneStore {
  readonly phone = new FormState({ phone: '' }, { rules: { phone: checkParentPhone }, normalize: { phone: normalizeDigits } })

  private readonly deps: DialogDeps

  constructor(deps: DialogDeps) {
    this.deps = deps
    makeAutoObservable<ParentPhoneStore, 'deps'>(this, { deps: false }, { autoBind: true })
  }

  async submit(): Promise<boolean> {
    this.phone.attempt()
    if (this.phone.invalid || this.phone.submitting) return false
    this.phone.setStatus('loading')
    try {
      await this.deps.api().addParentPhone(normalizeTunisianPhone(this.phone.values.phone))
      runInAction(() => {
        this.phone.setStatus('succeeded')
      })
      this.deps.ui.notify({ intent: 'success', key: 'profile:parentPhone.saved' })
      await this.deps.session.loadUser().catch(() => undefined)
      return true
    } catch (error) {
      return refuse(this.phone, 'phone', error, 'phone2', this.deps.ui)
    }
  }
}

export type PreferenceFamily = keyof typeof NOTIFICATION_PREFERENCE_FAMILIES

/** Notification preferences by family (§3); each switch is saved at once and undone if refused. */
export class NotificationPreferencesStore {
  saving: Partial<Record<NotificationPreferenceName, boolean>> = {}
  /** Values switched but not yet confirmed by the server. */
  pending: Partial<NotificationPreferences> = {}

  private readonly deps: DialogDeps

  constructor(deps: DialogDeps) {
    this.deps = deps
    makeAutoObservable<NotificationPreferencesStore, 'deps'>(this, { deps: false }, { autoBind: true })
  }

  readonly families = NOTIFICATION_PREFERENCE_FAMILIES

  value(name: NotificationPreferenceName): boolean {
    return this.pending[name] ?? this.deps.session.me?.user.notification_preferences[name] ?? false
  }

  async toggle(name: NotificationPreferenceName, on: boolean): Promise<void> {
    if (this.saving[name]) return
    this.pending[name] = on
    this.saving[name] = true
    try {
      await this.deps.api().updatePreferences({ [name]: on })
      await this.deps.session.loadUser().catch(() => undefined)
    } catch (error) {
      show(this.deps.ui, failure(error, name).toast)
    } finally {
      runInAction(() => {
        delete this.pending[name]
        delete this.saving[name]
      })
    }
  }
}
