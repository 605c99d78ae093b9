/** Errors a handler throws to answer 4xx; the error handler turns them into the contract's shape. */
import { errorStatus, type ErrorCode } from '../../src/shared/errors.ts'
import { frText, type MessageKey } from '../../src/shared/rules/messages.ts'

export class ApiError extends Error {
  readonly statusCode: number
  readonly code: ErrorCode
  readonly errors: Record<string, string[]> | undefined
  readonly keys: Record<string, string[]> | undefined
  /** Points missing for a purchase (402). */
  readonly missingPoints: number | undefined

  constructor(
    code: ErrorCode,
    message: string,
    options: { status?: number; fieldKeys?: Record<string, MessageKey[]>; missingPoints?: number } = {}
  ) {
    super(message)
    this.name = 'ApiError'
    this.code = code
    this.statusCode = options.status ?? errorStatus[code]
    this.missingPoints = options.missingPoints
    if (options.fieldKeys) {
      this.keys = options.fieldKeys
      this.errors = Object.fromEntries(Object.entries(options.fieldKeys).map(([field, keys]) => [field, keys.map(frText)]))
    }
  }

  toResponse() {
    return {
      code: this.code,
      message: this.message,
      ...(this.errors ? { errors: this.errors, keys: this.keys } : {}),
      ...(this.missingPoints !== undefined ? { missing_points: this.missingPoints } : {})
    }
  }
}

/** A 422 on named fields, the message being the first field's first text. */
export function fieldError(fieldKeys: Record<string, MessageKey[]>, code: ErrorCode = 'validation_failed', prefix = ''): ApiError {
  const first = Object.values(fieldKeys)[0]?.[0]
  return new ApiError(code, `${prefix}${first ? frText(first) : 'Validation failed'}`, { status: 422, fieldKeys })
}
