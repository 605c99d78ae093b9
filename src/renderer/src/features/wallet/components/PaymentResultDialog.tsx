import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Spinner } from '@fluentui/react-components'
import { observer } from 'mobx-react-lite'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router-dom'
import { useWalletStyles } from './styles.ts'
import { usePointsText } from './usePointsText.ts'
import { useMessageText } from '../../../forms/useMessage.ts'
import { useWalletStores } from '../useWalletStores.ts'

/** The payment result dialog (§4): closing it goes to the offers after a success, else stays on the wallet. */
export const PaymentResultDialog = observer(function PaymentResultDialog() {
  const { payments } = useWalletStores()
  const navigate = useNavigate()
  const shared = useWalletStyles()
  const { t } = useTranslation('wallet')
  const text = useMessageText()
  const pointsText = usePointsText()
  const view = payments.paymentResult
  if (!view) return null

  const close = () => {
    const target = payments.closePaymentResult()
    if (target !== '/porte-monnaie') navigate(target)
  }
  const title =
    view.state === 'success'
      ? t('result.successTitle')
      : view.state === 'pending'
        ? t('result.pendingTitle')
        : view.state === 'loading'
          ? t('result.loading')
          : t('result.failureTitle')

  return (
    <Dialog open modalType="alert" onOpenChange={(_event, data) => (data.open ? undefined : close())}>
      <DialogSurface data-testid="payment-result-dialog" data-state={view.state}>
        <DialogBody>
          <DialogTitle data-testid="payment-result-title">{title}</DialogTitle>
          <DialogContent className={shared.form}>
            {view.state === 'loading' ? <Spinner size="small" /> : null}
            {view.state === 'success' ? <p className={shared.muted}>{t('result.successText', pointsText(view.amount))}</p> : null}
            {view.state === 'pending' ? <p className={shared.muted}>{t('result.pendingText')}</p> : null}
            {view.state === 'failure' ? (
              <p className={shared.muted} data-testid="payment-result-detail">
                {t('result.failureText')}
              </p>
            ) : null}
            {view.state === 'error' ? (
              <p className={shared.muted} data-testid="payment-result-detail">
                {text(view.message)}
              </p>
            ) : null}
          </DialogContent>
          <DialogActions>
            {view.state === 'error' ? (
              <Button appearance="primary" onClick={payments.retryPaymentReturn} data-testid="payment-result-retry">
                {t('result.retry')}
              </Button>
            ) : null}
            <Button
              appearance={view.state === 'success' ? 'primary' : 'secondary'}
              disabled={view.state === 'loading'}
              onClick={close}
              data-testid="payment-result-close"
            >
              {view.state === 'success' ? t('result.toOffers') : t('result.close')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
})
