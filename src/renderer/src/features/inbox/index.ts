/**
 * What the app shell and the other areas use of the inbox area (notifications, messages, popups,
 * search; docs/decisions/0028-areas.md). Imported at start-up: only loaders and types, the
 * stores, panels and screen keep their own chunks.
 */
export type { InboxStores, InboxStoresOptions } from './stores/InboxStores.ts'
export const loadInboxStores = () => import('./stores/InboxStores.ts')
export const loadNotificationPanel = () => import('./NotificationPanel.tsx')
export const loadMessagesPanel = () => import('./MessagesPanel.tsx')
export const loadPopupDialog = () => import('./PopupDialog.tsx')
export const loadInboxMessagePage = () => import('./InboxMessagePage.tsx')
