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
