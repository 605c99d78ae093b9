import { checkedString } from './checkedString.ts'
import type { MessageKey } from './messages.ts'

export const EMAIL_MAX = 180
const EMAIL_PATTERN = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/

export function isEmail(value: string): boolean {
  return value.length <= EMAIL_MAX && EMAIL_PATTERN.test(value)
}

export function normalizeEmail(value: string): string {
  return value.trim().toLowerCase()
}

/** The add-email rule: non-empty, no spaces, not numeric, and an e-mail address. */
export function checkEmail(value: string): MessageKey | null {
  if (value === '') return 'email.required'
  if (/\s/.test(value) || /^\d+$/.test(value) || !isEmail(value)) return 'email.invalid'
  return null
}

export const emailSchema = checkedString(checkEmail, { required: 'email.required', max: EMAIL_MAX, tooLong: 'email.invalid' })
