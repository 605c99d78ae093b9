import { Button, Input, Link as FluentLink, MessageBar, MessageBarBody, Spinner } from '@fluentui/react-components'
import { observer } from 'mobx-react-lite'
import { useEffect, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router-dom'
import { markInteractive } from '../../lib/performance.ts'
import { AuthCard, useFormStyles } from './components/AuthCard.tsx'
import { FormField } from './components/FormField.tsx'
import { ConfirmFormStore } from './stores/ConfirmFormStore.ts'
import { useAuthDeps } from './useAuthDeps.ts'

/** /confirm, 'Dernière étape' (§2, §4): the code sent at registration, and a resend link once. */
export const Component = observer(function ConfirmPage() {
  const deps = useAuthDeps()
  const [store] = useState(() => new ConfirmFormStore(deps))
  const styles = useFormStyles()
  const { t } = useTranslation('auth')
  const navigate = useNavigate()
  const { form } = store
  useEffect(markInteractive, [])

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault()
    if (await store.submit()) void navigate(deps.session.landing, { replace: true })
  }
  const otherAccount = async () => {
    await deps.session.logout()
    void navigate('/login', { replace: true })
  }

  // Right after a successful confirmation the page is leaving: no "verified" flash meanwhile.
  const justConfirmed = form.status === 'succeeded' && !store.alreadyVerified
  if (store.verified && !justConfirmed) {
    return (
      <AuthCard heading={t('confirm.heading')} testId="confirm-page">
        <MessageBar intent="success" data-testid="confirm-verified">
          <MessageBarBody>{t('confirm.verified')}</MessageBarBody>
        </MessageBar>
        <Button appearance="primary" size="large" className={styles.submit} onClick={() => void navigate(deps.session.landing, { replace: true })}>
          {t('confirm.continue')}
        </Button>
      </AuthCard>
    )
  }

  return (
    <AuthCard heading={t('confirm.heading')} subtitle={t('confirm.text')} testId="confirm-page">
      <form className={styles.form} onSubmit={(event) => void onSubmit(event)} noValidate>
        <FormField label={t('confirm.code')} required error={store.codeError}>
          <Input
            value={form.values.code}
            onChange={(_event, data) => store.setCode(data.value)}
            onBlur={() => form.touch('code')}
            maxLength={6}
            autoComplete="one-time-code"
            dir="ltr"
            data-testid="confirm-code"
          />
        </FormField>
        <Button
          type="submit"
          appearance="primary"
          size="large"
          className={styles.submit}
          disabled={!store.canSubmit}
          icon={form.submitting ? <Spinner size="tiny" /> : undefined}
          data-testid="confirm-submit"
        >
          {t('confirm.submit')}
        </Button>
      </form>
      <div className={styles.row}>
        {store.canResend ? (
          <FluentLink as="button" onClick={() => void store.resend()} data-testid="confirm-resend">
            {t('confirm.resend')}
          </FluentLink>
        ) : (
          <span />
        )}
        <FluentLink as="button" onClick={() => void otherAccount()} data-testid="confirm-other-account">
          {t('confirm.otherAccount')}
        </FluentLink>
      </div>
    </AuthCard>
  )
})
