/**
 * Amounts of the wallet (specification part 1, sections 5 and 9): a points payment (top-up) is
 * 0 < amount ≤ 9999 dinars, at most three decimals (millimes); a points transfer is a whole
 * number of points from 10 to 5000. Forms may hand the value over as text, so numeric strings
 * are accepted, in the digits the pupil typed (Arabic-Indic ones included, decision 0026).
 */
import { z } from 'zod'
import { PAYMENT_AMOUNT_MAX, TRANSFER_MAX, TRANSFER_MIN } from '../constants.ts'
import { INPUT_MAX, normalizeAmountInput } from './input.ts'
import type { MessageKey } from './messages.ts'

const NUMERIC = /^\s*\d{1,7}(?:[.,]\d{1,3})?\s*$/

/** A number, a numeric string ("12", "12.5", "12,5", "١٢٫٥"), or null when the field is empty. */
export function readAmount(value: unknown): number | null | 'invalid' {
  if (value === undefined || value === null || value === '') return null
  if (typeof value === 'number') return Number.isFinite(value) ? value : 'invalid'
  if (typeof value !== 'string') return 'invalid'
  const text = normalizeAmountInput(value)
  return NUMERIC.test(text) ? Number(text.trim().replace(',', '.')) : 'invalid'
}

/** Top-up amount: required, positive, at most 9999, whole millimes. */
export function checkPaymentAmount(value: unknown): MessageKey | null {
  const amount = readAmount(value)
  if (amount === null || amount === 'invalid') return 'payment.amount'
  if (!(amount > 0) || amount > PAYMENT_AMOUNT_MAX) return 'payment.amount'
  return Math.abs(Math.round(amount * 1000) - amount * 1000) < 1e-6 ? null : 'payment.amount'
}

/** Transfer points: required, 10 to 5000, and whole (10.5 is in the range but not a number of points). */
export function checkTransferPoints(value: unknown): MessageKey | null {
  const points = readAmount(value)
  if (points === null) return 'common.fillFields'
  if (points === 'invalid' || points < TRANSFER_MIN || points > TRANSFER_MAX) return 'transfer.amountRange'
  return Number.isInteger(points) ? null : 'transfer.wholePoints'
}

/** Bank-transfer reference: required and without spaces (other methods need none). */
export function checkPaymentReference(value: string | null | undefined, method: string | undefined): MessageKey | null {
  if (value === undefined || value === null || value.trim() === '') return method === 'transfer' ? 'payment.referenceRequired' : null
  return /\s/.test(value) ? 'payment.referenceSpaces' : null
}

const amountInput = z.union([z.number(), z.string().max(INPUT_MAX.amount), z.null()], { error: 'payment.amount' }).optional()

/** The top-up amount, parsed to dinars. */
export const paymentAmountSchema = amountInput.transform((value, ctx) => {
  const key = checkPaymentAmount(value)
  if (key) {
    ctx.addIssue({ code: 'custom', message: key })
    return z.NEVER
  }
  return readAmount(value) as number
})

/** The transfer amount, parsed to whole points. */
export const transferPointsSchema = z
  .union([z.number(), z.string().max(INPUT_MAX.amount), z.null()], { error: 'transfer.amountRange' })
  .optional()
  .transform((value, ctx) => {
    const key = checkTransferPoints(value)
    if (key) {
      ctx.addIssue({ code: 'custom', message: key })
      return z.NEVER
    }
    return readAmount(value) as number
  })
