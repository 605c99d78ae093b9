/**
 * The notification service: notifications (main API, paged), inbox messages and popups
 * (notification service), the realtime stream, and the operator calls that create them.
 */
import type { FastifyInstance } from 'fastify'
import {
  STREAM_KEEPALIVE_MS,
  notificationEndpoints as ep,
  notificationOperatorEndpoints as op
} from '../../../src/shared/api/notifications.ts'
import { ApiError } from '../errors.ts'
import { addRoute, Serialized, type AuthInfo } from '../http.ts'
import { presentMessage, presentNotification, presentNotificationPage } from '../presenters/notifications.ts'
import type { Services } from '../services.ts'
import {
  findRecipient,
  hidePopup,
  inboxMessagesJson,
  markNotificationSeen,
  notificationPage,
  notificationsAfter,
  openMessage,
  sessionOpen,
  shownPopupsJson
} from '../services/notifications.ts'
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

export function registerNotificationRoutes(app: FastifyInstance, services: Services): void {
  const { db } = services.database

  addRoute(app, services, ep.notifications, async ({ auth, query }) =>
    presentNotificationPage(await notificationPage(db, auth.user.id, query), query)
  )

  addRoute(app, services, ep.markSeen, async ({ auth, params }) => {
    const row = await markNotificationSeen(db, auth.user.id, params.id, services.clock.now())
    return { message: 'Notification lue', notification: presentNotification(row) }
  })

  addRoute(app, services, ep.messages, async ({ auth, query }) => {
    checkOwnId(auth, query.user_id)
    return new Serialized(await inboxMessagesJson(db, auth.user.id))
  })

  addRoute(app, services, ep.message, async ({ auth, query }) => {
    checkOwnId(auth, query.user_id)
    return presentMessage(await openMessage(db, auth.user.id, query.message_id))
  })

  addRoute(app, services, ep.popups, async ({ auth, query }) => {
    checkOwnId(auth, query.user_id)
    return new Serialized(await shownPopupsJson(db, auth.user.id))
  })

  addRoute(app, services, ep.hidePopup, async ({ auth, query }) => {
    checkOwnId(auth, query.user_id)
    await hidePopup(db, auth.user.id, query.popup_id, services.clock.now())
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
        const missed = await notificationsAfter(db, userId, resumeAfter, REPLAY_LIMIT)
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
        if (!(await sessionOpen(db, auth.sessionId, services.clock.now()))) close()
        else write(': keepalive\n\n')
      })().catch(() => close())
    }, STREAM_KEEPALIVE_MS)
    keepAlive.unref?.()
    await finished
    return ''
  })

  const recipient = (target: { userId?: number | null; to?: string | null }) => findRecipient(db, target)

  addRoute(app, services, op.notify, async ({ body }) => {
    const userId = await recipient(body)
    const notification = await services.notifications.notify(db, {
      userId,
      title: body.title,
      body: body.body,
      link: body.link,
      type: body.type
    })
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
