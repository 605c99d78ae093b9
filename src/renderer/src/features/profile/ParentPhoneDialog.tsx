import { Input } from '@fluentui/react-components'
import { observer } from 'mobx-react-lite'
import { useTranslation } from 'react-i18next'
import { FormDialog } from '../../forms/FormDialog.tsx'
import { FormField } from '../../forms/FormField.tsx'
import { useProfileStyles } from './styles.ts'
import { useProfileStores } from './useProfileStores.ts'

/** Add parent phone (§5): 8 digits starting with 2, 4, 5 or 9, with or without +216 / 00216. */
export const ParentPhoneDialog = observer(function ParentPhoneDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { parentPhone } = useProfileStores()
  const styles = useProfileStyles()
  const { t } = useTranslation('profile')
  const busy = parentPhone.phone.submitting

  return (
    <FormDialog
      open={open}
      onClose={onClose}
      onSubmit={() => void parentPhone.submit().then((done) => done && onClose())}
      title={t('parentPhone.title')}
      testId="parent-phone-dialog"
      className={styles.form}
      cancel={{ label: t('parentPhone.close') }}
      submit={{ label: t('parentPhone.submit'), disabled: busy, submitting: busy, testId: 'parent-phone-submit' }}
    >
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
    </FormDialog>
  )
})
