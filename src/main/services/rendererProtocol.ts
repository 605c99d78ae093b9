/**
 * Serves the built renderer from a directory, for `protocol.handle('app', …)` in the app and for
 * a plain HTTP server in the end-to-end harness. Requests are untrusted: anything that could
 * leave the root directory is answered 404 rather than normalized.
 */
import { extname, isAbsolute, relative, resolve, sep } from 'node:path'

/** `immutable`: a build asset whose name carries its content hash (`/assets/index-3f2a9c.js`). */
export type RendererResolution = { filePath: string; mimeType: string; immutable: boolean } | { status: 404 }

export type ReadFile = (filePath: string) => Promise<Uint8Array>

const MIME_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.wasm': 'application/wasm',
  '.mp3': 'audio/mpeg',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.pdf': 'application/pdf'
}

const NOT_FOUND = { status: 404 } as const
const MAX_URL_LENGTH = 4096
// Encoded dots, slashes, backslashes and NUL are never part of a file the build emits.
const FORBIDDEN_ENCODINGS = /%(2e|2f|5c|00)/i
// eslint-disable-next-line no-control-regex
const UNSAFE_IN_SEGMENT = /[/\\:\u0000-\u001f\u007f]/
// File names the build emits: no leading dot, no spaces, ASCII only.
const SAFE_FILE_SEGMENT = /^[\w@+~-][\w.@+~-]*$/

export function mimeTypeOf(filePath: string): string {
  return MIME_TYPES[extname(filePath).toLowerCase()] ?? 'application/octet-stream'
}

/** The path part of a URL exactly as it was sent, before the parser resolves dot segments. */
function rawPathOf(requestUrl: string): string | null {
  const match = /^[a-z][a-z0-9+.-]*:\/\/[^/?#\\]*([^?#]*)/i.exec(requestUrl)
  return match ? (match[1] ?? '') : null
}

export function resolveRendererRequest(rootDir: string, requestUrl: string): RendererResolution {
  if (typeof requestUrl !== 'string' || requestUrl.length > MAX_URL_LENGTH) return NOT_FOUND
  const rawPath = rawPathOf(requestUrl)
  if (rawPath === null) return NOT_FOUND
  if (rawPath.includes('\\') || rawPath.includes('\0') || FORBIDDEN_ENCODINGS.test(rawPath)) return NOT_FOUND

  const path = rawPath === '' ? '/' : rawPath
  if (!path.startsWith('/')) return NOT_FOUND
  const rawSegments = path.slice(1).split('/')
  const isDirectory = rawSegments[rawSegments.length - 1] === ''
  if (isDirectory) rawSegments.pop()

  const segments: string[] = []
  for (const raw of rawSegments) {
    let segment: string
    try {
      segment = decodeURIComponent(raw)
    } catch {
      return NOT_FOUND
    }
    // Empty (`//`), dot and hidden segments, separators, drive letters and controls are refused.
    if (segment === '' || segment.startsWith('.') || UNSAFE_IN_SEGMENT.test(segment)) return NOT_FOUND
    segments.push(segment)
  }

  const last = segments[segments.length - 1]
  // History routing: `/offres` or `/exams/12` has no file extension and is a route of the page.
  const isRoute = isDirectory || last === undefined || extname(last) === ''
  if (!isRoute && !segments.every((segment) => SAFE_FILE_SEGMENT.test(segment))) return NOT_FOUND
  const relativeParts = isRoute ? ['index.html'] : segments

  const root = resolve(rootDir)
  const filePath = resolve(root, ...relativeParts)
  const inside = relative(root, filePath)
  if (inside === '' || inside.startsWith('..') || isAbsolute(inside) || inside.split(sep).includes('..')) return NOT_FOUND
  return { filePath, mimeType: mimeTypeOf(filePath), immutable: !isRoute && segments.length === 2 && segments[0] === 'assets' }
}

export interface ContentSecurityPolicyOptions {
  /** Origins of the platform API services (`http://127.0.0.1:4000`). */
  apiOrigins: readonly string[]
}

function unique(values: readonly string[]): string[] {
  return [...new Set(values)]
}

function webSocketOrigin(origin: string): string | null {
  if (origin.startsWith('https://')) return `wss://${origin.slice('https://'.length)}`
  if (origin.startsWith('http://')) return `ws://${origin.slice('http://'.length)}`
  return null
}

/** The policy sent with every HTML response of the renderer. */
export function buildContentSecurityPolicy(apiOrigins: readonly string[]): string {
  const origins = unique(
    apiOrigins
      .map((value) => {
        try {
          const url = new URL(value)
          return url.protocol === 'http:' || url.protocol === 'https:' ? `${url.protocol}//${url.host}` : null
        } catch {
          return null
        }
      })
      .filter((value): value is string => value !== null)
  )
  const sockets = origins.map(webSocketOrigin).filter((value): value is string => value !== null)
  const directives: Array<[string, string[]]> = [
    ['default-src', ["'self'"]],
    ['script-src', ["'self'"]],
    // Fluent UI (Griffel) injects style elements at run time.
    ['style-src', ["'self'", "'unsafe-inline'"]],
    ['img-src', ["'self'", 'data:', 'blob:', ...origins]],
    ['font-src', ["'self'", 'data:']],
    ['media-src', ["'self'", 'blob:', ...origins]],
    ['connect-src', ["'self'", ...origins, ...sockets]],
    ['worker-src', ["'self'", 'blob:']],
    ['object-src', ["'none'"]],
    ['base-uri', ["'none'"]],
    ['frame-ancestors', ["'none'"]],
    ['form-action', ["'none'"]]
  ]
  return directives.map(([name, sources]) => `${name} ${unique(sources).join(' ')}`).join('; ')
}

function notFound(): Response {
  return new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } })
}

/**
 * A fetch-style handler: `(request) => Response`. HTML gets the CSP header; every response gets
 * `nosniff`. Only GET and HEAD are served.
 */
export function createRendererHandler(rootDir: string, readFile: ReadFile, cspHeader: string): (request: Request) => Promise<Response> {
  return async (request) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return new Response('Method not allowed', { status: 405, headers: { Allow: 'GET, HEAD' } })
    }
    const resolved = resolveRendererRequest(rootDir, request.url)
    if ('status' in resolved) return notFound()
    let body: Uint8Array
    try {
      body = await readFile(resolved.filePath)
    } catch {
      return notFound()
    }
    const headers: Record<string, string> = {
      'Content-Type': resolved.mimeType,
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'no-referrer'
    }
    if (resolved.mimeType.startsWith('text/html')) {
      headers['Content-Security-Policy'] = cspHeader
      headers['Cache-Control'] = 'no-cache'
    } else if (resolved.immutable) {
      // Hashed names change with their content: the cache (and V8's code cache with it) may keep them.
      headers['Cache-Control'] = 'public, max-age=31536000, immutable'
    }
    return new Response(request.method === 'HEAD' ? null : new Uint8Array(body), { status: 200, headers })
  }
}
