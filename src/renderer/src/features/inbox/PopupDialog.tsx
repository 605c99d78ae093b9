import { Button, MessageBar, MessageBarBody } from '@fluentui/react-components'
import { observer } from 'mobx-react-lite'
import { useTranslation } from 'react-i18next'
import { useInbox } from '../../stores/StoreContext.tsx'
import { useInboxCatalogue } from '../../i18n/inboxCatalogue.ts'
import { DialogFrame } from '../../components/DialogFrame.tsx'

/** A popup of the platform: its name and body, "close" and "never show again". */
export const PopupDialog = observer(function PopupDialog() {
  useInboxCatalogue()
  const inbox = useInbox()
  const store = inbox.popups
  const { t } = useTranslation(['inbox', 'shell'])
  const popup = store.current
  if (!popup) return null
  return (
    <DialogFrame
      open
      onClose={() => store.close()}
      testId="popup-dialog"
      title={<bdi>{popup.popup.name}</bdi>}
      style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
      actions={
        <>
          <Button appearance="secondary" disabled={store.hiding} onClick={() => void store.neverShowAgain()} data-testid="popup-never">
            {t('inbox:popup.never')}
          </Button>
          <Button appearance="primary" disabled={store.hiding} onClick={() => store.close()} data-testid="popup-close">
            {t('inbox:popup.close')}
          </Button>
        </>
      }
    >
      <div dir="auto">{popup.popup.body}</div>
      {store.failed ? (
        <MessageBar intent="error" style={{ marginTop: 12 }}>
          <MessageBarBody>{t('inbox:popup.failed')}</MessageBarBody>
        </MessageBar>
      ) : null}
    </DialogFrame>
  )
})
