import { z } from 'zod'
import { BIRTH_DATE_BEFORE, MIN_AGE_YEARS } from '../constants.ts'
import type { MessageKey } from './messages.ts'

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/

/** A real calendar day written year-month-day, as the form sends it. */
export function isIsoDate(value: string): boolean {
  const match = ISO_DATE.exec(value)
  if (!match) return false
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])]
  const date = new Date(Date.UTC(year, month - 1, day))
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day
}

/** dd/mm/yyyy as typed in the form → yyyy-mm-dd, or null. */
export function fromDisplayDate(value: string): string | null {
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(value)
  if (!match) return null
  const iso = `${match[3]}-${match[2]}-${match[1]}`
  return isIsoDate(iso) ? iso : null
}

/** Age in whole years on `today` (yyyy-mm-dd). */
export function ageOn(birthDate: string, today: string): number {
  const [by, bm, bd] = birthDate.split('-').map(Number) as [number, number, number]
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number]
  return ty - by - (tm < bm || (tm === bm && td < bd) ? 1 : 0)
}

/** Registration rules; `today` (yyyy-mm-dd) is the server's clock for the minimum age. */
export function checkBirthDate(value: string, today: string): MessageKey | null {
  if (value === '') return 'birthDate.required'
  if (!isIsoDate(value)) return 'birthDate.format'
  if (value >= BIRTH_DATE_BEFORE) return 'birthDate.tooLate'
  if (ageOn(value, today) < MIN_AGE_YEARS) return 'birthDate.minAge'
  return null
}

/** Profile edit adds: not in the future. */
export function checkProfileBirthDate(value: string, today: string): MessageKey | null {
  if (isIsoDate(value) && value > today) return 'birthDate.future'
  return checkBirthDate(value, today)
}

/** The static part of the rule (format and the fixed bound); the age needs the clock. */
export const birthDateSchema = z
  .string({ error: 'birthDate.required' })
  .max(10, { error: 'birthDate.format' })
  .superRefine((value, ctx) => {
    if (value === '') ctx.addIssue({ code: 'custom', message: 'birthDate.required' })
    else if (!isIsoDate(value)) ctx.addIssue({ code: 'custom', message: 'birthDate.format' })
    else if (value >= BIRTH_DATE_BEFORE) ctx.addIssue({ code: 'custom', message: 'birthDate.tooLate' })
  })
