import { Button, MessageBar, MessageBarBody } from '@fluentui/react-components'
import { observer } from 'mobx-react-lite'
import { useTranslation } from 'react-i18next'
import { INPUT_MAX } from '../../../../../shared/rules/input.ts'
import { isolate } from '../../../lib/bidi.ts'
import { FormDialog } from '../../../forms/FormDialog.tsx'
import { InputField } from '../../../forms/InputField.tsx'
import { useWalletStyles } from './styles.ts'
import { usePointsText } from './usePointsText.ts'
import { useMessageText } from '../../../forms/useMessage.ts'
import { useWalletStores } from '../useWalletStores.ts'

/** The transfer-points dialog: recipient and amount, then the confirmation code (§4, §5). */
export const TransferPointsDialog = observer(function TransferPointsDialog() {
  const { transfer } = useWalletStores()
  const shared = useWalletStyles()
  const { t } = useTranslation('wallet')
  const text = useMessageText()
  const pointsText = usePointsText()
  const errors = transfer.fieldErrors
  const pending = transfer.transfer
  const points = pending ? pointsText(pending.points) : null
  const values =
    pending && points
      ? { points: points.amount, unit: points.unit, name: isolate(pending.to_user.name) }
      : { points: '', unit: '', name: '' }

  const onSubmit = () => {
    if (transfer.step === 'form') void transfer.submit()
    else if (transfer.step === 'code') void transfer.confirm()
    else transfer.close()
  }

  return (
    <FormDialog
      open={transfer.open}
      onClose={transfer.close}
      onSubmit={onSubmit}
      title={transfer.step === 'code' ? t('transfer.codeTitle') : t('transfer.title')}
      testId="transfer-dialog"
      step={transfer.step}
      className={shared.form}
      message={transfer.error}
      messageTestId="transfer-error"
      actions={
        transfer.step === 'code' ? (
          <Button appearance="subtle" disabled={transfer.busy} onClick={() => void transfer.resend()} data-testid="transfer-resend">
            {t('transfer.resend')}
          </Button>
        ) : null
      }
      cancel={transfer.step === 'done' ? null : { label: t('transfer.cancel'), testId: 'transfer-cancel' }}
      submit={{
        label: transfer.step === 'form' ? t('transfer.submit') : transfer.step === 'code' ? t('transfer.confirm') : t('transfer.close'),
        disabled: transfer.busy,
        submitting: transfer.busy,
        testId: transfer.step === 'form' ? 'transfer-submit' : transfer.step === 'code' ? 'transfer-confirm' : 'transfer-close'
      }}
    >
      {transfer.step === 'form' ? (
        <>
          <p className={shared.muted}>{t('transfer.intro')}</p>
          <InputField
            label={t('transfer.toUser')}
            hint={t('transfer.toUserHint')}
            error={errors.toUser}
            value={transfer.toUser}
            onChange={transfer.setToUser}
            autoComplete="off"
            maxLength={180}
            data-testid="transfer-to-user"
          />
          <InputField
            label={t('transfer.points')}
            hint={t('transfer.pointsHint')}
            error={errors.points}
            value={transfer.points}
            onChange={transfer.setPoints}
            inputMode="numeric"
            autoComplete="off"
            maxLength={INPUT_MAX.amount}
            data-testid="transfer-points"
          />
        </>
      ) : null}
      {transfer.step === 'code' ? (
        <>
          <p className={shared.muted}>{t('transfer.codeIntro', values)}</p>
          <InputField
            label={t('transfer.code')}
            error={errors.code}
            value={transfer.code}
            onChange={transfer.setCode}
            autoComplete="one-time-code"
            dir="ltr"
            maxLength={INPUT_MAX.code}
            data-testid="transfer-code"
          />
        </>
      ) : null}
      {transfer.step === 'done' ? (
        <MessageBar intent="success" data-testid="transfer-done">
          <MessageBarBody>{t('transfer.done', values)}</MessageBarBody>
        </MessageBar>
      ) : null}
      {transfer.notice && transfer.step === 'code' ? (
        <MessageBar intent="info" data-testid="transfer-notice">
          <MessageBarBody>{text(transfer.notice)}</MessageBarBody>
        </MessageBar>
      ) : null}
    </FormDialog>
  )
})
