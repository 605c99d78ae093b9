/** The origin of the page the app serves in production: the privileged `app` scheme. */
export const APP_SCHEME = 'app'
export const APP_HOST = 'darsi'
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`
/** The scheme of `darsi://` links (the same as the shared parser's, without loading it). */
export const DEEP_LINK_PROTOCOL = 'darsi'

/**
 * `scheme://host[:port]` of a URL, lower-cased, or null. WHATWG `URL.origin` is `"null"` for
 * schemes it does not know (such as `app:`), so the origin is rebuilt from its parts.
 */
export function originOf(raw: unknown): string | null {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > 8192) return null
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    return null
  }
  if (!url.host || url.username || url.password) return null
  return `${url.protocol}//${url.host}`.toLowerCase()
}

/** Normalizes a configured origin (`http://127.0.0.1:4000/` → `http://127.0.0.1:4000`). */
export function normalizeOrigin(raw: string): string | null {
  return originOf(raw)
}
