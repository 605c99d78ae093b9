import { Button, Spinner } from '@fluentui/react-components'
import { observer } from 'mobx-react-lite'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router-dom'
import { useWalletStyles } from './styles.ts'
import { DialogFrame } from '../../../components/DialogFrame.tsx'
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
    <DialogFrame
      open
      modalType="alert"
      onClose={close}
      testId="payment-result-dialog"
      state={view.state}
      title={title}
      titleTestId="payment-result-title"
      className={shared.form}
      actions={
        <>
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
        </>
      }
    >
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
    </DialogFrame>
  )
})
