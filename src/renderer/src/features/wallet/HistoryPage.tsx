import { Button, MessageBar, MessageBarActions, MessageBarBody, Spinner } from '@fluentui/react-components'
import { reaction } from 'mobx'
import { observer } from 'mobx-react-lite'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import type { PaymentReceipt, Subscription, Transfer } from './api.ts'
import { useDurationText } from '../../lib/durationText.ts'
import { markInteractive } from '../../lib/performance.ts'
import type { AttendanceRow, BookmarkRow, ClassChangeRow, HistoryList } from './stores/HistoryStore.ts'
import { useStores } from '../../stores/StoreContext.tsx'
import { PagedTable, type Column } from './components/PagedTable.tsx'
import { StatusBadge } from '../../components/StatusBadge.tsx'
import { useWalletStyles } from './components/styles.ts'
import { useMessageText } from '../../forms/useMessage.ts'
import { formatAmount } from '../../lib/amounts.ts'
import { formatDateTime, formatReportDate } from '../../lib/time.ts'
import { useWalletStores } from './useWalletStores.ts'
import { useWalletCatalogue } from '../../i18n/walletCatalogue.ts'
import { CancelSubscriptionDialog } from './components/CancelSubscriptionDialog.tsx'

// The wallet screen's stores and texts serve this one too.
export { prepareWallet as prepare } from './useWalletStores.ts'

type HistorySectionProps<T> = {
  id: string
  /** The list's texts in the catalogue ('historyPage.{name}'): its title. */
  name: 'bookmarks' | 'subscriptions' | 'classChanges' | 'transfers' | 'attendance' | 'payments'
  list: HistoryList<T>
  columns: Column<T>[]
}

/** One list of the history screen: its title, then the table (rows keyed by their id), its empty state or its failure. */
const HistorySection = observer(function HistorySection<T extends { id: number }>(props: HistorySectionProps<T>) {
  const { list } = props
  const styles = useWalletStyles()
  const { t } = useTranslation('wallet')
  const text = useMessageText()
  const title = t(`historyPage.${props.name}.title`)
  return (
    <section className={styles.section} aria-labelledby={`history-${props.id}-title`} data-testid={`history-${props.id}`}>
      <h2 id={`history-${props.id}-title`} className={styles.sectionTitle}>
        {title}
      </h2>
      {list.status === 'failed' ? (
        <MessageBar intent="error">
          <MessageBarBody>
            {t('historyPage.failed')} — {text(list.error)}
          </MessageBarBody>
          <MessageBarActions>
            <Button onClick={() => void list.load()}>{t('errors.retry')}</Button>
          </MessageBarActions>
        </MessageBar>
      ) : list.status !== 'succeeded' ? (
        <Spinner size="small" label={t('historyPage.loading')} />
      ) : (
        <PagedTable
          label={title}
          rows={list.rows}
          columns={props.columns}
          rowKey={(row) => row.id}
          empty={t('historyPage.empty')}
          testId={`history-${props.id}-table`}
        />
      )}
    </section>
  )
}) as <T extends { id: number }>(props: HistorySectionProps<T>) => React.JSX.Element

