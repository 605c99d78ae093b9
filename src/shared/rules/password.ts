import { PASSWORD_MAX, PASSWORD_MIN } from '../constants.ts'
import { checkedString } from './checkedString.ts'
import type { MessageKey } from './messages.ts'

/** A character repeated this many times in a row makes a new password weak. */
export const PASSWORD_MAX_REPEAT = 6

/** Every rule a new password breaks, in the order the form shows them. */
export function checkNewPassword(value: string): MessageKey[] {
  if (value === '') return ['password.required']
  const problems: MessageKey[] = []
  if (value.length < PASSWORD_MIN) problems.push('password.min')
  else if (value.length > PASSWORD_MAX) problems.push('password.length')
  if (!/\p{Lu}/u.test(value)) problems.push('password.uppercase')
  if (!/\p{Ll}/u.test(value)) problems.push('password.lowercase')
  if (!/\d/.test(value)) problems.push('password.digit')
  if (!/[^\p{L}\d\s]/u.test(value)) problems.push('password.special')
  if (new RegExp(`(.)\\1{${PASSWORD_MAX_REPEAT - 1},}`, 'u').test(value)) problems.push('password.repeated')
  return problems
}

/** The login form only checks presence and the minimum length. */
export function checkLoginPassword(value: string): MessageKey | null {
  if (value === '') return 'password.required'
  return value.length < PASSWORD_MIN ? 'password.min' : null
}

const passwordLimits = { required: 'password.required', max: 256, tooLong: 'password.length' } as const

export const newPasswordSchema = checkedString(checkNewPassword, passwordLimits)

export const loginPasswordSchema = checkedString(checkLoginPassword, passwordLimits)
