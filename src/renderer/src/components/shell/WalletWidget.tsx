import { makeStyles, tokens } from '@fluentui/react-components'
import { Wallet20Regular } from '@fluentui/react-icons'
import { observer } from 'mobx-react-lite'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import { formatAmount } from '../../lib/amounts.ts'
import { lazyComponent } from '../../lib/lazyComponent.ts'
import { loadFreeHoursIndicator } from '../../features/home/index.ts'
import { useStores } from '../../stores/StoreContext.tsx'
import { balanceUnit } from '../../../../shared/rules/points.ts'
import { focusRing } from './focusRing.ts'

// The free-hours indicator and its call load only for accounts that have free hours.
const FreeHoursIndicator = lazyComponent(async () => (await loadFreeHoursIndicator()).FreeHoursIndicator)

const useStyles = makeStyles({
  widget: { display: 'flex', flexDirection: 'column', alignItems: 'stretch', gap: '2px', flexShrink: 0 },
  link: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalXS,
    minHeight: '28px',
    paddingInline: tokens.spacingHorizontalS,
    borderRadius: tokens.borderRadiusMedium,
    color: tokens.colorBrandForeground1,
    backgroundColor: tokens.colorBrandBackground2,
    fontWeight: tokens.fontWeightSemibold,
    whiteSpace: 'nowrap',
    textDecorationLine: 'none',
    ':hover': { backgroundColor: tokens.colorBrandBackground2Hover },
    ...focusRing
  },
  amount: { fontVariantNumeric: 'tabular-nums' },
  unit: { fontWeight: tokens.fontWeightRegular, '@media (max-width: 599px)': { display: 'none' } }
})

/**
 * The header's wallet widget (§2): the points balance, leading to the wallet; with free hours,
 * a bar of the free time already used.
 */
export const WalletWidget = observer(function WalletWidget() {
  const styles = useStyles()
  const { session, settings } = useStores()
  const { t } = useTranslation('shell')
  const me = session.me
  if (!me) return null
  const points = me.user.points
  const amount = formatAmount(points, settings.language)
  const unit = t(`walletWidget.${balanceUnit(points, settings.language)}`)
  return (
    <div className={styles.widget} data-testid="wallet-widget">
      <Link
        to="/porte-monnaie"
        className={styles.link}
        aria-label={t('walletWidget.label', { amount, unit })}
        data-testid="wallet-widget-link"
        data-points={points}
      >
        <Wallet20Regular aria-hidden />
        <span className={styles.amount}>{amount}</span> <span className={styles.unit}>{unit}</span>
      </Link>
      {me.permissions.freeHours ? <FreeHoursIndicator /> : null}
    </div>
  )
})
