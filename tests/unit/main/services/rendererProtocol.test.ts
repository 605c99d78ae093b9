import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { readFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join, sep } from 'node:path'
import { describe, expect, it } from 'vitest'
import {
  buildContentSecurityPolicy,
  createRendererHandler,
  resolveRendererRequest
} from '../../../../src/main/services/rendererProtocol.ts'

const root = mkdtempSync(join(tmpdir(), 'darsi-renderer-'))
mkdirSync(join(root, 'assets'))
writeFileSync(join(root, 'index.html'), '<!doctype html><title>Darsi</title>')
writeFileSync(join(root, 'assets', 'index-Ab12_c.js'), 'console.log(1)')
writeFileSync(join(root, 'assets', 'cairo-arabic-400.woff2'), 'font')
// A secret next to the root that no request may reach.
writeFileSync(join(root, '..', 'darsi-secret.txt'), 'secret')

const csp = buildContentSecurityPolicy(['http://127.0.0.1:4000'])
const handler = createRendererHandler(root, (path) => readFile(path), csp)

function get(url: string, method = 'GET'): Promise<Response> {
  return handler(new Request(url, { method }))
}

describe('resolveRendererRequest', () => {
  it('maps files under the root with their MIME type', () => {
    expect(resolveRendererRequest(root, 'app://darsi/assets/index-Ab12_c.js')).toEqual({
      filePath: join(root, 'assets', 'index-Ab12_c.js'),
      mimeType: 'text/javascript; charset=utf-8',
      immutable: true
    })
    expect(resolveRendererRequest(root, 'app://darsi/assets/cairo-arabic-400.woff2')).toMatchObject({ mimeType: 'font/woff2' })
  })

  it.each([
    'app://darsi',
    'app://darsi/',
    'app://darsi/offres',
    'app://darsi/offres?nextPage=offres',
    'app://darsi/exams/12',
    'app://darsi/mon-profil/edit/',
    'app://darsi/login/google/callback?code=abc#x',
    'http://127.0.0.1:5173/porte-monnaie',
    'app://darsi/parrain/product/%D8%B9%D8%B1%D8%A8%D9%8A'
  ])('routes %s to index.html (history routing)', (url) => {
    expect(resolveRendererRequest(root, url)).toEqual({
      filePath: join(root, 'index.html'),
      mimeType: 'text/html; charset=utf-8',
      immutable: false
    })
  })

  it.each([
    ['dot-dot segment', 'app://darsi/../darsi-secret.txt'],
    ['dot-dot after a folder', 'app://darsi/assets/../../darsi-secret.txt'],
    ['dot-dot on a route', 'app://darsi/offres/..'],
    ['single dot segment', 'app://darsi/./index.html'],
    ['encoded dots', 'app://darsi/%2e%2e/darsi-secret.txt'],
    ['upper-case encoded dots', 'app://darsi/%2E%2E/darsi-secret.txt'],
    ['half-encoded dots', 'app://darsi/.%2e/darsi-secret.txt'],
    ['encoded slash', 'app://darsi/assets%2f..%2f..%2fdarsi-secret.txt'],
    ['encoded slash only', 'app://darsi/assets%2Findex-Ab12_c.js'],
    ['encoded backslash', 'app://darsi/..%5cdarsi-secret.txt'],
    ['raw backslash', 'app://darsi/assets\\..\\..\\darsi-secret.txt'],
    ['double-encoded dots', 'app://darsi/%252e%252e/darsi-secret.txt'],
    ['absolute path via empty segment', 'app://darsi//etc/passwd'],
    ['absolute encoded path', 'app://darsi/%2Fetc%2Fpasswd'],
    ['windows drive', 'app://darsi/C:/Windows/win.ini'],
    ['windows drive encoded colon', 'app://darsi/C%3A/Windows/win.ini'],
    ['NUL byte encoded', 'app://darsi/index.html%00.js'],
    ['NUL byte raw', 'app://darsi/index.html\u0000.js'],
    ['hidden file', 'app://darsi/.env'],
    ['malformed escape', 'app://darsi/%E0%A4%A.js'],
    ['not a URL', '../../etc/passwd'],
    ['absolute file path', '/etc/passwd'],
    ['overlong', `app://darsi/${'a/'.repeat(3000)}x.js`]
  ])('refuses %s (E6)', (_name, url) => {
    expect(resolveRendererRequest(root, url)).toEqual({ status: 404 })
  })

  it('never resolves outside the root for generated traversal attempts', () => {
    const parts = ['..', '%2e%2e', '.%2e', '%2e.', 'assets', '%2f', '%5c', '\\', '', '.', 'etc', 'passwd', '%00', 'C:']
    for (let i = 0; i < 2000; i += 1) {
      const path = Array.from({ length: 1 + (i % 5) }, (_, j) => parts[(i * 7 + j * 13) % parts.length]).join('/')
      const resolved = resolveRendererRequest(root, `app://darsi/${path}`)
      if ('filePath' in resolved) expect(resolved.filePath.startsWith(root + sep)).toBe(true)
    }
  })
})

