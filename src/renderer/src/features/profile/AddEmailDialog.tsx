import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Input } from '@fluentui/react-components'
import { observer } from 'mobx-react-lite'
import type { FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { INPUT_MAX } from '../../../../shared/rules/input.ts'
import { FormField } from '../../forms/FormField.tsx'
import { SubmitButton } from '../../forms/SubmitButton.tsx'
import { useProfileStyles } from './styles.ts'
import { useProfileStores } from './useProfileStores.ts'

/** Add e-mail, then the verification-code step (§2 modals add-email and verify-email). */
export const AddEmailDialog = observer(function AddEmailDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { addEmail } = useProfileStores()
  const styles = useProfileStyles()
  const { t } = useTranslation('profile')

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (addEmail.step === 'email') void addEmail.sendEmail()
    else if (addEmail.step === 'code') void addEmail.confirm().then((done) => done && onClose())
  }

  return (
    <Dialog open={open} onOpenChange={(_event, data) => (data.open ? undefined : onClose())}>
      <DialogSurface data-testid="add-email-dialog" data-step={addEmail.step}>
        <form onSubmit={submit} noValidate>
          <DialogBody>
            <DialogTitle>{addEmail.step !== 'email' ? t('email.codeTitle') : addEmail.confirming ? t('email.confirmTitle') : t('email.title')}</DialogTitle>
            <DialogContent className={styles.form}>
              {addEmail.step === 'email' ? (
                <FormField label={t('email.label')} required error={addEmail.email.error('email')}>
                  <Input
                    type="email"
                    className={styles.ltr}
                    value={addEmail.email.values.email}
                    onChange={(_event, data) => addEmail.email.set('email', data.value)}
                    autoComplete="email"
                    data-testid="add-email-input"
                  />
                </FormField>
              ) : (
                <>
                  <p className={styles.muted}>{t('email.codeIntro', { email: addEmail.email.values.email.trim() })}</p>
                  <FormField label={t('email.code')} required error={addEmail.code.error('code')}>
                    <Input
                      className={styles.ltr}
                      value={addEmail.code.values.code}
                      onChange={(_event, data) => addEmail.code.set('code', data.value)}
                      autoComplete="one-time-code"
                      maxLength={INPUT_MAX.code}
                      data-testid="add-email-code"
                    />
                  </FormField>
                </>
              )}
            </DialogContent>
            <DialogActions>
              {addEmail.step === 'code' ? (
                <Button appearance="secondary" onClick={addEmail.back} disabled={addEmail.busy}>
                  {t('email.back')}
                </Button>
              ) : null}
              <Button appearance="secondary" onClick={onClose}>
                {t('email.close')}
              </Button>
              <SubmitButton disabled={addEmail.busy} submitting={addEmail.busy} data-testid="add-email-submit">
                {addEmail.step === 'email' ? t('email.send') : t('email.verify')}
              </SubmitButton>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  )
})
