/** The operator's content tools (services/content.ts), behind the operator key. */
import type { IncomingMessage } from 'node:http'
import type { FastifyInstance } from 'fastify'
import { learningOperatorEndpoints as op } from '../../../src/shared/api/learning.ts'
import { ApiError } from '../errors.ts'
import { addRoute } from '../http.ts'
import type { Services } from '../services.ts'
import { catalogueOf, createChapter, createLesson, createSubject, setLessonRtl, uploadLessonVideo } from '../services/content.ts'

/** The content types an upload's body may be sent as; the type that counts is read from the bytes. */
const VIDEO_BODY_TYPES = ['application/octet-stream', 'video/webm', 'video/mp4']

export function registerContentRoutes(app: FastifyInstance, services: Services): void {
  const { db } = services.database

  addRoute(app, services, op.catalogue, async ({ query }) => catalogueOf(db, query.division))

  addRoute(app, services, op.createSubject, async ({ body }) => {
    const { id, slug } = await createSubject(db, body)
    return { id, slug, message: `Matière ${id} créée (${slug})` }
  })

  addRoute(app, services, op.createChapter, async ({ body }) => {
    const { id, slug } = await createChapter(db, body)
    return { id, slug, message: `Chapitre ${id} créé (${slug})` }
  })

  addRoute(app, services, op.createLesson, async ({ body }) => {
    const { id, slug } = await createLesson(db, body, services.clock.now())
    return { id, slug, message: `Leçon ${id} créée (${slug})` }
  })

  addRoute(app, services, op.setLessonRtl, async ({ params, body }) => {
    await setLessonRtl(db, params.id, body.rtl)
    return {
      id: params.id,
      rtl: body.rtl,
      message: `Leçon ${params.id} : ${body.rtl ? 'lue de droite à gauche' : 'lue de gauche à droite'}`
    }
  })

  // The video is the body itself, streamed to the store: its parser lives in this scope alone.
  void app.register(async (scope) => {
    scope.addContentTypeParser(VIDEO_BODY_TYPES, (_request, payload, done) => done(null, payload))
    addRoute(scope, services, op.uploadLessonVideo, async ({ params, request }) => {
      const body = request.body as IncomingMessage | undefined
      if (!body || typeof (body as { pipe?: unknown }).pipe !== 'function') {
        throw new ApiError('unsupported_media_type', `Envoyez la vidéo comme corps de la requête (${VIDEO_BODY_TYPES.join(', ')})`)
      }
      const video = await uploadLessonVideo(db, services.storage, params.id, body)
      return {
        id: video.id,
        content_id: video.contentId,
        duration: video.durationSeconds,
        size: video.size,
        mime_type: video.mimeType,
        message: `Vidéo de la leçon ${video.contentId} enregistrée (${video.durationSeconds} s, ${video.mimeType})`
      }
    })
  })
}
