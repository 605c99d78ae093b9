import { Avatar, Button, MessageBar, MessageBarActions, MessageBarBody } from '@fluentui/react-components'
import { observer } from 'mobx-react-lite'
import { useEffect, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate } from 'react-router-dom'
import { isolate } from '../../lib/bidi.ts'
import { markInteractive } from '../../lib/performance.ts'
import { formatReportDate } from '../../lib/time.ts'
import { useStores } from '../../stores/StoreContext.tsx'
import { AdCards } from '../../components/AdCards.tsx'
import { ParentPhoneDialog } from './ParentPhoneDialog.tsx'
import { useProfileCatalogue } from '../../i18n/profileCatalogue.ts'
import { useProfileStyles } from './styles.ts'
import { ProfileSection } from './ProfileSection.tsx'
import { useProfileStores } from './useProfileStores.ts'

/** A country's name in the interface language, from its ISO code. */
function regionName(code: string, language: string): string | null {
  try {
    return new Intl.DisplayNames([language], { type: 'region' }).of(code) ?? null
  } catch {
    return null
  }
}

/** 'Mon profil' (§2): a warning banner when something is missing, then the two profile blocks. */
export const Component = observer(function ProfilePage() {
  useProfileCatalogue()
  const { session, settings } = useStores()
  const { parentPhone, stateNames, adCards } = useProfileStores()
  const styles = useProfileStyles()
  const { t } = useTranslation('profile')
  const navigate = useNavigate()
  const [parentOpen, setParentOpen] = useState(false)

  useEffect(() => {
    // The page shows the freshest data the server has (another device may have changed it).
    void session
      .loadUser()
      .catch(() => undefined)
      .finally(markInteractive)
  }, [session])

  // In Arabic the governorate is shown by its Arabic name, as the edit form lists it.
  const arabicStateOf = settings.language === 'ar' && session.me?.user.state ? session.me.user.country_id : null
  useEffect(() => {
    if (arabicStateOf != null) void stateNames.load(arabicStateOf)
  }, [arabicStateOf, stateNames])

  const me = session.me
  if (!me) return null
  const user = me.user
  const countryName = user.country ? (regionName(user.country.code, settings.language) ?? user.country.name) : null
  const row = (label: string, value: ReactNode, testId: string) => (
    <>
      <dt className={styles.term}>{label}</dt>
      <dd className={styles.value} data-testid={testId}>
        {value === null || value === '' ? t('page.notSet') : value}
      </dd>
    </>
  )
  const ltr = (value: string | null) => (value ? <span className={styles.ltr}>{value}</span> : null)

  return (
    <div className={styles.page} data-testid="profile-page">
      <header className={styles.headerRow}>
        <h1 className={styles.title}>{t('page.title')}</h1>
        <Link to="/mon-profil/edit" data-testid="profile-edit-link">
          <Button appearance="primary" tabIndex={-1}>
            {t('page.edit')}
          </Button>
        </Link>
      </header>
      {!user.completed ? (
        <MessageBar intent="warning" data-testid="profile-warning">
          <MessageBarBody>{t('page.warning')}</MessageBarBody>
          <MessageBarActions>
            <Button onClick={() => void navigate('/mon-profil/edit')}>{t('page.complete')}</Button>
          </MessageBarActions>
        </MessageBar>
      ) : null}
      <div className={styles.layout}>
        <div className={styles.grid}>
          <section className={styles.card} aria-labelledby="identity-title" data-testid="profile-identity">
            <div className={styles.identity}>
              <Avatar
                size={72}
                name={`${user.name} ${user.last_name}`}
                image={
                  session.avatarUrl
                    ? { src: session.avatarUrl, alt: t('avatar.alt', { name: `${user.name} ${user.last_name}` }) }
                    : undefined
                }
                color="colorful"
                data-testid="profile-avatar"
                data-src={session.avatarUrl ?? ''}
              />
              <h2 id="identity-title" className={styles.sectionTitle}>
                {t('page.identity')}
              </h2>
            </div>
            <dl className={styles.facts}>
              {row(t('page.name'), user.name, 'profile-name')}
              {row(t('page.lastName'), user.last_name, 'profile-last-name')}
              {row(t('page.gender'), user.gender ? t(`gender.${user.gender}`) : null, 'profile-gender')}
              {row(t('page.birthDate'), user.birth_date ? ltr(formatReportDate(user.birth_date)) : null, 'profile-birth-date')}
              {row(t('page.phone'), ltr(user.phone), 'profile-phone')}
              {row(t('page.parentPhone'), ltr(user.phone2), 'profile-phone2')}
              {row(
                t('page.email'),
                user.email
                  ? t('page.emailWithStatus', {
                      email: isolate(user.email, 'ltr'),
                      status: user.email_verified ? t('page.verified') : t('page.notVerified')
                    })
                  : null,
                'profile-email'
              )}
            </dl>
            {!me.hasPhoneParent && !user.istest ? (
              <div className={styles.actions}>
                <Button
                  onClick={() => {
                    parentPhone.phone.reset({ phone: '' })
                    setParentOpen(true)
                  }}
                  data-testid="profile-add-parent-phone"
                >
                  {t('page.addParentPhone')}
                </Button>
              </div>
            ) : null}
          </section>
          <ProfileSection id="academic-title" title={t('page.academic')} testId="profile-academic">
            <dl className={styles.facts}>
              {row(t('page.division'), user.division?.name ?? null, 'profile-division')}
              {user.optional_subject ? row(t('page.optionalSubject'), user.optional_subject.name, 'profile-optional-subject') : null}
              {row(t('page.country'), countryName, 'profile-country')}
              {row(t('page.state'), user.state ? stateNames.name(user.state, settings.language) : null, 'profile-state')}
              {row(t('page.delegation'), user.delegation?.name ?? null, 'profile-delegation')}
              {row(t('page.institute'), user.institute?.name ?? null, 'profile-institute')}
            </dl>
          </ProfileSection>
        </div>
        <AdCards load={adCards} label={t('page.adsLabel')} openLabel={t('ads.open')} videoLabel={t('ads.video')} testId="profile-ads" />
      </div>
      <ParentPhoneDialog open={parentOpen} onClose={() => setParentOpen(false)} />
    </div>
  )
})
