import { Button, MessageBar, MessageBarBody, Spinner, makeStyles, tokens } from '@fluentui/react-components'
import { observer } from 'mobx-react-lite'
import { QRCodeSVG } from 'qrcode.react'
import { useTranslation } from 'react-i18next'
import { useStores } from '../../../stores/StoreContext.tsx'
import { formatAmount } from '../../../lib/amounts.ts'
import { useWalletStyles } from './styles.ts'
import { useMessageText } from '../../../forms/useMessage.ts'
import { useWalletStores } from '../useWalletStores.ts'
import { DialogFrame } from '../../../components/DialogFrame.tsx'

const useStyles = makeStyles({
  qr: {
    alignSelf: 'center',
    padding: tokens.spacingHorizontalM,
    // A QR code needs a light quiet zone whatever the theme.
    backgroundColor: '#ffffff',
    borderRadius: tokens.borderRadiusMedium,
    lineHeight: 0
  }
})

/** The D17 QR code, checked every few seconds while open and on demand (§4). */
export const D17Dialog = observer(function D17Dialog() {
  const { settings } = useStores()
  const { d17 } = useWalletStores()
  const view = d17.d17
  const shared = useWalletStyles()
  const styles = useStyles()
  const { t } = useTranslation('wallet')
  const text = useMessageText()
  if (!view) return null
  const status = view.payment.status
  const paid = status === 'paid'
  const failed = status === 'failed'

  return (
    <DialogFrame
      open
      onClose={d17.closeD17}
      testId="d17-dialog"
      title={t('d17.title')}
      className={shared.form}
      actions={
        <>
          {paid || failed ? null : (
            <Button appearance="primary" disabled={view.checking} onClick={() => void d17.checkD17(true)} data-testid="d17-check">
              {t('d17.check')}
            </Button>
          )}
          <Button onClick={d17.closeD17} data-testid="d17-close">
            {t('d17.close')}
          </Button>
        </>
      }
    >
      <p className={shared.muted}>{t('d17.instructions', { amount: formatAmount(view.payment.amount, settings.language) })}</p>
      {paid || failed ? null : (
        <div className={styles.qr} data-testid="d17-qr" data-payload={view.payment.qr}>
          <QRCodeSVG value={view.payment.qr} size={208} marginSize={2} role="img" aria-label={t('d17.qrLabel')} title={t('d17.qrLabel')} />
        </div>
      )}
      <div aria-live="polite" data-testid="d17-status" data-status={status}>
        {paid ? (
          <MessageBar intent="success">
            <MessageBarBody>{t('d17.paid')}</MessageBarBody>
          </MessageBar>
        ) : failed ? (
          <MessageBar intent="error">
            <MessageBarBody>{t('d17.failed')}</MessageBarBody>
          </MessageBar>
        ) : (
          <div className={shared.actions}>
            <Spinner size="tiny" />
            <span>{view.notYet ? t('d17.notYet') : t('d17.waiting')}</span>
          </div>
        )}
      </div>
      {view.error ? (
        <MessageBar intent="error">
          <MessageBarBody>{text(view.error)}</MessageBarBody>
        </MessageBar>
      ) : null}
    </DialogFrame>
  )
})
