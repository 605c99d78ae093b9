import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle } from '@fluentui/react-components'
import { observer } from 'mobx-react-lite'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useFormStyles } from './components/AuthCard.tsx'
import { ChangePasswordFields } from './components/ChangePasswordFields.tsx'
import { ChangePasswordStore } from './stores/ChangePasswordStore.ts'
import { useAuthDeps } from './useAuthDeps.ts'
import { SubmitButton } from '../../forms/SubmitButton.tsx'

/** The voluntary password change (§5). */
export const ChangePasswordDialog = observer(function ChangePasswordDialog(props: { open: boolean; onClose: () => void }) {
  return (
    <Dialog open={props.open} onOpenChange={(_event, data) => (data.open ? undefined : props.onClose())}>
      {/* The dialog mounts its content only while open: each opening starts a fresh form. */}
      <ChangePasswordSurface onClose={props.onClose} />
    </Dialog>
  )
})

const ChangePasswordSurface = observer(function ChangePasswordSurface({ onClose }: { onClose: () => void }) {
  const deps = useAuthDeps()
  const [store] = useState(() => new ChangePasswordStore(deps))
  const styles = useFormStyles()
  const { t } = useTranslation('auth')

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault()
    if (await store.submit()) onClose()
  }

  return (
    <DialogSurface data-testid="change-password-dialog">
      <form onSubmit={(event) => void onSubmit(event)} noValidate>
        <DialogBody>
          <DialogTitle>{t('password.heading')}</DialogTitle>
          <DialogContent className={styles.form}>
            <ChangePasswordFields store={store} />
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose} data-testid="password-cancel">
              {t('password.cancel')}
            </Button>
            <SubmitButton disabled={!store.canSubmit} submitting={store.form.submitting} data-testid="password-submit">
              {t('password.submit')}
            </SubmitButton>
          </DialogActions>
        </DialogBody>
      </form>
    </DialogSurface>
  )
})
