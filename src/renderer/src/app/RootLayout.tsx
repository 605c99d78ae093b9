import { makeStyles } from '@fluentui/react-components'
import { observer } from 'mobx-react-lite'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { Outlet, useNavigate } from 'react-router-dom'
import { afterPaint } from '../lib/afterPaint.ts'
import { lazyComponent } from '../lib/lazyComponent.ts'
import { useStores } from '../stores/StoreContext.tsx'
import { AccessGate } from './AccessGate.tsx'
import { signalAppReady, subscribeDeepLinks } from './deepLinks.ts'
import { routeTitleKey } from './routes.ts'
import { useCurrentRoute } from './useCurrentRoute.ts'

// Needed on the rare machines without secure storage only: loaded when it has something to say.
const StorageWarningDialog = lazyComponent(async () => (await import('./StorageWarningDialog.tsx')).StorageWarningDialog)

const useStyles = makeStyles({
  // The provider's own node has no height (its class also reaches portal nodes).
  root: { height: '100vh' }
})

/** Above every screen: the session gate, deep links, the ready signal to main, the window title. */
export const RootLayout = observer(function RootLayout() {
  const styles = useStyles()
  const store = useStores()
  const navigate = useNavigate()
  const route = useCurrentRoute()
  const { t, i18n } = useTranslation(['shell', 'routes'])

  useEffect(() => {
    const stop = subscribeDeepLinks(store.platform, {
      navigate: (path) => void navigate(path),
      inbox: store.deepLinks,
      signedIn: () => store.session.signedIn,
      notificationOpened: (id) => void store.inbox.stores?.notifications.markSeen(id),
      openExternal: (url) => {
        store.platform.shellOpenExternal(url).catch(() => store.ui.notify({ intent: 'error', key: 'shell:externalLink.failed' }))
      }
    })
    signalAppReady(store.platform)
    return stop
  }, [navigate, store])

  const appName = t('shell:appName')
  const title = route ? `${t(routeTitleKey(route, store.user))} · ${appName}` : appName
  // The window's title is not part of the page's frame: it follows once the page has painted
  // (a language switch, which changes every title, is not held up by it).
  useEffect(() => {
    let current = true
    void afterPaint().then(() => {
      if (current) document.title = title
    })
    return () => {
      current = false
    }
  }, [title, i18n.language])

  return (
    <div className={styles.root} data-testid="app-root">
      <AccessGate>
        <Outlet />
      </AccessGate>
      {store.session.storageWarning ? <StorageWarningDialog /> : null}
    </div>
  )
})
