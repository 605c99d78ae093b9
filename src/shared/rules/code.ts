import { z } from 'zod'
import { CONFIRMATION_CODE_LENGTH } from '../constants.ts'
import type { MessageKey } from './messages.ts'

const CODE_PATTERN = new RegExp(`^[A-Za-z0-9]{${CONFIRMATION_CODE_LENGTH}}$`)

/** Confirmation codes (registration, e-mail, transfer): exactly 6 letters or digits. */
export function checkConfirmationCode(value: string): MessageKey | null {
  if (value === '') return 'code.required'
  return CODE_PATTERN.test(value) ? null : 'code.invalid'
}

/** The reset form: required, no spaces, then the 6-character shape. */
export function checkResetCode(value: string): MessageKey | null {
  if (value === '') return 'code.required'
  if (/\s/.test(value)) return 'code.missing'
  return CODE_PATTERN.test(value) ? null : 'code.invalid'
}

export const confirmationCodeSchema = z
  .string({ error: 'code.required' })
  .max(64, { error: 'code.invalid' })
  .superRefine((value, ctx) => {
    const key = checkConfirmationCode(value)
    if (key) ctx.addIssue({ code: 'custom', message: key })
  })

export const resetCodeSchema = z
  .string({ error: 'code.required' })
  .max(64, { error: 'code.invalid' })
  .superRefine((value, ctx) => {
    const key = checkResetCode(value)
    if (key) ctx.addIssue({ code: 'custom', message: key })
  })