describe('createRendererHandler', () => {
  it('serves index.html with the CSP header and nosniff', async () => {
    const response = await get('app://darsi/offres')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8')
    expect(response.headers.get('content-security-policy')).toBe(csp)
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(await response.text()).toContain('<title>Darsi</title>')
  })

  it('serves assets without a CSP header', async () => {
    const response = await get('app://darsi/assets/index-Ab12_c.js')
    expect(response.status).toBe(200)
    expect(response.headers.get('content-security-policy')).toBeNull()
    expect(await response.text()).toBe('console.log(1)')
  })

  it('lets hashed build assets be cached for good, never the page itself', async () => {
    expect((await get('app://darsi/assets/index-Ab12_c.js')).headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect((await get('app://darsi/')).headers.get('cache-control')).toBe('no-cache')
    expect((await get('app://darsi/porte-monnaie')).headers.get('cache-control')).toBe('no-cache')
    expect(resolveRendererRequest(root, 'app://darsi/index.html')).toMatchObject({ immutable: false })
  })

  it('answers 404 for traversal and missing files, 405 for other methods', async () => {
    expect((await get('app://darsi/%2e%2e/darsi-secret.txt')).status).toBe(404)
    expect((await get('app://darsi/assets/missing.js')).status).toBe(404)
    expect((await get('app://darsi/', 'POST')).status).toBe(405)
    const head = await get('app://darsi/', 'HEAD')
    expect(head.status).toBe(200)
    expect(await head.text()).toBe('')
  })
})

describe('buildContentSecurityPolicy', () => {
  const policy = buildContentSecurityPolicy(['http://127.0.0.1:4000/api', 'http://127.0.0.1:4000/notify', 'https://api.darsi.tn'])
  const directives = new Map(
    policy.split(';').map((part) => {
      const [name = '', ...sources] = part.trim().split(/\s+/)
      return [name, sources] as const
    })
  )

  it('locks scripts, objects, base, frames and forms (E5)', () => {
    expect(directives.get('default-src')).toEqual(["'self'"])
    expect(directives.get('script-src')).toEqual(["'self'"])
    expect(directives.get('object-src')).toEqual(["'none'"])
    expect(directives.get('base-uri')).toEqual(["'none'"])
    expect(directives.get('frame-ancestors')).toEqual(["'none'"])
    expect(directives.get('form-action')).toEqual(["'none'"])
    expect(policy).not.toContain('unsafe-eval')
  })

  it('limits connections to self and the API origins with their WebSocket forms', () => {
    expect(directives.get('connect-src')).toEqual([
      "'self'",
      'http://127.0.0.1:4000',
      'https://api.darsi.tn',
      'ws://127.0.0.1:4000',
      'wss://api.darsi.tn'
    ])
    expect(directives.get('img-src')).toEqual(["'self'", 'data:', 'blob:', 'http://127.0.0.1:4000', 'https://api.darsi.tn'])
    expect(directives.get('media-src')).toEqual(["'self'", 'blob:', 'http://127.0.0.1:4000', 'https://api.darsi.tn'])
    expect(directives.get('style-src')).toEqual(["'self'", "'unsafe-inline'"])
    expect(directives.get('font-src')).toEqual(["'self'", 'data:'])
    expect(directives.get('worker-src')).toEqual(["'self'", 'blob:'])
  })

  it('ignores origins that are not http(s)', () => {
    expect(buildContentSecurityPolicy(['javascript:alert(1)', 'not a url', "https://x.tn 'unsafe-eval'"])).not.toMatch(
      /javascript|unsafe-eval|not a url/
    )
  })
})
