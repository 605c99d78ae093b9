import { NAME_MAX, NAME_MIN } from '../constants.ts'
import { INPUT_MAX } from './input.ts'
import { checkedString } from './checkedString.ts'
import type { MessageKey } from './messages.ts'

const LETTERS_AND_SPACES = /^[\p{L}\p{M} ]+$/u

export function checkName(value: string, which: 'first' | 'last'): MessageKey | null {
  const trimmed = value.trim()
  if (trimmed === '') return which === 'first' ? 'names.firstNameRequired' : 'names.lastNameRequired'
  const valid = LETTERS_AND_SPACES.test(trimmed) && trimmed.length >= NAME_MIN && trimmed.length <= NAME_MAX
  if (valid) return null
  return which === 'first' ? 'names.firstNameInvalid' : 'names.lastNameInvalid'
}

function nameSchema(which: 'first' | 'last') {
  const required = which === 'first' ? 'names.firstNameRequired' : 'names.lastNameRequired'
  const invalid = which === 'first' ? 'names.firstNameInvalid' : 'names.lastNameInvalid'
  return checkedString((value) => checkName(value, which), { required, max: INPUT_MAX.name, tooLong: invalid })
}

export const firstNameSchema = nameSchema('first')
export const lastNameSchema = nameSchema('last')
