import { CardPaymentStore } from './CardPaymentStore.ts'
import { D17Store } from './D17Store.ts'
import { PaymentReturnStore } from './PaymentReturnStore.ts'
import { TopUpStore } from './TopUpStore.ts'
import { WalletStore, type WalletStoreDeps } from './WalletStore.ts'

/**
 * The wallet screen's flows, one store each (§2, §4, §5): the balance and history, the top-up
 * form, the card payment, the D17 QR code and the payment returns. Each reaches the others only
 * through what it is given here.
 */
export interface WalletFlows {
  wallet: WalletStore
  topUp: TopUpStore
  card: CardPaymentStore
  d17: D17Store
  payments: PaymentReturnStore
}

export function createWalletFlows(deps: WalletStoreDeps): WalletFlows {
  const wallet = new WalletStore(deps)
  const card: CardPaymentStore = new CardPaymentStore(deps, wallet, {
    report: (message) => topUp.setSubmitError(message),
    handleReturn: (link) => payments.handlePaymentReturn(link)
  })
  const payments = new PaymentReturnStore(deps, wallet, (orderId) => card.returned(orderId))
  const d17 = new D17Store(deps, wallet)
  const topUp = new TopUpStore(deps, wallet, { card, d17 })
  return { wallet, topUp, card, d17, payments }
}

/** The screen is gone: no dialog keeps polling behind it. */
export function disposeWalletFlows(flows: WalletFlows): void {
  flows.d17.dispose()
}
