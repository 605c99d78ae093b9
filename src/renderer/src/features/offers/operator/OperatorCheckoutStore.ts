/**
 * The operator step of the purchase dialog for a plan per day (specification part 1, §4 Buy
 * offer: 1 day or 7 days, then the operator payment step; part 2, §4 operator checkout, §5
 * operator modal): the phone billed, checked by the Tunisian pattern, then the checkout, whose
 * operator page opens in the system browser as the card gateway's does. The plan starts only when
 * the operator tells the server (decision 0046); its return link comes back to the app.
 */
import { makeAutoObservable } from 'mobx'
import type { OperatorRecurrence } from '../../../../../shared/api/operatorBilling.ts'
import { checkPhone } from '../../../../../shared/rules/phone.ts'
import { FormState } from '../../../forms/FormState.ts'
import type { Message } from '../../../forms/messages.ts'
import type { OperatorBillingApi } from './api.ts'
import { sendOperatorCheckout } from './operatorCheckout.ts'

export interface OperatorCheckoutDeps {
  api(): OperatorBillingApi
  /** The pupil's class (the checkout's division), null before it is known. */
  divisionId(): number | null
  /** Opens the operator's page in the system browser. */
  openExternal(url: string): Promise<void>
}

export class OperatorCheckoutStore {
  readonly recurrence: OperatorRecurrence
  /**
   * The phone (kept as typed whatever the answer), its message and the submit status. The rule's
   * message is placed by the submit and goes when the phone is edited, as the server's does.
   */
  readonly form: FormState<'phone'>
  /** A failure not tied to the phone. */
  error: Message | null = null
  /** The operator's page is open in the browser: the app waits for its return. */
  opened = false

  private readonly deps: OperatorCheckoutDeps

  constructor(recurrence: OperatorRecurrence, deps: OperatorCheckoutDeps, phone = '') {
    this.recurrence = recurrence
    this.deps = deps
    this.form = new FormState({ phone }, { rules: { phone: checkPhone }, feedback: 'untilEdit' })
    makeAutoObservable<OperatorCheckoutStore, 'deps'>(this, { recurrence: false, deps: false, form: false }, { autoBind: true })
  }

  get phone(): string {
    return this.form.values.phone
  }

  get submitting(): boolean {
    return this.form.submitting
  }

  setPhone(value: string): void {
    this.form.set('phone', value)
    this.error = null
  }

  /** Checks the phone, asks the checkout and opens the operator's page; false when it did not. */
  async submit(): Promise<boolean> {
    if (this.submitting) return false
    if (!this.form.check()) return false
    const division = this.deps.divisionId()
    if (division == null) {
      this.error = { key: 'auth:errors.server' }
      return false
    }
    this.error = null
    const outcome = await sendOperatorCheckout(
      this.form,
      {
        checkout: () => this.deps.api().checkout({ recurrence: String(this.recurrence) as '1' | '7', phone: this.phone, division }),
        openExternal: this.deps.openExternal
      },
      { phone: 'phone' }
    )
    this.settle(outcome)
    return outcome === true
  }

  private settle(outcome: true | Message | null): void {
    if (outcome === true) this.opened = true
    else this.error = outcome
  }
}
