import { Button, Divider, Input } from '@fluentui/react-components'
import { observer } from 'mobx-react-lite'
import { useEffect, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useLocation } from 'react-router-dom'
import { markInteractive } from '../../lib/performance.ts'
import { AuthCard, AuthSubmit, AuthLinkLine, useFormStyles } from './components/AuthCard.tsx'
import { FormField } from '../../forms/FormField.tsx'
import { PasswordInput } from './components/PasswordInput.tsx'
import { socialAuthorizeUrl } from './externalSites.ts'
import { browserSocialSignIns } from './socialSignIn.ts'
import { LoginFormStore } from './stores/LoginFormStore.ts'
import { useAuthDeps } from './useAuthDeps.ts'

/** /login (§2, §5 Login). A successful sign-in leaves through the route guard. */
export const Component = observer(function LoginPage() {
  const deps = useAuthDeps()
  const [store] = useState(() => new LoginFormStore(deps))
  const styles = useFormStyles()
  const { t } = useTranslation('auth')
  const { search } = useLocation()
  const { form } = store
  useEffect(markInteractive, [])

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    void store.submit(search)
  }

  const openProvider = (provider: 'google' | 'facebook') => () => {
    const base = deps.session.baseUrls?.sandbox
    if (!base) return
    browserSocialSignIns()
      .begin(provider)
      .then((binding) => deps.platform.shellOpenExternal(socialAuthorizeUrl(base, provider, binding)))
      .then(() => deps.ui.notify({ intent: 'info', key: 'auth:login.providerOpened' }))
      .catch(() => deps.ui.notify({ intent: 'error', key: 'shell:externalLink.failed' }))
  }

  return (
    <AuthCard heading={t('login.heading')} subtitle={t('login.subtitle')} testId="login-page">
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <FormField label={t('login.username')} required error={store.usernameError}>
          <Input
            value={form.values.username}
            onChange={(_event, data) => store.setUsername(data.value)}
            onBlur={() => form.touch('username')}
            placeholder={t('login.usernamePlaceholder')}
            autoComplete="username"
            inputMode="email"
            dir="ltr"
            data-testid="login-username"
          />
        </FormField>
        <FormField label={t('login.password')} required error={store.passwordError}>
          <PasswordInput
            value={form.values.password}
            onChange={(_event, data) => store.setPassword(data.value)}
            onBlur={() => form.touch('password')}
            autoComplete="current-password"
            shown={store.showPassword}
            onToggle={store.toggleShowPassword}
            toggleTestId="login-password-toggle"
            data-testid="login-password"
          />
        </FormField>
        <div className={styles.end}>
          <Link className={styles.link} to={`/create/reset-password${search}`} data-testid="login-forgot">
            {t('login.forgot')}
          </Link>
        </div>
        <AuthSubmit disabled={!store.canSubmit} submitting={form.submitting} testId="login-submit">
          {t('login.submit')}
        </AuthSubmit>
      </form>
      <Divider className={styles.divider}>{t('login.or')}</Divider>
      <div className={styles.social}>
        <Button onClick={openProvider('google')} data-testid="login-google">
          {t('login.google')}
        </Button>
        <Button onClick={openProvider('facebook')} data-testid="login-facebook">
          {t('login.facebook')}
        </Button>
      </div>
      <AuthLinkLine question={t('login.noAccount')} to={`/register${search}`} testId="login-create-account">
        {t('login.createAccount')}
      </AuthLinkLine>
    </AuthCard>
  )
})
