import { makeAutoObservable, runInAction } from 'mobx'
import { checkTransferPoints, readAmount } from '../../../../../shared/rules/amounts.ts'
import { checkConfirmationCode } from '../../../../../shared/rules/code.ts'
import { normalizeAmountInput, normalizeCodeInput, normalizeDigits } from '../../../../../shared/rules/input.ts'
import { isApiError } from '../../../api/errors.ts'
import type { Transfer, TransferPointsBody, WalletApi } from '../api.ts'
import type { LoadStatus } from '../../../stores/status.ts'
import { errorMessage, fieldMessage, RetryKey, ruleMessage } from './walletSupport.ts'
import type { Message } from '../../../forms/messages.ts'
import { FormState } from '../../../forms/FormState.ts'

export interface TransferStoreDeps {
  api(): WalletApi
  /** The administrator impersonating this pupil (§6), sent as `admin`. */
  adminUserId(): number | null
  /** After a confirmed transfer: the balances moved. */
  onTransferred(): void
  newKey(): string
}

export type TransferField = 'toUser' | 'points' | 'code'
export type TransferStep = 'form' | 'code' | 'done'

const EMPTY: Record<TransferField, string> = { toUser: '', points: '', code: '' }

/**
 * The transfer-points dialog (§4, §5): recipient and amount, then the 6-character code sent to
 * the sender, which moves the held points to the recipient.
 */
export class TransferStore {
  open = false
  step: TransferStep = 'form'
  /**
   * The recipient, the amount and the code, as typed (in ASCII digits), their messages and the
   * submit status. A rule's message is placed by the submit and goes when its field is edited.
   */
  readonly form: FormState<TransferField>
  /** 'Remplir les champs', or a failure not tied to one field. */
  error: Message | null = null
  /** An answer worth telling (a code resent, the transfer confirmed). */
  notice: Message | null = null
  transfer: Transfer | null = null

  private readonly deps: TransferStoreDeps
  private readonly transferKey: RetryKey
  private readonly confirmKey: RetryKey

  constructor(deps: TransferStoreDeps) {
    this.deps = deps
    this.transferKey = new RetryKey(deps.newKey)
    this.confirmKey = new RetryKey(deps.newKey)
    const missing = (value: string) => value.trim() === ''
    this.form = new FormState(EMPTY, {
      // §5: both fields required ('Remplir les champs'), then 10 to 5000 whole points; the code is
      // kept as typed or pasted, its grouping spaces go when it is checked and sent.
      rules: {
        toUser: (value) => (missing(value) ? 'common.required' : null),
        points: (value) => (missing(value) ? 'common.required' : missing(this.form.values.toUser) ? null : checkTransferPoints(value)),
        code: checkConfirmationCode
      },
      normalize: { toUser: normalizeDigits, points: normalizeAmountInput, code: normalizeDigits },
      wording: ruleMessage,
      feedback: 'untilEdit'
    })
    makeAutoObservable<TransferStore, 'deps' | 'transferKey' | 'confirmKey'>(
      this,
      { deps: false, transferKey: false, confirmKey: false, form: false },
      { autoBind: true }
    )
  }

  get toUser(): string {
    return this.form.values.toUser
  }

  get points(): string {
    return this.form.values.points
  }

  get code(): string {
    return this.form.values.code
  }

  get fieldErrors(): Partial<Record<TransferField, Message>> {
    return this.form.errors
  }

  get status(): LoadStatus {
    return this.form.status
  }

  get busy(): boolean {
    return this.form.submitting
  }

  /** Opens the dialog on a fresh form. */
  start(): void {
    this.open = true
    this.step = 'form'
    this.form.reset(EMPTY)
    this.error = null
    this.notice = null
    this.transfer = null
  }

  close(): void {
    this.open = false
  }

  setToUser(value: string): void {
    this.form.set('toUser', value)
    this.error = null
  }

  setPoints(value: string): void {
    this.form.set('points', value)
    this.error = null
  }

  setCode(value: string): void {
    this.form.set('code', value)
    this.error = null
  }

  /** The recipient and the amount by the rules of §5; a field left empty also says 'Remplir les champs'. */
  validate(): boolean {
    const valid = this.form.check(['toUser', 'points'])
    this.error = this.toUser.trim() === '' || this.points.trim() === '' ? ruleMessage('common.fillFields') : null
    return valid
  }

  /** Starts the transfer: the points are held and a code is sent to the sender. */
  async submit(): Promise<boolean> {
    if (this.busy || this.step !== 'form') return false
    this.notice = null
    if (!this.validate()) return false
    const admin = this.deps.adminUserId()
    const body: TransferPointsBody = {
      toUser: this.toUser.trim(),
      points: readAmount(this.points) as number,
      ...(admin !== null ? { admin } : {})
    }
    this.form.setStatus('loading')
    try {
      const answer = await this.deps.api().transfer(body, this.transferKey.take(body))
      this.transferKey.settle(null)
      runInAction(() => {
        this.form.setStatus('succeeded')
        this.transfer = answer.transfer
        this.step = 'code'
        this.form.set('code', '')
        this.notice = { key: 'wallet:transfer.codeSent' }
      })
      // The points are held from now on: the balance card shows less.
      this.deps.onTransferred()
      return true
    } catch (error) {
      this.transferKey.settle(error)
      runInAction(() => {
        this.form.setStatus('failed')
        const toUser = fieldMessage(error, 'toUser')
        const points = fieldMessage(error, 'points')
        this.form.setServerError('toUser', toUser)
        this.form.setServerError('points', points)
        if (!toUser && !points) this.error = errorMessage(error)
      })
      return false
    }
  }

  /** Confirms with the 6-character code. */
  async confirm(): Promise<boolean> {
    if (this.busy || this.step !== 'code') return false
    this.notice = null
    this.error = null
    if (!this.form.check(['code'])) return false
    const code = normalizeCodeInput(this.code)
    this.form.setStatus('loading')
    try {
      const answer = await this.deps.api().confirmTransfer(code, this.confirmKey.take(code))
      this.confirmKey.settle(null)
      runInAction(() => {
        this.form.setStatus('succeeded')
        this.transfer = answer.transfer
        this.step = 'done'
      })
      this.deps.onTransferred()
      return true
    } catch (error) {
      this.confirmKey.settle(error)
      runInAction(() => {
        this.form.setStatus('failed')
        const codeError = fieldMessage(error, 'confirmationToken')
        if (codeError) this.form.setServerErrors({ code: codeError })
        else if (isApiError(error) && error.code === 'invalid_verification_code')
          this.form.setServerErrors({ code: ruleMessage('transfer.codeInvalid') })
        else this.error = errorMessage(error)
      })
      return false
    }
  }

  /** Sends a new code for the waiting transfer. */
  async resend(): Promise<void> {
    const transfer = this.transfer
    if (!transfer || this.busy || this.step !== 'code') return
    this.form.setStatus('loading')
    this.notice = null
    this.error = null
    try {
      await this.deps.api().resendTransferCode(transfer.id)
      runInAction(() => {
        this.form.setStatus('succeeded')
        this.form.set('code', '')
        this.form.clearFeedback()
        this.notice = { key: 'wallet:transfer.codeResent' }
      })
    } catch (error) {
      runInAction(() => {
        this.form.setStatus('failed')
        this.error = errorMessage(error)
      })
    }
  }
}
