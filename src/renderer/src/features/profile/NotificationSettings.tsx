import { NotificationPreferencesPanel } from './NotificationPreferencesPanel.tsx'
import { useProfileCatalogue } from '../../i18n/profileCatalogue.ts'

/** The toggles of the notification families, the same panel as on the profile. */
export function NotificationSettings() {
  useProfileCatalogue()
  return <NotificationPreferencesPanel />
}
