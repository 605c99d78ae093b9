import { Button, MessageBar, MessageBarBody, Skeleton, SkeletonItem } from '@fluentui/react-components'
import { observer } from 'mobx-react-lite'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Navigate, useNavigate } from 'react-router-dom'
import { useStores } from '../../stores/StoreContext.tsx'
import { AuthCard, useFormStyles } from './components/AuthCard.tsx'
import { useMessageText } from '../../forms/useMessage.ts'
import { LinkSignInStore } from './stores/LinkSignInStore.ts'
import { useAuthDeps } from './useAuthDeps.ts'

/** /switch (§2, §6): a loading skeleton while the administrator's link opens the pupil's session. */
export const Component = observer(function SwitchPage() {
  const deps = useAuthDeps()
  const { deepLinks } = useStores()
  const [store] = useState(() => new LinkSignInStore(deps, deepLinks))
  const styles = useFormStyles()
  const navigate = useNavigate()
  const { t } = useTranslation(['auth', 'routes'])
  const messageText = useMessageText()

  useEffect(() => {
    void store.switchAccount()
  }, [store])

  if (store.status === 'succeeded') return <Navigate to="/" replace />
  if (store.status === 'failed') {
    return (
      <AuthCard heading={t('routes:switch')} testId="switch-failed">
        <MessageBar intent="error">
          <MessageBarBody>
            {store.missing
              ? t('auth:switch.missing')
              : store.failure && !('blank' in store.failure)
                ? messageText(store.failure)
                : t('auth:switch.failed')}
          </MessageBarBody>
        </MessageBar>
        <Button appearance="primary" className={styles.submit} onClick={() => void navigate('/', { replace: true })}>
          {t('auth:common.backToLogin')}
        </Button>
      </AuthCard>
    )
  }
  return (
    <AuthCard heading={t('auth:switch.loading')} testId="switch-page">
      <Skeleton aria-label={t('auth:switch.loading')}>
        <SkeletonItem size={24} />
        <SkeletonItem size={16} />
        <SkeletonItem size={16} />
      </Skeleton>
    </AuthCard>
  )
})
