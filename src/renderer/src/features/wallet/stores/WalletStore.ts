import { makeAutoObservable, runInAction } from 'mobx'
import type { DeepLink } from '../../../../../shared/deepLink.ts'
import { checkPaymentAmount, checkPaymentReference, readAmount } from '../../../../../shared/rules/amounts.ts'
import { normalizeAmountInput } from '../../../../../shared/rules/input.ts'
import type {
  BankAccount,
  CreatePaymentCodeBody,
  D17Payment,
  PaymentHistoryRow,
  PaymentMethod,
  PaymentResult,
  ResultLanguage,
  WalletApi,
  WalletSummary
} from '../api.ts'
import type { LoadStatus } from '../../../stores/status.ts'
import { Resource } from '../../../lib/loadable.ts'
import { balanceUnit, type BalanceUnit } from '../../../../../shared/rules/points.ts'
import { errorMessage, fieldMessage, PagedRows, RetryKey, ruleMessage } from './walletSupport.ts'
import type { Message } from '../../../forms/messages.ts'

/** How often the D17 dialog asks whether the QR code has been paid. */
export const D17_POLL_MS = 4000

export interface Timers {
  setTimeout(handler: () => void, ms: number): unknown
  clearTimeout(handle: unknown): void
}

export const defaultTimers: Timers = {
  setTimeout: (handler, ms) => setTimeout(handler, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>)
}

export interface WalletStoreDeps {
  /** The wallet calls; throws while the API is not configured yet. */
  api(): WalletApi
  /** Opens a page in the system browser (the platform bridge checks its allowlist). */
  openExternal(url: string): Promise<void>
  language(): ResultLanguage
  /** Called after the balance may have changed, so the shell's own copy follows. */
  onBalanceChanged(): void
  newKey(): string
  timers?: Timers
}

export type TopUpField = 'amount' | 'reference'

export type PaymentReturnLink = Extract<DeepLink, { kind: 'payment-return' }>

/** What the payment result dialog shows. */
export type PaymentResultView =
  | { state: 'loading'; orderId: string }
  | { state: 'success'; orderId: string; amount: number }
  | { state: 'pending'; orderId: string }
  | { state: 'failure'; orderId: string }
  | { state: 'error'; orderId: string; outcome: PaymentReturnLink['outcome']; message: Message }

export interface D17View {
  payment: D17Payment
  /** idle: waiting for the payment; checking: a check is running. */
  checking: boolean
  /** A manual check found nothing yet. */
  notYet: boolean
  error: Message | null
}

/**
 * The points wallet (§2, §4, §5): the balance card, the bank accounts, the points history, the
 * top-up by bank transfer, card (system browser) or D17 QR code, and the payment returns.
 */
export class WalletStore {
  /** The balance card's figures, the bank accounts and the points history (lib/loadable.ts). */
  readonly summaryResource: Resource<WalletSummary>
  readonly bankAccountsResource: Resource<BankAccount[]>
  readonly historyResource: Resource<PaymentHistoryRow[]>
  readonly history = new PagedRows<PaymentHistoryRow>()

  /** The top-up form (what the user typed is kept until a success). */
  method: PaymentMethod = 'transfer'
  amount = ''
  reference = ''
  comment = ''
  fieldErrors: Partial<Record<TopUpField, Message>> = {}
  submitError: Message | null = null
  submitStatus: LoadStatus = 'idle'
  /** The last top-up that went through (bank transfer: "pending in the history"). */
  notice: Message | null = null

  /** A card payment whose page is open in the browser, until its return link arrives. */
  onlineWaiting: { orderId: string; url: string; codeId: number } | null = null
  d17: D17View | null = null
  paymentResult: PaymentResultView | null = null

  private readonly deps: WalletStoreDeps
  private readonly topUpKey: RetryKey
  private pollHandle: unknown = null
  /** Orders whose return was already handled: a link fed twice shows the same answer once. */
  private readonly handledOrders = new Set<string>()

  constructor(deps: WalletStoreDeps) {
    this.deps = deps
    this.topUpKey = new RetryKey(deps.newKey)
    this.summaryResource = new Resource(() => deps.api().summary())
    this.bankAccountsResource = new Resource(() => deps.api().bankAccounts())
    this.historyResource = new Resource(() => deps.api().codes(), { onData: (rows) => this.history.setRows(rows) })
    makeAutoObservable<WalletStore, 'deps' | 'topUpKey' | 'pollHandle' | 'handledOrders'>(
      this,
      {
        deps: false, topUpKey: false, pollHandle: false, handledOrders: false, history: false,
        summaryResource: false, bankAccountsResource: false, historyResource: false
      },
      { autoBind: true }
    )
  }

