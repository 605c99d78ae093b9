/**
 * Magazine lessons (part 2, §3; docs/decisions/0044-magazine-pages.md): a page's image for the
 * holder of its signed address, and the operator's sending of a magazine's PDF
 * (`npm run admin -- lesson magazine <lessonId> <file.pdf>`), rendered here once to page images.
 */
import type { FastifyInstance } from 'fastify'
import { MAGAZINE_MAX_BYTES, magazineEndpoints as ep, magazineOperatorEndpoints as op } from '../../../src/shared/api/magazines.ts'
import { ApiError } from '../errors.ts'
import { addRoute } from '../http.ts'
import type { Services } from '../services.ts'
import { createPageSigner, findPage, storeMagazine } from '../services/magazines.ts'

export function registerMagazineRoutes(app: FastifyInstance, services: Services): void {
  const { db } = services.database
  const signer = createPageSigner(services.secrets.storageSecret, services.clock)

  addRoute(app, services, ep.page, async ({ params, query, reply }) => {
    if (!signer.verify(params.id, query)) throw new ApiError('forbidden', 'Lien de page invalide ou expiré')
    const page = await findPage(db, params.id)
    const bytes = page ? await services.storage.get(page.storageKey) : null
    if (!page || !bytes) throw new ApiError('not_found', 'Page introuvable')
    void reply
      .header('content-type', page.mimeType)
      // The address is the pupil's own and expires within minutes: kept by their browser only, until then.
      .header(
        'cache-control',
        `private, max-age=${Math.max(0, query.expires - Math.floor(services.clock.now().getTime() / 1000))}, immutable`
      )
      .header('cross-origin-resource-policy', 'cross-origin')
    return Buffer.from(bytes) as unknown as string
  })

  // The PDF is the body itself: its parser lives in this scope alone.
  void app.register(async (scope) => {
    scope.addContentTypeParser(
      ['application/octet-stream', 'application/pdf'],
      { parseAs: 'buffer', bodyLimit: MAGAZINE_MAX_BYTES },
      (_request, body, done) => done(null, body)
    )
    addRoute(scope, services, op.upload, async ({ params, request }) => {
      if (!Buffer.isBuffer(request.body))
        throw new ApiError('unsupported_media_type', 'Envoyez le PDF comme corps de la requête (application/octet-stream)')
      const pages = await storeMagazine(db, services.storage, params.id, request.body, services.clock.now())
      return {
        content_id: params.id,
        pages: pages.length,
        message: `Magazine de la leçon ${params.id} : ${pages.length} page(s) rendue(s)`
      }
    })
  })
}
