import { makeAutoObservable, runInAction } from 'mobx'
import { checkPaymentAmount, checkPaymentReference, readAmount } from '../../../../../shared/rules/amounts.ts'
import { normalizeAmountInput } from '../../../../../shared/rules/input.ts'
import type { Message } from '../../../forms/messages.ts'
import { FormState } from '../../../forms/FormState.ts'
import type { CreatePaymentCodeBody, PaymentMethod } from '../api.ts'
import type { LoadStatus } from '../../../stores/status.ts'
import type { CardPaymentStore } from './CardPaymentStore.ts'
import type { D17Store } from './D17Store.ts'
import { errorMessage, fieldMessage, RetryKey, ruleMessage } from './walletSupport.ts'
import type { WalletStore, WalletStoreDeps } from './WalletStore.ts'

export type TopUpField = 'amount' | 'reference'

const EMPTY: Record<TopUpField | 'comment', string> = { amount: '', reference: '', comment: '' }

/**
 * The top-up form (§5): the method, the amount, the bank transfer's reference and a comment; it
 * creates the points code, then hands the card payment and the D17 QR code to their flows.
 */
export class TopUpStore {
  method: PaymentMethod = 'transfer'
  /**
   * The amount, the reference and the comment (kept until a success), their messages and the
   * submit status. A rule's message is placed by the submit and goes when its field is edited.
   */
  readonly form: FormState<TopUpField | 'comment'>
  submitError: Message | null = null
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
    this.form = new FormState(EMPTY, {
      // §5: amount required, > 0, ≤ 9999; a bank transfer needs a reference without spaces (those
      // around it, a paste, are dropped).
      rules: {
        amount: checkPaymentAmount,
        reference: (value) => (this.method === 'transfer' ? checkPaymentReference(value.trim(), 'transfer') : null)
      },
      normalize: { amount: normalizeAmountInput },
      wording: ruleMessage,
      feedback: 'untilEdit'
    })
    makeAutoObservable<TopUpStore, 'deps' | 'wallet' | 'flows' | 'topUpKey'>(
      this,
      { deps: false, wallet: false, flows: false, topUpKey: false, form: false },
      { autoBind: true }
    )
  }

  get amount(): string {
    return this.form.values.amount
  }

  get reference(): string {
    return this.form.values.reference
  }

  get comment(): string {
    return this.form.values.comment
  }

  get fieldErrors(): Partial<Record<TopUpField, Message>> {
    return this.form.errors
  }

  get submitStatus(): LoadStatus {
    return this.form.status
  }

  get submitting(): boolean {
    return this.form.submitting
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
    this.form.clearError('reference')
  }

  setAmount(value: string): void {
    this.form.set('amount', value)
    this.notice = null
  }

  setReference(value: string): void {
    this.form.set('reference', value)
    this.notice = null
  }

  setComment(value: string): void {
    this.form.set('comment', value)
    this.notice = null
  }

  /** The form's rules (§5), their messages placed on the fields. */
  validateTopUp(): boolean {
    return this.form.check()
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
    this.form.setStatus('loading')
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
        this.form.setStatus('failed')
        this.submitError = errorMessage(error)
      })
      void this.wallet.loadHistory()
      return false
    }
    runInAction(() => {
      this.form.reset(EMPTY)
      this.form.setStatus('succeeded')
      if (method === 'transfer') this.notice = { key: 'wallet:topUp.transferPending', values: { reference: body.reference ?? '' } }
    })
    void this.wallet.loadHistory()
    return true
  }

  private failTopUp(error: unknown): void {
    this.form.setStatus('failed')
    const amount = fieldMessage(error, 'amount')
    const reference = fieldMessage(error, 'reference')
    this.form.setServerError('amount', amount)
    this.form.setServerError('reference', reference)
    if (!amount && !reference) this.submitError = errorMessage(error)
  }
}
