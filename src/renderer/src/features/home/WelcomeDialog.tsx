import { Button } from '@fluentui/react-components'
import { observer } from 'mobx-react-lite'
import { useTranslation } from 'react-i18next'
import { DialogFrame } from '../../components/DialogFrame.tsx'
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
    <DialogFrame
      open={home.welcomeVisible}
      onClose={home.closeWelcome}
      testId="home-welcome"
      contentId="home-welcome-body"
      title={t('welcome.title', { name: isolate(session.me?.user.name ?? '') })}
      actions={
        <Button appearance="primary" onClick={home.closeWelcome} data-testid="home-welcome-close">
          {t('welcome.start')}
        </Button>
      }
    >
      {t('welcome.body')}
    </DialogFrame>
  )
})
