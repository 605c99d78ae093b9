import { isEmail, normalizeEmail } from './email.ts'
import { normalizeDigits } from './input.ts'
import { checkedString } from './checkedString.ts'
import type { MessageKey } from './messages.ts'
import { isTunisianPhone, normalizeTunisianPhone } from './phone.ts'

export type Credential = { kind: 'email'; value: string } | { kind: 'phone'; value: string }

/** Login and reset: an e-mail address or a Tunisian phone (with or without +216 / 00216). */
export function checkCredential(value: string): MessageKey | null {
  if (value.trim() === '') return 'credential.required'
  return parseCredential(value) ? null : 'credential.invalid'
}

/** The normalised credential (lower-case e-mail, or the 8 national digits), or null. */
export function parseCredential(value: string): Credential | null {
  const trimmed = value.trim()
  if (isTunisianPhone(trimmed)) return { kind: 'phone', value: normalizeTunisianPhone(trimmed) }
  if (isEmail(trimmed)) return { kind: 'email', value: normalizeEmail(trimmed) }
  return null
}

/** Checked as sent, handed to the route in ASCII digits (a phone typed on an Arabic keyboard). */
export const credentialSchema = checkedString(checkCredential, {
  required: 'credential.required',
  max: 180,
  tooLong: 'credential.invalid'
}).transform(normalizeDigits)
