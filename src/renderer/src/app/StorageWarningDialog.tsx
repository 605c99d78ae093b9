import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle } from '@fluentui/react-components'
import { observer } from 'mobx-react-lite'
import { useTranslation } from 'react-i18next'
import { useStores } from '../stores/StoreContext.tsx'

/** The session could not be stored securely: it lives in memory only, and the user is told once. */
export const StorageWarningDialog = observer(function StorageWarningDialog() {
  const { session } = useStores()
  const { t } = useTranslation('auth')
  return (
    <Dialog open={session.storageWarning} modalType="alert">
      <DialogSurface data-testid="storage-warning">
        <DialogBody>
          <DialogTitle>{t('session.storageTitle')}</DialogTitle>
          <DialogContent>{t('session.storageText')}</DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={session.acknowledgeStorageWarning} data-testid="storage-warning-ok">
              {t('session.storageOk')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
})
