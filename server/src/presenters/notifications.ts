/**
 * The only way notifications, inbox messages and popups leave the server: the shapes of
 * src/shared/api/notifications.ts, for one row (a created or updated one) and, for the lists, as
 * the JSON the database writes (db/json.ts; docs/decisions/0030-lists-at-the-p8-bar.md).
 */
import { sql, type SQL, type SQLWrapper } from 'drizzle-orm'
import { PageMetaSchema } from '../../../src/shared/api/common.ts'
import {
  InboxMessageSchema,
  MessagesResponseSchema,
  NotificationSchema,
  PopupSchema,
  type InboxMessage,
  type Notification,
  type NotificationType,
  type Popup
} from '../../../src/shared/api/notifications.ts'
import { jsonObject, jsonTime, jsonValue } from '../db/json.ts'
import { inboxMessages, notifications, popups } from '../db/schema.ts'
import { Serialized } from '../http.ts'

type NotificationRow = typeof notifications.$inferSelect
type MessageRow = typeof inboxMessages.$inferSelect
type PopupRow = typeof popups.$inferSelect

export function presentNotification(row: NotificationRow): Notification {
  return {
    id: row.id,
    title: row.title,
    body: row.body,
    link: row.link,
    url: row.link,
    type: (row.type as NotificationType | null) ?? null,
    seen: row.seen,
    created_at: row.createdAt.toISOString()
  }
}

export function presentMessage(row: MessageRow): InboxMessage {
  return { _id: row.id, seen: row.seen, message: { name: row.name, body: row.body }, created_at: row.createdAt.toISOString() }
}

export function presentPopup(row: PopupRow): Popup {
  return { _id: row.id, popup: { name: row.name, body: row.body } }
}

/** A notification row as the JSON of `presentNotification`. */
export const notificationJson = jsonObject(NotificationSchema, {
  id: jsonValue(notifications.id),
  title: jsonValue(notifications.title),
  body: jsonValue(notifications.body),
  link: jsonValue(notifications.link),
  url: jsonValue(notifications.link),
  type: jsonValue(notifications.type),
  seen: jsonValue(notifications.seen),
  created_at: jsonTime(notifications.createdAt)
})

/** An inbox message row as the JSON of `presentMessage`. */
export const inboxMessageJson = jsonObject(InboxMessageSchema, {
  _id: jsonValue(inboxMessages.id),
  seen: jsonValue(inboxMessages.seen),
  message: jsonObject(InboxMessageSchema.shape.message, { name: jsonValue(inboxMessages.name), body: jsonValue(inboxMessages.body) }),
  created_at: jsonTime(inboxMessages.createdAt)
})

/** The inbox's answer: its messages' JSON array and the unread count (a number, written as a string). */
export const messagesJson = (data: SQL, unread: SQLWrapper): SQL<string> =>
  jsonObject(MessagesResponseSchema, { data, unread: sql`(${unread})::text` })

/** A popup row as the JSON of `presentPopup`. */
export const popupJson = jsonObject(PopupSchema, {
  _id: jsonValue(popups.id),
  popup: jsonObject(PopupSchema.shape.popup, { name: jsonValue(popups.name), body: jsonValue(popups.body) })
})

/** A page of the bell: its items' JSON array as the database wrote it, and the page's meta. */
export function presentNotificationPage(page: { total: number; data: string }, query: { page: number; perPage: number }): Serialized {
  const { total } = page
  const meta = PageMetaSchema.encode({
    current_page: query.page,
    last_page: Math.max(1, Math.ceil(total / query.perPage)),
    total,
    per_page: query.perPage
  })
  return new Serialized(`{"data":${page.data},"meta":${JSON.stringify(meta)}}`)
}
