/**
 * Links the app may hand to the system browser or mail client. Everything else the page asks to
 * open is refused: a compromised or confused renderer must not launch `file:`, custom protocol
 * handlers or look-alike hosts through the OS. The server holds the platform's own texts to the
 * same list (a notification's link is one the app will open).
 */
import { originOf } from './origin.ts'

export interface ExternalAllowlist {
  /** Exact host names reachable over `https:` on the default port (lower case, ASCII). */
  hosts: readonly string[]
  /** Exact origins also allowed, any path: the configured API and sandbox origins. */
  origins: readonly string[]
  /** Mail domains a `mailto:` link may address. */
  mailDomains: readonly string[]
}

/** The platform's own sites, its teacher site, forum and social pages, and sign-in providers. */
export const DEFAULT_EXTERNAL_HOSTS: readonly string[] = [
  'darsi.tn',
  'www.darsi.tn',
  'forum.darsi.tn',
  'enseignant.darsi.tn',
  'inscription.darsi.tn',
  'facebook.com',
  'www.facebook.com',
  'm.facebook.com',
  'instagram.com',
  'www.instagram.com',
  'youtube.com',
  'www.youtube.com',
  'youtu.be',
  'tiktok.com',
  'www.tiktok.com',
  'linkedin.com',
  'www.linkedin.com',
  'accounts.google.com'
]

export const DEFAULT_MAIL_DOMAINS: readonly string[] = ['darsi.tn']

const MAX_URL_LENGTH = 2048
// Printable ASCII without space: anything else (controls, whitespace, Unicode look-alikes) is refused.
const PRINTABLE_ASCII = /^[\x21-\x7e]+$/
const HOST_LABELS = /^(?!-)[a-z0-9-]{1,63}(?<!-)(\.(?!-)[a-z0-9-]{1,63}(?<!-))*$/
const MAIL_ADDRESS = /^[a-z0-9._%+-]{1,64}@([a-z0-9-]{1,63}\.)+[a-z]{2,63}$/i
const MAIL_QUERY_KEYS = new Set(['subject', 'body'])

/** The text between `//` and the first `/`, `?` or `#`: where user info would hide. */
function rawAuthority(raw: string): string {
  const start = raw.indexOf('//')
  if (start < 0) return ''
  const rest = raw.slice(start + 2)
  const end = rest.search(/[/?#]/)
  return end < 0 ? rest : rest.slice(0, end)
}

function checkMailto(url: URL, allowlist: ExternalAllowlist): string | null {
  if (url.host || url.hash) return null
  const address = decodeURIComponentSafe(url.pathname)
  if (address === null || !MAIL_ADDRESS.test(address)) return null
  const domain = address.slice(address.indexOf('@') + 1).toLowerCase()
  if (!allowlist.mailDomains.map((value) => value.toLowerCase()).includes(domain)) return null
  for (const key of url.searchParams.keys()) if (!MAIL_QUERY_KEYS.has(key.toLowerCase())) return null
  return url.href
}

function decodeURIComponentSafe(value: string): string | null {
  try {
    return decodeURIComponent(value)
  } catch {
    return null
  }
}

/**
 * The URL to open if `raw` is allowed, normalized by the URL parser (so what is opened is what
 * was checked), else null.
 */
export function checkExternalUrl(raw: unknown, allowlist: ExternalAllowlist): string | null {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > MAX_URL_LENGTH) return null
  if (!PRINTABLE_ASCII.test(raw) || raw.includes('\\')) return null
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    return null
  }
  if (url.protocol === 'mailto:') return checkMailto(url, allowlist)
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null
  if (url.username || url.password || rawAuthority(raw).includes('@')) return null
  // The parser would turn `https:evil.com` or `https:/evil.com` into a host: require the slashes.
  if (!/^https?:\/\/[^/]/i.test(raw)) return null

  const origin = originOf(url.href)
  const allowedOrigins = new Set(allowlist.origins.map((value) => originOf(value)).filter((value) => value !== null))
  if (origin !== null && allowedOrigins.has(origin)) return url.href

  if (url.protocol !== 'https:' || url.port !== '') return null
  const host = url.hostname
  // Punycode labels are how homographs of allowlisted names arrive once parsed.
  if (!HOST_LABELS.test(host) || host.split('.').some((label) => label.startsWith('xn--'))) return null
  return allowlist.hosts.map((value) => value.toLowerCase()).includes(host) ? url.href : null
}

export function isAllowedExternalUrl(raw: unknown, allowlist: ExternalAllowlist): boolean {
  return checkExternalUrl(raw, allowlist) !== null
}

/** A web page a platform text (a notification's link) may point to: `https:`, on the platform's hosts. */
export function isPlatformWebLink(raw: unknown): boolean {
  return checkExternalUrl(raw, { hosts: DEFAULT_EXTERNAL_HOSTS, origins: [], mailDomains: [] }) !== null
}
