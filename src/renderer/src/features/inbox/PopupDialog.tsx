import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  MessageBar,
  MessageBarBody
} from '@fluentui/react-components'
import { observer } from 'mobx-react-lite'
import { useTranslation } from 'react-i18next'
import { useInbox } from '../../stores/StoreContext.tsx'
import { useInboxCatalogue } from '../../i18n/inboxCatalogue.ts'

/** A popup of the platform: its name and body, "close" and "never show again". */
export const PopupDialog = observer(function PopupDialog() {
  useInboxCatalogue()
  const inbox = useInbox()
  const store = inbox.popups
  const { t } = useTranslation(['inbox', 'shell'])
  const popup = store.current
  if (!popup) return null
  return (
    <Dialog
      open
      modalType="modal"
      onOpenChange={(_event, data) => {
        if (!data.open) store.close()
      }}
    >
      <DialogSurface data-testid="popup-dialog">
        <DialogBody>
          <DialogTitle>
            <bdi>{popup.popup.name}</bdi>
          </DialogTitle>
          <DialogContent style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
            <div dir="auto">{popup.popup.body}</div>
            {store.failed ? (
              <MessageBar intent="error" style={{ marginTop: 12 }}>
                <MessageBarBody>{t('inbox:popup.failed')}</MessageBarBody>
              </MessageBar>
            ) : null}
          </DialogContent>
          <DialogActions>
            <Button appearance="secondary" disabled={store.hiding} onClick={() => void store.neverShowAgain()} data-testid="popup-never">
              {t('inbox:popup.never')}
            </Button>
            <Button appearance="primary" disabled={store.hiding} onClick={() => store.close()} data-testid="popup-close">
              {t('inbox:popup.close')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
})
