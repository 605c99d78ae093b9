/**
 * The notification service's data: the bell's pages, the inbox and the popups (each ONE prepared
 * statement answering the JSON the database writes, docs/decisions/0030-lists-at-the-p8-bar.md),
 * marking one seen or hidden, the stream's replay; and creating notifications, inbox messages and
 * popups. Each is stored first, then pushed to the user's open streams; a client that was offline
 * finds it in its lists (and in the stream's replay) later.
 */
import { randomUUID } from 'node:crypto'
import { and, asc, count, desc, eq, gt, isNull, notExists, or, sql, type SQL } from 'drizzle-orm'
import type { z } from 'zod'
import type {
  Notification,
  NotificationType,
  InboxMessage,
  NotificationsQuerySchema,
  Popup
} from '../../../src/shared/api/notifications.ts'
import { parseCredential } from '../../../src/shared/rules/credential.ts'
import type { Executor } from '../db/client.ts'
import { jsonArrayAgg, jsonListStatement } from '../db/json.ts'
import { preparedFor } from '../db/prepared.ts'
import { inboxMessages, notifications, popupHides, popups, sessions } from '../db/schema.ts'
import { ApiError } from '../errors.ts'
import {
  inboxMessageJson,
  messagesJson,
  notificationJson,
  popupJson,
  presentMessage,
  presentNotification,
  presentPopup
} from '../presenters/notifications.ts'
import { findByCredential, findById } from './users.ts'
import type { RealtimeHub } from './realtime.ts'

type NotificationRow = typeof notifications.$inferSelect
type MessageRow = typeof inboxMessages.$inferSelect
/** The bell's query once parsed (its defaults filled in). */
export type NotificationsQuery = z.output<typeof NotificationsQuerySchema>

/*
 * The bell's pages, the inbox and the popups: each ONE statement, its answer's JSON built by the
 * database (presenters/notifications.ts), once per database handle (on PostgreSQL a named statement).
 */

const me = sql.placeholder('userId')

type PageFilter = 'all' | 'unseen' | 'seen'
type PageOrder = 'asc' | 'desc'
const pageFilters: Record<PageFilter, SQL | undefined> = {
  all: undefined,
  // Written as conditions, not compared with a parameter: the partial index of the unread ones applies.
  unseen: sql`not ${notifications.seen}`,
  seen: sql`${notifications.seen}`
}

/** One page of a user's notifications (its items' JSON) with how many there are in all. */
function notificationPageQuery(filter: PageFilter, order: PageOrder) {
  return preparedFor((db) => {
    const where = and(eq(notifications.userId, me), pageFilters[filter])
    const page = db
      .select({ id: notifications.id, json: notificationJson.as('json') })
      .from(notifications)
      .where(where)
      .orderBy(order === 'asc' ? asc(notifications.id) : desc(notifications.id))
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .as('page')
    return db
      .select({
        total: sql<number>`(${db.select({ n: count() }).from(notifications).where(where)})::int`,
        data: jsonArrayAgg(page.json, sql`${page.id} ${sql.raw(order)}`)
      })
      .from(page)
      .prepare(`notifications_page_${filter}_${order}`)
  })
}
const notificationPageQueries = new Map<string, ReturnType<typeof notificationPageQuery>>()
for (const filter of Object.keys(pageFilters) as PageFilter[]) {
  for (const order of ['asc', 'desc'] as const) notificationPageQueries.set(`${filter} ${order}`, notificationPageQuery(filter, order))
}

const pageFilterOf = (search: NotificationsQuery['search']): PageFilter =>
  search === 'seen:false' ? 'unseen' : search === 'seen:true' ? 'seen' : 'all'

/** The latest 100 messages of the inbox, newest first, with how many are unseen in all. */
const messagesQuery = preparedFor((db) => {
  const mine = eq(inboxMessages.userId, me)
  const latest = db
    .select({
      id: inboxMessages.id,
      createdAt: inboxMessages.createdAt,
      json: inboxMessageJson.as('json')
    })
    .from(inboxMessages)
    .where(mine)
    .orderBy(desc(inboxMessages.createdAt), desc(inboxMessages.id))
    .limit(100)
    .as('latest')
  return db
    .select({
      json: messagesJson(
        jsonArrayAgg(latest.json, sql`${latest.createdAt} desc, ${latest.id} desc`),
        db
          .select({ n: count() })
          .from(inboxMessages)
          .where(and(mine, sql`not ${inboxMessages.seen}`))
      )
    })
    .from(latest)
    .prepare('inbox_messages')
})

/** The popups to show a user: active, for them or for everyone, and not hidden by them; the oldest first. */
const popupsQuery = preparedFor((db) => {
  const shown = db
    .select({
      id: popups.id,
      createdAt: popups.createdAt,
      json: popupJson.as('json')
    })
    .from(popups)
    .where(
      and(
        eq(popups.active, true),
        or(isNull(popups.userId), eq(popups.userId, me)),
        notExists(
          db
            .select({ one: sql`1` })
            .from(popupHides)
            .where(and(eq(popupHides.popupId, popups.id), eq(popupHides.userId, me)))
        )
      )
    )
    .orderBy(asc(popups.createdAt), asc(popups.id))
    .limit(20)
    .as('shown')
  return jsonListStatement(db, shown, sql`${shown.createdAt}, ${shown.id}`, 'popups_shown')
})

