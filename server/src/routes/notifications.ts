/**
 * The notification service: notifications (main API, paged), inbox messages and popups
 * (notification service), the realtime stream, and the operator calls that create them.
 */
import { and, asc, count, desc, eq, gt, isNull, notExists, or, sql, type SQL } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { PageMetaSchema } from '../../../src/shared/api/common.ts'
import {
  InboxMessageSchema, MessagesResponseSchema, NotificationSchema, PopupSchema, STREAM_KEEPALIVE_MS, notificationEndpoints as ep,
  notificationOperatorEndpoints as op, type NotificationsQuery
} from '../../../src/shared/api/notifications.ts'
import { parseCredential } from '../../../src/shared/rules/credential.ts'
import { jsonArrayAgg, jsonObject, jsonTime, jsonValue } from '../db/json.ts'
import { preparedFor } from '../db/prepared.ts'
import { inboxMessages, notifications, popupHides, popups, sessions } from '../db/schema.ts'
import { ApiError } from '../errors.ts'
import { addRoute, Serialized, type AuthInfo } from '../http.ts'
import { findByCredential, findById } from '../repositories/users.ts'
import type { Services } from '../services.ts'
import { presentMessage, presentNotification } from '../services/notifications.ts'
import { sseFrame, type StreamWriter } from '../services/realtime.ts'

/** The notification service is asked with a `user_id`; only one's own is answered. */
function checkOwnId(auth: AuthInfo, userId: number): void {
  if (userId !== auth.user.id) throw new ApiError('forbidden', 'Accès refusé')
}

/** Replayed on connect at most (a client further behind reloads its list). */
const REPLAY_LIMIT = 100
/** The largest id a notification can have (a PostgreSQL integer). */
const MAX_ID = 2_147_483_647
/** Bytes a stream may hold unsent before its client is let go. */
const STREAM_BUFFER_LIMIT = 256 * 1024
/** Notification ids a stream remembers having sent. */
const SENT_IDS_KEPT = 1000

/*
 * The bell's pages, the inbox and the popups: each ONE statement, its answer's JSON built by the
 * database (db/json.ts), once per database handle (on PostgreSQL a named statement).
 */

const me = sql.placeholder('userId')

const notificationJson = jsonObject(NotificationSchema, {
  id: jsonValue(notifications.id),
  title: jsonValue(notifications.title),
  body: jsonValue(notifications.body),
  link: jsonValue(notifications.link),
  url: jsonValue(notifications.link),
  type: jsonValue(notifications.type),
  seen: jsonValue(notifications.seen),
  created_at: jsonTime(notifications.createdAt)
})

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
    const page = db.select({ id: notifications.id, json: notificationJson.as('json') }).from(notifications).where(where)
      .orderBy(order === 'asc' ? asc(notifications.id) : desc(notifications.id))
      .limit(sql.placeholder('limit')).offset(sql.placeholder('offset')).as('page')
    return db.select({
      total: sql<number>`(${db.select({ n: count() }).from(notifications).where(where)})::int`,
      data: jsonArrayAgg(page.json, sql`${page.id} ${sql.raw(order)}`)
    }).from(page).prepare(`notifications_page_${filter}_${order}`)
  })
}
const notificationPageQueries = new Map<string, ReturnType<typeof notificationPageQuery>>()
for (const filter of Object.keys(pageFilters) as PageFilter[]) {
  for (const order of ['asc', 'desc'] as const) notificationPageQueries.set(`${filter} ${order}`, notificationPageQuery(filter, order))
}

const pageFilterOf = (search: NotificationsQuery['search']): PageFilter => search === 'seen:false' ? 'unseen' : search === 'seen:true' ? 'seen' : 'all'

/** The latest 100 messages of the inbox, newest first, with how many are unseen in all. */
const messagesQuery = preparedFor((db) => {
  const mine = eq(inboxMessages.userId, me)
  const latest = db.select({
    id: inboxMessages.id,
    createdAt: inboxMessages.createdAt,
    json: jsonObject(InboxMessageSchema, {
      _id: jsonValue(inboxMessages.id),
      seen: jsonValue(inboxMessages.seen),
      message: jsonObject(InboxMessageSchema.shape.message, { name: jsonValue(inboxMessages.name), body: jsonValue(inboxMessages.body) }),
      created_at: jsonTime(inboxMessages.createdAt)
    }).as('json')
  }).from(inboxMessages).where(mine).orderBy(desc(inboxMessages.createdAt), desc(inboxMessages.id)).limit(100).as('latest')
  return db.select({
    json: jsonObject(MessagesResponseSchema, {
      data: jsonArrayAgg(latest.json, sql`${latest.createdAt} desc, ${latest.id} desc`),
      unread: sql`(${db.select({ n: count() }).from(inboxMessages).where(and(mine, sql`not ${inboxMessages.seen}`))})::text`
    })
  }).from(latest).prepare('inbox_messages')
})

