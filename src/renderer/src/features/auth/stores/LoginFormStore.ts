import { makeAutoObservable } from 'mobx'
import { checkCredential } from '../../../../../shared/rules/credential.ts'
import { normalizeDigits } from '../../../../../shared/rules/input.ts'
import { checkLoginPassword } from '../../../../../shared/rules/password.ts'
import { mapLoginError } from '../errorMapping.ts'
import { type Message } from '../../../forms/messages.ts'
import { teacherSiteUrl } from '../externalSites.ts'
import { FormState } from '../../../forms/FormState.ts'
import { asApiError, refuse, startSubmit, type AuthDeps } from './deps.ts'

type Field = 'username' | 'password'

export type LoginOutcome = 'signed-in' | 'teacher' | 'failed'

/** The sign-in form (§5 Login): rules, the bot check, the call, and the §8 error mapping. */
export class LoginFormStore {
  readonly form = new FormState<Field>({ username: '', password: '' })
  showPassword = false
  private readonly deps: AuthDeps

  constructor(deps: AuthDeps) {
    this.deps = deps
    makeAutoObservable<LoginFormStore, 'deps'>(this, { deps: false, form: false }, { autoBind: true })
  }

  get usernameError(): Message | null {
    return this.form.visible('username', checkCredential(this.form.values.username))
  }

  get passwordError(): Message | null {
    return this.form.visible('password', checkLoginPassword(this.form.values.password))
  }

  get valid(): boolean {
    return checkCredential(this.form.values.username) === null && checkLoginPassword(this.form.values.password) === null
  }

  get canSubmit(): boolean {
    return this.valid && !this.form.submitting
  }

  /** A phone typed on an Arabic keyboard reads in ASCII digits at once. */
  setUsername(value: string): void {
    this.clearCredentialErrors()
    this.form.set('username', normalizeDigits(value))
  }

  setPassword(value: string): void {
    this.clearCredentialErrors()
    this.form.set('password', value)
  }

  toggleShowPassword(): void {
    this.showPassword = !this.showPassword
  }

  /** `search` is the page's query string (nextPage=offres). */
  async submit(search: string): Promise<LoginOutcome> {
    if (!startSubmit(this.form, () => this.canSubmit)) return 'failed'
    const { session, platform, ui } = this.deps
    try {
      const captcha = await session.solveCaptcha()
      const result = await session.api.login({
        username: this.form.values.username.trim(),
        password: this.form.values.password,
        'g-recaptcha-response': captcha
      })
      if (result.user_type === 'teacher') {
        // Teachers work on their own site: hand it the token, keep no session here.
        await platform.shellOpenExternal(teacherSiteUrl(result.token))
        ui.notify({ intent: 'info', key: 'auth:login.teacherRedirect' })
        this.form.setStatus('succeeded')
        return 'teacher'
      }
      session.setLanding(search)
      await session.signIn(result)
      this.form.setStatus('succeeded')
      return 'signed-in'
    } catch (error) {
      refuse(this.form, ui, mapLoginError(asApiError(error)))
      return 'failed'
    }
  }

  private clearCredentialErrors(): void {
    const errors = this.form.serverErrors
    // "Invalid credentials" marks both fields: editing either clears both.
    if (errors.username && 'blank' in errors.username) this.form.setServerErrors({})
  }
}
