/**
 * The security headers of every answer (helmet, built once at start): a success, a 404, a 401
 * and a validation error carry the same set.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from './harness.ts'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(async () => {
  await server?.close()
})

const expected = {
  // helmet's default directives with ours over them
  'content-security-policy':
    "default-src 'none';base-uri 'self';font-src 'self' https: data:;form-action 'self';frame-ancestors 'none';" +
    "img-src 'self' data:;object-src 'none';script-src 'self';script-src-attr 'none';style-src 'self' https: 'unsafe-inline';upgrade-insecure-requests",
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-site',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'strict-transport-security': 'max-age=31536000; includeSubDomains',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0'
}

describe('security headers', () => {
  it.each([
    ['GET', '/api/health', 200],
    ['GET', '/api/no-such-route', 404],
    ['GET', '/api/auth/me', 401],
    ['POST', '/api/auth/refresh', 422]
  ] as const)('%s %s (%i)', async (method, url, status) => {
    const reply = await server.app.inject({ method, url, ...(method === 'POST' ? { payload: {} } : {}) })
    expect(reply.statusCode).toBe(status)
    expect(reply.headers).toMatchObject(expected)
    expect(reply.headers['x-powered-by']).toBeUndefined()
  })
})
