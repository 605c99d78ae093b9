import { makeAutoObservable, runInAction } from 'mobx'
import { checkPaymentAmount, checkPaymentReference, readAmount } from '../../../../../shared/rules/amounts.ts'
import { normalizeAmountInput } from '../../../../../shared/rules/input.ts'
import type { Message } from '../../../forms/messages.ts'
import type { CreatePaymentCodeBody, PaymentMethod } from '../api.ts'
import type { LoadStatus } from '../../../stores/status.ts'
import type { CardPaymentStore } from './CardPaymentStore.ts'
import type { D17Store } from './D17Store.ts'
import { errorMessage, fieldMessage, RetryKey, ruleMessage } from './walletSupport.ts'
import type { WalletStore, WalletStoreDeps } from './WalletStore.ts'

export type TopUpField = 'amount' | 'reference'

/**
 * The top-up form (§5): the method, the amount, the bank transfer's reference and a comment; it
 * creates the points code, then hands the card payment and the D17 QR code to their flows.
 */
export class TopUpStore {
  /** What the user typed is kept until a success. */
  method: PaymentMethod = 'transfer'
  amount = ''
  reference = ''
  comment = ''
  fieldErrors: Partial<Record<TopUpField, Message>> = {}
  submitError: Message | null = null
  submitStatus: LoadStatus = 'idle'
  /** The last top-up that went through (bank transfer: "pending in the history"). */
  notice: Message | null = null

  private readonly deps: WalletStoreDeps
  private readonly wallet: WalletStore
  private readonly flows: { card: CardPaymentStore; d17: D17Store }
  private readonly topUpKey: RetryKey

  constructor(deps: WalletStoreDeps, wallet: WalletStore, flows: { card: CardPaymentStore; d17: D17Store }) {
    this.deps = deps
    this.wallet = wallet
    this.flows = flows
    this.topUpKey = new RetryKey(deps.newKey)
    makeAutoObservable<TopUpStore, 'deps' | 'wallet' | 'flows' | 'topUpKey'>(
      this,
      { deps: false, wallet: false, flows: false, topUpKey: false },
      { autoBind: true }
    )
  }

  get submitting(): boolean {
    return this.submitStatus === 'loading'
  }

  /** The card flow's word on the gateway page (it could not be opened), shown under the form. */
  setSubmitError(message: Message | null): void {
    this.submitError = message
  }

  setMethod(method: PaymentMethod): void {
    this.method = method
    this.submitError = null
    this.notice = null
    // The reference belongs to the bank transfer only.
    delete this.fieldErrors.reference
  }

  setAmount(value: string): void {
    this.amount = normalizeAmountInput(value)
    delete this.fieldErrors.amount
    this.notice = null
  }

  setReference(value: string): void {
    this.reference = value
    delete this.fieldErrors.reference
    this.notice = null
  }

  setComment(value: string): void {
    this.comment = value
    this.notice = null
  }

  /** §5: amount required, > 0, ≤ 9999; a bank transfer needs a reference without spaces. */
  validateTopUp(): boolean {
    const errors: Partial<Record<TopUpField, Message>> = {}
    const amountKey = checkPaymentAmount(this.amount)
    if (amountKey) errors.amount = ruleMessage(amountKey)
    if (this.method === 'transfer') {
      // Spaces around the reference (a paste) are dropped; spaces inside it are an error.
      const referenceKey = checkPaymentReference(this.reference.trim(), 'transfer')
      if (referenceKey) errors.reference = ruleMessage(referenceKey)
    }
    this.fieldErrors = errors
    return Object.keys(errors).length === 0
  }

  /**
   * Creates the points code, then: a bank transfer waits in the history for an operator; a card
   * payment opens the gateway in the system browser; D17 shows its QR code.
   */
  async submitTopUp(): Promise<boolean> {
    if (this.submitting) return false
    this.submitError = null
    this.notice = null
    if (!this.validateTopUp()) return false
    const method = this.method
    const body: CreatePaymentCodeBody = {
      amount: readAmount(this.amount) as number,
      reference: method === 'transfer' ? this.reference.trim() : null,
      comment: this.comment.trim() || null,
      paymentMethod: method
    }
    this.submitStatus = 'loading'
    let code
    try {
      code = await this.deps.api().createCode(body, this.topUpKey.take(body))
      this.topUpKey.settle(null)
    } catch (error) {
      this.topUpKey.settle(error)
      runInAction(() => this.failTopUp(error))
      return false
    }
    try {
      if (method === 'online') await this.flows.card.openCardPayment(code.id)
      else if (method === 'd17') await this.flows.d17.openD17(code.id)
    } catch (error) {
      // The code exists (it is in the history); only its payment step failed.
      runInAction(() => {
        this.submitStatus = 'failed'
        this.submitError = errorMessage(error)
      })
      void this.wallet.loadHistory()
      return false
    }
    runInAction(() => {
      this.submitStatus = 'succeeded'
      if (method === 'transfer') this.notice = { key: 'wallet:topUp.transferPending', values: { reference: body.reference ?? '' } }
      this.amount = ''
      this.reference = ''
      this.comment = ''
    })
    void this.wallet.loadHistory()
    return true
  }

  private failTopUp(error: unknown): void {
    this.submitStatus = 'failed'
    const amount = fieldMessage(error, 'amount')
    const reference = fieldMessage(error, 'reference')
    if (amount) this.fieldErrors.amount = amount
    if (reference) this.fieldErrors.reference = reference
    if (!amount && !reference) this.submitError = errorMessage(error)
  }
}
