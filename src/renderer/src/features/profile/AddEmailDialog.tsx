import { Button, Input } from '@fluentui/react-components'
import { observer } from 'mobx-react-lite'
import { useTranslation } from 'react-i18next'
import { INPUT_MAX } from '../../../../shared/rules/input.ts'
import { FormDialog } from '../../forms/FormDialog.tsx'
import { FormField } from '../../forms/FormField.tsx'
import { useProfileStyles } from './styles.ts'
import { useProfileStores } from './useProfileStores.ts'

/** Add e-mail, then the verification-code step (§2 modals add-email and verify-email). */
export const AddEmailDialog = observer(function AddEmailDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { addEmail } = useProfileStores()
  const styles = useProfileStyles()
  const { t } = useTranslation('profile')

  const submit = () => {
    if (addEmail.step === 'email') void addEmail.sendEmail()
    else if (addEmail.step === 'code') void addEmail.confirm().then((done) => done && onClose())
  }

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      onSubmit={submit}
      title={addEmail.step !== 'email' ? t('email.codeTitle') : addEmail.confirming ? t('email.confirmTitle') : t('email.title')}
      testId="add-email-dialog"
      step={addEmail.step}
      className={styles.form}
      actions={
        addEmail.step === 'code' ? (
          <Button appearance="secondary" onClick={addEmail.back} disabled={addEmail.busy}>
            {t('email.back')}
          </Button>
        ) : null
      }
      cancel={{ label: t('email.close') }}
      submit={{
        label: addEmail.step === 'email' ? t('email.send') : t('email.verify'),
        disabled: addEmail.busy,
        submitting: addEmail.busy,
        testId: 'add-email-submit'
      }}
    >
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
    </FormDialog>
  )
})
