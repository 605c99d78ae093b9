import { makeAutoObservable, runInAction } from 'mobx'
import { checkTransferPoints, readAmount } from '../../../../../shared/rules/amounts.ts'
import { checkConfirmationCode } from '../../../../../shared/rules/code.ts'
import { normalizeAmountInput, normalizeCodeInput, normalizeDigits } from '../../../../../shared/rules/input.ts'
import { isApiError } from '../../../api/errors.ts'
import type { Transfer, TransferPointsBody, WalletApi } from '../api.ts'
import type { LoadStatus } from '../../../stores/status.ts'
import { errorMessage, fieldMessage, RetryKey, ruleMessage } from './walletSupport.ts'
import type { Message } from '../../../forms/messages.ts'

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

/**
 * The transfer-points dialog (§4, §5): recipient and amount, then the 6-character code sent to
 * the sender, which moves the held points to the recipient.
 */
export class TransferStore {
  open = false
  step: TransferStep = 'form'
  toUser = ''
  points = ''
  code = ''
  fieldErrors: Partial<Record<TransferField, Message>> = {}
  /** 'Remplir les champs', or a failure not tied to one field. */
  error: Message | null = null
  /** An answer worth telling (a code resent, the transfer confirmed). */
  notice: Message | null = null
  status: LoadStatus = 'idle'
  transfer: Transfer | null = null

  private readonly deps: TransferStoreDeps
  private readonly transferKey: RetryKey
  private readonly confirmKey: RetryKey

  constructor(deps: TransferStoreDeps) {
    this.deps = deps
    this.transferKey = new RetryKey(deps.newKey)
    this.confirmKey = new RetryKey(deps.newKey)
    makeAutoObservable<TransferStore, 'deps' | 'transferKey' | 'confirmKey'>(
      this,
      { deps: false, transferKey: false, confirmKey: false },
      { autoBind: true }
    )
  }

  get busy(): boolean {
    return this.status === 'loading'
  }

  /** Opens the dialog on a fresh form. */
  start(): void {
    this.open = true
    this.step = 'form'
    this.toUser = ''
    this.points = ''
    this.code = ''
    this.fieldErrors = {}
    this.error = null
    this.notice = null
    this.status = 'idle'
    this.transfer = null
  }

  close(): void {
    this.open = false
  }

  setToUser(value: string): void {
    this.toUser = normalizeDigits(value)
    delete this.fieldErrors.toUser
    this.error = null
  }

  setPoints(value: string): void {
    this.points = normalizeAmountInput(value)
    delete this.fieldErrors.points
    this.error = null
  }

  /** Kept as typed or pasted, in ASCII digits; its grouping spaces go when it is checked and sent. */
  setCode(value: string): void {
    this.code = normalizeDigits(value)
    delete this.fieldErrors.code
    this.error = null
  }

  /** §5: both fields required ('Remplir les champs'), then 10 to 5000, then whole points. */
  validate(): boolean {
    const errors: Partial<Record<TransferField, Message>> = {}
    this.error = null
    const missingUser = this.toUser.trim() === ''
    const missingPoints = this.points.trim() === ''
    if (missingUser || missingPoints) {
      this.error = ruleMessage('common.fillFields')
      if (missingUser) errors.toUser = ruleMessage('common.required')
      if (missingPoints) errors.points = ruleMessage('common.required')
    } else {
      const pointsKey = checkTransferPoints(this.points)
      if (pointsKey) errors.points = ruleMessage(pointsKey)
    }
    this.fieldErrors = errors
    return this.error === null && Object.keys(errors).length === 0
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
    this.status = 'loading'
    try {
      const answer = await this.deps.api().transfer(body, this.transferKey.take(body))
      this.transferKey.settle(null)
      runInAction(() => {
        this.status = 'succeeded'
        this.transfer = answer.transfer
        this.step = 'code'
        this.code = ''
        this.notice = { key: 'wallet:transfer.codeSent' }
      })
      // The points are held from now on: the balance card shows less.
      this.deps.onTransferred()
      return true
    } catch (error) {
      this.transferKey.settle(error)
      runInAction(() => {
        this.status = 'failed'
        const toUser = fieldMessage(error, 'toUser')
        const points = fieldMessage(error, 'points')
        if (toUser) this.fieldErrors.toUser = toUser
        if (points) this.fieldErrors.points = points
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
    const key = checkConfirmationCode(this.code)
    if (key) {
      this.fieldErrors = { code: ruleMessage(key) }
      return false
    }
    const code = normalizeCodeInput(this.code)
    this.status = 'loading'
    try {
      const answer = await this.deps.api().confirmTransfer(code, this.confirmKey.take(code))
      this.confirmKey.settle(null)
      runInAction(() => {
        this.status = 'succeeded'
        this.transfer = answer.transfer
        this.step = 'done'
      })
      this.deps.onTransferred()
      return true
    } catch (error) {
      this.confirmKey.settle(error)
      runInAction(() => {
        this.status = 'failed'
        const codeError = fieldMessage(error, 'confirmationToken')
        if (codeError) this.fieldErrors = { code: codeError }
        else if (isApiError(error) && error.code === 'invalid_verification_code') this.fieldErrors = { code: ruleMessage('transfer.codeInvalid') }
        else this.error = errorMessage(error)
      })
      return false
    }
  }

  /** Sends a new code for the waiting transfer. */
  async resend(): Promise<void> {
    const transfer = this.transfer
    if (!transfer || this.busy || this.step !== 'code') return
    this.status = 'loading'
    this.notice = null
    this.error = null
    try {
      await this.deps.api().resendTransferCode(transfer.id)
      runInAction(() => {
        this.status = 'succeeded'
        this.code = ''
        this.fieldErrors = {}
        this.notice = { key: 'wallet:transfer.codeResent' }
      })
    } catch (error) {
      runInAction(() => {
        this.status = 'failed'
        this.error = errorMessage(error)
      })
    }
  }
}
