/**
 * Lesson attachments (specification part 2: §2 the lesson's info panel, §3 Lesson attachments,
 * §5 the attachments rule): a lesson's answer lists its files, each with an address signed for the
 * pupil for MEDIA_URL_TTL_SECONDS when they may download it (rules/attachments.ts), null
 * otherwise; the operator attaches files (`npm run admin -- lesson attach …`).
 * What the specification leaves open is decided in docs/decisions/0041-lesson-attachments.md.
 */
import { z } from 'zod'
import { type Endpoint, IdPathSchema } from './common.ts'
import { signedMediaEndpoint } from './learning.ts'

/** The largest file an operator may attach. */
export const ATTACHMENT_MAX_BYTES = 20 * 1024 * 1024

export const attachmentEndpoints = {
  download: signedMediaEndpoint(
    '/media/attachments/:id',
    "A lesson attachment's bytes for the holder of its signed address (403 when forged or expired)",
    IdPathSchema
  )
} as const satisfies Record<string, Endpoint>

export const AttachedFileSchema = z.object({
  id: z.number().int(),
  content_id: z.number().int(),
  name: z.string(),
  size: z.number().int(),
  mime_type: z.string(),
  message: z.string()
})

export const attachmentOperatorEndpoints = {
  attach: {
    method: 'POST',
    service: 'operator',
    path: '/lessons/:id/attachments',
    access: 'operator',
    status: 201,
    summary: `Attach a file to a lesson: its bytes as the body (application/octet-stream), its name in the query; gif, jpg, png, pdf, svg or an office document read from the bytes, ${ATTACHMENT_MAX_BYTES / 1024 / 1024} MB at most`,
    params: IdPathSchema,
    querystring: z.strictObject({ name: z.string().trim().min(1, { error: 'common.required' }).max(200, { error: 'common.tooLong' }) }),
    response: AttachedFileSchema,
    errors: [401, 403, 404, 413, 415]
  }
} as const satisfies Record<string, Endpoint>
