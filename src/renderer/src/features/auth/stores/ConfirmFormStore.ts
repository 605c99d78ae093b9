import { makeAutoObservable, runInAction } from 'mobx'
import { checkConfirmationCode } from '../../../../../shared/rules/code.ts'
import { parseCredential } from '../../../../../shared/rules/credential.ts'
import { normalizeCodeInput, normalizeDigits } from '../../../../../shared/rules/input.ts'
import { checkEmail } from '../../../../../shared/rules/email.ts'
import type { MessageKey } from '../../../../../shared/rules/messages.ts'
import { checkPhone } from '../../../../../shared/rules/phone.ts'
import { codeDestination, isTunisianAddress } from '../../../../../shared/rules/registration.ts'
import { ApiError, isApiError } from '../../../api/errors.ts'
import { mapChangeCredentialError, mapConfirmError } from '../errorMapping.ts'
import { generalMessage, type MappedError, type Message } from '../../../forms/messages.ts'
import { FormState } from '../../../forms/FormState.ts'
import { asApiError, refuse, startSubmit, toast, type AuthDeps } from './deps.ts'
import { browserFlagStorage, type FlagStorage } from '../../../lib/flagStorage.ts'

/** Holds the phone or e-mail the last resent code went to. */
const resendKey = (userId: number) => `darsi.confirm.resent.${userId}`

/** The last registration step (§4, §5 Confirmation code), and the correction of where the code goes. */
export class ConfirmFormStore {
  readonly form = new FormState<'code'>({ code: '' })
  readonly changeForm = new FormState<'credential'>({ credential: '' })
  resendStatus: 'idle' | 'loading' | 'succeeded' | 'failed' = 'idle'
  /** The server said this account is verified already. */
  alreadyVerified = false
  /** The inline form that corrects the phone or e-mail is open. */
  changing = false
  private readonly deps: AuthDeps
  private readonly flags: FlagStorage | null
  /** Where this page last resent the code. */
  private resentTo: string | null = null

  constructor(deps: AuthDeps, flags: FlagStorage | null = browserFlagStorage()) {
    this.deps = deps
    this.flags = flags
    makeAutoObservable<ConfirmFormStore, 'deps' | 'flags'>(
      this,
      { deps: false, flags: false, form: false, changeForm: false },
      { autoBind: true }
    )
  }

  get codeError(): Message | null {
    return this.form.visible('code', checkConfirmationCode(this.form.values.code))
  }

  get canSubmit(): boolean {
    return checkConfirmationCode(this.form.values.code) === null && !this.form.submitting
  }

  get verified(): boolean {
    return this.alreadyVerified || this.deps.session.me?.user.verified === true
  }

  /** The phone or e-mail the code went to, or null before the user is known. */
  get destination(): string | null {
    const user = this.deps.session.me?.user
    if (!user) return null
    return codeDestination(user.phone, user.email, user.country_id) || null
  }

  /** The code goes to a phone: the account is in Tunisia or names no country. */
  get byPhone(): boolean {
    return isTunisianAddress(this.deps.session.me?.user.country_id)
  }

  /** The resend link shows once per destination. */
  get canResend(): boolean {
    if (this.resendStatus === 'loading') return false
    const destination = this.destination ?? ''
    if (this.resentTo === destination) return false
    const id = this.deps.session.me?.user.id
    return id === undefined || this.flags?.getItem(resendKey(id)) !== destination
  }

  /** Kept as typed or pasted, in ASCII digits; its grouping spaces go when it is checked and sent. */
  setCode(value: string): void {
    this.form.set('code', normalizeDigits(value))
  }