/** A page of the user's notifications: its items' JSON and how many the filter holds in all. */
export async function notificationPage(db: Executor, userId: number, query: NotificationsQuery): Promise<{ total: number; data: string }> {
  const pageQuery = notificationPageQueries.get(`${pageFilterOf(query.search)} ${query.sortedBy}`)!
  const [read] = await pageQuery(db).execute({ userId, limit: query.perPage, offset: (query.page - 1) * query.perPage })
  return read!
}

/** Marks one of the user's notifications seen (the first time is kept). */
export async function markNotificationSeen(db: Executor, userId: number, id: number, now: Date): Promise<NotificationRow> {
  const [row] = await db
    .update(notifications)
    .set({ seen: true, seenAt: sql`coalesce(${notifications.seenAt}, ${now})` })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning()
  if (!row) throw new ApiError('not_found', 'Notification introuvable')
  return row
}

/** The inbox's answer as the database writes it. */
export async function inboxMessagesJson(db: Executor, userId: number): Promise<string> {
  const [read] = await messagesQuery(db).execute({ userId })
  return read!.json
}

/** Opens one of the user's inbox messages: it is seen from then on. */
export async function openMessage(db: Executor, userId: number, messageId: string): Promise<MessageRow> {
  const [row] = await db
    .update(inboxMessages)
    .set({ seen: true })
    .where(and(eq(inboxMessages.id, messageId), eq(inboxMessages.userId, userId)))
    .returning()
  if (!row) throw new ApiError('not_found', 'Message introuvable')
  return row
}

/** The popups to show the user, as the database writes the answer. */
export async function shownPopupsJson(db: Executor, userId: number): Promise<string> {
  const [read] = await popupsQuery(db).execute({ userId })
  return read!.json
}

/** "Never show again": one popup the user may see, hidden for them (once). */
export async function hidePopup(db: Executor, userId: number, popupId: string, now: Date): Promise<void> {
  const visible = and(eq(popups.active, true), or(isNull(popups.userId), eq(popups.userId, userId)))
  const [popup] = await db
    .select({ id: popups.id })
    .from(popups)
    .where(and(eq(popups.id, popupId), visible))
    .limit(1)
  if (!popup) throw new ApiError('not_found', 'Popup introuvable')
  await db.insert(popupHides).values({ popupId: popup.id, userId, hiddenAt: now }).onConflictDoNothing()
}

/** The user's notifications after `afterId`, oldest first (a stream's replay on connect). */
export async function notificationsAfter(db: Executor, userId: number, afterId: number, limit: number): Promise<NotificationRow[]> {
  return db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), gt(notifications.id, afterId)))
    .orderBy(asc(notifications.id))
    .limit(limit)
}

/** Whether a session is still open (not revoked, not expired) at `now`. */
export async function sessionOpen(db: Executor, sessionId: string, now: Date): Promise<boolean> {
  const [session] = await db
    .select({ revokedAt: sessions.revokedAt, expiresAt: sessions.expiresAt })
    .from(sessions)
    .where(eq(sessions.id, sessionId))
    .limit(1)
  return session !== undefined && session.revokedAt === null && session.expiresAt.getTime() > now.getTime()
}

/** The user an operator names by id or by the phone or e-mail they sign in with. */
export async function findRecipient(db: Executor, target: { userId?: number | null; to?: string | null }): Promise<number> {
  const credential = target.to ? parseCredential(target.to) : null
  const user = credential ? await findByCredential(db, credential) : target.userId != null ? await findById(db, target.userId) : null
  if (!user) throw new ApiError('not_found', 'Utilisateur introuvable')
  return user.id
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
    const [row] = await db
      .insert(notifications)
      .values({
        userId: input.userId,
        title: input.title,
        body: input.body,
        link: input.link ?? null,
        type: input.type ?? null,
        createdAt: clock.now()
      })
      .returning()
    return { userId: input.userId, notification: presentNotification(row!) }
  }
  const publish: NotificationService['publish'] = ({ userId, notification }) => {
    hub.publish(userId, 'notification', notification, notification.id)
  }
  /** A message or a popup row: a new id, written now. */
  const namedRow = <U extends number | null>(input: { userId: U; name: string; body: string }) => ({
    id: randomUUID(),
    userId: input.userId,
    name: input.name,
    body: input.body,
    createdAt: clock.now()
  })
  /** Sent to the user's open streams (to everybody's for a popup without a user) once written. */
  const delivered = <T>(userId: number | null, event: 'message' | 'popup', item: T): T => {
    hub.publish(userId, event, item)
    return item
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
      const [row] = await db.insert(inboxMessages).values(namedRow(input)).returning()
      return delivered(input.userId, 'message', presentMessage(row!))
    },
    async popup(db, input) {
      const [row] = await db.insert(popups).values(namedRow(input)).returning()
      return delivered(input.userId, 'popup', presentPopup(row!))
    }
  }
}
