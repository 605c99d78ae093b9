/**
 * The progress service (part 2, §7): the pupil's progress in a subject, its chapters and a
 * chapter's lessons, and the playback ticks, over `POST /progress` and the WebSocket
 * `/progress-service/progress/ws?content_id=…&token=…` (services/progress.ts counts them;
 * docs/decisions/0027-learning-access-and-progress.md).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { WebSocket } from 'ws'
import { servicePrefixes } from '../../../src/shared/api/common.ts'
import {
  PROGRESS_SOCKET_CLOSE,
  PROGRESS_TICKS_PER_MINUTE,
  ProgressSocketQuerySchema,
  ProgressSocketTickSchema,
  progressEndpoints as ep,
  type ProgressSocketReply
} from '../../../src/shared/api/learning.ts'
import { ApiError } from '../errors.ts'
import { addRoute, authenticateToken, type AuthInfo } from '../http.ts'
import { presentProgress } from '../presenters/learning.ts'
import type { Services } from '../services.ts'
import {
  compareChapters,
  findChapterById,
  findLessonPlace,
  findSubjectById,
  lessonAccess,
  meanProgress,
  orderLessons,
  subjectCatalogue,
  type LessonPlace,
  type SubjectAccess
} from '../services/catalogue.ts'
import { applyTick, checkPlayable, tickAccess } from '../services/progress.ts'

export const PROGRESS_SOCKET_PATH = `${servicePrefixes.progress}/progress/ws`
/** A socket reads again what opens its lesson this often (a subscription ending, free hours spent elsewhere). */
const SOCKET_ACCESS_TTL_MS = 60_000
/** Progress sockets one pupil may hold open: a newer one past it closes the oldest. */
export const PROGRESS_SOCKETS_PER_USER = 5
/** The largest message a socket takes (a tick is about 150 bytes). */
export const PROGRESS_SOCKET_MAX_PAYLOAD = 4096

/** The expiry of a token already verified (its `exp` claim), ms. */
function tokenExpiry(token: string): number {
  try {
    const payload = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as { exp?: unknown }
    return typeof payload.exp === 'number' ? payload.exp * 1000 : 0
  } catch {
    return 0
  }
}

function closeCodeOf(error: unknown): number {
  if (!(error instanceof ApiError)) return PROGRESS_SOCKET_CLOSE.invalid
  if (error.statusCode === 401) return PROGRESS_SOCKET_CLOSE.tokenExpired
  if (error.statusCode === 403) return PROGRESS_SOCKET_CLOSE.forbidden
  if (error.statusCode === 404) return PROGRESS_SOCKET_CLOSE.notFound
  return PROGRESS_SOCKET_CLOSE.invalid
}

/** Ticks per sliding minute of one channel (a socket, or a pupil's POSTs through the rate-limit plugin). */
function minuteBudget(limit: number, now: () => number): () => boolean {
  const times: number[] = []
  return () => {
    const at = now()
    while (times.length > 0 && times[0]! <= at - 60_000) times.shift()
    if (times.length >= limit) return false
    times.push(at)
    return true
  }
}

