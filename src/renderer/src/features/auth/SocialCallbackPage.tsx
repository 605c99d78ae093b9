import { Spinner } from '@fluentui/react-components'
import { observer } from 'mobx-react-lite'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Navigate, useLocation, useParams } from 'react-router-dom'
import { SocialProviderSchema } from '../../../../shared/deepLink.ts'
import { useStores } from '../../stores/StoreContext.tsx'
import { AuthCard } from './components/AuthCard.tsx'
import { browserSocialSignIns } from './socialSignIn.ts'
import { LinkSignInStore } from './stores/LinkSignInStore.ts'
import { useAuthDeps } from './useAuthDeps.ts'

/** /login/{provider}/callback (§2): exchanges the provider's code; with no code it goes to /. */
export const Component = observer(function SocialCallbackPage() {
  const deps = useAuthDeps()
  const { deepLinks } = useStores()
  const [store] = useState(() => new LinkSignInStore(deps, deepLinks, browserSocialSignIns()))
  const { provider } = useParams()
  const { search } = useLocation()
  const { t } = useTranslation('auth')
  const parsed = SocialProviderSchema.safeParse(provider)

  useEffect(() => {
    if (parsed.success) void store.social(parsed.data, search)
  }, [store, parsed.success, parsed.data, search])

  if (!parsed.success || store.missing) return <Navigate to="/" replace />
  // Signed in: the guard sends the page home; a failure goes back to the sign-in form.
  if (store.status === 'failed') return <Navigate to="/login" replace />
  return (
    <AuthCard heading={t('social.loading')} testId="social-callback-page">
      <Spinner label={t('common.checking')} />
    </AuthCard>
  )
})
