import { z } from 'zod'
import type { MessageKey } from './messages.ts'

/**
 * A text field checked as sent by the rule its form runs: `required` when it is missing or not a
 * string, `tooLong` past `max` characters, and each key the rule returns.
 */
export function checkedString(
  rule: (value: string) => MessageKey | readonly MessageKey[] | null,
  limits: { required: MessageKey; max: number; tooLong: MessageKey }
) {
  return z
    .string({ error: limits.required })
    .max(limits.max, { error: limits.tooLong })
    .superRefine((value, ctx) => {
      const broken = rule(value)
      const keys = broken === null ? [] : typeof broken === 'string' ? [broken] : broken
      for (const key of keys) ctx.addIssue({ code: 'custom', message: key })
    })
}
