/**
 * Magazine lessons (part 2, §3; docs/decisions/0044-magazine-pages.md): a page's image for the
 * holder of its signed address, and the operator's sending of a magazine's PDF
 * (`npm run admin -- lesson magazine <lessonId> <file.pdf>`), rendered here once to page images.
 */
import type { FastifyInstance } from 'fastify'
import { MAGAZINE_MAX_BYTES, magazineEndpoints as ep, magazineOperatorEndpoints as op } from '../../../src/shared/api/magazines.ts'
import { addRoute } from '../http.ts'
import type { Services } from '../services.ts'
import { createPageSigner, findPage, storeMagazine } from '../services/magazines.ts'
import { signedFileHandler, withFileBody } from './media.ts'

export function registerMagazineRoutes(app: FastifyInstance, services: Services): void {
  const { db } = services.database
  const signer = createPageSigner(services.secrets.storageSecret, services.clock)

  addRoute(
    app,
    services,
    ep.page,
    signedFileHandler(services, signer, 'Lien de page invalide ou expiré', 'Page introuvable', async (id, query) => {
      const page = await findPage(db, id)
      // The address is the pupil's own and expires within minutes: kept by their browser only, until then.
      const maxAge = Math.max(0, query.expires - Math.floor(services.clock.now().getTime() / 1000))
      return (
        page && {
          storageKey: page.storageKey,
          contentType: page.mimeType,
          headers: { 'cache-control': `private, max-age=${maxAge}, immutable` }
        }
      )
    })
  )

  // The PDF is the body itself.
  withFileBody(app, ['application/octet-stream', 'application/pdf'], MAGAZINE_MAX_BYTES, (scope, bytesOf) =>
    addRoute(scope, services, op.upload, async ({ params, request }) => {
      const bytes = bytesOf(request, 'Envoyez le PDF comme corps de la requête (application/octet-stream)')
      const pages = await storeMagazine(db, services.storage, params.id, bytes, services.clock.now())
      return {
        content_id: params.id,
        pages: pages.length,
        message: `Magazine de la leçon ${params.id} : ${pages.length} page(s) rendue(s)`
      }
    })
  )
}
