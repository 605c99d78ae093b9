import { Button, Input, MessageBar, MessageBarActions, MessageBarBody, MessageBarTitle, Select } from '@fluentui/react-components'
import { reaction } from 'mobx'
import { observer } from 'mobx-react-lite'
import { useEffect, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router-dom'
import { markInteractive } from '../../lib/performance.ts'
import type { ProfileEditStore, ProfileField } from './stores/ProfileEditStore.ts'
import { useStores } from '../../stores/StoreContext.tsx'
import { FormField } from '../../forms/FormField.tsx'
import { AddEmailDialog } from './AddEmailDialog.tsx'
import { AvatarEditor } from './AvatarEditor.tsx'
import { DivisionChangeDialog } from './DivisionChangeDialog.tsx'
import { MarksheetsDialog } from './MarksheetsDialog.tsx'
import { NotificationPreferencesPanel } from './NotificationPreferencesPanel.tsx'
import { useProfileCatalogue } from '../../i18n/profileCatalogue.ts'
import { useProfileStyles } from './styles.ts'
import { ProfileSection } from './ProfileSection.tsx'
import { useProfileStores } from './useProfileStores.ts'
import { SubmitButton } from '../../forms/SubmitButton.tsx'
import { ChoiceOptions } from '../../forms/ChoiceOptions.tsx'

/** Profile edit (§2): 'Modifier mon profil' once complete, else 'Compléter vos données'. */
export const Component = observer(function ProfileEditPage() {
  useProfileCatalogue()
  const stores = useProfileStores()
  const { settings, session } = useStores()
  const styles = useProfileStyles()
  const { t } = useTranslation('profile')
  const navigate = useNavigate()
  const [form] = useState(() => stores.newEditForm())
  const [emailOpen, setEmailOpen] = useState(false)
  const arabic = settings.language === 'ar'

  useEffect(() => {
    if (form) void form.load().finally(markInteractive)
    else markInteractive()
  }, [form])
  // The classes, delegations and institutes come named in the language they were asked in: a
  // switch of language asks for them again.
  useEffect(
    () =>
      form
        ? reaction(
            () => settings.language,
            () => void form.load()
          )
        : undefined,
    [form, settings]
  )

  if (!form) {
    return (
      <div className={styles.page}>
        <p className={styles.muted}>{t('edit.noSession')}</p>
      </div>
    )
  }

  const submit = (event: FormEvent) => {
    event.preventDefault()
    void form.save().then((outcome) => {
      if (outcome.kind === 'confirm') void navigate('/confirm')
      else if (outcome.kind === 'saved') void navigate(outcome.wasIncomplete ? '/' : '/mon-profil')
    })
  }

  const input = (field: ProfileField, extra: { locked?: boolean; type?: 'tel' | 'text'; ltr?: boolean } = {}) => ({
    value: form.values[field],
    onChange: (_event: unknown, data: { value: string }) => form.set(field, data.value),
    onBlur: () => form.touch(field),
    disabled: form.readOnly || extra.locked,
    type: extra.type,
    className: extra.ltr ? styles.ltr : undefined,
    name: field,
    'data-testid': `profile-${field}`
  })
  const select = (field: ProfileField, enabled: boolean) => ({
    value: form.values[field],
    onChange: (_event: unknown, data: { value: string }) => form.set(field, data.value),
    onBlur: () => form.touch(field),
    disabled: !enabled,
    name: field,
    'data-testid': `profile-${field}`
  })
  const user = form.initial
  // The current class as last read (named in the interface language), for when the list lacks it.
  const division = session.me?.user.division?.id === user.division?.id ? (session.me?.user.division ?? user.division) : user.division
  // The e-mail as it stands now (add-email changes it while the form is open); one typed at
  // registration that no code has proven yet is offered for confirmation (decision 0016).
  const { email, email_verified: emailVerified } = session.me?.user ?? user
  const unconfirmedEmail = email && !emailVerified ? email : null

  return (
    <div className={styles.page} data-testid="profile-edit-page">
      <header className={styles.header}>
        <h1 className={styles.title}>{form.completed ? t('edit.titleCompleted') : t('edit.titleIncomplete')}</h1>
        <p className={styles.muted}>{t('edit.intro')}</p>
      </header>
      {form.readOnly ? (
        <MessageBar intent="warning" data-testid="profile-test-account">
          <MessageBarBody>
            <MessageBarTitle>{t('edit.testAccountTitle')}</MessageBarTitle>
            {t('edit.testAccount')}
          </MessageBarBody>
        </MessageBar>
      ) : null}
      {form.pickersFailed ? (
        <MessageBar intent="error" data-testid="profile-pickers-failed">
          <MessageBarBody>{t('edit.pickersFailed')}</MessageBarBody>
          <MessageBarActions>
            <Button onClick={() => void form.retryPickers()}>{t('edit.retry')}</Button>
          </MessageBarActions>
        </MessageBar>
      ) : null}
      <form onSubmit={submit} noValidate className={styles.form}>
        <ProfileSection id="personal-title" title={t('edit.personal')}>
          <AvatarEditor />
          <div className={styles.fields}>
            <FormField label={t('edit.name')} required error={form.error('name')}>
              <Input {...input('name')} autoComplete="given-name" />
            </FormField>
            <FormField label={t('edit.lastName')} required error={form.error('lastName')}>
              <Input {...input('lastName')} autoComplete="family-name" />
            </FormField>
            <FormField label={t('edit.birthDate')} hint={t('edit.birthDateHint')} required error={form.error('birthDate')}>
              <Input {...input('birthDate', { ltr: true })} placeholder={t('edit.birthDatePlaceholder')} inputMode="numeric" />
            </FormField>
            <FormField
              label={t('edit.gender')}
              hint={form.genderEditable ? undefined : t('edit.genderLocked')}
              error={form.error('gender')}
            >
              <Select {...select('gender', form.genderEditable)}>
                <option value="">{t('gender.none')}</option>
                <option value="male">{t('gender.male')}</option>
                <option value="female">{t('gender.female')}</option>
              </Select>
            </FormField>
            <FormField
              label={t('edit.phone')}
              required={form.tunisian}
              hint={form.locked('phone') && user.phone ? t('edit.phoneLocked') : undefined}
              error={form.error('phone')}
            >
              <Input {...input('phone', { locked: form.locked('phone'), type: 'tel', ltr: true })} />
            </FormField>
            <FormField
              label={t('edit.phone2')}
              hint={form.locked('phone2') && user.phone2 ? t('edit.phoneLocked') : undefined}
              error={form.error('phone2')}
            >
              <Input {...input('phone2', { locked: form.locked('phone2'), type: 'tel', ltr: true })} />
            </FormField>
          </div>
        </ProfileSection>

        <ProfileSection id="academic-title" title={t('edit.academic')}>
          <div className={styles.fields}>
            <div className={styles.withAction}>
              <FormField label={t('edit.email')} hint={unconfirmedEmail ? t('edit.emailNotConfirmed') : undefined} error={null}>
                <Input value={email ?? ''} placeholder={t('edit.noEmail')} readOnly className={styles.ltr} data-testid="profile-email" />
              </FormField>
              <Button
                onClick={() => {
                  stores.addEmail.open(unconfirmedEmail)
                  setEmailOpen(true)
                }}
                disabled={form.readOnly}
                data-testid="profile-add-email"
              >
                {unconfirmedEmail ? t('edit.confirmEmail') : t('edit.addEmail')}
              </Button>
            </div>
            <div className={styles.withAction}>
              <FormField label={t('edit.division')} required error={form.error('division')}>
                <Select {...select('division', !form.divisionLocked)}>
                  <ChoiceOptions empty={t('edit.choose')} items={form.divisions.items} />
                  {division && !form.divisions.items.some((item) => item.id === division.id) ? (
                    <option value={String(division.id)}>{division.name}</option>
                  ) : null}
                </Select>
              </FormField>
              {user.division && !form.readOnly ? (
                <Button onClick={stores.divisionChange.show} data-testid="profile-change-class">
                  {t('edit.changeClass')}
                </Button>
              ) : null}
            </div>
          </div>
        </ProfileSection>

        <ProfileSection id="address-title" title={t('edit.address')}>
          <div className={styles.fields}>
            <FormField label={t('edit.country')} required error={form.error('country')}>
              <Select {...select('country', !form.readOnly)}>
                <ChoiceOptions
                  empty={t('edit.choose')}
                  items={form.countries.items}
                  label={(country) => (arabic ? country.name_ar : settings.language === 'en-US' ? country.name_en : country.name_fr)}
                />
              </Select>
            </FormField>
            <FormField
              label={t('edit.state')}
              required={form.tunisian}
              hint={form.tunisian ? undefined : t('edit.stateOnlyTunisia')}
              error={form.error('state')}
            >
              <Select {...select('state', form.stateEnabled)}>
                <ChoiceOptions
                  empty={t('edit.choose')}
                  items={form.states.items}
                  label={(state) => (arabic ? state.name_ar : state.name)}
                />
              </Select>
            </FormField>
            <FormField
              label={t('edit.delegation')}
              hint={form.tunisian && !form.delegationEnabled ? t('edit.needState') : undefined}
              error={form.error('delegation')}
            >
              <Select {...select('delegation', form.delegationEnabled)}>
                <ChoiceOptions empty={t('edit.choose')} items={form.delegations.items} />
              </Select>
            </FormField>
            <FormField
              label={t('edit.institute')}
              hint={form.delegationEnabled && !form.instituteEnabled ? t('edit.needDelegation') : undefined}
              error={form.error('institute')}
            >
              <Select {...select('institute', form.instituteEnabled)}>
                <ChoiceOptions empty={t('edit.choose')} items={form.instituteChoices} />
              </Select>
            </FormField>
          </div>
        </ProfileSection>

        <div className={styles.actions}>
          <SaveButton form={form} />
          {form.completed ? (
            <Button appearance="secondary" onClick={() => void navigate('/mon-profil')}>
              {t('edit.cancel')}
            </Button>
          ) : null}
        </div>
      </form>
      <ProfileSection id="marksheets-title" title={t('marksheets.section')} testId="profile-marksheets">
        <p className={styles.muted}>{t('marksheets.intro')}</p>
        <div className={styles.actions}>
          {([1, 2, 3] as const).map((trimester) => (
            <Button
              key={trimester}
              onClick={() => stores.marksheets.show(trimester)}
              disabled={form.readOnly}
              data-testid={`marksheet-upload-${trimester}`}
            >
              {t('marksheets.uploadTrimester', { trimester })}
            </Button>
          ))}
          <Button appearance="subtle" onClick={() => stores.marksheets.show()} data-testid="marksheets-view">
            {t('marksheets.view')}
          </Button>
        </div>
      </ProfileSection>
      <NotificationPreferencesPanel disabled={form.readOnly} />
      <DivisionChangeDialog />
      <MarksheetsDialog />
      <AddEmailDialog open={emailOpen} onClose={() => setEmailOpen(false)} />
    </div>
  )
})

const SaveButton = observer(function SaveButton({ form }: { form: ProfileEditStore }) {
  const { t } = useTranslation('profile')
  return (
    <SubmitButton disabled={form.readOnly || form.submitting} submitting={form.submitting} data-testid="profile-save">
      {t('edit.save')}
    </SubmitButton>
  )
})
