import { makeAutoObservable, runInAction } from 'mobx'
import { checkResetCode } from '../../../../../shared/rules/code.ts'
import { checkCredential } from '../../../../../shared/rules/credential.ts'
import { normalizeCodeInput, normalizeDigits } from '../../../../../shared/rules/input.ts'
import type { MessageKey } from '../../../../../shared/rules/messages.ts'
import { checkNewPassword } from '../../../../../shared/rules/password.ts'
import { mapResetError, mapResetRequestError, type ResetField } from '../errorMapping.ts'
import { type Message } from '../../../forms/messages.ts'
import { FormState } from '../../../forms/FormState.ts'
import { asApiError, refuse, startSubmit, type AuthDeps } from './deps.ts'

export type ResetStep = 'request' | 'reset' | 'done'

/** §4 Password reset: the request for a code, then the code and the new password. */
export class ResetPasswordStore {
  readonly form = new FormState<ResetField>({ credential: '', token: '', newPassword: '', retypePassword: '' })
  step: ResetStep
  showPassword = false
  private readonly deps: AuthDeps

  constructor(deps: AuthDeps, options: { step: 'request' | 'reset'; credential?: string | null }) {
    this.deps = deps
    this.step = options.step
    if (options.credential) this.form.values.credential = options.credential
    makeAutoObservable<ResetPasswordStore, 'deps'>(this, { deps: false, form: false }, { autoBind: true })
  }

  get ruleErrors(): Partial<Record<ResetField, MessageKey>> {
    const v = this.form.values
    const errors: Partial<Record<ResetField, MessageKey>> = {}
    const credential = checkCredential(v.credential)
    if (credential) errors.credential = credential
    if (this.step === 'reset') {
      const token = checkResetCode(v.token)
      if (token) errors.token = token
      const password = checkNewPassword(v.newPassword)[0]
      if (password) errors.newPassword = password
      if (v.retypePassword === '') errors.retypePassword = 'password.confirmRequired'
      else if (v.retypePassword !== v.newPassword) errors.retypePassword = 'password.newMismatch'
    }
    return errors
  }

  error(field: ResetField): Message | null {
    return this.form.visible(field, this.ruleErrors[field] ?? null)
  }

  get canSubmit(): boolean {
    return Object.keys(this.ruleErrors).length === 0 && !this.form.submitting
  }

  /** The credential and the code read in ASCII digits as typed; the passwords stay exactly as typed. */
  set(field: ResetField, value: string): void {
    this.form.set(field, field === 'credential' || field === 'token' ? normalizeDigits(value) : value)
  }

  toggleShowPassword(): void {
    this.showPassword = !this.showPassword
  }

  /** Sends the code; true when the reset step can follow. */
  async request(): Promise<boolean> {
    if (!startSubmit(this.form, () => this.canSubmit)) return false
    const { session, ui } = this.deps
    try {
      const captcha = await session.solveCaptcha()
      await session.api.requestPassword(this.form.values.credential.trim(), captcha)
      runInAction(() => {
        this.form.setStatus('succeeded')
      })
      ui.notify({ intent: 'success', key: 'auth:requestReset.sent' })
      return true
    } catch (error) {
      refuse(this.form, ui, mapResetRequestError(asApiError(error)))
      return false
    }
  }

  /** Moves to the code step once the code is sent (kept values stay). */
  goToReset(): void {
    this.step = 'reset'
    this.form.submitAttempted = false
    this.form.status = 'idle'
  }

  async reset(): Promise<boolean> {
    if (!startSubmit(this.form, () => this.canSubmit)) return false
    const { session, ui } = this.deps
    const v = this.form.values
    try {
      const captcha = await session.solveCaptcha()
      await session.api.resetPassword({
        token: normalizeCodeInput(v.token),
        credential: v.credential.trim(),
        newPassword: v.newPassword,
        retypePassword: v.retypePassword,
        'g-recaptcha-response': captcha
      })
      runInAction(() => {
        this.form.setStatus('succeeded')
        this.step = 'done'
      })
      return true
    } catch (error) {
      refuse(this.form, ui, mapResetError(asApiError(error)))
      return false
    }
  }
}
