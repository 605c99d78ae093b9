import { Input } from '@fluentui/react-components'
import { observer } from 'mobx-react-lite'
import { useEffect, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useLocation, useNavigate } from 'react-router-dom'
import { leaveForRegisterPage } from '../../app/registerRedirect.ts'
import { useCurrentRoute } from '../../app/useCurrentRoute.ts'
import { useStores } from '../../stores/StoreContext.tsx'
import { markInteractive } from '../../lib/performance.ts'
import { AuthCard, AuthDoneCard, AuthSubmit, AuthLinkLine, useFormStyles } from './components/AuthCard.tsx'
import { FormField } from '../../forms/FormField.tsx'
import { INPUT_MAX } from '../../../../shared/rules/input.ts'
import { NewPasswordFields } from './components/NewPasswordFields.tsx'
import { ResetPasswordStore } from './stores/ResetPasswordStore.ts'
import { useAuthDeps } from './useAuthDeps.ts'

/** The carried query string (nextPage, referral…) with the credential set or removed. */
function withCredential(search: string, credential: string | null): string {
  const query = new URLSearchParams(search)
  if (credential) query.set('credential', credential)
  else query.delete('credential')
  const text = query.toString()
  return text ? `?${text}` : ''
}

/**
 * /create/reset-password (the request step) and /reset-password (the code and the new password),
 * §4 Password reset. The credential travels between the steps in the query string; each route
 * gets its own form (the key), since both routes render this same component.
 */
export function Component() {
  const route = useCurrentRoute()
  const step = route?.key === 'resetPassword' ? 'reset' : 'request'
  return <ResetPasswordScreen key={step} step={step} />
}

const ResetPasswordScreen = observer(function ResetPasswordScreen({ step }: { step: 'request' | 'reset' }) {
  const deps = useAuthDeps()
  const { settings } = useStores()
  const { search } = useLocation()
  const navigate = useNavigate()
  const [store] = useState(() => new ResetPasswordStore(deps, { step, credential: new URLSearchParams(search).get('credential') }))
  const styles = useFormStyles()
  const { t } = useTranslation('auth')
  const { form } = store
  const v = form.values
  useEffect(markInteractive, [])

  const carried = withCredential(search, null)
  const field = (name: Parameters<typeof store.set>[0]) => ({
    value: v[name],
    onChange: (_event: unknown, data: { value: string }) => store.set(name, data.value),
    onBlur: () => form.touch(name),
    'data-testid': `reset-${name}`
  })

  const onRequest = async (event: FormEvent) => {
    event.preventDefault()
    if (await store.request()) void navigate(`/reset-password${withCredential(search, v.credential.trim())}`)
  }
  const onReset = (event: FormEvent) => {
    event.preventDefault()
    void store.reset().then((done) => {
      // §4: after a reset, an administrator's marker may ask for the external registration page.
      if (done) leaveForRegisterPage({ session: deps.session, platform: deps.platform, ui: deps.ui, language: settings.language })
    })
  }

  if (store.step === 'done') {
    return (
      <AuthDoneCard
        heading={t('reset.successTitle')}
        testId="reset-done"
        text={t('reset.successText')}
        action={t('reset.signIn')}
        actionTestId="reset-sign-in"
        onAction={() => void navigate(`/login${carried}`)}
      />
    )
  }

  const submit = (label: string, testId: string) => (
    <AuthSubmit disabled={!store.canSubmit} submitting={form.submitting} testId={testId}>
      {label}
    </AuthSubmit>
  )
  const backToLogin = (
    <AuthLinkLine to={`/login${carried}`} testId="reset-back">
      {t('common.backToLogin')}
    </AuthLinkLine>
  )

  if (store.step === 'request') {
    return (
      <AuthCard heading={t('requestReset.heading')} subtitle={t('requestReset.text')} testId="request-reset-page">
        <form className={styles.form} onSubmit={(event) => void onRequest(event)} noValidate>
          <FormField label={t('requestReset.credential')} required error={store.error('credential')}>
            <Input {...field('credential')} autoComplete="username" inputMode="email" dir="ltr" />
          </FormField>
          {submit(t('requestReset.submit'), 'reset-request-submit')}
        </form>
        {backToLogin}
      </AuthCard>
    )
  }

  return (
    <AuthCard heading={t('reset.heading')} subtitle={t('reset.text')} testId="reset-page">
      <form className={styles.form} onSubmit={onReset} noValidate>
        <FormField label={t('requestReset.credential')} required error={store.error('credential')}>
          <Input {...field('credential')} autoComplete="username" inputMode="email" dir="ltr" />
        </FormField>
        <FormField label={t('reset.token')} required error={store.error('token')}>
          <Input {...field('token')} autoComplete="one-time-code" dir="ltr" maxLength={INPUT_MAX.code} />
        </FormField>
        <NewPasswordFields
          password={{ label: t('reset.newPassword'), error: store.error('newPassword'), input: field('newPassword') }}
          confirmation={{ label: t('reset.retypePassword'), error: store.error('retypePassword'), input: field('retypePassword') }}
          shown={store.showPassword}
          onToggle={store.toggleShowPassword}
        />
        {submit(t('reset.submit'), 'reset-submit')}
      </form>
      <div className={styles.row}>
        <Link
          className={styles.link}
          to={`/create/reset-password${withCredential(search, v.credential.trim() || null)}`}
          data-testid="reset-other-credential"
        >
          {t('reset.otherCredential')}
        </Link>
        <Link className={styles.link} to={`/login${carried}`} data-testid="reset-back">
          {t('common.backToLogin')}
        </Link>
      </div>
    </AuthCard>
  )
})