  async submit(): Promise<boolean> {
    if (!startSubmit(this.form, () => this.canSubmit)) return false
    const { session } = this.deps
    try {
      const captcha = await session.solveCaptcha()
      const result = await session.api.confirmRegistration(normalizeCodeInput(this.form.values.code), captcha)
      await session.signIn(result, {
        adminUserId: session.session?.adminUserId ?? undefined,
        isTest: session.session?.isTest,
        sameUser: true
      })
      this.form.setStatus('succeeded')
      return true
    } catch (error) {
      return this.refused(this.form, error, mapConfirmError, () => this.form.setStatus('succeeded'))
    }
  }

  async resend(): Promise<void> {
    if (!this.canResend) return
    const destination = this.destination ?? ''
    this.resendStatus = 'loading'
    const { session, ui } = this.deps
    try {
      await session.api.resendCode()
      runInAction(() => {
        this.resentTo = destination
        this.resendStatus = 'succeeded'
        const id = session.me?.user.id
        if (id !== undefined) this.flags?.setItem(resendKey(id), destination)
      })
      ui.notify({ intent: 'success', key: 'auth:confirm.resent' })
    } catch (error) {
      runInAction(() => {
        this.resendStatus = 'failed'
      })
      if (isApiError(error) && error.code === 'already_verified') {
        runInAction(() => {
          this.alreadyVerified = true
        })
        return
      }
      toast(ui, generalMessage(isApiError(error) ? error : new ApiError('server_error', '')))
    }
  }

  /** The rule of the new phone (Tunisia) or e-mail (abroad): the registration's, and another one than now. */
  private get credentialRule(): MessageKey | null {
    const value = this.changeForm.values.credential
    const key = this.byPhone ? checkPhone(value) : checkEmail(value.trim())
    if (key) return key
    if (parseCredential(value)?.value !== this.destination) return null
    // The message points to « Renvoyer le code » only while the page still offers it.
    return this.canResend ? 'credential.unchanged' : 'credential.unchangedResent'
  }

  get credentialError(): Message | null {
    return this.changeForm.visible('credential', this.credentialRule)
  }

  get canChange(): boolean {
    return this.credentialRule === null && !this.changeForm.submitting
  }

  /** Opens the inline form with the current destination typed in. */
  openChange(): void {
    this.changeForm.reset({ credential: this.destination ?? '' })
    this.changing = true
  }

  cancelChange(): void {
    if (this.changeForm.submitting) return
    this.changing = false
  }

  setCredential(value: string): void {
    this.changeForm.set('credential', normalizeDigits(value))
  }

  /** Sends the code to the corrected phone or e-mail; the user is reloaded so the page shows the new destination. */
  async changeCredential(): Promise<boolean> {
    if (!startSubmit(this.changeForm, () => this.canChange)) return false
    const { session, ui } = this.deps
    try {
      const captcha = await session.solveCaptcha()
      const result = await session.api.changeCredential(this.changeForm.values.credential.trim(), captcha)
      // The new destination is on the account now; a failed reload is caught up by the next one.
      await session.loadUser().catch(() => undefined)
      runInAction(() => {
        this.changeForm.setStatus('succeeded')
        this.changing = false
        this.form.reset({ code: '' })
        this.resendStatus = 'idle'
      })
      ui.notify({ intent: 'success', key: 'auth:confirm.changed', values: { credential: result.credential } })
      return true
    } catch (error) {
      return this.refused(this.changeForm, error, mapChangeCredentialError, () => {
        this.changing = false
        this.changeForm.setStatus('failed')
      })
    }
  }

  /**
   * A refused submit: an account verified meanwhile (`verified` then closes the form), else the
   * server's errors on their fields and its message in a snackbar; what was typed stays.
   */
  private refused<F extends string>(
    form: FormState<F>,
    error: unknown,
    map: (error: ApiError) => MappedError<F>,
    verified: () => void
  ): false {
    const apiError = asApiError(error)
    if (apiError.code === 'already_verified') {
      runInAction(() => {
        this.alreadyVerified = true
        verified()
      })
      return false
    }
    refuse(form, this.deps.ui, map(apiError))
    return false
  }
}
