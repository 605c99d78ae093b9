import { Button, MessageBar, MessageBarActions, MessageBarBody, Spinner } from '@fluentui/react-components'
import { observer } from 'mobx-react-lite'
import { useTranslation } from 'react-i18next'
import type { PaymentHistoryRow } from '../api.ts'
import { useStores } from '../../../stores/StoreContext.tsx'
import { formatAmount } from '../../../lib/amounts.ts'
import { formatDateTime } from '../../../lib/time.ts'
import { PagedTable, type Column } from './PagedTable.tsx'
import { StatusBadge } from '../../../components/StatusBadge.tsx'
import { useWalletStyles } from './styles.ts'
import { useWalletStores } from '../useWalletStores.ts'

/** The points history table (§2, §3): code, method, amount, description, date, status. */
export const PointsHistory = observer(function PointsHistory() {
  const { settings } = useStores()
  const { wallet } = useWalletStores()
  const shared = useWalletStyles()
  const { t } = useTranslation('wallet')
  const language = settings.language
  const columns: Column<PaymentHistoryRow>[] = [
    { id: 'code', header: t('history.columns.code'), cell: (row) => <bdi>{row.code}</bdi>, width: 'minmax(110px, 1fr)' },
    { id: 'method', header: t('history.columns.method'), cell: (row) => t(`topUp.methods.${row.method}`), width: 'minmax(130px, 1fr)' },
    {
      id: 'amount',
      header: t('history.columns.amount'),
      cell: (row) => t('balance.dinars', { amount: formatAmount(row.amount, language) }),
      width: 'minmax(90px, 0.7fr)'
    },
    { id: 'description', header: t('history.columns.description'), cell: (row) => row.description, width: 'minmax(160px, 1.6fr)' },
    { id: 'date', header: t('history.columns.date'), cell: (row) => <bdi>{formatDateTime(row.date)}</bdi>, width: 'minmax(140px, 1fr)' },
    {
      id: 'status',
      header: t('history.columns.status'),
      cell: (row) => <StatusBadge namespace="wallet" status={row.status} />,
      width: 'minmax(110px, 0.8fr)'
    }
  ]

  return (
    <section className={shared.section} aria-labelledby="wallet-history-title">
      <h2 id="wallet-history-title" className={shared.sectionTitle}>
        {t('history.title')}
      </h2>
      {wallet.historyStatus === 'failed' ? (
        <MessageBar intent="error" data-testid="points-history-failed">
          <MessageBarBody>{t('history.failed')}</MessageBarBody>
          <MessageBarActions>
            <Button onClick={() => void wallet.loadHistory()}>{t('errors.retry')}</Button>
          </MessageBarActions>
        </MessageBar>
      ) : wallet.historyStatus === 'loading' && wallet.history.rows.length === 0 ? (
        <Spinner size="small" label={t('historyPage.loading')} />
      ) : (
        <PagedTable
          label={t('history.title')}
          rows={wallet.history}
          columns={columns}
          rowKey={(row) => row.id}
          empty={t('history.empty')}
          testId="points-history"
        />
      )}
    </section>
  )
})
