import { CONFIRMATION_CODE_LENGTH } from '../constants.ts'
import { normalizeCodeInput } from './input.ts'
import { checkedString } from './checkedString.ts'
import type { MessageKey } from './messages.ts'

const CODE_PATTERN = new RegExp(`^[A-Za-z0-9]{${CONFIRMATION_CODE_LENGTH}}$`)

/**
 * Confirmation codes (registration, e-mail, transfer): exactly 6 letters or digits, read as typed
 * or pasted (normalizeCodeInput: "965 838" and "٩٦٥-٨٣٨" are 965838).
 */
export function checkConfirmationCode(value: string): MessageKey | null {
  const code = normalizeCodeInput(value)
  if (code === '') return 'code.required'
  return CODE_PATTERN.test(code) ? null : 'code.invalid'
}

/**
 * The reset form: required, then the 6-character shape. A space that stands where a character
 * is missing ("AB 123") says so; the grouping space of a whole pasted code ("965 838") does not.
 */
export function checkResetCode(value: string): MessageKey | null {
  const code = normalizeCodeInput(value)
  if (code === '') return 'code.required'
  if (CODE_PATTERN.test(code)) return null
  return /\s/.test(value.trim()) ? 'code.missing' : 'code.invalid'
}

/** Checked as sent, then handed to the route as the bare code. */
function codeSchema(check: (value: string) => MessageKey | null) {
  return checkedString(check, { required: 'code.required', max: 64, tooLong: 'code.invalid' }).transform(normalizeCodeInput)
}

export const confirmationCodeSchema = codeSchema(checkConfirmationCode)
export const resetCodeSchema = codeSchema(checkResetCode)
