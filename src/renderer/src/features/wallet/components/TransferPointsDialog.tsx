import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Field, Input, MessageBar, MessageBarBody, Spinner } from '@fluentui/react-components'
import { observer } from 'mobx-react-lite'
import type { FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { INPUT_MAX } from '../../../../../shared/rules/input.ts'
import { isolate } from '../../../lib/bidi.ts'
import { useWalletStyles } from './styles.ts'
import { usePointsText, useWalletText } from './useWalletText.ts'
import { useWalletStores } from '../useWalletStores.ts'

/** The transfer-points dialog: recipient and amount, then the confirmation code (§4, §5). */
export const TransferPointsDialog = observer(function TransferPointsDialog() {
  const { transfer } = useWalletStores()
  const shared = useWalletStyles()
  const { t } = useTranslation('wallet')
  const text = useWalletText()
  const pointsText = usePointsText()
  const errors = transfer.fieldErrors
  const pending = transfer.transfer
  const points = pending ? pointsText(pending.points) : null
  const values = pending && points
    ? { points: points.amount, unit: points.unit, name: isolate(pending.to_user.name) }
    : { points: '', unit: '', name: '' }

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    if (transfer.step === 'form') void transfer.submit()
    else if (transfer.step === 'code') void transfer.confirm()
    else transfer.close()
  }

  return (
    <Dialog open={transfer.open} onOpenChange={(_event, data) => (data.open ? undefined : transfer.close())}>
      <DialogSurface data-testid="transfer-dialog" data-step={transfer.step}>
        <form onSubmit={onSubmit} noValidate>
          <DialogBody>
            <DialogTitle>{transfer.step === 'code' ? t('transfer.codeTitle') : t('transfer.title')}</DialogTitle>
            <DialogContent className={shared.form}>
              {transfer.step === 'form' ? (
                <>
                  <p className={shared.muted}>{t('transfer.intro')}</p>
                  <Field
                    label={t('transfer.toUser')}
                    required
                    hint={errors.toUser ? undefined : t('transfer.toUserHint')}
                    validationState={errors.toUser ? 'error' : 'none'}
                    validationMessage={text(errors.toUser)}
                  >
                    <Input
                      value={transfer.toUser}
                      onChange={(_event, data) => transfer.setToUser(data.value)}
                      autoComplete="off"
                      maxLength={180}
                      data-testid="transfer-to-user"
                    />
                  </Field>
                  <Field
                    label={t('transfer.points')}
                    required
                    hint={errors.points ? undefined : t('transfer.pointsHint')}
                    validationState={errors.points ? 'error' : 'none'}
                    validationMessage={text(errors.points)}
                  >
                    <Input
                      value={transfer.points}
                      onChange={(_event, data) => transfer.setPoints(data.value)}
                      inputMode="numeric"
                      autoComplete="off"
                      maxLength={INPUT_MAX.amount}
                      data-testid="transfer-points"
                    />
                  </Field>
                </>
              ) : null}
              {transfer.step === 'code' ? (
                <>
                  <p className={shared.muted}>{t('transfer.codeIntro', values)}</p>
                  <Field
                    label={t('transfer.code')}
                    required
                    validationState={errors.code ? 'error' : 'none'}
                    validationMessage={text(errors.code)}
                  >
                    <Input
                      value={transfer.code}
                      onChange={(_event, data) => transfer.setCode(data.value)}
                      autoComplete="one-time-code"
                      dir="ltr"
                      maxLength={INPUT_MAX.code}
                      data-testid="transfer-code"
                    />
                  </Field>
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
              {transfer.error ? (
                <MessageBar intent="error" data-testid="transfer-error">
                  <MessageBarBody>{text(transfer.error)}</MessageBarBody>
                </MessageBar>
              ) : null}
            </DialogContent>
            <DialogActions>
              {transfer.step === 'code' ? (
                <Button appearance="subtle" disabled={transfer.busy} onClick={() => void transfer.resend()} data-testid="transfer-resend">
                  {t('transfer.resend')}
                </Button>
              ) : null}
              {transfer.step === 'done' ? null : (
                <Button onClick={transfer.close} data-testid="transfer-cancel">
                  {t('transfer.cancel')}
                </Button>
              )}
              <Button
                type="submit"
                appearance="primary"
                disabled={transfer.busy}
                icon={transfer.busy ? <Spinner size="tiny" /> : undefined}
                data-testid={transfer.step === 'form' ? 'transfer-submit' : transfer.step === 'code' ? 'transfer-confirm' : 'transfer-close'}
              >
                {transfer.step === 'form' ? t('transfer.submit') : transfer.step === 'code' ? t('transfer.confirm') : t('transfer.close')}
              </Button>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  )
})
