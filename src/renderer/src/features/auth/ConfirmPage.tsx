import { Input, Link as FluentLink, makeStyles, tokens } from '@fluentui/react-components'
import { observer } from 'mobx-react-lite'
import { useEffect, useState, type FormEvent } from 'react'
import { Trans, useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router-dom'
import { INPUT_MAX } from '../../../../shared/rules/input.ts'
import { markInteractive } from '../../lib/performance.ts'
import { AuthCard, AuthDoneCard, AuthSubmit, useFormStyles } from './components/AuthCard.tsx'
import { FormField } from '../../forms/FormField.tsx'
import { ConfirmFormStore } from './stores/ConfirmFormStore.ts'
import { useAuthDeps } from './useAuthDeps.ts'
import { SubmitButton } from '../../forms/SubmitButton.tsx'

const useStyles = makeStyles({
  destination: {
    display: 'flex',
    alignItems: 'baseline',
    gap: tokens.spacingHorizontalS,
    flexWrap: 'wrap',
    margin: 0,
    fontSize: tokens.fontSizeBase300,
    lineHeight: tokens.lineHeightBase300
  },
  target: { fontWeight: tokens.fontWeightSemibold },
  change: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalM,
    padding: tokens.spacingHorizontalM,
    borderRadius: tokens.borderRadiusMedium,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`
  }
})

/**
 * /confirm, 'Dernière étape' (§2, §4): the code sent at registration, a resend link once per
 * destination, and « Modifier » to correct a mistyped phone or e-mail the code went to.
 */
export const Component = observer(function ConfirmPage() {
  const deps = useAuthDeps()
  const [store] = useState(() => new ConfirmFormStore(deps))
  const styles = useFormStyles()
  const own = useStyles()
  const { t } = useTranslation('auth')
  const navigate = useNavigate()
  const { form } = store
  useEffect(markInteractive, [])

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault()
    if (await store.submit()) void navigate(deps.session.landing, { replace: true })
  }
  const onChange = async (event: FormEvent) => {
    event.preventDefault()
    await store.changeCredential()
  }
  const otherAccount = async () => {
    await deps.session.logout()
    void navigate('/login', { replace: true })
  }

  // Right after a successful confirmation the page is leaving: no "verified" flash meanwhile.
  const justConfirmed = form.status === 'succeeded' && !store.alreadyVerified
  if (store.verified && !justConfirmed) {
    return (
      <AuthDoneCard
        heading={t('confirm.heading')}
        testId="confirm-page"
        text={t('confirm.verified')}
        textTestId="confirm-verified"
        action={t('confirm.continue')}
        onAction={() => void navigate(deps.session.landing, { replace: true })}
      />
    )
  }

  return (
    <AuthCard heading={t('confirm.heading')} subtitle={t('confirm.text')} testId="confirm-page">
      {store.destination ? (
        <p className={own.destination}>
          <span data-testid="confirm-destination-line">
            <Trans
              t={t}
              i18nKey="confirm.sentTo"
              values={{ credential: store.destination }}
              components={{ target: <bdi dir="ltr" className={own.target} data-testid="confirm-destination" /> }}
            />
          </span>
          {store.changing ? null : (
            <FluentLink as="button" onClick={store.openChange} data-testid="confirm-change">
              {t('confirm.change')}
            </FluentLink>
          )}
        </p>
      ) : null}
      {store.changing ? (
        <form className={own.change} onSubmit={(event) => void onChange(event)} noValidate data-testid="confirm-change-form">
          <FormField label={store.byPhone ? t('register.phone') : t('register.email')} required error={store.credentialError}>
            <Input
              value={store.changeForm.values.credential}
              onChange={(_event, data) => store.setCredential(data.value)}
              onBlur={() => store.changeForm.touch('credential')}
              type={store.byPhone ? 'tel' : 'email'}
              inputMode={store.byPhone ? 'tel' : 'email'}
              autoComplete={store.byPhone ? 'tel' : 'email'}
              dir="ltr"
              data-testid="confirm-credential"
            />
          </FormField>
          <div className={styles.row}>
            <FluentLink
              as="button"
              type="button"
              onClick={store.cancelChange}
              disabled={store.changeForm.submitting}
              data-testid="confirm-change-cancel"
            >
              {t('confirm.changeCancel')}
            </FluentLink>
            <SubmitButton disabled={!store.canChange} submitting={store.changeForm.submitting} data-testid="confirm-credential-submit">
              {t('confirm.changeSubmit')}
            </SubmitButton>
          </div>
        </form>
      ) : null}
      <form className={styles.form} onSubmit={(event) => void onSubmit(event)} noValidate>
        <FormField label={t('confirm.code')} required error={store.codeError}>
          <Input
            value={form.values.code}
            onChange={(_event, data) => store.setCode(data.value)}
            onBlur={() => form.touch('code')}
            maxLength={INPUT_MAX.code}
            autoComplete="one-time-code"
            dir="ltr"
            data-testid="confirm-code"
          />
        </FormField>
        <AuthSubmit disabled={!store.canSubmit} submitting={form.submitting} testId="confirm-submit">
          {t('confirm.submit')}
        </AuthSubmit>
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
