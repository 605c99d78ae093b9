import { NotificationPreferencesPanel } from '../profile/NotificationPreferencesPanel.tsx'
import { useProfileCatalogue } from '../profile/profileCatalogue.ts'

/** The toggles of the notification families, the same panel as on the profile. */
export function NotificationSettings() {
  useProfileCatalogue()
  return <NotificationPreferencesPanel />
}
