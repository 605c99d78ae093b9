/**
 * Shapes shared by every domain of the platform API: error answers, plain messages, paged
 * lists, and the endpoint table type the server registers its routes from.
 */
import { z } from 'zod'
import { ErrorCodeSchema } from '../errors.ts'

/** Either an `errors` map (field → messages, first one shown) or a general `message`. */
export const ErrorResponseSchema = z.object({
  code: ErrorCodeSchema,
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
  /** The message keys of `errors`, for clients that translate themselves. */
  keys: z.record(z.string(), z.array(z.string())).optional(),
  /** A purchase refused for want of points (402): how many points are missing. */
  missing_points: z.number().nonnegative().optional()
})
export type ErrorResponse = z.infer<typeof ErrorResponseSchema>

export const MessageResponseSchema = z.object({ message: z.string() })
export type MessageResponse = z.infer<typeof MessageResponseSchema>

export const PageMetaSchema = z.object({
  current_page: z.number().int().positive(),
  last_page: z.number().int().positive(),
  total: z.number().int().nonnegative(),
  per_page: z.number().int().positive()
})
export type PageMeta = z.infer<typeof PageMetaSchema>

export function pagedSchema<T extends z.ZodType>(item: T) {
  return z.object({ data: z.array(item), meta: PageMetaSchema })
}

export const IdNameSchema = z.object({ id: z.number().int(), name: z.string() })
export type IdName = z.infer<typeof IdNameSchema>

/** A numeric path parameter (`/countries/{id}/states`). */
export const idParam = z.coerce
  .number({ error: 'common.invalid' })
  .int({ error: 'common.invalid' })
  .positive({ error: 'common.invalid' })
  .max(2_147_483_647, { error: 'common.invalid' })

/** The path of an endpoint that names one row by its id (`/orders/{id}`). */
export const IdPathSchema = z.strictObject({ id: idParam })

/** Route groups of the platform API, all on one origin. */
export const servicePrefixes = {
  api: '/api',
  notify: '/notify',
  progress: '/progress-service',
  analytics: '/analytics',
  sandbox: '/sandbox',
  operator: '/operator',
  dev: '/dev'
} as const
export type Service = keyof typeof servicePrefixes

/**
 * Who may call: `public` anyone; `session` any signed-in user (also unverified or with an
 * expired password); `user` a verified user whose password is current; `admin` an
 * administrator; `operator` the operator key of the running server.
 */
export type Access = 'public' | 'session' | 'user' | 'admin' | 'operator'

export type Endpoint = {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH'
  service: Service
  /** Path inside the service, with `:name` parameters. */
  path: string
  access: Access
  summary: string
  /** The body carries `g-recaptcha-response`, checked before the handler runs. */
  captcha?: boolean
  /** Also accepts form bodies: `application/x-www-form-urlencoded` and `multipart/form-data` (fields only). */
  form?: boolean
  /** The body is `multipart/form-data` (file uploads): `body` documents the form; the handler reads the parts. */
  multipart?: boolean
  /** Prefix of the general `message` when the first error is on that field (`{ birthDate: 'Birthdate: ' }`). */
  messagePrefixes?: Readonly<Record<string, string>>
  params?: z.ZodType
  querystring?: z.ZodType
  body?: z.ZodType
  /** Status of the success answer (200 unless told). */
  status?: 200 | 201 | 204 | 302
  response: z.ZodType
  /** Error statuses the endpoint documents besides 422 and 429. */
  errors?: readonly number[]
}

/** `/countries/:id/states` → `/countries/{id}/states` */
export function openApiPath(endpoint: Endpoint): string {
  return `${servicePrefixes[endpoint.service]}${endpoint.path}`.replace(/:(\w+)/g, '{$1}')
}
