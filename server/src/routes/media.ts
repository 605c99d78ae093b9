/**
 * The one way a stored media file is answered (a lesson video, a lesson attachment, a magazine
 * page, an assistance video): 403 when its signed address does not hold, checked before anything is
 * read; 404 when the file is not in the store; readable by the app from its own origin
 * (app://darsi), whole or by HTTP ranges (206, or 416 for a range outside the file).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import type { MediaQuery } from '../../../src/shared/api/learning.ts'
import { ApiError } from '../errors.ts'
import type { Services } from '../services.ts'
import { parseRange } from '../services/storage.ts'

export type StoredMedia = {
  /** The file's key in the store; null when it has none (an assistance video given by an address). */
  storageKey: string | null
  contentType: string
  /** Sent with the file, in this order: its caching, its download name … */
  headers: Record<string, string>
}

export type MediaAnswer = {
  request: FastifyRequest
  reply: FastifyReply
  /** Whether the address's signature holds, and the message of its refusal; absent for files open to all. */
  signed?: { valid: boolean; message: string }
  /** The file's row, read once the signature holds. */
  find: () => Promise<StoredMedia | null>
  notFound: string
  /** Served by ranges (videos, which the player seeks in) or whole (a download, an image). */
  ranges: boolean
}

/**
 * The handler of a file's route whose address is signed for a pupil (`signedMediaEndpoint`):
 * 403 with `refusal` unless `signer` verifies the address, then the file `find` reads, whole or,
 * with `ranges` (a video), by ranges.
 */
export function signedFileHandler(
  services: Services,
  signer: { verify(id: number, query: MediaQuery): boolean },
  refusal: string,
  notFound: string,
  find: (id: number, query: MediaQuery) => Promise<StoredMedia | null>,
  { ranges = false }: { ranges?: boolean } = {}
) {
  return async ({ params, query, request, reply }: SignedFileRequest): Promise<string> =>
    serveMedia(services, {
      request,
      reply,
      signed: { valid: signer.verify(params.id, query), message: refusal },
      find: () => find(params.id, query),
      notFound,
      ranges
    })
}

type SignedFileRequest = { params: { id: number }; query: MediaQuery; request: FastifyRequest; reply: FastifyReply }

/** The file's bytes, or a stream of them; typed as the route's answer, as Fastify sends either. */
export async function serveMedia(services: Services, answer: MediaAnswer): Promise<string> {
  if (answer.signed && !answer.signed.valid) throw new ApiError('forbidden', answer.signed.message)
  const media = await answer.find()
  return answer.ranges ? serveRanges(services, answer, media) : serveWhole(services, answer, media)
}

async function serveWhole(services: Services, { reply, notFound }: MediaAnswer, media: StoredMedia | null): Promise<string> {
  const bytes = media?.storageKey ? await services.storage.get(media.storageKey) : null
  if (!media || !bytes) throw new ApiError('not_found', notFound)
  void reply.header('content-type', media.contentType)
  sendHeaders(reply, media)
  return Buffer.from(bytes) as unknown as string
}

async function serveRanges(services: Services, { request, reply, notFound }: MediaAnswer, media: StoredMedia | null): Promise<string> {
  const size = media?.storageKey ? await services.storage.size(media.storageKey) : null
  if (!media?.storageKey || size === null) throw new ApiError('not_found', notFound)
  const header = request.headers.range
  const range = parseRange(typeof header === 'string' ? header : undefined, size)
  void reply.header('accept-ranges', 'bytes')
  sendHeaders(reply, media)
  if (range === 'unsatisfiable') {
    void reply.header('content-range', `bytes */${size}`)
    throw new ApiError('range_not_satisfiable', 'Plage demandée invalide')
  }
  void reply.header('content-type', media.contentType)
  if (range) {
    void reply
      .code(206)
      .header('content-range', `bytes ${range.start}-${range.end}/${size}`)
      .header('content-length', range.end - range.start + 1)
  } else {
    void reply.header('content-length', size)
  }
  return services.storage.stream(media.storageKey, range ?? undefined) as unknown as string
}

function sendHeaders(reply: FastifyReply, media: StoredMedia): void {
  for (const [name, value] of Object.entries(media.headers)) void reply.header(name, value)
  void reply.header('cross-origin-resource-policy', 'cross-origin')
}

/**
 * Routes whose body is a whole file (`types`, at most `bodyLimit` bytes), read into a buffer by a
 * parser that lives in their own scope alone.
 */
export function withFileBody(
  app: FastifyInstance,
  types: string[],
  bodyLimit: number,
  register: (scope: FastifyInstance, bytesOf: (request: FastifyRequest, refusal: string) => Buffer) => void
): void {
  void app.register(async (scope) => {
    scope.addContentTypeParser(types, { parseAs: 'buffer', bodyLimit }, (_request, body, done) => done(null, body))
    register(scope, fileBytes)
  })
}

/** The file sent as the request's body; 415 with `refusal` when there is none. */
function fileBytes(request: FastifyRequest, refusal: string): Buffer {
  if (!Buffer.isBuffer(request.body)) throw new ApiError('unsupported_media_type', refusal)
  return request.body
}
