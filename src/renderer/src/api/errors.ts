import { ErrorResponseSchema } from '../../../shared/api/common.ts'
import type { ErrorCode } from '../../../shared/errors.ts'

/** Server codes, plus the two failures that never reach a server answer. */
export type ApiErrorCode = ErrorCode | 'network' | 'invalid_response'

/**
 * A failed call, whatever the cause: the stable code, the server's human message (as sent),
 * and the field errors (texts and message keys) when the server named fields.
 */
export class ApiError extends Error {
  readonly code: ApiErrorCode
  readonly status: number | null
  readonly fields: Record<string, string[]>
  readonly keys: Record<string, string[]>
  /** A purchase refused for want of points (402): the points missing, when the server said. */
  readonly missingPoints: number | null

  constructor(
    code: ApiErrorCode,
    message: string,
    options: {
      status?: number | null
      fields?: Record<string, string[]>
      keys?: Record<string, string[]>
      missingPoints?: number | null
    } = {}
  ) {
    super(message)
    this.name = 'ApiError'
    this.code = code
    this.status = options.status ?? null
    this.fields = options.fields ?? {}
    this.keys = options.keys ?? {}
    this.missingPoints = options.missingPoints ?? null
  }

  get isNetwork(): boolean {
    return this.code === 'network'
  }
}

/** Builds the typed error from an HTTP status and body (any shape the server may send). */
export function apiErrorFromResponse(status: number, body: unknown): ApiError {
  const parsed = ErrorResponseSchema.safeParse(body)
  if (parsed.success) {
    const { code, message, errors, keys, missing_points: missingPoints } = parsed.data
    return new ApiError(code, message, { status, fields: errors, keys, missingPoints })
  }
  const message = typeof body === 'object' && body !== null && 'message' in body && typeof body.message === 'string' ? body.message : ''
  const code: ErrorCode =
    status === 401
      ? 'unauthenticated'
      : status === 403
        ? 'forbidden'
        : status === 404
          ? 'not_found'
          : status === 429
            ? 'rate_limited'
            : status >= 500
              ? 'server_error'
              : 'validation_failed'
  return new ApiError(code, message, { status })
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError
}