  get summary(): WalletSummary | null {
    return this.summaryResource.data
  }

  get summaryStatus(): LoadStatus {
    return this.summaryResource.status
  }

  get bankAccounts(): BankAccount[] {
    return this.bankAccountsResource.data ?? []
  }

  get bankAccountsStatus(): LoadStatus {
    return this.bankAccountsResource.status
  }

  get historyStatus(): LoadStatus {
    return this.historyResource.status
  }

  private get timers(): Timers {
    return this.deps.timers ?? defaultTimers
  }

  get balance(): number | null {
    return this.summary?.points ?? null
  }

  balanceUnit(language: string): BalanceUnit {
    return balanceUnit(this.balance ?? 0, language)
  }

  get submitting(): boolean {
    return this.submitStatus === 'loading'
  }

  // ——— loading ———

  /** Everything the wallet screen shows, each part on its own (one failing leaves the others). */
  async load(): Promise<void> {
    await Promise.all([this.loadSummary(), this.loadBankAccounts(), this.loadHistory()])
  }

  // A reload behind what is on screen (coming back to the wallet, a refresh after a payment)
  // keeps its status, and an answer equal to the one shown changes nothing: the screen is not
  // drawn again for the same figures. Loads may overlap (a visit, then a refresh after a
  // transfer): only the answer of the latest one is shown.

  loadSummary(): Promise<void> {
    return this.summaryResource.reload()
  }

  /** Asked once: a second visit while the first request runs joins it. */
  loadBankAccounts(): Promise<void> {
    return this.bankAccountsResource.ensure()
  }

  loadHistory(): Promise<void> {
    return this.historyResource.reload()
  }

  /** The balance and the history again, and the shell's copy of the balance. */
  async refreshAfterPayment(): Promise<void> {
    this.deps.onBalanceChanged()
    await Promise.all([this.loadSummary(), this.loadHistory()])
  }

