import { makeAutoObservable, runInAction } from 'mobx'
import type { MessageKey } from '../../../../../shared/rules/messages.ts'
import { checkNewPassword } from '../../../../../shared/rules/password.ts'
import { mapChangePasswordError, type ChangePasswordField } from '../errorMapping.ts'
import { type Message } from '../../../forms/messages.ts'
import { FormState } from '../../../forms/FormState.ts'
import { asApiError, refuse, startSubmit, type AuthDeps } from './deps.ts'

/** §5 Password change, for an expired password and from the user menu. */
export class ChangePasswordStore {
  readonly form = new FormState<ChangePasswordField>({ oldPassword: '', newPassword: '', confirmation: '' })
  showPassword = false
  private readonly deps: AuthDeps

  constructor(deps: AuthDeps) {
    this.deps = deps
    makeAutoObservable<ChangePasswordStore, 'deps'>(this, { deps: false, form: false }, { autoBind: true })
  }

  get ruleErrors(): Partial<Record<ChangePasswordField, MessageKey>> {
    const v = this.form.values
    const errors: Partial<Record<ChangePasswordField, MessageKey>> = {}
    if (v.oldPassword === '') errors.oldPassword = 'common.fillFields'
    else if (v.oldPassword.length < 8) errors.oldPassword = 'password.min'
    if (v.newPassword === '') errors.newPassword = 'common.fillFields'
    else {
      const problem = checkNewPassword(v.newPassword)[0]
      if (problem) errors.newPassword = problem
      else if (v.newPassword === v.oldPassword) errors.newPassword = 'password.sameAsOld'
    }
    if (v.confirmation === '') errors.confirmation = 'common.fillFields'
    else if (v.confirmation !== v.newPassword) errors.confirmation = 'password.mismatch'
    return errors
  }

  error(field: ChangePasswordField): Message | null {
    return this.form.visible(field, this.ruleErrors[field] ?? null)
  }

  get canSubmit(): boolean {
    return Object.keys(this.ruleErrors).length === 0 && !this.form.submitting
  }

  set(field: ChangePasswordField, value: string): void {
    this.form.set(field, value)
  }

  toggleShowPassword(): void {
    this.showPassword = !this.showPassword
  }

  async submit(): Promise<boolean> {
    if (!startSubmit(this.form, () => this.canSubmit)) return false
    const { session, ui } = this.deps
    const progress = ui.notify({ intent: 'info', key: 'auth:password.inProgress' })
    try {
      const captcha = await session.solveCaptcha()
      const result = await session.api.changePassword({
        oldPassword: this.form.values.oldPassword,
        newPassword: this.form.values.newPassword,
        new_password_confirmation: this.form.values.confirmation,
        'g-recaptcha-response': captcha
      })
      // Other sessions were revoked; this one continues with the new pair.
      await session.signIn(result, {
        adminUserId: session.session?.adminUserId ?? undefined,
        isTest: session.session?.isTest,
        sameUser: true
      })
      ui.dismiss(progress)
      ui.notify({ intent: 'success', key: 'auth:password.success' })
      runInAction(() => {
        this.form.setStatus('succeeded')
      })
      return true
    } catch (error) {
      ui.dismiss(progress)
      refuse(this.form, ui, mapChangePasswordError(asApiError(error)))
      return false
    }
  }
}
