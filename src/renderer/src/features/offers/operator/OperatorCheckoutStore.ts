/**
 * The operator step of the purchase dialog for a plan per day (specification part 1, §4 Buy
 * offer: 1 day or 7 days, then the operator payment step; part 2, §4 operator checkout, §5
 * operator modal): the phone billed, checked by the Tunisian pattern, then the checkout, whose
 * operator page opens in the system browser as the card gateway's does. The plan starts only when
 * the operator tells the server (decision 0046); its return link comes back to the app.
 */
import { makeAutoObservable, runInAction } from 'mobx'
import type { OperatorRecurrence } from '../../../../../shared/api/operatorBilling.ts'
import { checkPhone } from '../../../../../shared/rules/phone.ts'
import { isApiError } from '../../../api/errors.ts'
import { generalMessage, ruleMessage, type Message } from '../../../forms/messages.ts'
import type { OperatorBillingApi } from './api.ts'

export interface OperatorCheckoutDeps {
  api(): OperatorBillingApi
  /** The pupil's class (the checkout's division), null before it is known. */
  divisionId(): number | null
  /** Opens the operator's page in the system browser. */
  openExternal(url: string): Promise<void>
}

export class OperatorCheckoutStore {
  readonly recurrence: OperatorRecurrence
  phone: string
  phoneError: Message | null = null
  error: Message | null = null
  submitting = false
  /** The operator's page is open in the browser: the app waits for its return. */
  opened = false

  private readonly deps: OperatorCheckoutDeps

  constructor(recurrence: OperatorRecurrence, deps: OperatorCheckoutDeps, phone = '') {
    this.recurrence = recurrence
    this.deps = deps
    this.phone = phone
    makeAutoObservable<OperatorCheckoutStore, 'deps'>(this, { recurrence: false, deps: false }, { autoBind: true })
  }

  setPhone(value: string): void {
    this.phone = value
    this.phoneError = null
    this.error = null
  }

  /** Checks the phone, asks the checkout and opens the operator's page; false when it did not. */
  async submit(): Promise<boolean> {
    if (this.submitting) return false
    const rule = checkPhone(this.phone)
    if (rule) {
      this.phoneError = ruleMessage(rule)
      return false
    }
    const division = this.deps.divisionId()
    if (division == null) {
      this.error = { key: 'auth:errors.server' }
      return false
    }
    this.submitting = true
    this.error = null
    try {
      const answer = await this.deps.api().checkout({ recurrence: String(this.recurrence) as '1' | '7', phone: this.phone, division })
      await this.deps.openExternal(answer.payload.redirectUrl)
      runInAction(() => {
        this.submitting = false
        this.opened = true
      })
      return true
    } catch (error) {
      runInAction(() => {
        this.submitting = false
        if (!isApiError(error)) {
          this.error = { key: 'auth:errors.server' }
          return
        }
        const message = generalMessage(error)
        // 'Le numéro existe déjà' is shown on the phone field (§8).
        if (error.keys.phone?.length) this.phoneError = message
        else this.error = message
      })
      return false
    }
  }
}
