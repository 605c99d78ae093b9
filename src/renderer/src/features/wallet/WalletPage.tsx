import { reaction } from 'mobx'
import { MessageBar, MessageBarBody } from '@fluentui/react-components'
import { observer } from 'mobx-react-lite'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation } from 'react-router-dom'
import { formatAmount } from '../../lib/amounts.ts'
import { afterPaint } from '../../lib/afterPaint.ts'
import { markInteractive } from '../../lib/performance.ts'
import { useStores } from '../../stores/StoreContext.tsx'
import { BalanceCard } from './components/BalanceCard.tsx'
import { BankAccountsCard } from './components/BankAccountsCard.tsx'
import { D17Dialog } from './components/D17Dialog.tsx'
import { PaymentResultDialog } from './components/PaymentResultDialog.tsx'
import { PointsHistory } from './components/PointsHistory.tsx'
import { TopUpCard } from './components/TopUpCard.tsx'
import { TransferPointsDialog } from './components/TransferPointsDialog.tsx'
import { useWalletStyles } from './components/styles.ts'
import { useWalletStores } from './useWalletStores.ts'
import { useWalletCatalogue } from '../../i18n/walletCatalogue.ts'
import { missingPointsOf } from './index.ts'

export { prepareWallet as prepare } from './useWalletStores.ts'

/** The wallet ('Porte monnaie', §2): balance, bank accounts, top-up, transfer, points history. */
export const Component = observer(function WalletPage() {
  useWalletCatalogue()
  const { deepLinks, platform, settings } = useStores()
  const { wallet, topUp, card, d17, payments } = useWalletStores()
  const styles = useWalletStyles()
  const { t } = useTranslation('wallet')
  // A purchase refused for want of points came here with the points missing (docs/decisions/0038-offers-screen.md).
  const missingPoints = missingPointsOf(useLocation().search)

  // The amount missing is proposed as the top-up, unless one is being typed.
  useEffect(() => {
    if (missingPoints !== null && topUp.amount === '') topUp.setAmount(String(missingPoints))
  }, [missingPoints, topUp])

  useEffect(() => {
    let shown = true
    // The requests go out once the page has painted (see lib/afterPaint.ts).
    void afterPaint()
      .then(() => (shown ? wallet.load() : undefined))
      .finally(markInteractive)
    return () => {
      shown = false
      d17.dispose()
    }
  }, [wallet, d17])

  // Payment returns (darsi://payment/…) are routed here; take each one, also while on this page.
  useEffect(
    () =>
      reaction(
        () => deepLinks.last,
        () => {
          const link = deepLinks.take('payment-return')
          if (link) void payments.handlePaymentReturn(link)
        },
        { fireImmediately: true }
      ),
    [deepLinks, payments]
  )

  // Coming back from the browser: a card payment may have been settled meanwhile.
  useEffect(
    () =>
      platform.onWindowFocus(({ focused }) => {
        if (focused) void card.checkCardPayment()
      }),
    [platform, card]
  )

  return (
    <div className={styles.page} data-testid="wallet-page">
      <header className={styles.header}>
        <h1 className={styles.title}>{t('page.title')}</h1>
        <p className={styles.muted}>{t('page.subtitle')}</p>
      </header>
      {missingPoints !== null ? (
        <MessageBar intent="warning" data-testid="wallet-missing-points" data-points={missingPoints}>
          <MessageBarBody>{t('page.missingPoints', { amount: formatAmount(missingPoints, settings.language) })}</MessageBarBody>
        </MessageBar>
      ) : null}
      <div className={styles.grid}>
        <BalanceCard />
        <BankAccountsCard />
      </div>
      <TopUpCard />
      <PointsHistory />
      <TransferPointsDialog />
      <D17Dialog />
      <PaymentResultDialog />
    </div>
  )
})
