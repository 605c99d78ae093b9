/**
 * What a log line never carries, for the server's logger (pino) and the main process's alike:
 * tokens, passwords, Authorization headers and cookies, confirmation and sign-in codes. Objects
 * are masked by field name; text (a URL, a message) by the secrets it can hold: the values of
 * the query parameters below, a Bearer or Basic credential, a JWT.
 */

export const REDACTED = '[redacted]'

/**
 * Query parameters whose value is a secret (codes of registration, reset, transfers and OAuth
 * sign-in, links' tokens and signatures), or names the person a code went to (`to`, `credential`).
 */
export const SECRET_QUERY_PARAMS = [
  'token',
  'code',
  'code_verifier',
  'confirmationToken',
  'credentiel',
  'credential',
  'refresh_token',
  'signature',
  'to'
] as const

/**
 * Field names whose value is masked wherever they appear in a logged object. `code` is not one:
 * it also names error codes (`err.code`, an IPC refusal's code); codes travel in URLs and bodies,
 * which are masked as such.
 */
export const SECRET_FIELDS = [
  'authorization',
  'cookie',
  'set-cookie',
  'x-operator-key',
  'operatorKey',
  'password',
  'plainPassword',
  'oldPassword',
  'newPassword',
  'currentPassword',
  'token',
  'accessToken',
  'access_token',
  'refreshToken',
  'refresh_token',
  'confirmationToken',
  'code_verifier',
  'secret'
] as const

const SECRET_FIELD_NAMES = new Set<string>(SECRET_FIELDS.map((name) => name.toLowerCase()))

const SECRET_QUERY = new RegExp(`([?&#](?:${SECRET_QUERY_PARAMS.join('|')})=)[^&#\\s]*`, 'gi')
const CREDENTIAL = /\b(Bearer|Basic)\s+[\w.~+/=-]+/gi
const JWT = /\beyJ[\w-]+\.[\w-]+\.[\w-]+/g

export function isSecretField(name: string): boolean {
  return SECRET_FIELD_NAMES.has(name.toLowerCase())
}

/** The text with the values of secret query parameters, credentials and JWTs masked. */
export function redactText(text: string): string {
  return text.replace(SECRET_QUERY, `$1${REDACTED}`).replace(CREDENTIAL, `$1 ${REDACTED}`).replace(JWT, REDACTED)
}

const MAX_DEPTH = 6

/**
 * A copy of `value` fit for a log line: secret fields masked, text through `redactText`, an
 * error reduced to its name, message and code. Deeper than a few levels, `[…]`.
 */
export function redactValue(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return redactText(value)
  if (value === null || typeof value !== 'object') return value
  if (depth >= MAX_DEPTH) return '[…]'
  if (value instanceof Error) {
    const code = (value as { code?: unknown }).code
    return { name: value.name, message: redactText(value.message), ...(code === undefined ? {} : { code }) }
  }
  if (Array.isArray(value)) return value.map((item) => redactValue(item, depth + 1))
  const copy: Record<string, unknown> = {}
  for (const [key, item] of Object.entries(value)) copy[key] = isSecretField(key) ? REDACTED : redactValue(item, depth + 1)
  return copy
}
