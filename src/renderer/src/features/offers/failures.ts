import { isApiError } from '../../api/errors.ts'
import { generalMessage, type Message } from '../../forms/messages.ts'

/** A failure in the user's language (a 'Server' text is the generic one, §8); anything but the platform's error is a server error. */
export function failureMessage(error: unknown): Message {
  return isApiError(error) ? generalMessage(error) : { key: 'auth:errors.server' }
}
