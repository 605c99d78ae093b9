/**
 * `darsi://` links: the ways the outside world (the system browser, a payment page, an operator's
 * impersonation link) hands control back to the app. One pure parser for main and the renderer.
 */
import { z } from 'zod'

export const DEEP_LINK_SCHEME = 'darsi'
const MAX_LINK_LENGTH = 4096

const token = z
  .string()
  .min(1)
  .max(4096)
  .regex(/^[\w.~+/=-]+$/)
const id = z.string().regex(/^\d{1,12}$/)
const code = z
  .string()
  .min(1)
  .max(2048)
  .regex(/^[\w.~+/=-]+$/)

export const SocialProviderSchema = z.enum(['google', 'facebook'])
/** Where an administrator's switch link asks to go once the pupil's session ends (§4 admin marker). */
export const SwitchRedirectSchema = z.literal('RegisterPage')
export type SwitchRedirect = z.infer<typeof SwitchRedirectSchema>

export const DeepLinkSchema = z.discriminatedUnion('kind', [
  z.strictObject({
    kind: z.literal('social-callback'),
    provider: SocialProviderSchema,
    code: code.nullable(),
    /** The value the app gave the provider when it started this sign-in, handed back unchanged. */
    state: code.optional()
  }),
  z.strictObject({
    kind: z.literal('payment-return'),
    outcome: z.enum(['success', 'echec']),
    orderId: z
      .string()
      .min(1)
      .max(128)
      .regex(/^[\w-]+$/)
  }),
  z.strictObject({
    kind: z.literal('operator-return'),
    outcome: z.enum(['success', 'echec']),
    /** The query the operator returned, passed on to the API untouched (allowlisted keys only). */
    query: z.record(z.string().max(64), z.string().max(512))
  }),
  z.strictObject({
    kind: z.literal('switch'),
    /** A single-use switch token, exchanged at `POST /api/auth/switch` for the session's tokens. */
    token,
    adminId: id,
    userId: id,
    /** §4: once this session ends, send the administrator to the external registration page. */
    redirectTo: SwitchRedirectSchema.optional()
  }),
  z.strictObject({ kind: z.literal('open'), path: z.string().startsWith('/').max(2048) })
])
export type DeepLink = z.infer<typeof DeepLinkSchema>

const OPERATOR_QUERY_KEYS = new Set(['transactionId', 'subscriptionId', 'status', 'msisdn', 'orderId', 'reference'])

function hasControlCharacters(value: string): boolean {
  // eslint-disable-next-line no-control-regex
  return /[\u0000-\u001f\u007f]/.test(value)
}

/**
 * Parses a `darsi://` URL. Anything else, malformed or unknown answers `null`: a deep link is
 * untrusted input from any program on the machine.
 */
export function parseDeepLink(raw: string): DeepLink | null {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > MAX_LINK_LENGTH) return null
  if (hasControlCharacters(raw)) return null
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    return null
  }
  if (url.protocol !== `${DEEP_LINK_SCHEME}:`) return null
  if (url.username || url.password || url.port) return null

  // darsi://login/google/callback → host "login", path "/google/callback"
  const segments = [url.hostname, ...url.pathname.split('/')].filter((part) => part.length > 0)
  const query = url.searchParams
  const candidate = toCandidate(segments, query)
  if (!candidate) return null
  const parsed = DeepLinkSchema.safeParse(candidate)
  return parsed.success ? parsed.data : null
}

function toCandidate(segments: string[], query: URLSearchParams): unknown {
  const [head, second, third] = segments
  switch (head) {
    case 'login':
      if (segments.length !== 3 || third !== 'callback') return null
      return {
        kind: 'social-callback',
        provider: second,
        code: query.get('code') || null,
        ...(query.get('state') ? { state: query.get('state') } : {})
      }
    case 'payment':
      if (segments.length !== 2) return null
      return { kind: 'payment-return', outcome: second, orderId: query.get('orderId') }
    case 'operator': {
      if (segments.length !== 2) return null
      const kept: Record<string, string> = {}
      for (const [key, value] of query) if (OPERATOR_QUERY_KEYS.has(key)) kept[key] = value
      return { kind: 'operator-return', outcome: second, query: kept }
    }
    case 'switch': {
      if (segments.length !== 1) return null
      const redirectTo = query.get('redirectTo')
      return {
        kind: 'switch',
        token: query.get('token'),
        adminId: query.get('adminId'),
        userId: query.get('userId'),
        ...(redirectTo !== null ? { redirectTo } : {})
      }
    }
    case 'open': {
      const path = query.get('path')
      if (segments.length !== 1 || !path || path.startsWith('//') || path.includes('\\') || hasControlCharacters(path)) return null
      return { kind: 'open', path }
    }
    default:
      return null
  }
}

/** Builds the link for a parsed value; `parseDeepLink(formatDeepLink(x))` gives `x` back. */
export function formatDeepLink(link: DeepLink): string {
  const base = `${DEEP_LINK_SCHEME}://`
  switch (link.kind) {
    case 'social-callback': {
      const params = new URLSearchParams({ ...(link.code ? { code: link.code } : {}), ...(link.state ? { state: link.state } : {}) })
      const query = params.size > 0 ? `?${params}` : ''
      return `${base}login/${link.provider}/callback${query}`
    }
    case 'payment-return':
      return `${base}payment/${link.outcome}?${new URLSearchParams({ orderId: link.orderId })}`
    case 'operator-return':
      return `${base}operator/${link.outcome}?${new URLSearchParams(link.query)}`
    case 'switch':
      return `${base}switch?${new URLSearchParams({
        token: link.token,
        adminId: link.adminId,
        userId: link.userId,
        ...(link.redirectTo ? { redirectTo: link.redirectTo } : {})
      })}`
    case 'open':
      return `${base}open?${new URLSearchParams({ path: link.path })}`
  }
}

/** The `darsi://` argument among a process's command line (Windows and Linux second instance). */
export function findDeepLinkArgument(argv: readonly string[]): string | null {
  return argv.find((arg) => arg.toLowerCase().startsWith(`${DEEP_LINK_SCHEME}://`)) ?? null
}
