import { Link as FluentLink } from '@fluentui/react-components'
import { observer } from 'mobx-react-lite'
import { useEffect, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router-dom'
import { markInteractive } from '../../lib/performance.ts'
import { AuthCard, AuthSubmit, useFormStyles } from './components/AuthCard.tsx'
import { ChangePasswordFields } from './components/ChangePasswordFields.tsx'
import { ChangePasswordStore } from './stores/ChangePasswordStore.ts'
import { useAuthDeps } from './useAuthDeps.ts'

/** /update-password: the way out of an expired password (§4); nothing else opens until then. */
export const Component = observer(function UpdatePasswordPage() {
  const deps = useAuthDeps()
  const [store] = useState(() => new ChangePasswordStore(deps))
  const styles = useFormStyles()
  const { t } = useTranslation('auth')
  const navigate = useNavigate()
  useEffect(markInteractive, [])

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault()
    if (await store.submit()) void navigate(deps.session.landing, { replace: true })
  }
  const signOut = async () => {
    await deps.session.logout()
    void navigate('/login', { replace: true })
  }
  const expired = deps.session.me?.permissions.changePassword === true

  return (
    <AuthCard heading={t('password.heading')} subtitle={expired ? t('password.expiredText') : undefined} testId="update-password-page">
      <form className={styles.form} onSubmit={(event) => void onSubmit(event)} noValidate>
        <ChangePasswordFields store={store} />
        <AuthSubmit disabled={!store.canSubmit} submitting={store.form.submitting} testId="password-submit">
          {t('password.submit')}
        </AuthSubmit>
      </form>
      <p className={styles.center}>
        <FluentLink as="button" onClick={() => void signOut()} data-testid="password-sign-out">
          {t('password.signOut')}
        </FluentLink>
      </p>
    </AuthCard>
  )
})
