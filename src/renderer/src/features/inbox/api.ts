/** The notification service and search calls, parsed with the shared contract's schemas. */
import { z } from 'zod'
import { MessageResponseSchema } from '../../../../shared/api/common.ts'
import {
  InboxMessageSchema, MarkSeenResponseSchema, MessagesResponseSchema, NotificationPageSchema, PopupSchema,
  type InboxMessage, type MessagesResponse, type Notification, type NotificationPage, type Popup
} from '../../../../shared/api/notifications.ts'
import { SearchResultSchema, type SearchResult } from '../../../../shared/api/search.ts'
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
  return {
    notifications: (page, unreadOnly, perPage = NOTIFICATION_PAGE_SIZE) => http.request({
      method: 'GET', path: '/student/notifications', schema: NotificationPageSchema,
      query: { page, orderBy: 'id', sortedBy: 'desc', perPage, ...(unreadOnly ? { search: 'seen:false' } : {}) }
    }),
    markSeen: async (id) => (await http.request({
      method: 'POST', path: `/student/notifications/${id}/mark-as-seen`, schema: MarkSeenResponseSchema
    })).notification,
    messages: (userId) => http.request({ service: 'notify', method: 'GET', path: '/getMessages', query: { user_id: userId }, schema: MessagesResponseSchema }),
    message: (userId, messageId) => http.request({
      service: 'notify', method: 'GET', path: '/message', query: { user_id: userId, message_id: messageId }, schema: InboxMessageSchema
    }),
    popups: (userId) => http.request({ service: 'notify', method: 'GET', path: '/getPopups', query: { user_id: userId }, schema: z.array(PopupSchema) }),
    hidePopup: async (userId, popupId) => {
      await http.request({ service: 'notify', method: 'GET', path: '/popup/hide', query: { popup_id: popupId, user_id: userId }, schema: MessageResponseSchema })
    },
    search: (term, signal) => http.request({
      method: 'POST', path: '/search/autocomplete', body: { term }, schema: z.array(SearchResultSchema), ...(signal ? { signal } : {})
    })
  }
}