/** The history screen ('Historique', §2). */
export const Component = observer(function HistoryPage() {
  useWalletCatalogue()
  const { settings } = useStores()
  const { history } = useWalletStores()
  const styles = useWalletStyles()
  const { t } = useTranslation('wallet')
  const duration = useDurationText()
  const language = settings.language
  const money = (amount: number) => t('balance.dinars', { amount: formatAmount(amount, language) })

  useEffect(() => {
    void history.load().finally(markInteractive)
  }, [history])
  // The reasons of the class changes come worded in the language they were asked in: a switch of
  // language asks for them again.
  useEffect(
    () =>
      reaction(
        () => settings.language,
        () => void history.classChanges.load()
      ),
    [history, settings]
  )

  const bookmarkColumns: Column<BookmarkRow>[] = [
    { id: 'name', header: t('historyPage.bookmarks.name'), cell: (row) => row.name },
    { id: 'date', header: t('historyPage.bookmarks.date'), cell: (row) => <bdi>{formatDateTime(row.marked_bookmarked_at)}</bdi> },
    { id: 'subject', header: t('historyPage.bookmarks.subject'), cell: (row) => row.subject_name }
  ]
  const subscriptionColumns: Column<Subscription>[] = [
    { id: 'name', header: t('historyPage.subscriptions.name'), cell: (row) => row.name, width: 'minmax(160px, 1.5fr)' },
    { id: 'price', header: t('historyPage.subscriptions.price'), cell: (row) => money(row.amount_paid) },
    { id: 'start', header: t('historyPage.subscriptions.start'), cell: (row) => <bdi>{formatReportDate(row.start_date)}</bdi> },
    { id: 'end', header: t('historyPage.subscriptions.end'), cell: (row) => <bdi>{formatReportDate(row.end_date)}</bdi> },
    {
      id: 'cancel',
      header: t('historyPage.subscriptions.status'),
      cell: (row) =>
        row.cancelled_at ? (
          <span data-testid="subscription-cancelled">{t('historyPage.subscriptions.cancelled')}</span>
        ) : history.cancel.cancellable(row) ? (
          <Button size="small" onClick={() => history.cancel.ask(row)} data-testid="subscription-cancel">
            {t('historyPage.subscriptions.cancel')}
          </Button>
        ) : null
    }
  ]
  const classChangeColumns: Column<ClassChangeRow>[] = [
    { id: 'current', header: t('historyPage.classChanges.current'), cell: (row) => row.old_division },
    { id: 'requested', header: t('historyPage.classChanges.requested'), cell: (row) => row.new_division },
    { id: 'reason', header: t('historyPage.classChanges.reason'), cell: (row) => row.reason },
    { id: 'other', header: t('historyPage.classChanges.otherReason'), cell: (row) => row.other_reason ?? '' },
    { id: 'status', header: t('historyPage.classChanges.status'), cell: (row) => <StatusBadge namespace="wallet" status={row.status} /> }
  ]
  const transferColumns: Column<Transfer>[] = [
    { id: 'senderId', header: t('historyPage.transfers.senderId'), cell: (row) => row.from_user.id, width: 'minmax(110px, 0.7fr)' },
    { id: 'sender', header: t('historyPage.transfers.sender'), cell: (row) => row.from_user.name, width: 'minmax(140px, 1.2fr)' },
    { id: 'receiverId', header: t('historyPage.transfers.receiverId'), cell: (row) => row.to_user.id, width: 'minmax(110px, 0.7fr)' },
    { id: 'receiver', header: t('historyPage.transfers.receiver'), cell: (row) => row.to_user.name, width: 'minmax(140px, 1.2fr)' },
    {
      id: 'points',
      header: t('historyPage.transfers.points'),
      cell: (row) => formatAmount(row.points, language),
      width: 'minmax(80px, 0.6fr)'
    },
    { id: 'updated', header: t('historyPage.transfers.updatedAt'), cell: (row) => <bdi>{formatDateTime(row.updated_at)}</bdi> },
    {
      id: 'status',
      header: t('historyPage.transfers.status'),
      cell: (row) => <StatusBadge namespace="wallet" status={row.status} />,
      width: 'minmax(170px, 1fr)'
    },
    {
      id: 'confirmed',
      header: t('historyPage.transfers.confirmed'),
      cell: (row) => (row.is_confirmed ? t('historyPage.yes') : t('historyPage.no')),
      width: 'minmax(90px, 0.6fr)'
    }
  ]
  const attendanceColumns: Column<AttendanceRow>[] = [
    { id: 'date', header: t('historyPage.attendance.date'), cell: (row) => <bdi>{formatDateTime(row.session_start_date)}</bdi> },
    { id: 'session', header: t('historyPage.attendance.session'), cell: (row) => row.title, width: 'minmax(180px, 2fr)' },
    { id: 'duration', header: t('historyPage.attendance.duration'), cell: (row) => <bdi>{duration(row.attendance_duration)}</bdi> }
  ]
  const paymentColumns: Column<PaymentReceipt>[] = [
    { id: 'amount', header: t('historyPage.payments.amount'), cell: (row) => money(row.received_amount) },
    { id: 'date', header: t('historyPage.payments.date'), cell: (row) => <bdi>{formatDateTime(row.payment_date)}</bdi> },
    { id: 'method', header: t('historyPage.payments.method'), cell: (row) => t(`topUp.methods.${row.method}`) }
  ]

  return (
    <div className={styles.page} data-testid="history-page">
      <header className={styles.header}>
        <h1 className={styles.title}>{t('historyPage.title')}</h1>
      </header>
      <HistorySection id="bookmarks" name="bookmarks" list={history.bookmarks} columns={bookmarkColumns} />
      <HistorySection id="subscriptions" name="subscriptions" list={history.subscriptions} columns={subscriptionColumns} />
      <HistorySection id="class-changes" name="classChanges" list={history.classChanges} columns={classChangeColumns} />
      <HistorySection id="transfers" name="transfers" list={history.transfers} columns={transferColumns} />
      <HistorySection id="attendance" name="attendance" list={history.attendance} columns={attendanceColumns} />
      <HistorySection id="payments" name="payments" list={history.payments} columns={paymentColumns} />
      <CancelSubscriptionDialog store={history.cancel} />
    </div>
  )
})
