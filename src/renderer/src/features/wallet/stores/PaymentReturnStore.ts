import { makeAutoObservable, runInAction } from 'mobx'
import type { DeepLink } from '../../../../../shared/deepLink.ts'
import type { Message } from '../../../forms/messages.ts'
import type { PaymentResult } from '../api.ts'
import { errorMessage } from './walletSupport.ts'
import type { WalletStore, WalletStoreDeps } from './WalletStore.ts'

export type PaymentReturnLink = Extract<DeepLink, { kind: 'payment-return' }>

/** What the payment result dialog shows. */
export type PaymentResultView =
  | { state: 'loading'; orderId: string }
  | { state: 'success'; orderId: string; amount: number }
  | { state: 'pending'; orderId: string }
  | { state: 'failure'; orderId: string }
  | { state: 'error'; orderId: string; outcome: PaymentReturnLink['outcome']; message: Message }

/** The payment returns (§4): the `darsi://payment/…` links and the result dialog they open. */
export class PaymentReturnStore {
  paymentResult: PaymentResultView | null = null

  private readonly deps: WalletStoreDeps
  private readonly wallet: WalletStore
  /** Tells the card flow its order came back. */
  private readonly onReturn: (orderId: string) => void
  /** Orders whose return was already handled: a link fed twice shows the same answer once. */
  private readonly handledOrders = new Set<string>()

  constructor(deps: WalletStoreDeps, wallet: WalletStore, onReturn: (orderId: string) => void) {
    this.deps = deps
    this.wallet = wallet
    this.onReturn = onReturn
    makeAutoObservable<PaymentReturnStore, 'deps' | 'wallet' | 'onReturn' | 'handledOrders'>(
      this,
      { deps: false, wallet: false, onReturn: false, handledOrders: false },
      { autoBind: true }
    )
  }

  /**
   * A `darsi://payment/success|echec` link: posts it (which only reads the order: the server
   * credits on the gateway's own confirmation) and shows the result. The same order twice is
   * handled once.
   */
  async handlePaymentReturn(link: PaymentReturnLink, retry = false): Promise<void> {
    if (this.handledOrders.has(link.orderId) && !retry) return
    this.handledOrders.add(link.orderId)
    this.onReturn(link.orderId)
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
      this.wallet.setPoints(result.points)
      if (this.paymentResult?.orderId !== link.orderId) return
      this.paymentResult = result.success
        ? { state: 'success', orderId: link.orderId, amount: result.amount }
        : result.status === 'pending'
          ? { state: 'pending', orderId: link.orderId }
          : { state: 'failure', orderId: link.orderId }
    })
    await this.wallet.refreshAfterPayment()
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
}
