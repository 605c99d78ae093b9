/**
 * Assistance videos (part 2, §2 /assistance, §7 `/video-links`; docs/decisions/0040-assistance-videos.md):
 * the list, a stored video's bytes with HTTP ranges, and the operator's list, additions and removals.
 */
import type { FastifyInstance } from 'fastify'
import { assistanceEndpoints as ep, assistanceOperatorEndpoints as op } from '../../../src/shared/api/assistance.ts'
import { addRoute } from '../http.ts'
import { presentAssistanceVideo } from '../presenters/assistance.ts'
import type { Services } from '../services.ts'
import { addAssistanceVideo, assistanceList, assistanceVideo, removeAssistanceVideo } from '../services/assistance.ts'
import { serveMedia } from './media.ts'

export function registerAssistanceRoutes(app: FastifyInstance, services: Services): void {
  const { db } = services.database

  addRoute(app, services, ep.videoLinks, async () => (await assistanceList(db)).map(presentAssistanceVideo))

  // Help videos are no paid content: played by their address alone, as the app's <video> asks (no bearer).
  addRoute(app, services, ep.video, async ({ params, request, reply }) =>
    serveMedia(services, {
      request,
      reply,
      find: async () => {
        const video = await assistanceVideo(db, params.id)
        return {
          storageKey: video.storageKey,
          contentType: video.mimeType ?? 'application/octet-stream',
          headers: { 'cache-control': 'public, max-age=3600' }
        }
      },
      notFound: 'Vidéo introuvable',
      ranges: true
    })
  )

  addRoute(app, services, op.videoLinks, async () => (await assistanceList(db)).map(presentAssistanceVideo))

  addRoute(app, services, op.addVideoLink, async ({ body }) => {
    const video = presentAssistanceVideo(await addAssistanceVideo(db, services.storage, body, services.clock.now()))
    return { message: `Vidéo d’assistance ${video.id} ajoutée`, video }
  })

  addRoute(app, services, op.removeVideoLink, async ({ params }) => {
    await removeAssistanceVideo(db, params.id)
    return { message: `Vidéo d’assistance ${params.id} retirée` }
  })
}
