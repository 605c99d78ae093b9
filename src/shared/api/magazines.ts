/**
 * Magazine lessons (specification part 2: §3 Lesson `pages[] {url}` and `rtl`): the operator
 * sends a magazine's PDF (`npm run admin -- lesson magazine …`), the server renders each page once
 * to an image, and a pupil who may open the lesson gets every page at an address signed for them
 * for MEDIA_URL_TTL_SECONDS. What the specification leaves open is decided in
 * docs/decisions/0044-magazine-pages.md.
 */
import { z } from 'zod'
import { type Endpoint, IdPathSchema } from './common.ts'
import { signedMediaEndpoint } from './learning.ts'

/** The largest PDF an operator may send. */
export const MAGAZINE_MAX_BYTES = 50 * 1024 * 1024
/** The most pages a magazine may have. */
export const MAGAZINE_MAX_PAGES = 300

export const magazineEndpoints = {
  page: signedMediaEndpoint(
    '/media/pages/:id',
    "A magazine page's image for the holder of its signed address (403 when forged or expired)",
    IdPathSchema
  )
} as const satisfies Record<string, Endpoint>

export const MagazineUploadedSchema = z.object({ content_id: z.number().int(), pages: z.number().int(), message: z.string() })

export const magazineOperatorEndpoints = {
  upload: {
    method: 'POST',
    service: 'operator',
    path: '/lessons/:id/magazine',
    access: 'operator',
    status: 201,
    summary: `Give a magazine lesson (type 3) its PDF, the bytes as the body (application/octet-stream, ${MAGAZINE_MAX_BYTES / 1024 / 1024} MB and ${MAGAZINE_MAX_PAGES} pages at most): every page is rendered once to an image and replaces the earlier pages; 409 for a lesson of another type`,
    params: IdPathSchema,
    response: MagazineUploadedSchema,
    errors: [401, 403, 404, 409, 413, 415]
  }
} as const satisfies Record<string, Endpoint>