  // ——— top-up form ———

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
      if (method === 'online') await this.openCardPayment(code.id)
      else if (method === 'd17') await this.openD17(code.id)
    } catch (error) {
      // The code exists (it is in the history); only its payment step failed.
      runInAction(() => {
        this.submitStatus = 'failed'
        this.submitError = errorMessage(error)
      })
      void this.loadHistory()
      return false
    }
    runInAction(() => {
      this.submitStatus = 'succeeded'
      if (method === 'transfer') this.notice = { key: 'wallet:topUp.transferPending', values: { reference: body.reference ?? '' } }
      this.amount = ''
      this.reference = ''
      this.comment = ''
    })
    void this.loadHistory()
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

  // ——— card payment ———

  private async openCardPayment(codeId: number): Promise<void> {
    const redirect = await this.deps.api().paymentRedirect(codeId)
    runInAction(() => {
      this.onlineWaiting = { orderId: redirect.order_id, url: redirect.url, codeId }
    })
    await this.reopenCardPayment()
  }

  /** Opens the gateway page in the system browser (again, when it was closed by mistake). */
  async reopenCardPayment(): Promise<void> {
    const waiting = this.onlineWaiting
    if (!waiting) return
    this.submitError = null
    try {
      await this.deps.openExternal(waiting.url)
    } catch {
      // The waiting card stays, with its button to try again.
      runInAction(() => {
        this.submitError = { key: 'wallet:errors.browserFailed' }
      })
    }
  }

  /**
   * Back in the app while a card payment is open (window focus): when the history says the code
   * was settled, show its result even if the browser never handed the return link over.
   */
  async checkCardPayment(): Promise<void> {
    const waiting = this.onlineWaiting
    if (!waiting) return
    await this.loadHistory()
    const row = this.history.rows.find((candidate) => candidate.id === waiting.codeId)
    if (!row || row.status === 'pending' || this.onlineWaiting?.orderId !== waiting.orderId) return
    await this.handlePaymentReturn({ kind: 'payment-return', outcome: row.status === 'paid' ? 'success' : 'echec', orderId: waiting.orderId })
  }

  /** Stops waiting for the return (the user gave up); the code stays in the history. */
  stopWaitingForCard(): void {
    this.onlineWaiting = null
    void this.loadHistory()
  }

  // ——— D17 ———

  private async openD17(codeId: number): Promise<void> {
    const payment = await this.deps.api().d17(codeId)
    runInAction(() => {
      this.d17 = { payment, checking: false, notYet: false, error: null }
    })
    this.schedulePoll()
  }

  /** Asks the server whether the QR code has been paid; `manual` for the check button. */
  async checkD17(manual = false): Promise<void> {
    const view = this.d17
    if (!view || view.checking) return
    view.checking = true
    view.error = null
    if (manual) view.notYet = false
    const id = view.payment.id
    try {
      const check = await this.deps.api().d17Check(id)
      runInAction(() => {
        if (this.d17?.payment.id !== id) return
        this.d17.checking = false
        this.d17.payment = { ...this.d17.payment, status: check.status }
        if (manual && check.status === 'pending') this.d17.notYet = true
        if (this.summary) this.summaryResource.replace({ ...this.summary, points: check.points })
      })
      if (check.status !== 'pending') {
        this.stopPolling()
        if (check.paid) await this.refreshAfterPayment()
        else void this.loadHistory()
      }
    } catch (error) {
      runInAction(() => {
        if (this.d17?.payment.id !== id) return
        this.d17.checking = false
        // Automatic checks retry quietly; a failed manual check says why.
        if (manual) this.d17.error = errorMessage(error)
      })
    }
  }

  closeD17(): void {
    this.stopPolling()
    this.d17 = null
    void this.loadHistory()
  }

  private schedulePoll(): void {
    this.stopPolling()
    this.pollHandle = this.timers.setTimeout(() => {
      this.pollHandle = null
      if (!this.d17 || this.d17.payment.status !== 'pending') return
      void this.checkD17(false).finally(() => {
        if (this.d17?.payment.status === 'pending') this.schedulePoll()
      })
    }, D17_POLL_MS)
  }

  private stopPolling(): void {
    if (this.pollHandle === null) return
    this.timers.clearTimeout(this.pollHandle)
    this.pollHandle = null
  }

  // ——— payment returns ———

  /**
   * A `darsi://payment/success|echec` link: posts it (which only reads the order: the server
   * credits on the gateway's own confirmation) and shows the result. The same order twice is
   * handled once.
   */
  async handlePaymentReturn(link: PaymentReturnLink, retry = false): Promise<void> {
    if (this.handledOrders.has(link.orderId) && !retry) return
    this.handledOrders.add(link.orderId)
    if (this.onlineWaiting?.orderId === link.orderId) this.onlineWaiting = null
    this.paymentResult = { state: 'loading', orderId: link.orderId }
    let result: PaymentResult
    try {
      result = await this.deps.api().paymentReturn(link.outcome, link.orderId, this.deps.language())
    } catch (error) {
      runInAction(() => {
        if (this.paymentResult?.orderId !== link.orderId) return
        this.paymentResult = { state: 'error', orderId: link.orderId, outcome: link.outcome, message: errorMessage(error) }
      })
      return
    }
    runInAction(() => {
      if (this.summary) this.summaryResource.replace({ ...this.summary, points: result.points })
      if (this.paymentResult?.orderId !== link.orderId) return
      this.paymentResult = result.success
        ? { state: 'success', orderId: link.orderId, amount: result.amount }
        : result.status === 'pending'
          ? { state: 'pending', orderId: link.orderId }
          : { state: 'failure', orderId: link.orderId }
    })
    await this.refreshAfterPayment()
  }

  retryPaymentReturn(): void {
    const view = this.paymentResult
    if (view?.state !== 'error') return
    void this.handlePaymentReturn({ kind: 'payment-return', outcome: view.outcome, orderId: view.orderId }, true)
  }

  /** Closes the result dialog; answers where to go (§4: offers after a success, else the wallet). */
  closePaymentResult(): '/offres' | '/porte-monnaie' {
    const success = this.paymentResult?.state === 'success'
    this.paymentResult = null
    return success ? '/offres' : '/porte-monnaie'
  }

  /** The screen is gone: no dialog keeps polling behind it. */
  dispose(): void {
    this.stopPolling()
    this.d17 = null
  }
}
