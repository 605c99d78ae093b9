/**
 * What the app shell and the other areas use of the profile area (docs/decisions/0028-areas.md).
 * Imported at start-up: only loaders and types, the screens, dialogs and stores keep their own chunks.
 */
export type { ProfileApi } from './api.ts'
export const loadProfilePage = () => import('./ProfilePage.tsx')
export const loadProfileEditPage = () => import('./ProfileEditPage.tsx')
/** The notification preferences, also shown in the notification dropdown's settings. */
export const loadNotificationSettings = () => import('./NotificationSettings.tsx')
/** The profile calls, for another area's list of the pupil's class change requests. */
export const loadProfileApi = () => import('./api.ts')
