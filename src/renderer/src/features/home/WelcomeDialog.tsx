import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle } from '@fluentui/react-components'
import { observer } from 'mobx-react-lite'
import { useTranslation } from 'react-i18next'
import { isolate } from '../../lib/bidi.ts'
import { useStores } from '../../stores/StoreContext.tsx'
import type { HomeStore } from './stores/HomeStore.ts'

/**
 * The welcome, once per user on this machine (docs/decisions/0006-home-dashboard.md). Modal, as
 * the app's other dialogs: its backdrop keeps the header's dropdowns and menus from opening over
 * it (a click beside it closes it); it waits for any other dialog to close.
 */
export const WelcomeDialog = observer(function WelcomeDialog({ home }: { home: HomeStore }) {
  const { session } = useStores()
  const { t } = useTranslation('home')
  return (
    <Dialog
      open={home.welcomeVisible}
      modalType="modal"
      onOpenChange={(_event, data) => {
        if (!data.open) home.closeWelcome()
      }}
    >
      <DialogSurface data-testid="home-welcome" aria-describedby="home-welcome-body">
        <DialogBody>
          <DialogTitle>{t('welcome.title', { name: isolate(session.me?.user.name ?? '') })}</DialogTitle>
          <DialogContent id="home-welcome-body">{t('welcome.body')}</DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={home.closeWelcome} data-testid="home-welcome-close">
              {t('welcome.start')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
})
