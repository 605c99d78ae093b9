/**
 * Creating what the notification service delivers: notifications, inbox messages and popups.
 * Each is stored first, then pushed to the user's open streams; a client that was offline finds
 * it in its lists (and in the stream's replay) later.
 */
import { randomUUID } from 'node:crypto'
import type { Notification, NotificationType, InboxMessage, Popup } from '../../../src/shared/api/notifications.ts'
import type { Executor } from '../db/client.ts'
import { inboxMessages, notifications, popups } from '../db/schema.ts'
import type { RealtimeHub } from './realtime.ts'

type NotificationRow = typeof notifications.$inferSelect
type MessageRow = typeof inboxMessages.$inferSelect

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

export type NewNotification = { userId: number; title: string; body: string; link?: string | null; type?: NotificationType | null }

export type NotificationService = {
  /** Stores and pushes at once: for changes already committed. */
  notify(db: Executor, input: NewNotification): Promise<Notification>
  /** Stores only, inside the caller's transaction; `publish` it once that has committed. */
  store(db: Executor, input: NewNotification): Promise<{ userId: number; notification: Notification }>
  publish(created: { userId: number; notification: Notification }): void
  message(db: Executor, input: { userId: number; name: string; body: string }): Promise<InboxMessage>
  popup(db: Executor, input: { userId: number | null; name: string; body: string }): Promise<Popup>
}

/** Call these once the change they report has committed: the push goes out at once. */
export function createNotificationService(hub: RealtimeHub, clock: { now(): Date }): NotificationService {
  const store: NotificationService['store'] = async (db, input) => {
    const [row] = await db.insert(notifications).values({
      userId: input.userId, title: input.title, body: input.body, link: input.link ?? null, type: input.type ?? null, createdAt: clock.now()
    }).returning()
    return { userId: input.userId, notification: presentNotification(row!) }
  }
  const publish: NotificationService['publish'] = ({ userId, notification }) => {
    hub.publish(userId, 'notification', notification, notification.id)
  }
  return {
    store,
    publish,
    async notify(db, input) {
      const created = await store(db, input)
      publish(created)
      return created.notification
    },
    async message(db, input) {
      const [row] = await db.insert(inboxMessages).values({
        id: randomUUID(), userId: input.userId, name: input.name, body: input.body, createdAt: clock.now()
      }).returning()
      const message = presentMessage(row!)
      hub.publish(input.userId, 'message', message)
      return message
    },
    async popup(db, input) {
      const [row] = await db.insert(popups).values({
        id: randomUUID(), userId: input.userId, name: input.name, body: input.body, createdAt: clock.now()
      }).returning()
      const popup: Popup = { _id: row!.id, popup: { name: row!.name, body: row!.body } }
      hub.publish(input.userId, 'popup', popup)
      return popup
    }
  }
}
