import { Button, Input, MessageBar, MessageBarBody, Select } from '@fluentui/react-components'
import { reaction } from 'mobx'
import { observer } from 'mobx-react-lite'
import { useEffect, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation } from 'react-router-dom'
import type { Country, State } from '../../../../shared/api/pickers.ts'
import { INPUT_MAX } from '../../../../shared/rules/input.ts'
import { markInteractive } from '../../lib/performance.ts'
import { useStores } from '../../stores/StoreContext.tsx'
import { AuthCard, AuthSubmit, AuthLinkLine, useFormStyles } from './components/AuthCard.tsx'
import { FormField } from '../../forms/FormField.tsx'
import { NewPasswordFields } from './components/NewPasswordFields.tsx'
import { RegisterFormStore } from './stores/RegisterFormStore.ts'
import { useAuthDeps } from './useAuthDeps.ts'
import { ChoiceOptions } from '../../forms/ChoiceOptions.tsx'

function countryName(country: Country, language: string): string {
  if (language === 'ar') return country.name_ar
  if (language === 'en-US') return country.name_en
  return country.name_fr
}

function stateName(state: State, language: string): string {
  return language === 'ar' ? state.name_ar : state.name
}

/** /register, 'Créer un compte' (§2, §5 Registration). Success leaves through the guard to /confirm. */
export const Component = observer(function RegisterPage() {
  const deps = useAuthDeps()
  const { settings } = useStores()
  const { search } = useLocation()
  const [store] = useState(() => new RegisterFormStore(deps, { referral: new URLSearchParams(search).get('referral') }))
  const styles = useFormStyles()
  const { t, i18n } = useTranslation('auth')
  const { form } = store
  const v = form.values
  useEffect(markInteractive, [])
  useEffect(() => {
    void store.loadPickers()
  }, [store])
  // The classes and options come named in the language they were asked in.
  useEffect(
    () =>
      reaction(
        () => settings.language,
        () => store.languageChanged()
      ),
    [store, settings]
  )

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    void store.submit(search)
  }
  const text = (field: Parameters<typeof store.set>[0]) => ({
    value: v[field],
    onChange: (_event: unknown, data: { value: string }) => store.set(field, data.value),
    onBlur: () => form.touch(field),
    'data-testid': `register-${field}`
  })
  const select = (field: Parameters<typeof store.set>[0]) => ({
    value: v[field],
    onChange: (_event: unknown, data: { value: string }) => {
      store.set(field, data.value)
      form.touch(field)
    },
    onBlur: () => form.touch(field),
    className: styles.selectRoot,
    select: { className: styles.selectControl },
    'data-testid': `register-${field}`
  })

  return (
    <AuthCard heading={t('register.heading')} subtitle={t('register.subtitle')} wide testId="register-page">
      {store.pickersStatus === 'failed' ? (
        <MessageBar intent="error" data-testid="register-pickers-failed">
          <MessageBarBody>{t('register.pickersFailed')}</MessageBarBody>
          <Button size="small" onClick={() => void store.loadPickers()}>
            {t('common.retry')}
          </Button>
        </MessageBar>
      ) : null}
      <form className={styles.form} onSubmit={onSubmit} noValidate>
        <div className={styles.grid}>
          <FormField label={t('register.firstName')} required error={store.error('name')}>
            <Input {...text('name')} autoComplete="given-name" maxLength={INPUT_MAX.name} />
          </FormField>
          <FormField label={t('register.lastName')} required error={store.error('lastName')}>
            <Input {...text('lastName')} autoComplete="family-name" maxLength={INPUT_MAX.name} />
          </FormField>
          <FormField label={t('register.country')} required error={store.error('country')}>
            <Select {...select('country')}>
              {store.countries.length === 0 ? <option value={v.country}>{t('common.choose')}</option> : null}
              {store.countries.map((country) => (
                <option key={country.id} value={String(country.id)}>
                  {countryName(country, i18n.language)}
                </option>
              ))}
            </Select>
          </FormField>
          {store.tunisian ? (
            <FormField label={t('register.state')} required error={store.error('state')}>
              <Select {...select('state')}>
                <ChoiceOptions empty={t('common.choose')} items={store.states} label={(state) => stateName(state, i18n.language)} />
              </Select>
            </FormField>
          ) : null}
          <FormField label={t('register.phone')} required={store.tunisian} error={store.error('phone')}>
            <Input {...text('phone')} type="tel" inputMode="tel" autoComplete="tel" dir="ltr" placeholder="20 123 456" />
          </FormField>
          <FormField
            label={store.tunisian ? t('register.emailOptional') : t('register.email')}
            required={!store.tunisian}
            error={store.error('email')}
          >
            <Input {...text('email')} type="email" inputMode="email" autoComplete="email" dir="ltr" />
          </FormField>
          <FormField label={t('register.birthDate')} hint={t('register.birthDateHint')} required error={store.error('birthDate')}>
            <Input {...text('birthDate')} inputMode="numeric" dir="ltr" maxLength={10} autoComplete="bday" />
          </FormField>
          <FormField label={t('register.division')} required error={store.error('division')}>
            <Select {...select('division')}>
              <ChoiceOptions empty={t('common.choose')} items={store.divisions} />
            </Select>
          </FormField>
          {store.showsOptionalSubject ? (
            <FormField label={t('register.optionalSubject')} required error={store.error('optionalSubject')}>
              <Select {...select('optionalSubject')}>
                <ChoiceOptions empty={t('common.choose')} items={store.optionalSubjects} />
              </Select>
            </FormField>
          ) : null}
          <NewPasswordFields
            password={{ label: t('register.password'), error: store.error('password'), input: text('password') }}
            confirmation={{ label: t('register.passwordConfirm'), error: store.error('passwordConfirm'), input: text('passwordConfirm') }}
            shown={store.showPassword}
            onToggle={store.toggleShowPassword}
            toggleTestId="register-password-toggle"
          />
          {v.referral ? (
            <FormField label={t('register.referral')} error={null}>
              <Input value={v.referral} readOnly dir="ltr" data-testid="register-referral" />
            </FormField>
          ) : null}
        </div>
        <AuthSubmit disabled={!store.canSubmit} submitting={form.submitting} testId="register-submit">
          {t('register.submit')}
        </AuthSubmit>
      </form>
      <AuthLinkLine question={t('register.haveAccount')} to={`/login${search}`} testId="register-login">
        {t('register.signIn')}
      </AuthLinkLine>
    </AuthCard>
  )
})
