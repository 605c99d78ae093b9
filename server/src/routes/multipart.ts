/**
 * The reading of a multipart form (an avatar, a report card): its parts one by one, the limits of
 * the multipart plugin turned into the API's errors on the form's file field.
 */
import type { Multipart } from '@fastify/multipart'
import type { FastifyRequest } from 'fastify'
import type { MessageKey } from '../../../src/shared/rules/messages.ts'
import { ApiError } from '../errors.ts'

/** What a form's refusals say: 415 when it is not multipart, 413 for a file over the limit, 422 for more files, parts or fields than allowed. */
export type MultipartRefusals = {
  notMultipart: string
  /** The form's file field, named by the 413 and 422 errors. */
  field: string
  tooLarge: string
  tooLargeKey: MessageKey
  tooMany: string
}

/** Hands each part of the request's multipart form to `onPart`, in order. */
export async function readParts(
  request: FastifyRequest,
  refusals: MultipartRefusals,
  onPart: (part: Multipart) => Promise<void> | void
): Promise<void> {
  if (!request.isMultipart()) throw new ApiError('unsupported_media_type', refusals.notMultipart)
  try {
    for await (const part of request.parts()) await onPart(part)
  } catch (error) {
    const code = (error as { code?: string }).code
    if (code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new ApiError('payload_too_large', refusals.tooLarge, { status: 413, fieldKeys: { [refusals.field]: [refusals.tooLargeKey] } })
    }
    if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
      throw new ApiError('validation_failed', refusals.tooMany, { status: 422, fieldKeys: { [refusals.field]: ['common.invalid'] } })
    }
    throw error
  }
}
