import { Button } from '@fluentui/react-components'
import { observer } from 'mobx-react-lite'
import { useTranslation } from 'react-i18next'
import { DialogFrame } from '../components/DialogFrame.tsx'
import { useStores } from '../stores/StoreContext.tsx'

/** The session could not be stored securely: it lives in memory only, and the user is told once. */
export const StorageWarningDialog = observer(function StorageWarningDialog() {
  const { session } = useStores()
  const { t } = useTranslation('auth')
  return (
    <DialogFrame
      open={session.storageWarning}
      modalType="alert"
      testId="storage-warning"
      title={t('session.storageTitle')}
      actions={
        <Button appearance="primary" onClick={session.acknowledgeStorageWarning} data-testid="storage-warning-ok">
          {t('session.storageOk')}
        </Button>
      }
    >
      {t('session.storageText')}
    </DialogFrame>
  )
})
