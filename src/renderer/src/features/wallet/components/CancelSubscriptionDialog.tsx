import { observer } from 'mobx-react-lite'
import { useTranslation } from 'react-i18next'
import { FormDialog } from '../../../forms/FormDialog.tsx'
import { formatReportDate } from '../../../lib/time.ts'
import type { SubscriptionCancelStore } from '../stores/SubscriptionCancelStore.ts'

/** The confirmation of a subscription's cancellation: access stays to its end date (decision 0045). */
export const CancelSubscriptionDialog = observer(function CancelSubscriptionDialog({ store }: { store: SubscriptionCancelStore }) {
  const { t } = useTranslation('wallet')
  const target = store.target
  return (
    <FormDialog
      open={target !== null}
      onClose={store.dismiss}
      onSubmit={() => void store.confirm()}
      title={t('historyPage.subscriptions.cancelTitle')}
      testId="subscription-cancel-dialog"
      message={store.error}
      messageTestId="subscription-cancel-error"
      cancel={{ label: t('historyPage.subscriptions.keep'), disabled: store.saving, testId: 'subscription-cancel-keep' }}
      submit={{ label: t('historyPage.subscriptions.confirmCancel'), disabled: store.saving, testId: 'subscription-cancel-confirm' }}
    >
      <p>
        {target?.end_date
          ? t('historyPage.subscriptions.cancelBody', { name: target.name, date: formatReportDate(target.end_date) })
          : t('historyPage.subscriptions.cancelBodyOpen', { name: target?.name ?? '' })}
      </p>
    </FormDialog>
  )
})
