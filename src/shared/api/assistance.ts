/**
 * Assistance videos (specification part 2: §2 /assistance, §7 `GET /video-links`): the help
 * videos the operator maintains (`npm run admin -- video-link …`), played in the app's player.
 * What the specification leaves open is decided in docs/decisions/0040-assistance-videos.md.
 */
import { z } from 'zod'
import { MessageResponseSchema, type Endpoint, IdPathSchema } from './common.ts'

export const AssistanceVideoSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string().nullable(),
  /** Where the player loads it: a file of the platform (relative to the API's origin, HTTP ranges) or an https address. */
  url: z.string(),
  mime_type: z.string().nullable(),
  /** Seconds, when known. */
  duration: z.number().int().nullable(),
  position: z.number().int()
})
export type AssistanceVideo = z.infer<typeof AssistanceVideoSchema>

export const assistanceEndpoints = {
  videoLinks: {
    method: 'GET',
    service: 'api',
    path: '/video-links',
    access: 'user',
    summary: 'The assistance videos, by position',
    response: z.array(AssistanceVideoSchema),
    errors: [401, 403]
  },
  video: {
    method: 'GET',
    service: 'api',
    path: '/media/assistance/:id',
    access: 'public',
    summary: "An assistance video's bytes (HTTP ranges: 206, 416)",
    params: IdPathSchema,
    response: z.string(),
    errors: [404, 416]
  }
} as const satisfies Record<string, Endpoint>

/** Keys of the file store the operator may name (`demo/…` are the bundled clips). */
const storageKey = z
  .string()
  .regex(/^[\w-]+(?:\/[\w.-]+)+$/, { error: 'common.invalid' })
  .max(300, { error: 'common.tooLong' })

/** A video of the file store (`file`) or an https address (`url`): one of the two. */
export const CreateAssistanceVideoBodySchema = z
  .strictObject({
    title: z.string().trim().min(1, { error: 'common.required' }).max(200, { error: 'common.tooLong' }),
    description: z.string().trim().max(1000, { error: 'common.tooLong' }).optional(),
    file: storageKey.optional(),
    url: z
      .url({ protocol: /^https$/, error: 'common.invalid' })
      .max(2048, { error: 'common.tooLong' })
      .optional(),
    /** After the last one when omitted. */
    position: z.number().int().min(0).max(100_000).optional()
  })
  .refine((body) => (body.file === undefined) !== (body.url === undefined), { path: ['file'], error: 'common.required' })

export const assistanceOperatorEndpoints = {
  videoLinks: {
    method: 'GET',
    service: 'operator',
    path: '/video-links',
    access: 'operator',
    summary: 'The assistance videos, by position',
    response: z.array(AssistanceVideoSchema),
    errors: [401, 403]
  },
  addVideoLink: {
    method: 'POST',
    service: 'operator',
    path: '/video-links',
    access: 'operator',
    status: 201,
    summary: 'Add an assistance video: a file of the store (its type and length read from it) or an https address',
    body: CreateAssistanceVideoBodySchema,
    response: MessageResponseSchema.extend({ video: AssistanceVideoSchema }),
    errors: [401, 403, 415]
  },
  removeVideoLink: {
    method: 'DELETE',
    service: 'operator',
    path: '/video-links/:id',
    access: 'operator',
    summary: 'Remove an assistance video',
    params: IdPathSchema,
    response: MessageResponseSchema,
    errors: [401, 403, 404]
  }
} as const satisfies Record<string, Endpoint>
