/**
 * Lesson attachments (part 2, §3, §5; docs/decisions/0041-lesson-attachments.md): a file's bytes
 * for the holder of its signed address, and the operator's attaching of a file
 * (`npm run admin -- lesson attach <lessonId> <file>`).
 */
import type { FastifyInstance } from 'fastify'
import { ATTACHMENT_MAX_BYTES, attachmentEndpoints as ep, attachmentOperatorEndpoints as op } from '../../../src/shared/api/attachments.ts'
import { addRoute } from '../http.ts'
import type { Services } from '../services.ts'
import { attachFile, createAttachmentSigner, findAttachment } from '../services/attachments.ts'
import { signedFileHandler, withFileBody } from './media.ts'

export function registerAttachmentRoutes(app: FastifyInstance, services: Services): void {
  const { db } = services.database
  const signer = createAttachmentSigner(services.secrets.storageSecret, services.clock)

  addRoute(
    app,
    services,
    ep.download,
    signedFileHandler(services, signer, 'Lien de téléchargement invalide ou expiré', 'Fichier introuvable', async (id) => {
      const attachment = await findAttachment(db, id)
      if (!attachment) return null
      const { name, storageKey } = attachment
      const disposition = `attachment; filename="${name.replace(/[^\x20-\x7e]|"/g, '_')}"; filename*=UTF-8''${encodeURIComponent(name)}`
      return {
        storageKey,
        contentType: 'application/octet-stream',
        headers: { 'content-disposition': disposition, 'cache-control': 'private, no-store' }
      }
    })
  )

  // The file is the body itself.
  withFileBody(app, ['application/octet-stream'], ATTACHMENT_MAX_BYTES, (scope, bytesOf) =>
    addRoute(scope, services, op.attach, async ({ params, query, request }) => {
      const bytes = bytesOf(request, 'Envoyez le fichier comme corps de la requête (application/octet-stream)')
      const row = await attachFile(db, services.storage, params.id, query.name, bytes, services.clock.now())
      return {
        id: row.id,
        content_id: row.contentId,
        name: row.name,
        size: row.size,
        mime_type: row.mimeType,
        message: `Pièce jointe ${row.id} ajoutée à la leçon ${row.contentId} (${row.name})`
      }
    })
  )
}