/** The popups to show a user: active, for them or for everyone, and not hidden by them; the oldest first. */
const popupsQuery = preparedFor((db) => {
  const shown = db.select({
    id: popups.id,
    createdAt: popups.createdAt,
    json: jsonObject(PopupSchema, {
      _id: jsonValue(popups.id),
      popup: jsonObject(PopupSchema.shape.popup, { name: jsonValue(popups.name), body: jsonValue(popups.body) })
    }).as('json')
  }).from(popups)
    .where(and(eq(popups.active, true), or(isNull(popups.userId), eq(popups.userId, me)), notExists(
      db.select({ one: sql`1` }).from(popupHides).where(and(eq(popupHides.popupId, popups.id), eq(popupHides.userId, me)))
    )))
    .orderBy(asc(popups.createdAt), asc(popups.id)).limit(20).as('shown')
  return db.select({ json: jsonArrayAgg(shown.json, sql`${shown.createdAt}, ${shown.id}`) }).from(shown).prepare('popups_shown')
})

export function registerNotificationRoutes(app: FastifyInstance, services: Services): void {
  const { db } = services.database

  addRoute(app, services, ep.notifications, async ({ auth, query }) => {
    const pageQuery = notificationPageQueries.get(`${pageFilterOf(query.search)} ${query.sortedBy}`)!
    const [read] = await pageQuery(db).execute({ userId: auth.user.id, limit: query.perPage, offset: (query.page - 1) * query.perPage })
    const total = read!.total
    const meta = PageMetaSchema.encode({ current_page: query.page, last_page: Math.max(1, Math.ceil(total / query.perPage)), total, per_page: query.perPage })
    return new Serialized(`{"data":${read!.data},"meta":${JSON.stringify(meta)}}`)
  })

  addRoute(app, services, ep.markSeen, async ({ auth, params }) => {
    const [row] = await db.update(notifications)
      .set({ seen: true, seenAt: sql`coalesce(${notifications.seenAt}, ${services.clock.now()})` })
      .where(and(eq(notifications.id, params.id), eq(notifications.userId, auth.user.id)))
      .returning()
    if (!row) throw new ApiError('not_found', 'Notification introuvable')
    return { message: 'Notification lue', notification: presentNotification(row) }
  })

  addRoute(app, services, ep.messages, async ({ auth, query }) => {
    checkOwnId(auth, query.user_id)
    const [read] = await messagesQuery(db).execute({ userId: auth.user.id })
    return new Serialized(read!.json)
  })

  addRoute(app, services, ep.message, async ({ auth, query }) => {
    checkOwnId(auth, query.user_id)
    const [row] = await db.update(inboxMessages).set({ seen: true })
      .where(and(eq(inboxMessages.id, query.message_id), eq(inboxMessages.userId, auth.user.id)))
      .returning()
    if (!row) throw new ApiError('not_found', 'Message introuvable')
    return presentMessage(row)
  })

  const visiblePopups = (userId: number) => and(
    eq(popups.active, true),
    or(isNull(popups.userId), eq(popups.userId, userId))
  )

  addRoute(app, services, ep.popups, async ({ auth, query }) => {
    checkOwnId(auth, query.user_id)
    const [read] = await popupsQuery(db).execute({ userId: auth.user.id })
    return new Serialized(read!.json)
  })

  addRoute(app, services, ep.hidePopup, async ({ auth, query }) => {
    checkOwnId(auth, query.user_id)
    const [popup] = await db.select({ id: popups.id }).from(popups).where(and(eq(popups.id, query.popup_id), visiblePopups(auth.user.id))).limit(1)
    if (!popup) throw new ApiError('not_found', 'Popup introuvable')
    await db.insert(popupHides).values({ popupId: popup.id, userId: auth.user.id, hiddenAt: services.clock.now() }).onConflictDoNothing()
    return { message: 'Ce message ne sera plus affiché' }
  })

  addRoute(app, services, ep.stream, async ({ auth, query, request, reply }) => {
    const header = request.headers['last-event-id']
    const fromHeader = typeof header === 'string' && /^\d{1,10}$/.test(header) ? Number(header) : undefined
    // An id past any the database can hold names nothing: no replay, and nothing held back.
    const resumeAfter = query.after ?? (fromHeader !== undefined && fromHeader <= MAX_ID ? fromHeader : undefined)
    const userId = auth.user.id
    // Fastify's hooks (CORS, security headers) set theirs on the reply; the stream writes raw.
    reply.hijack()
    const raw = reply.raw
    raw.writeHead(200, {
      ...(reply.getHeaders() as Record<string, string>),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no'
    })
    raw.flushHeaders()
    let open = true
    let keepAlive: ReturnType<typeof setInterval> | null = null
    let finish: () => void = () => undefined
    const finished = new Promise<void>((resolve) => {
      finish = resolve
    })
    // Events that arrive while the replay is read wait here, then go out in order, once each.
    let pending: Array<{ event: Parameters<StreamWriter['send']>[0]; data: unknown; id?: number }> | null = []
    // Ids sent, not a high mark: two notifications committed out of order both go out.
    const sent = new Set<number>()
    const write = (frame: string): boolean => {
      if (!open || raw.writableEnded || raw.destroyed) return false
      // A client that stops reading is let go (it replays from its last id when it comes back),
      // rather than every broadcast piling up in this process's memory.
      if (raw.writableLength > STREAM_BUFFER_LIMIT) {
        close()
        return false
      }
      raw.write(frame)
      return true
    }
    const emit = (event: Parameters<StreamWriter['send']>[0], data: unknown, id?: number): boolean => {
      if (event === 'notification' && id !== undefined) {
        if (sent.has(id)) return true
        sent.add(id)
        if (sent.size > SENT_IDS_KEPT) sent.delete(sent.values().next().value!)
      }
      return write(sseFrame(event, data, id))
    }
    const writer: StreamWriter = {
      send(event, data, id) {
        if (!open) return false
        if (pending) {
          pending.push({ event, data, id })
          return true
        }
        return emit(event, data, id)
      },
      end() {
        close()
      }
    }
    const unsubscribe = services.realtime.subscribe(userId, writer)
    function close(): void {
      if (keepAlive) clearInterval(keepAlive)
      keepAlive = null
      if (!open) return
      open = false
      unsubscribe()
      if (!raw.writableEnded) raw.end()
      finish()
    }
    raw.once('close', close)
    write(`retry: 5000\n: connected\n\n`)
    try {
      if (resumeAfter !== undefined && open) {
        const missed = await db.select().from(notifications)
          .where(and(eq(notifications.userId, userId), gt(notifications.id, resumeAfter)))
          .orderBy(asc(notifications.id)).limit(REPLAY_LIMIT)
        for (const row of missed) emit('notification', presentNotification(row), row.id)
      }
    } catch (error) {
      request.log.warn({ err: error }, 'notification replay failed')
    }
    const queued = pending
    pending = null
    for (const item of queued) emit(item.event, item.data, item.id)
    // Closed while the replay was read: no timer is started for a stream that is gone.
    if (!open) return ''
    // A comment line keeps the connection alive; a revoked session's stream ends there.
    keepAlive = setInterval(() => {
      void (async () => {
        const [session] = await db.select({ revokedAt: sessions.revokedAt, expiresAt: sessions.expiresAt })
          .from(sessions).where(eq(sessions.id, auth.sessionId)).limit(1)
        if (!session || session.revokedAt || session.expiresAt.getTime() <= services.clock.now().getTime()) close()
        else write(': keepalive\n\n')
      })().catch(() => close())
    }, STREAM_KEEPALIVE_MS)
    keepAlive.unref?.()
    await finished
    return ''
  })

  /** The user an operator names by id or by the phone or e-mail they sign in with. */
  const recipient = async (target: { userId?: number | null; to?: string | null }): Promise<number> => {
    const credential = target.to ? parseCredential(target.to) : null
    const user = credential ? await findByCredential(db, credential) : target.userId != null ? await findById(db, target.userId) : null
    if (!user) throw new ApiError('not_found', 'Utilisateur introuvable')
    return user.id
  }

  addRoute(app, services, op.notify, async ({ body }) => {
    const userId = await recipient(body)
    const notification = await services.notifications.notify(db, { userId, title: body.title, body: body.body, link: body.link, type: body.type })
    return { id: notification.id, message: `Notification ${notification.id} sent to user ${userId}` }
  })

  addRoute(app, services, op.message, async ({ body }) => {
    const userId = await recipient(body)
    const message = await services.notifications.message(db, { userId, name: body.name, body: body.body })
    return { id: message._id, message: `Message ${message._id} sent to user ${userId}` }
  })

  addRoute(app, services, op.popup, async ({ body }) => {
    const userId = body.userId != null || body.to ? await recipient(body) : null
    const popup = await services.notifications.popup(db, { userId, name: body.name, body: body.body })
    return { id: popup._id, message: `Popup ${popup._id} created for ${userId === null ? 'every user' : `user ${userId}`}` }
  })

  app.addHook('preClose', async () => {
    services.realtime.closeAll()
  })
}
