import { makeAutoObservable } from 'mobx'
import type { BankAccount, PaymentHistoryRow, ResultLanguage, WalletApi, WalletSummary } from '../api.ts'
import type { LoadStatus } from '../../../stores/status.ts'
import { Resource } from '../../../lib/loadable.ts'
import { balanceUnit, type BalanceUnit } from '../../../../../shared/rules/points.ts'
import { PagedRows } from './walletSupport.ts'

/** The timers a flow waits with (injected in tests). */
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

/**
 * The points wallet (§2): the balance card, the bank accounts and the points history. The top-up
 * form (TopUpStore), the card payment (CardPaymentStore), the D17 QR code (D17Store) and the
 * payment returns (PaymentReturnStore) are flows of their own, built together by walletFlows.ts.
 */
export class WalletStore {
  /** The balance card's figures, the bank accounts and the points history (lib/loadable.ts). */
  readonly summaryResource: Resource<WalletSummary>
  readonly bankAccountsResource: Resource<BankAccount[]>
  readonly historyResource: Resource<PaymentHistoryRow[]>
  readonly history = new PagedRows<PaymentHistoryRow>()

  private readonly deps: WalletStoreDeps

  constructor(deps: WalletStoreDeps) {
    this.deps = deps
    this.summaryResource = new Resource(() => deps.api().summary())
    this.bankAccountsResource = new Resource(() => deps.api().bankAccounts())
    this.historyResource = new Resource(() => deps.api().codes(), { onData: (rows) => this.history.setRows(rows) })
    makeAutoObservable<WalletStore, 'deps'>(
      this,
      { deps: false, history: false, summaryResource: false, bankAccountsResource: false, historyResource: false },
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

  /** A balance an answer gives (a D17 check, a payment return), in place of the one shown. */
  setPoints(points: number): void {
    if (this.summary) this.summaryResource.replace({ ...this.summary, points })
  }
}
