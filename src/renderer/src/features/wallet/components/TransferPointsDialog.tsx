import { Button, Input, MessageBar, MessageBarBody } from '@fluentui/react-components'
import { observer } from 'mobx-react-lite'
import { useTranslation } from 'react-i18next'
import { INPUT_MAX } from '../../../../../shared/rules/input.ts'
import { isolate } from '../../../lib/bidi.ts'
import { FormDialog } from '../../../forms/FormDialog.tsx'
import { FormField } from '../../../forms/FormField.tsx'
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
          <FormField
            label={t('transfer.toUser')}
            required
            hint={errors.toUser ? undefined : t('transfer.toUserHint')}
            error={errors.toUser ?? null}
          >
            <Input
              value={transfer.toUser}
              onChange={(_event, data) => transfer.setToUser(data.value)}
              autoComplete="off"
              maxLength={180}
              data-testid="transfer-to-user"
            />
          </FormField>
          <FormField
            label={t('transfer.points')}
            required
            hint={errors.points ? undefined : t('transfer.pointsHint')}
            error={errors.points ?? null}
          >
            <Input
              value={transfer.points}
              onChange={(_event, data) => transfer.setPoints(data.value)}
              inputMode="numeric"
              autoComplete="off"
              maxLength={INPUT_MAX.amount}
              data-testid="transfer-points"
            />
          </FormField>
        </>
      ) : null}
      {transfer.step === 'code' ? (
        <>
          <p className={shared.muted}>{t('transfer.codeIntro', values)}</p>
          <FormField label={t('transfer.code')} required error={errors.code ?? null}>
            <Input
              value={transfer.code}
              onChange={(_event, data) => transfer.setCode(data.value)}
              autoComplete="one-time-code"
              dir="ltr"
              maxLength={INPUT_MAX.code}
              data-testid="transfer-code"
            />
          </FormField>
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
