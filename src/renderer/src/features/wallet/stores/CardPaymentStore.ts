import { makeAutoObservable, runInAction } from 'mobx'
import type { Message } from '../../../forms/messages.ts'
import type { PaymentReturnLink } from './PaymentReturnStore.ts'
import type { WalletStore, WalletStoreDeps } from './WalletStore.ts'

export interface CardPaymentDeps {
  /** Where the browser's failure to open the gateway is said (the top-up form's message). */
  report(message: Message | null): void
  /** The payment return flow, for a result the history shows before the browser hands it over. */
  handleReturn(link: PaymentReturnLink): Promise<void>
}

/** The card payment (§4): the gateway page opened in the system browser, until its return arrives. */
export class CardPaymentStore {
  /** A card payment whose page is open in the browser, until its return link arrives. */
  onlineWaiting: { orderId: string; url: string; codeId: number } | null = null

  private readonly deps: WalletStoreDeps
  private readonly wallet: WalletStore
  private readonly report: CardPaymentDeps['report']
  private readonly handleReturn: CardPaymentDeps['handleReturn']

  constructor(deps: WalletStoreDeps, wallet: WalletStore, flow: CardPaymentDeps) {
    this.deps = deps
    this.wallet = wallet
    this.report = flow.report
    this.handleReturn = flow.handleReturn
    makeAutoObservable<CardPaymentStore, 'deps' | 'wallet' | 'report' | 'handleReturn'>(
      this,
      { deps: false, wallet: false, report: false, handleReturn: false },
      { autoBind: true }
    )
  }

  /** The return of this order arrived: nothing is waited for any more. */
  returned(orderId: string): void {
    if (this.onlineWaiting?.orderId === orderId) this.onlineWaiting = null
  }

  /** The gateway of a code just created: asked for, then opened. */
  async openCardPayment(codeId: number): Promise<void> {
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
    this.report(null)
    try {
      await this.deps.openExternal(waiting.url)
    } catch {
      // The waiting card stays, with its button to try again.
      runInAction(() => {
        this.report({ key: 'wallet:errors.browserFailed' })
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
    await this.wallet.loadHistory()
    const row = this.wallet.history.rows.find((candidate) => candidate.id === waiting.codeId)
    if (!row || row.status === 'pending' || this.onlineWaiting?.orderId !== waiting.orderId) return
    await this.handleReturn({ kind: 'payment-return', outcome: row.status === 'paid' ? 'success' : 'echec', orderId: waiting.orderId })
  }

  /** Stops waiting for the return (the user gave up); the code stays in the history. */
  stopWaitingForCard(): void {
    this.onlineWaiting = null
    void this.wallet.loadHistory()
  }
}
