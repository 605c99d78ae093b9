import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle, Input } from '@fluentui/react-components'
import { observer } from 'mobx-react-lite'
import type { FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { FormField } from '../../forms/FormField.tsx'
import { SubmitButton } from '../../forms/SubmitButton.tsx'
import { useProfileStyles } from './styles.ts'
import { useProfileStores } from './useProfileStores.ts'

/** Add parent phone (§5): 8 digits starting with 2, 4, 5 or 9, with or without +216 / 00216. */
export const ParentPhoneDialog = observer(function ParentPhoneDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { parentPhone } = useProfileStores()
  const styles = useProfileStyles()
  const { t } = useTranslation('profile')
  const busy = parentPhone.phone.submitting

  const submit = (event: FormEvent) => {
    event.preventDefault()
    void parentPhone.submit().then((done) => done && onClose())
  }

  return (
    <Dialog open={open} onOpenChange={(_event, data) => (data.open ? undefined : onClose())}>
      <DialogSurface data-testid="parent-phone-dialog">
        <form onSubmit={submit} noValidate>
          <DialogBody>
            <DialogTitle>{t('parentPhone.title')}</DialogTitle>
            <DialogContent className={styles.form}>
              <FormField label={t('parentPhone.label')} hint={t('parentPhone.hint')} required error={parentPhone.phone.error('phone')}>
                <Input
                  type="tel"
                  inputMode="tel"
                  className={styles.ltr}
                  value={parentPhone.phone.values.phone}
                  onChange={(_event, data) => parentPhone.phone.set('phone', data.value)}
                  data-testid="parent-phone-input"
                />
              </FormField>
            </DialogContent>
            <DialogActions>
              <Button appearance="secondary" onClick={onClose}>
                {t('parentPhone.close')}
              </Button>
              <SubmitButton disabled={busy} submitting={busy} data-testid="parent-phone-submit">
                {t('parentPhone.submit')}
              </SubmitButton>
            </DialogActions>
          </DialogBody>
        </form>
      </DialogSurface>
    </Dialog>
  )
})
