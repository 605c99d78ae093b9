import { Button, Spinner, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow } from '@fluentui/react-components'
import { Delete20Regular, Edit20Regular } from '@fluentui/react-icons'
import { observer } from 'mobx-react-lite'
import { useTranslation } from 'react-i18next'
import { StatusBadge, type VideoReportState } from '../../components/StatusBadge.tsx'
import { useSupportCatalogue } from '../../i18n/supportCatalogue.ts'
import { formatReportDate } from '../../lib/time.ts'
import type { RootStore } from '../../stores/RootStore.ts'
import { useStores } from '../../stores/StoreContext.tsx'
import type { VideoReportStatus } from './api.ts'
import { ReportFormDialog } from './ReportDialog.tsx'
import { DialogFrame } from '../../components/DialogFrame.tsx'
import { canChange } from './stores/ReportsStore.ts'
import { supportStoresOf } from './stores/supportStores.ts'
import { useSupportStyles } from './styles.ts'
import { SupportLoadFailed, SupportScreen, useEnter } from './SupportScreen.tsx'

const STATES: Record<VideoReportStatus, VideoReportState> = {
  Pending: 'pending',
  'In progress': 'inProgress',
  Rejected: 'rejected',
  Resolved: 'resolved'
}

export { prepare } from './SupportScreen.tsx'

/** At start-up on this screen: the reports are asked for while the shell renders. */
export function prefetch(root: RootStore): void {
  void supportStoresOf(root).reports.enter()
}

/** 'Mes signalements' (/reports, part 2 §2): the pupil's video reports, edit and delete while Pending. */
export function Component() {
  useSupportCatalogue()
  return <ReportsPage />
}

const ReportsPage = observer(function ReportsPage() {
  const store = supportStoresOf(useStores()).reports
  const styles = useSupportStyles()
  const { t } = useTranslation('support')

  useEnter(store)

  const editing = store.editor.target?.mode === 'edit' ? store.editor.target.report : null

  return (
    <SupportScreen testId="reports-page" title={t('reports.title')} subtitle={t('reports.subtitle')}>
      {store.list.data === null && store.list.pending ? (
        <Spinner size="small" label={t('common.loading')} />
      ) : store.list.data === null && store.list.failed ? (
        <SupportLoadFailed onRetry={() => void store.enter()} />
      ) : store.shown.length === 0 ? (
        <p className={styles.status} data-testid="reports-empty">
          {t('reports.empty')}
        </p>
      ) : (
        <div className={styles.tableFrame} tabIndex={0} role="region" aria-label={t('reports.caption')}>
          <Table className={styles.table} aria-label={t('reports.caption')} data-testid="reports-table">
            <TableHeader>
              <TableRow>
                <TableHeaderCell>{t('reports.date')}</TableHeaderCell>
                <TableHeaderCell>{t('reports.lesson')}</TableHeaderCell>
                <TableHeaderCell>{t('reports.reason')}</TableHeaderCell>
                <TableHeaderCell>{t('reports.status')}</TableHeaderCell>
                <TableHeaderCell>{t('reports.rejectReason')}</TableHeaderCell>
                <TableHeaderCell>{t('reports.actions')}</TableHeaderCell>
              </TableRow>
            </TableHeader>
            <TableBody>
              {store.shown.map((report) => (
                <TableRow key={report.id} data-testid="report-row" data-report-id={report.id} data-status={report.status}>
                  <TableCell>
                    <span className={styles.ltr}>{formatReportDate(report.created_at)}</span>
                  </TableCell>
                  <TableCell className={styles.cellText} data-testid="report-lesson-name">
                    <bdi>{report.content.name}</bdi>
                  </TableCell>
                  <TableCell className={styles.cellText} data-testid="report-reason-name">
                    <bdi>{report.report_reason.reason}</bdi>
                  </TableCell>
                  <TableCell data-testid="report-status">
                    <StatusBadge namespace="support" status={STATES[report.status]} />
                  </TableCell>
                  <TableCell className={styles.cellText} data-testid="report-reject-reason">
                    {report.status === 'Rejected' && report.reject_reason ? <bdi>{report.reject_reason}</bdi> : '—'}
                  </TableCell>
                  <TableCell>
                    {canChange(report) ? (
                      <span className={styles.rowActions}>
                        <Button
                          appearance="subtle"
                          icon={<Edit20Regular />}
                          aria-label={t('reports.edit', { lesson: report.content.name })}
                          onClick={() => store.edit(report)}
                          data-testid="report-edit"
                        />
                        <Button
                          appearance="subtle"
                          icon={<Delete20Regular />}
                          aria-label={t('reports.delete', { lesson: report.content.name })}
                          onClick={() => store.askDelete(report)}
                          data-testid="report-delete"
                        />
                      </span>
                    ) : null}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </div>
      )}
      <ReportFormDialog store={store.editor} lessonName={editing?.content.name ?? ''} open={store.editor.open} onClose={() => undefined} />
      <DialogFrame
        open={store.confirming !== null}
        onClose={() => store.cancelDelete()}
        testId="report-delete-dialog"
        title={t('reports.confirmTitle')}
        actions={
          <>
            <Button appearance="secondary" onClick={store.cancelDelete} data-testid="report-delete-cancel">
              {t('reports.cancel')}
            </Button>
            <Button appearance="primary" onClick={() => void store.confirmDelete()} data-testid="report-delete-confirm">
              {t('reports.confirmDelete')}
            </Button>
          </>
        }
      >
        {t('reports.confirmBody', { lesson: store.confirming?.content.name ?? '' })}
      </DialogFrame>
    </SupportScreen>
  )
})
