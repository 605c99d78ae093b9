import { normalizeDigits } from './input.ts'
import { checkedString } from './checkedString.ts'
import type { MessageKey } from './messages.ts'

/** Tunisian mobile or fixed number: optional +216 / 00216, then 8 digits starting with 2, 4, 5 or 9. */
export const TUNISIAN_PHONE_PATTERN = /^(?:\+216|00216)?[2459]\d{7}$/

/** The number without its spaces, in ASCII digits (Arabic-Indic digits are read as typed). */
function compact(value: string): string {
  return normalizeDigits(value).replace(/\s+/g, '')
}

export function isTunisianPhone(value: string): boolean {
  return TUNISIAN_PHONE_PATTERN.test(compact(value))
}

/** The 8 national digits of a Tunisian number (spaces and the +216 / 00216 prefix removed). */
export function normalizeTunisianPhone(value: string): string {
  return compact(value).replace(/^(?:\+216|00216)/, '')
}

export function checkPhone(value: string): MessageKey | null {
  if (value.trim() === '') return 'phone.required'
  return isTunisianPhone(value) ? null : 'phone.invalid'
}

/**
 * The parent's phone of "add parent phone": 8 digits starting with 2, 4, 5 or 9, read as every
 * Tunisian phone of the app is (spaces and a +216 / 00216 prefix allowed).
 */
export function checkParentPhone(value: string): MessageKey | null {
  if (value.trim() === '') return 'parentPhone.required'
  const national = normalizeTunisianPhone(value)
  if (!/^\d{8}$/.test(national)) return 'parentPhone.length'
  if (!/^[2459]/.test(national)) return 'parentPhone.format'
  return null
}

export const phoneSchema = checkedString(checkPhone, { required: 'phone.required', max: 20, tooLong: 'phone.invalid' }).transform(
  normalizeDigits
)

/** The parent's phone, checked and then stored as its 8 national digits. */
export const parentPhoneSchema = checkedString(checkParentPhone, {
  required: 'parentPhone.required',
  max: 20,
  tooLong: 'parentPhone.length'
}).transform(normalizeTunisianPhone)
