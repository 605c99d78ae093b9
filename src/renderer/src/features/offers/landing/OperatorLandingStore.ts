/**
 * The mobile-operator landing, /offers/{operator} (specification part 1, §2: it immediately
 * redirects to the operator's external landing page; part 2, §2 slider cards, subscribe modal and
 * how-to video, §3 the operator page's offer, §5 operator modal): the external page opens in the
 * system browser at once, and the app shows the same offer: one card per level with its daily and
 * weekly plan, and the subscribe modal (the phone by the Tunisian pattern, the class of the
 * card's level) whose checkout opens the operator's page (decision 0046).
 */
import { makeAutoObservable, runInAction } from 'mobx'
import type { OperatorOffer, OperatorRecurrence } from '../../../../../shared/api/operatorBilling.ts'
import { OPERATOR_LANDINGS } from '../../../../../shared/operators.ts'
import type { Division } from '../../../../../shared/api/pickers.ts'
import { checkPhone } from '../../../../../shared/rules/phone.ts'
import { FormState } from '../../../forms/FormState.ts'
import type { Message } from '../../../forms/messages.ts'
import { failureMessage } from '../failures.ts'
import { sendOperatorCheckout } from '../operator/operatorCheckout.ts'
import { OperatorReturnStore } from '../operator/OperatorReturnStore.ts'
import type { OperatorLandingApi } from './api.ts'

export interface OperatorLandingDeps {
  api(): OperatorLandingApi
  /** Opens a page in the system browser (the main process's allowlisted openExternal). */
  openExternal(url: string): Promise<void>
}

export type SubscribeField = 'phone' | 'division'

/** The subscribe modal: a plan of one level's card. */
export class SubscribeForm {
  readonly offer: OperatorOffer
  recurrence: OperatorRecurrence
  /**
   * The phone and the class (kept as chosen whatever the answer), their messages and the submit
   * status. A rule's message is placed by the submit and goes when its field is edited.
   */
  readonly fields = new FormState<SubscribeField>(
    { phone: '', division: '' },
    { rules: { phone: checkPhone, division: (value) => (value === '' ? 'division.required' : null) }, feedback: 'untilEdit' }
  )
  classes: Division[] = []
  classesLoading = true
  /** A failure not tied to a field. */
  error: Message | null = null
  /** The operator's page is open in the browser. */
  opened = false

  constructor(offer: OperatorOffer, recurrence: OperatorRecurrence) {
    this.offer = offer
    this.recurrence = recurrence
    makeAutoObservable(this, { offer: false, fields: false }, { autoBind: true })
  }

  get phone(): string {
    return this.fields.values.phone
  }

  get division(): string {
    return this.fields.values.division
  }

  get submitting(): boolean {
    return this.fields.submitting
  }

  setRecurrence(value: OperatorRecurrence): void {
    this.recurrence = value
    this.error = null
  }

  setPhone(value: string): void {
    this.fields.set('phone', value)
    this.error = null
  }

  setDivision(value: string): void {
    this.fields.set('division', value)
    this.error = null
  }

  /** The price of one period of the chosen plan, in dinars. */
  get price(): number {
    return this.recurrence === 7 ? this.offer.weeklyPrice : this.offer.dailyPrice
  }

  /** The checkout's outcome: the operator's page open, else the message not tied to a field. */
  settle(outcome: true | Message | null): void {
    if (outcome === true) this.opened = true
    else this.error = outcome
  }
}

export class OperatorLandingStore {
  readonly operator: string
  offers: OperatorOffer[] = []
  loading = true
  loadError: Message | null = null
  form: SubscribeForm | null = null

  private readonly deps: OperatorLandingDeps
  private redirected = false

  constructor(operator: string, deps: OperatorLandingDeps) {
    this.operator = operator.toLowerCase()
    this.deps = deps
    makeAutoObservable<OperatorLandingStore, 'deps' | 'redirected'>(
      this,
      { operator: false, deps: false, redirected: false },
      { autoBind: true }
    )
  }

  /** The operator's external landing page; null for an operator the platform has none with. */
  get externalUrl(): string | null {
    return OPERATOR_LANDINGS[this.operator] ?? null
  }

  get known(): boolean {
    return this.externalUrl != null
  }

  /**
   * Opens the external landing page (once) and loads the offers. Back from the operator's page
   * (`redirect: false`), the visitor is not sent to the external page again.
   */
  async start(options: { redirect?: boolean } = {}): Promise<void> {
    const url = this.externalUrl
    if (!url) {
      runInAction(() => (this.loading = false))
      return
    }
    if (!this.redirected && options.redirect !== false) {
      this.redirected = true
      this.deps.openExternal(url).catch(() => undefined)
    }
    await this.load()
  }

  async load(): Promise<void> {
    this.loading = true
    this.loadError = null
    try {
      const offers = await this.deps.api().offers()
      runInAction(() => {
        this.offers = offers
        this.loading = false
      })
    } catch (error) {
      runInAction(() => {
        this.loading = false
        this.loadError = failureMessage(error)
      })
    }
  }

  /** The subscribe modal for a level's card, its classes loading. */
  async openSubscribe(offer: OperatorOffer, recurrence: OperatorRecurrence): Promise<void> {
    const form = new SubscribeForm(offer, recurrence)
    this.form = form
    try {
      const classes = await this.deps.api().classes(offer.id)
      runInAction(() => {
        form.classes = classes
        form.classesLoading = false
        if (classes.length === 1) form.fields.set('division', String(classes[0]!.id))
      })
    } catch (error) {
      runInAction(() => {
        form.classesLoading = false
        form.error = failureMessage(error)
      })
    }
  }

  closeSubscribe(): void {
    if (!this.form?.submitting) this.form = null
  }

  /** Checks the phone and the class, asks the checkout and opens the operator's page; false when it did not. */
  async subscribe(): Promise<boolean> {
    const form = this.form
    if (!form || form.submitting) return false
    if (!form.fields.check()) return false
    form.error = null
    const outcome = await sendOperatorCheckout(
      form.fields,
      {
        checkout: () =>
          this.deps
            .api()
            .checkout({ recurrence: String(form.recurrence) as '1' | '7', phone: form.phone, division: Number(form.division) }),
        openExternal: this.deps.openExternal
      },
      { phone: 'phone', division: 'division' }
    )
    form.settle(outcome)
    return outcome === true
  }
}

/**
 * The operator's return for a visitor (signed out, decision 0046): the success return asks the
 * public return check, which tells only whether the plan is active, and only with the reference
 * the operator handed back to whoever confirmed; a failure return has nothing to ask (the failure
 * is the pupil's to record, signed in). Either way the result is shown, then the app goes to /.
 */
export function visitorReturnStore(api: () => OperatorLandingApi): OperatorReturnStore {
  return new OperatorReturnStore({
    api: () => ({ success: (query) => api().returnSuccess(query), failure: () => Promise.resolve() }),
    onActivated: () => undefined
  })
}
