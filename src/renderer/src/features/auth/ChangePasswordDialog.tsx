import { Button } from '@fluentui/react-components'
import { observer } from 'mobx-react-lite'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { DialogFrame } from '../../components/DialogFrame.tsx'
import { useFormStyles } from './components/AuthCard.tsx'
import { ChangePasswordFields } from './components/ChangePasswordFields.tsx'
import { ChangePasswordStore } from './stores/ChangePasswordStore.ts'
import { useAuthDeps } from './useAuthDeps.ts'
import { SubmitButton } from '../../forms/SubmitButton.tsx'

/** The voluntary password change (§5). */
export const ChangePasswordDialog = observer(function ChangePasswordDialog(props: { open: boolean; onClose: () => void }) {
  const deps = useAuthDeps()
  const [form, setForm] = useState(() => ({ open: props.open, store: new ChangePasswordStore(deps) }))
  // Each opening starts a fresh form.
  if (form.open !== props.open) setForm({ open: props.open, store: props.open ? new ChangePasswordStore(deps) : form.store })
  const { store } = form
  const styles = useFormStyles()
  const { t } = useTranslation('auth')
  const { onClose } = props

  return (
    <DialogFrame
      open={props.open}
      onClose={onClose}
      onSubmit={() => void store.submit().then((done) => (done ? onClose() : undefined))}
      testId="change-password-dialog"
      title={t('password.heading')}
      className={styles.form}
      actions={
        <>
          <Button onClick={onClose} data-testid="password-cancel">
            {t('password.cancel')}
          </Button>
          <SubmitButton disabled={!store.canSubmit} submitting={store.form.submitting} data-testid="password-submit">
            {t('password.submit')}
          </SubmitButton>
        </>
      }
    >
      <ChangePasswordFields store={store} />
    </DialogFrame>
  )
})
