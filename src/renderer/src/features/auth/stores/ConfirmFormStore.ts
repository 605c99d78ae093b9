import { makeAutoObservable, runInAction } from 'mobx'
import { checkConfirmationCode } from '../../../../../shared/rules/code.ts'
import { ApiError, isApiError } from '../../../api/errors.ts'
import { generalMessage, mapConfirmError, type Message } from '../errorMapping.ts'
import { FormState } from './FormState.ts'
import { toast, type AuthDeps } from './deps.ts'
import { browserFlagStorage, type FlagStorage } from '../../../lib/flagStorage.ts'

const resendKey = (userId: number) => `darsi.confirm.resent.${userId}`

/** The last registration step (§4, §5 Confirmation code). */
export class ConfirmFormStore {
  readonly form = new FormState<'code'>({ code: '' })
  resendStatus: 'idle' | 'loading' | 'succeeded' | 'failed' = 'idle'
  /** The server said this account is verified already. */
  alreadyVerified = false
  private readonly deps: AuthDeps
  private readonly flags: FlagStorage | null
  private resentInMemory = false

  constructor(deps: AuthDeps, flags: FlagStorage | null = browserFlagStorage()) {
    this.deps = deps
    this.flags = flags
    makeAutoObservable<ConfirmFormStore, 'deps' | 'flags'>(this, { deps: false, flags: false, form: false }, { autoBind: true })
  }

  get codeError(): Message | null {
    return this.form.visible('code', checkConfirmationCode(this.form.values.code.trim()))
  }

  get canSubmit(): boolean {
    return checkConfirmationCode(this.form.values.code.trim()) === null && !this.form.submitting
  }

  get verified(): boolean {
    return this.alreadyVerified || this.deps.session.me?.user.verified === true
  }

  /** The resend link shows once per account. */
  get canResend(): boolean {
    const id = this.deps.session.me?.user.id
    if (this.resentInMemory || this.resendStatus === 'loading') return false
    return id === undefined || this.flags?.getItem(resendKey(id)) !== '1'
  }

  setCode(value: string): void {
    this.form.set('code', value)
  }

  async submit(): Promise<boolean> {
    this.form.attempt()
    if (!this.canSubmit) return false
    this.form.setStatus('loading')
    this.form.setServerErrors({})
    const { session, ui } = this.deps
    try {
      const captcha = await session.solveCaptcha()
      const result = await session.api.confirmRegistration(this.form.values.code.trim(), captcha)
      await session.signIn(result, { adminUserId: session.session?.adminUserId ?? undefined, isTest: session.session?.isTest, sameUser: true })
      this.form.setStatus('succeeded')
      return true
    } catch (error) {
      const apiError = isApiError(error) ? error : new ApiError('server_error', '')
      if (apiError.code === 'already_verified') {
        runInAction(() => {
          this.alreadyVerified = true
          this.form.setStatus('succeeded')
        })
        return false
      }
      const mapped = mapConfirmError(apiError)
      runInAction(() => {
        this.form.setServerErrors(mapped.fields)
        this.form.setStatus('failed')
      })
      toast(ui, mapped.toast)
      return false
    }
  }

  async resend(): Promise<void> {
    if (!this.canResend) return
    this.resendStatus = 'loading'
    const { session, ui } = this.deps
    try {
      await session.api.resendCode()
      runInAction(() => {
        this.resentInMemory = true
        this.resendStatus = 'succeeded'
        const id = session.me?.user.id
        if (id !== undefined) this.flags?.setItem(resendKey(id), '1')
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
}
