/**
 * Profile features beside the profile fields: class change requests, report cards (marksheets)
 * with their signed downloads, the ad cards, and the operator decisions on requests and cards.
 */
import multipart from '@fastify/multipart'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import {
  MARKSHEET_MAX_BYTES,
  profileEndpoints as ep,
  profileOperatorEndpoints as op,
  type RequestStatus
} from '../../../src/shared/api/profile.ts'
import type { MessageKey } from '../../../src/shared/rules/messages.ts'
import { ApiError, fieldError } from '../errors.ts'
import { addRoute, Serialized, type UserRow } from '../http.ts'
import { localName, requestLanguage } from '../language.ts'
import {
  presentAdCard,
  presentDivisionRequest,
  presentMarksheet,
  presentOperatorDivisionRequest,
  presentOperatorMarksheet
} from '../presenters/profile.ts'
import type { Services } from '../services.ts'
import { detectFileType, storedName } from '../services/marksheets.ts'
import {
  createDivisionRequest,
  decideDivisionRequest,
  decideMarksheet,
  deletePendingMarksheet,
  divisionChangeReasonsJson,
  divisionRequestsByStatus,
  findDivisionNames,
  marksheetFile,
  marksheetsByStatus,
  ownDivisionRequestsJson,
  ownMarksheets,
  storeMarksheet,
  visibleAdCards
} from '../services/profile.ts'
import { readParts } from './multipart.ts'

/** Class changes are for pupils; test accounts (administrators aside) may not ask. */
function checkMayRequestDivision(user: UserRow): void {
  if (user.role !== 'student' && user.role !== 'influencer')
    throw new ApiError('forbidden', 'Seuls les élèves peuvent demander un changement de classe')
  if (!user.hasEditDivision) throw new ApiError('forbidden', "Vous n'êtes pas autorisé à changer de classe")
  if (user.isTest) throw new ApiError('test_account', 'Les comptes de test ne peuvent pas changer de classe')
}

function checkPupil(user: UserRow): void {
  if (user.role !== 'student' && user.role !== 'influencer') throw new ApiError('forbidden', 'Seuls les élèves peuvent déposer un bulletin')
}

type UploadForm = { file: { name: string; bytes: Buffer } | null; trimester: string | null; division: string | null }

/** Reads the parts of the upload; the file is limited by the multipart plugin (MARKSHEET_MAX_BYTES). */
async function readUpload(request: FastifyRequest): Promise<UploadForm> {
  const form: UploadForm = { file: null, trimester: null, division: null }
  await readParts(
    request,
    {
      notMultipart: 'Envoyez le bulletin en multipart/form-data',
      field: 'file',
      tooLarge: 'Le fichier dépasse la taille maximale de 10 Mo',
      tooLargeKey: 'marksheet.fileTooLarge',
      tooMany: 'Un seul fichier par bulletin'
    },
    async (part) => {
      if (part.type === 'file') {
        const bytes = await part.toBuffer()
        if (part.fieldname === 'file' && !form.file) form.file = { name: part.filename, bytes }
      } else if (part.fieldname === 'trimester' || part.fieldname === 'division') {
        form[part.fieldname] = typeof part.value === 'string' ? part.value : null
      }
    }
  )
  return form
}

