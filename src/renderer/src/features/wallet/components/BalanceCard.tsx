import { Button, MessageBar, MessageBarBody, Spinner, makeStyles, tokens } from '@fluentui/react-components'
import { ArrowSwap20Regular, ArrowSync20Regular } from '@fluentui/react-icons'
import { observer } from 'mobx-react-lite'
import { useTranslation } from 'react-i18next'
import { useStores } from '../../../stores/StoreContext.tsx'
import { formatAmount } from '../../../lib/amounts.ts'
import { usePointsText } from './usePointsText.ts'
import { useWalletStyles } from './styles.ts'
import { useWalletStores } from '../useWalletStores.ts'

const useStyles = makeStyles({
  figure: { display: 'flex', alignItems: 'baseline', flexWrap: 'wrap', gap: tokens.spacingHorizontalS, margin: 0 },
  points: {
    fontSize: tokens.fontSizeHero900,
    lineHeight: tokens.lineHeightHero900,
    fontWeight: tokens.fontWeightBold,
    color: tokens.colorBrandForeground1
  },
  unit: { fontSize: tokens.fontSizeBase500, fontWeight: tokens.fontWeightSemibold }
})

/** The balance card: points (1 point = 1 Dt) and the way to transfer them. */
export const BalanceCard = observer(function BalanceCard() {
  const { settings } = useStores()
  const { wallet, transfer } = useWalletStores()
  const shared = useWalletStyles()
  const styles = useStyles()
  const { t } = useTranslation('wallet')
  const language = settings.language
  const pointsText = usePointsText()
  const balance = wallet.balance
  const held = wallet.summary?.held_points ?? 0

  return (
    <section className={shared.card} aria-labelledby="wallet-balance-title" data-testid="wallet-balance-card">
      <h2 id="wallet-balance-title" className={shared.sectionTitle}>
        {t('balance.title')}
      </h2>
      {balance === null ? (
        wallet.summaryStatus === 'failed' ? (
          <MessageBar intent="error">
            <MessageBarBody>{t('balance.failed')}</MessageBarBody>
          </MessageBar>
        ) : (
          <Spinner size="small" label={t('historyPage.loading')} />
        )
      ) : (
        <>
          <p className={styles.figure} data-testid="wallet-balance" data-points={balance}>
            <span className={styles.points}>{formatAmount(balance, language)}</span>
            <span className={styles.unit}>{t(`balance.${wallet.balanceUnit(language)}`)}</span>
          </p>
          <p className={shared.muted} data-testid="wallet-balance-dinars">
            {t('balance.dinars', { amount: formatAmount(balance, language) })}
          </p>
          {held > 0 ? (
            <p className={shared.muted} data-testid="wallet-held">
              {t('balance.held', pointsText(held))}
            </p>
          ) : null}
        </>
      )}
      <div className={shared.actions}>
        <Button appearance="primary" icon={<ArrowSwap20Regular />} onClick={transfer.start} data-testid="wallet-transfer-open">
          {t('balance.transfer')}
        </Button>
        <Button
          appearance="subtle"
          icon={<ArrowSync20Regular />}
          onClick={() => void wallet.refreshAfterPayment()}
          data-testid="wallet-refresh"
        >
          {t('balance.refresh')}
        </Button>
      </div>
    </section>
  )
})
