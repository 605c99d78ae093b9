/** The notification service and search calls: entries of the shared notifications and search tables, parsed with their response schemas. */
import {
  notificationEndpoints,
  type InboxMessage,
  type MessagesResponse,
  type Notification,
  type NotificationPage,
  type Popup
} from '../../../../shared/api/notifications.ts'
import { searchEndpoints, type SearchResult } from '../../../../shared/api/search.ts'
import { NOTIFICATION_PAGE_SIZE } from '../../../../shared/constants.ts'
import type { HttpClient } from '../../api/http.ts'

export type { InboxMessage, MessagesResponse, Notification, NotificationPage, Popup, SearchResult }

export interface NotificationsApi {
  notifications(page: number, unreadOnly: boolean, perPage?: number): Promise<NotificationPage>
  markSeen(id: number): Promise<Notification>
  messages(userId: number): Promise<MessagesResponse>
  message(userId: number, messageId: string): Promise<InboxMessage>
  popups(userId: number): Promise<Popup[]>
  hidePopup(userId: number, popupId: string): Promise<void>
  search(term: string, signal?: AbortSignal): Promise<SearchResult[]>
}

export function createNotificationsApi(http: HttpClient): NotificationsApi {
  const notify = notificationEndpoints
  return {
    notifications: (page, unreadOnly, perPage = NOTIFICATION_PAGE_SIZE) =>
      http.call(notify.notifications, {
        query: { page, orderBy: 'id', sortedBy: 'desc', perPage, ...(unreadOnly ? { search: 'seen:false' } : {}) }
      }),
    markSeen: async (id) => (await http.call(notify.markSeen, { params: { id } })).notification,
    messages: (userId) => http.call(notify.messages, { query: { user_id: userId } }),
    message: (userId, messageId) => http.call(notify.message, { query: { user_id: userId, message_id: messageId } }),
    popups: (userId) => http.call(notify.popups, { query: { user_id: userId } }),
    hidePopup: async (userId, popupId) => {
      await http.call(notify.hidePopup, { query: { popup_id: popupId, user_id: userId } })
    },
    search: (term, signal) => http.call(searchEndpoints.autocomplete, { body: { term }, ...(signal ? { signal } : {}) })
  }
}
