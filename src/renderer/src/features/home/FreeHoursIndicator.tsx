import { ProgressBar, makeStyles } from '@fluentui/react-components'
import { observer } from 'mobx-react-lite'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { useDurationText } from '../../lib/durationText.ts'
import { freeHoursStoreOf } from './stores/homeStores.ts'
import { useStores } from '../../stores/StoreContext.tsx'

const useStyles = makeStyles({ bar: { width: '100%' } })

/** The used share of the free hours, under the wallet widget; its text names used and total time. */
export const FreeHoursIndicator = observer(function FreeHoursIndicator() {
  const root = useStores()
  const store = freeHoursStoreOf(root)
  const styles = useStyles()
  const { t } = useTranslation('shell')
  const duration = useDurationText()
  const me = root.session.me

  // The user is refreshed every 80 s: the used time follows (it grows while free videos play).
  useEffect(() => {
    void store.load()
  }, [store, me])

  const usage = store.usage
  if (!usage || store.percentage === null) return null
  const text = store.expired
    ? t('walletWidget.freeHoursExpired')
    : t('walletWidget.freeHours', { used: duration(usage.used_duration), total: duration(usage.total_duration) })
  return (
    <ProgressBar
      className={styles.bar}
      value={store.percentage / 100}
      color={store.expired ? 'error' : 'brand'}
      thickness="medium"
      aria-label={text}
      title={text}
      data-testid="wallet-widget-free-hours"
      data-percentage={store.percentage}
    />
  )
})
