import { Switch } from '@fluentui/react-components'
import { observer } from 'mobx-react-lite'
import { useTranslation } from 'react-i18next'
import type { PreferenceFamily } from './stores/ProfileDialogStores.ts'
import { useProfileStyles } from './styles.ts'
import { ProfileSection } from './ProfileSection.tsx'
import { useProfileStores } from './useProfileStores.ts'

/** Notification toggles grouped by family (§3): each one is saved as soon as it is switched. */
export const NotificationPreferencesPanel = observer(function NotificationPreferencesPanel({ disabled }: { disabled?: boolean }) {
  const { preferences } = useProfileStores()
  const styles = useProfileStyles()
  const { t } = useTranslation('profile')
  const families = Object.entries(preferences.families) as [PreferenceFamily, readonly (keyof typeof preferences.saving)[]][]

  return (
    <ProfileSection id="preferences-title" title={t('preferences.title')} testId="notification-preferences">
      <div className={styles.fields}>
        {families.map(([family, names]) => (
          <fieldset key={family} className={styles.family}>
            <legend className={styles.legend}>{t(`preferences.${family}`)}</legend>
            {names.map((name) => (
              <Switch
                key={name}
                label={t(`preferences.${name}`)}
                checked={preferences.value(name)}
                disabled={disabled || Boolean(preferences.saving[name])}
                onChange={(_event, data) => void preferences.toggle(name, data.checked)}
                data-testid={`preference-${name}`}
              />
            ))}
          </fieldset>
        ))}
      </div>
    </ProfileSection>
  )
})
