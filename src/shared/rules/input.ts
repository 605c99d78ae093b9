/**
 * What pupils type, read the same way by the forms (on input) and by the server (in its request
 * schemas), so a client that sends the raw text is understood too (decision 0026).
 */

/** Arabic-Indic digits (٠–٩, an Arabic keyboard) and Eastern Arabic digits (۰–۹, a Persian one). */
const ARABIC_DIGITS = /[\u0660-\u0669\u06F0-\u06F9]/g

/** Every Arabic-Indic or Eastern Arabic digit as its ASCII digit; the rest as typed. */
export function normalizeDigits(value: string): string {
  return value.replace(ARABIC_DIGITS, (digit) => {
    const code = digit.charCodeAt(0)
    return String(code - (code >= 0x06f0 ? 0x06f0 : 0x0660))
  })
}

/** Spaces and dashes that group a code when it is shown or pasted ("965 838", "965-838"). */
const CODE_SEPARATORS = /[\s\-\u2010-\u2015\u2212]/g

/** A confirmation, reset or transfer code: ASCII digits, without its grouping spaces and dashes. */
export function normalizeCodeInput(value: string): string {
  return normalizeDigits(value).replace(CODE_SEPARATORS, '')
}

/** An amount: ASCII digits, and the Arabic decimal separator (٫) read as a point. */
export function normalizeAmountInput(value: string): string {
  return normalizeDigits(value).replace(/\u066B/g, '.')
}

/**
 * Bounds of the text boxes: generous, so that they never cut what a pupil may type (an over-long
 * password gets its message instead of being shortened), and within what the server reads.
 */
export const INPUT_MAX = {
  password: 128,
  /** First and last names: past NAME_MAX the rule says the name is not valid. */
  name: 100,
  code: 32,
  amount: 32
} as const