export function registerProfileRoutes(app: FastifyInstance, services: Services): void {
  const { db } = services.database

  addRoute(
    app,
    services,
    ep.divisionChangeReasons,
    async ({ request, reply }) => new Serialized(await divisionChangeReasonsJson(db, requestLanguage(request, reply)))
  )

  addRoute(
    app,
    services,
    ep.divisionRequests,
    async ({ auth, request, reply }) => new Serialized(await ownDivisionRequestsJson(db, auth.user.id, requestLanguage(request, reply)))
  )

  addRoute(app, services, ep.createDivisionRequest, async ({ auth, body, request, reply }) => {
    const lang = requestLanguage(request, reply)
    checkMayRequestDivision(auth.user)
    const created = await createDivisionRequest(db, auth.user, body, services.clock.now())
    return { message: 'Votre demande de changement de classe a été envoyée', request: presentDivisionRequest(created, lang) }
  })

  addRoute(app, services, ep.adCards, async () => (await visibleAdCards(db)).map(presentAdCard))

  addRoute(app, services, ep.marksheets, async ({ auth, request, reply }) => {
    const rows = await ownMarksheets(db, auth.user.id, requestLanguage(request, reply))
    return rows.map(({ row, divisionName }) => presentMarksheet(services.storage, row, divisionName))
  })

  addRoute(app, services, ep.deleteMarksheet, async ({ auth, params }) => {
    await deletePendingMarksheet(db, services.storage, auth.user.id, params.id)
    return { message: 'Le bulletin a été supprimé' }
  })

  addRoute(app, services, ep.fileDownload, async ({ query, reply }) => {
    const key = services.storage.verify(query)
    if (!key) throw new ApiError('forbidden', 'Lien de téléchargement invalide ou expiré')
    const file = await marksheetFile(db, services.storage, key)
    if (!file) throw new ApiError('not_found', 'Fichier introuvable')
    const type = detectFileType(file.bytes)
    // Only raster images open in place; SVG (scripts) and documents always download.
    const inline = type?.inline === true
    void reply
      .header('content-type', inline ? file.mimeType : 'application/octet-stream')
      .header(
        'content-disposition',
        `${inline ? 'inline' : 'attachment'}; filename="${file.name.replace(/[^\x20-\x7e]|"/g, '_')}"; filename*=UTF-8''${encodeURIComponent(file.name)}`
      )
      .header('cache-control', 'private, no-store')
    return Buffer.from(file.bytes) as unknown as string
  })

  // Uploads are the only multipart route: the parser lives in this scope alone.
  const { body: _form, ...uploadEndpoint } = ep.uploadMarksheet
  void app.register(async (scope) => {
    await scope.register(multipart, {
      limits: { fileSize: MARKSHEET_MAX_BYTES, files: 1, fields: 4, fieldSize: 1024, parts: 6, headerPairs: 100 }
    })
    addRoute(scope, services, uploadEndpoint, async ({ auth, request, reply }) => {
      const user = auth.user
      checkPupil(user)
      const form = await readUpload(request)
      const problems: Record<string, MessageKey[]> = {}
      const divisionId = form.division && /^\d{1,9}$/.test(form.division.trim()) ? Number(form.division.trim()) : null
      let divisionName: string | null = null
      if (!divisionId) problems.division = ['marksheet.divisionRequired']
      else {
        const division = await findDivisionNames(db, divisionId)
        if (!division) problems.division = ['marksheet.divisionRequired']
        else divisionName = localName(division.name, division.nameAr, requestLanguage(request, reply))
      }
      const trimester = form.trimester?.trim()
      if (trimester !== '1' && trimester !== '2' && trimester !== '3') problems.trimester = ['marksheet.trimesterInvalid']
      const type = form.file && form.file.bytes.length > 0 ? detectFileType(form.file.bytes) : null
      if (!form.file || form.file.bytes.length === 0) problems.file = ['marksheet.fileRequired']
      else if (!type) problems.file = ['marksheet.fileType']
      if (Object.keys(problems).length > 0) throw fieldError(problems)
      const row = await storeMarksheet(
        db,
        services.storage,
        {
          userId: user.id,
          divisionId: divisionId!,
          trimester: Number(trimester),
          name: storedName(form.file!.name, type!),
          bytes: form.file!.bytes,
          type: type!
        },
        services.clock.now()
      )
      return { message: 'Le bulletin a été envoyé', marksheet: presentMarksheet(services.storage, row, divisionName!) }
    })
  })

  addRoute(app, services, op.divisionRequests, async ({ query }) =>
    (await divisionRequestsByStatus(db, query.status)).map((view) => presentOperatorDivisionRequest(view, 'fr'))
  )

  addRoute(app, services, op.marksheets, async ({ query }) =>
    (await marksheetsByStatus(db, query.status)).map((view) => presentOperatorMarksheet(services.storage, view))
  )

  addRoute(app, services, op.decideDivisionRequest, async ({ params }) => {
    const decided: RequestStatus = params.decision === 'approve' ? 'approved' : 'rejected'
    const { id, status } = await decideDivisionRequest(db, params.id, decided, services.clock.now())
    return { id, status, message: `Demande ${id} ${status === 'approved' ? 'approuvée : classe changée' : 'refusée'}` }
  })

  addRoute(app, services, op.decideMarksheet, async ({ params }) => {
    const decided: RequestStatus = params.decision === 'approve' ? 'approved' : 'rejected'
    const { id, status } = await decideMarksheet(db, params.id, decided, services.clock.now())
    return { id, status, message: `Bulletin ${id} ${status === 'approved' ? 'approuvé' : 'refusé'}` }
  })
}
