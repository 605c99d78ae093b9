import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  MessageBar,
  MessageBarBody
} from '@fluentui/react-components'
import { observer } from 'mobx-react-lite'
import { useTranslation } from 'react-i18next'
import { useMessageText } from '../../../forms/useMessage.ts'
import { formatReportDate } from '../../../lib/time.ts'
import type { SubscriptionCancelStore } from '../stores/SubscriptionCancelStore.ts'

/** The confirmation of a subscription's cancellation: access stays to its end date (decision 0045). */
export const CancelSubscriptionDialog = observer(function CancelSubscriptionDialog({ store }: { store: SubscriptionCancelStore }) {
  const { t } = useTranslation('wallet')
  const text = useMessageText()
  const target = store.target
  return (
    <Dialog open={target !== null} onOpenChange={(_event, data) => (data.open ? undefined : store.dismiss())}>
      <DialogSurface data-testid="subscription-cancel-dialog">
        <DialogBody>
          <DialogTitle>{t('historyPage.subscriptions.cancelTitle')}</DialogTitle>
          <DialogContent>
            <p>
              {target?.end_date
                ? t('historyPage.subscriptions.cancelBody', { name: target.name, date: formatReportDate(target.end_date) })
                : t('historyPage.subscriptions.cancelBodyOpen', { name: target?.name ?? '' })}
            </p>
            {store.error && (
              <MessageBar intent="error" data-testid="subscription-cancel-error">
                <MessageBarBody>{text(store.error)}</MessageBarBody>
              </MessageBar>
            )}
          </DialogContent>
          <DialogActions>
            <Button appearance="secondary" onClick={store.dismiss} disabled={store.saving} data-testid="subscription-cancel-keep">
              {t('historyPage.subscriptions.keep')}
            </Button>
            <Button
              appearance="primary"
              onClick={() => void store.confirm()}
              disabled={store.saving}
              data-testid="subscription-cancel-confirm"
            >
              {t('historyPage.subscriptions.confirmCancel')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
})