export function registerProgressRoutes(app: FastifyInstance, services: Services): void {
  const { db } = services.database
  const now = () => services.clock.now()

  addRoute(app, services, ep.subjectProgress, async ({ auth, params }) => {
    const subject = await findSubjectById(db, auth.user, params.id)
    return {
      subject_id: subject.id,
      progress: meanProgress(await subjectCatalogue(db, services.answers.catalogues, auth.user.id, subject.id, now()))
    }
  })

  addRoute(app, services, ep.subjectChaptersProgress, async ({ auth, params }) => {
    const subject = await findSubjectById(db, auth.user, params.id)
    const rows = (await subjectCatalogue(db, services.answers.catalogues, auth.user.id, subject.id, now())).sort(compareChapters)
    const ids = [...new Set(rows.map((row) => row.chapter.id))]
    return ids.map((id) => ({ chapter_id: id, progress: meanProgress(rows.filter((row) => row.chapter.id === id)) }))
  })

  addRoute(app, services, ep.chapterContentsProgress, async ({ auth, params }) => {
    const chapter = await findChapterById(db, auth.user, params.id)
    const rows = (await subjectCatalogue(db, services.answers.catalogues, auth.user.id, chapter.subjectId, now())).filter(
      (row) => row.chapter.id === chapter.id
    )
    const lessons = rows.flatMap((row) => (row.content ? [{ ...row, content: row.content }] : []))
    return orderLessons(rows[0]?.chapter.type ?? 'course', lessons).map((row) => presentProgress(row.content.id, row.progress))
  })

  addRoute(
    app,
    services,
    ep.postProgress,
    async ({ auth, body }) => {
      const place = await findLessonPlace(db, auth.user, body.contentId)
      if (
        (body.chapterId !== undefined && body.chapterId !== place.chapterId) ||
        (body.subjectId !== undefined && body.subjectId !== place.subjectId)
      ) {
        throw new ApiError('progress_rejected', 'Progression refusée : le chapitre ou la matière ne sont pas ceux de la leçon')
      }
      const at = now()
      return applyTick(db, { auth, place, access: await tickAccess(db, auth, place, at), now: at }, body)
    },
    { perUserPerMinute: PROGRESS_TICKS_PER_MINUTE }
  )

  // The WebSocket: its hooks (security headers) ran; the handler authenticates from the query.
  const sockets = new Map<number, Set<WebSocket>>()
  app.get(PROGRESS_SOCKET_PATH, { websocket: true }, (socket: WebSocket, request: FastifyRequest) => {
    const send = (message: ProgressSocketReply) => {
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message))
    }
    let closed = false
    let expiry: NodeJS.Timeout | null = null
    const close = (code: number, reason: string) => {
      if (closed) return
      closed = true
      if (expiry) clearTimeout(expiry)
      socket.close(code, reason)
    }
    let auth: AuthInfo | null = null
    let place: LessonPlace | null = null
    let access: { value: SubjectAccess; readAt: number } | null = null
    const withinBudget = minuteBudget(PROGRESS_TICKS_PER_MINUTE, () => now().getTime())
    // Ticks are applied one after the other, in the order they came.
    let queue: Promise<void> = Promise.resolve()

    const opening = (async () => {
      const query = ProgressSocketQuerySchema.safeParse(request.query)
      if (!query.success) return close(PROGRESS_SOCKET_CLOSE.invalid, 'content_id and token are required')
      try {
        auth = await authenticateToken(services, query.data.token, 'user')
        place = await findLessonPlace(db, auth.user, query.data.content_id)
        checkPlayable(place)
        const at = now()
        access = { value: await tickAccess(db, auth, place, at), readAt: at.getTime() }
        if (lessonAccess(access.value, place.chapterId, place.isFree).locked)
          throw new ApiError('content_locked', 'Vous devez débloquer ce cours')
      } catch (error) {
        return close(closeCodeOf(error), error instanceof ApiError ? error.code : 'refused')
      }
      // The socket lives as long as its token: the client reconnects with a fresh one.
      const left = tokenExpiry(query.data.token) - now().getTime()
      expiry = setTimeout(() => close(PROGRESS_SOCKET_CLOSE.tokenExpired, 'token_expired'), Math.max(0, Math.min(left, 2_147_000_000)))
      expiry.unref()
      const userId = auth.user.id
      let mine = sockets.get(userId)
      if (!mine) sockets.set(userId, (mine = new Set()))
      while (mine.size >= PROGRESS_SOCKETS_PER_USER) {
        const oldest = mine.values().next().value!
        mine.delete(oldest)
        oldest.close(PROGRESS_SOCKET_CLOSE.serverClosing, 'superseded')
      }
      mine.add(socket)
      socket.once('close', () => {
        mine.delete(socket)
        if (mine.size === 0) sockets.delete(userId)
      })
    })()

    async function handle(data: unknown): Promise<void> {
      await opening
      if (closed || !auth || !place || !access) return
      let parsed: unknown
      try {
        parsed = JSON.parse(String(data))
      } catch {
        parsed = null
      }
      const tick = ProgressSocketTickSchema.safeParse(parsed)
      const sequence = tick.success ? tick.data.sequence : null
      if (!tick.success) return send({ type: 'refused', sequence, code: 'validation_failed', message: 'Requête invalide' })
      if (!withinBudget())
        return send({ type: 'refused', sequence, code: 'rate_limited', message: 'Trop de tentatives, veuillez réessayer plus tard' })
      const at = now()
      try {
        if (at.getTime() - access.readAt > SOCKET_ACCESS_TTL_MS)
          access = { value: await tickAccess(db, auth, place, at), readAt: at.getTime() }
        const progress = await applyTick(db, { auth, place, access: access.value, now: at }, tick.data)
        send({ type: 'progress', sequence: tick.data.sequence, ...progress })
        // Free time is spent as the ticks come: what is left is read again after each.
        if (progress.freeHours) access = { value: await tickAccess(db, auth, place, now()), readAt: now().getTime() }
      } catch (error) {
        if (error instanceof ApiError) return send({ type: 'refused', sequence, code: error.code, message: error.message })
        request.log.error({ err: error }, 'progress tick failed')
        send({
          type: 'refused',
          sequence,
          code: 'server_error',
          message: "Server error: une erreur s'est produite, veuillez réessayer ultérieurement"
        })
      }
    }

    socket.on('message', (data) => {
      queue = queue.then(() => handle(data))
    })
    socket.on('close', () => {
      closed = true
      if (expiry) clearTimeout(expiry)
    })
  })
}
