/**
 * The access matrix, generated from the endpoint tables: every route that needs a session,
 * a verified account, an administrator or the operator key refuses those who lack it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { accountsEndpoints } from '../../src/shared/api/accounts.ts'
import { servicePrefixes, type Endpoint } from '../../src/shared/api/common.ts'
import { healthEndpoints } from '../../src/shared/api/health.ts'
import { learningEndpoints, learningOperatorEndpoints, progressEndpoints } from '../../src/shared/api/learning.ts'
import { devEndpoints, operatorEndpoints } from '../../src/shared/api/operator.ts'
import { pickersEndpoints } from '../../src/shared/api/pickers.ts'
import { call, demo, login, startTestServer, type TestServer, type Tokens } from './harness.ts'

let server: TestServer
let student: Tokens
let unverified: Tokens
let expired: Tokens
beforeAll(async () => {
  server = await startTestServer({ dev: true })
  ;[student, unverified, expired] = await Promise.all([login(server.app, demo.student), login(server.app, demo.unverified), login(server.app, demo.expired)])
})
afterAll(async () => {
  await server?.close()
})

const tables = {
  accounts: accountsEndpoints, pickers: pickersEndpoints, operator: operatorEndpoints, dev: devEndpoints, health: healthEndpoints, learning: learningEndpoints,
  progress: progressEndpoints, learningOperator: learningOperatorEndpoints
}
const routes = Object.entries(tables).flatMap(([domain, table]) =>
  Object.entries(table as Record<string, Endpoint>).map(([name, endpoint]) => ({ name: `${domain}.${name}`, endpoint })))

const SAMPLE_PARAMS: Record<string, string> = { id: '1', stateId: '1', level: 'bac', provider: 'google' }

function urlOf(endpoint: Endpoint): string {
  const path = endpoint.path.replace(/:(\w+)/g, (_, name: string) => SAMPLE_PARAMS[name] ?? '1')
  return `${servicePrefixes[endpoint.service]}${path}`
}

function send(endpoint: Endpoint, options: { token?: string; headers?: Record<string, string>; remoteAddress?: string } = {}) {
  return server.app.inject({
    method: endpoint.method,
    url: urlOf(endpoint),
    headers: { ...(options.token ? { authorization: `Bearer ${options.token}` } : {}), ...options.headers },
    ...(endpoint.body ? { payload: {} } : {}),
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {})
  })
}

const signedIn = routes.filter((r) => r.endpoint.access === 'session' || r.endpoint.access === 'user' || r.endpoint.access === 'admin')
const verifiedOnly = routes.filter((r) => r.endpoint.access === 'user' || r.endpoint.access === 'admin')
const adminOnly = routes.filter((r) => r.endpoint.access === 'admin')
const operatorOnly = routes.filter((r) => r.endpoint.access === 'operator')
const publicRoutes = routes.filter((r) => r.endpoint.access === 'public')

describe('access matrix', () => {
  it('covers every access level', () => {
    expect(signedIn.length).toBeGreaterThan(5)
    expect(verifiedOnly.length).toBeGreaterThan(3)
    expect(adminOnly.length).toBeGreaterThan(0)
    expect(operatorOnly.length).toBeGreaterThan(0)
  })

  it.each(signedIn.map((r) => [r.name, r.endpoint] as const))('%s answers 401 without a valid session', async (_name, endpoint) => {
    for (const token of [undefined, 'not-a-token-at-all', `${student.token}x`]) {
      const reply = await send(endpoint, { token })
      expect(reply.statusCode, String(token)).toBe(401)
      expect(['unauthenticated', 'token_invalid']).toContain(reply.json().code)
    }
    // The token of a session that was logged out.
    const gone = await login(server.app, demo.influencer)
    await call(server.app, 'GET', '/api/auth/logout', { token: gone.token })
    expect((await send(endpoint, { token: gone.token })).statusCode).toBe(401)
  })

  it.each(signedIn.filter((r) => r.endpoint.access === 'session').map((r) => [r.name, r.endpoint] as const))(
    '%s lets an unverified account or an expired password through the access check', async (_name, endpoint) => {
      // Logout would end the shared session: a throwaway one.
      const own = endpoint.path === '/auth/logout' ? [await login(server.app, demo.unverified), await login(server.app, demo.expired)] : [unverified, expired]
      for (const tokens of own) expect([401, 403]).not.toContain((await send(endpoint, { token: tokens.token })).statusCode)
    })

  it.each(verifiedOnly.map((r) => [r.name, r.endpoint] as const))('%s refuses an unverified account and an expired password (403)', async (_name, endpoint) => {
    const notVerified = await send(endpoint, { token: unverified.token })
    expect(notVerified.statusCode).toBe(403)
    expect(notVerified.json().code).toBe('not_verified')
    const passwordExpired = await send(endpoint, { token: expired.token })
    expect(passwordExpired.statusCode).toBe(403)
    expect(passwordExpired.json().code).toBe('password_expired')
  })

  it.each(adminOnly.map((r) => [r.name, r.endpoint] as const))('%s refuses a student (403)', async (_name, endpoint) => {
    const reply = await send(endpoint, { token: student.token })
    expect(reply.statusCode).toBe(403)
    expect(reply.json().code).toBe('forbidden')
  })

  it.each(operatorOnly.map((r) => [r.name, r.endpoint] as const))('%s needs the operator key, from this machine', async (_name, endpoint) => {
    const key = server.app.services.secrets.operatorKey
    expect((await send(endpoint)).statusCode).toBe(401)
    expect((await send(endpoint, { headers: { 'x-operator-key': `${key}x` } })).statusCode).toBe(401)
    expect((await send(endpoint, { token: student.token })).statusCode).toBe(401)
    const admin = await login(server.app, demo.admin)
    expect((await send(endpoint, { token: admin.token })).statusCode).toBe(401)
    const remote = await send(endpoint, { headers: { 'x-operator-key': key }, remoteAddress: '192.0.2.10' })
    expect(remote.statusCode).toBe(403)
    expect([401, 403]).not.toContain((await send(endpoint, { headers: { 'x-operator-key': key } })).statusCode)
  })

  it.each(publicRoutes.map((r) => [r.name, r.endpoint] as const))('%s is open without a session', async (_name, endpoint) => {
    expect([401, 403]).not.toContain((await send(endpoint)).statusCode)
  })
})
