import { makeStyles, tokens } from '@fluentui/react-components'
import { observer } from 'mobx-react-lite'
import { useEffect, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Navigate, useLocation } from 'react-router-dom'
import { useStores } from '../stores/StoreContext.tsx'
import { BootSplash } from './BootSplash.tsx'
import { FailurePanel } from './FailurePanel.tsx'
import { decideAccess } from './guard.ts'
import { leaveForRegisterPage } from './registerRedirect.ts'
import { useCurrentRoute } from './useCurrentRoute.ts'

const useStyles = makeStyles({
  root: { minHeight: '100vh', backgroundColor: tokens.colorNeutralBackground2, color: tokens.colorNeutralForeground1 },
  text: { margin: 0, maxWidth: '480px', color: tokens.colorNeutralForeground2 }
})

/** The start-up check could not finish: nothing of the session is shown, a retry is offered. */
const StartupFailure = observer(function StartupFailure() {
  const styles = useStyles()
  const { session } = useStores()
  const { t } = useTranslation('auth')
  return (
    <FailurePanel
      testId="startup-failure"
      className={styles.root}
      textClassName={styles.text}
      title={t('session.offlineTitle')}
      text={session.failure === 'platform' ? t('session.platformText') : t('session.offlineText')}
      action={{ label: t('common.retry'), onClick: () => void session.start(), testId: 'startup-retry' }}
    />
  )
})

/** The guard asked for the external registration page: it opens once, the app goes to `to`. */
function RegisterPageRedirect({ to }: { to: string }) {
  const { session, platform, ui, settings } = useStores()
  useEffect(() => {
    leaveForRegisterPage({ session, platform, ui, language: settings.language })
  }, [session, platform, ui, settings])
  return <Navigate to={to} replace />
}

/**
 * Runs the start-up session check, then asks the guard on every navigation (§2, §4): screens
 * never decide access themselves, and a lost session (logout, 401) sends the page away at once.
 */
export const AccessGate = observer(function AccessGate({ children }: { children: ReactNode }) {
  const { session } = useStores()
  const route = useCurrentRoute()
  const { search } = useLocation()

  useEffect(() => {
    if (session.status === 'idle') void session.start()
  }, [session])

  if (session.status === 'idle' || session.status === 'loading') return <BootSplash />
  if (session.status === 'failed') return <StartupFailure />
  if (!route) return <>{children}</>
  const decision = decideAccess({ key: route.key, access: route.access, search }, session.accessState)
  if ('redirect' in decision) {
    return decision.external === 'register-page' ? (
      <RegisterPageRedirect to={decision.redirect} />
    ) : (
      <Navigate to={decision.redirect} replace />
    )
  }
  return <>{children}</>
})
