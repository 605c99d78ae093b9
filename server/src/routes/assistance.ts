/**
 * Assistance videos (part 2, §2 /assistance, §7 `/video-links`; docs/decisions/0040-assistance-videos.md):
 * the list, a stored video's bytes with HTTP ranges, and the operator's list, additions and removals.
 */
import type { FastifyInstance } from 'fastify'
import { assistanceEndpoints as ep, assistanceOperatorEndpoints as op } from '../../../src/shared/api/assistance.ts'
import { ApiError } from '../errors.ts'
import { addRoute } from '../http.ts'
import { presentAssistanceVideo } from '../presenters/assistance.ts'
import type { Services } from '../services.ts'
import { addAssistanceVideo, assistanceList, assistanceVideo, removeAssistanceVideo } from '../services/assistance.ts'
import { parseRange } from '../services/storage.ts'

export function registerAssistanceRoutes(app: FastifyInstance, services: Services): void {
  const { db } = services.database

  addRoute(app, services, ep.videoLinks, async () => (await assistanceList(db)).map(presentAssistanceVideo))

  // Help videos are no paid content: played by their address alone, as the app's <video> asks (no bearer).
  addRoute(app, services, ep.video, async ({ params, request, reply }) => {
    const video = await assistanceVideo(db, params.id)
    const size = video.storageKey ? await services.storage.size(video.storageKey) : null
    if (!video.storageKey || size === null) throw new ApiError('not_found', 'Vidéo introuvable')
    const header = request.headers.range
    const range = parseRange(typeof header === 'string' ? header : undefined, size)
    void reply
      .header('accept-ranges', 'bytes')
      .header('cache-control', 'public, max-age=3600')
      .header('cross-origin-resource-policy', 'cross-origin')
    if (range === 'unsatisfiable') {
      void reply.header('content-range', `bytes */${size}`)
      throw new ApiError('range_not_satisfiable', 'Plage demandée invalide')
    }
    void reply.header('content-type', video.mimeType ?? 'application/octet-stream')
    if (range) {
      void reply
        .code(206)
        .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
        .header('content-length', range.end - range.start + 1)
    } else {
      void reply.header('content-length', size)
    }
    return services.storage.stream(video.storageKey, range ?? undefined) as unknown as string
  })

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
