import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseDeepLink } from '../../src/shared/deepLink.ts'
import { call, demo, login, startTestServer, type TestServer, type Tokens } from './harness.ts'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(async () => {
  await server?.close()
})

/** Walks the sandbox provider as the system browser would: the page, then the consent form. */
async function consent(provider: string, fields: Record<string, string>): Promise<string | null> {
  const page = await server.app.inject({ method: 'GET', url: `/sandbox/oauth/${provider}/authorize` })
  expect(page.statusCode).toBe(200)
  expect(page.headers['content-type']).toMatch(/text\/html/)
  expect(page.body).toContain(`action="/sandbox/oauth/${provider}/consent"`)
  const reply = await server.app.inject({
    method: 'POST', url: `/sandbox/oauth/${provider}/consent`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: new URLSearchParams(fields).toString()
  })
  expect(reply.statusCode).toBe(302)
  const link = parseDeepLink(String(reply.headers.location))
  expect(link).toMatchObject({ kind: 'social-callback', provider })
  return link?.kind === 'social-callback' ? link.code : null
}

describe('social sign-in through the sandbox provider', () => {
  it('authorize page → consent → darsi:// link with a code → callback signs in a new verified student', async () => {
    const code = await consent('google', { decision: 'allow', email: 'Yasmine.Social@Example.org', name: 'Yasmine', lastName: 'Ben Salah' })
    expect(code).toBeTruthy()
    const reply = await call<Tokens>(server.app, 'GET', '/api/auth/social/google/callback', { query: { code: code! } })
    expect(reply.status).toBe(200)
    expect(reply.body).toMatchObject({ token_type: 'Bearer', verified: true, user_type: 'student' })
    const me = await call<{ user: Record<string, unknown> }>(server.app, 'GET', '/api/auth/me', { token: reply.body.token })
    expect(me.body.user).toMatchObject({ email: 'yasmine.social@example.org', name: 'Yasmine', completed: false })
    expect(me.body.user.google_id).toEqual(expect.any(String))
    // The code is single use.
    const again = await call(server.app, 'GET', '/api/auth/social/google/callback', { query: { code: code! } })
    expect(again.status).toBe(422)
    expect(again.body.code).toBe('oauth_code_invalid')
    // Signing in again finds the same account.
    const second = await consent('google', { decision: 'allow', email: 'yasmine.social@example.org', name: 'Yasmine', lastName: 'Ben Salah' })
    const back = await call<Tokens>(server.app, 'GET', '/api/auth/social/google/callback', { query: { code: second! } })
    const meAgain = await call<{ user: { id: number } }>(server.app, 'GET', '/api/auth/me', { token: back.body.token })
    expect(meAgain.body.user.id).toBe((me.body.user as { id: number }).id)
  })

  it('links the provider to the verified account that owns the e-mail', async () => {
    const code = await consent('facebook', { decision: 'allow', email: demo.abroad, name: 'Lina', lastName: 'Haddad' })
    const reply = await call<Tokens>(server.app, 'GET', '/api/auth/social/facebook/callback', { query: { code: code! } })
    expect(reply.status).toBe(200)
    const me = await call<{ user: Record<string, unknown> }>(server.app, 'GET', '/api/auth/me', { token: reply.body.token })
    expect(me.body.user).toMatchObject({ email: demo.abroad, name: 'Lina', facebook_id: expect.any(String) })
    const password = await login(server.app, demo.abroad)
    expect(password.verified).toBe(true)
  })

  it('a refusal returns a link without a code; a code of one provider is refused by the other', async () => {
    expect(await consent('google', { decision: 'deny' })).toBeNull()
    const code = await consent('google', { decision: 'allow', email: 'cross.provider@example.org' })
    const cross = await call(server.app, 'GET', '/api/auth/social/facebook/callback', { query: { code: code! } })
    expect(cross.status).toBe(422)
    expect((await call(server.app, 'GET', '/api/auth/social/google/callback', { query: { code: code! } })).status).toBe(200)
  })

  it('an expired code is refused (fake clock)', async () => {
    const code = await consent('google', { decision: 'allow', email: 'late.user@example.org' })
    server.clock.advance(6 * 60_000)
    const reply = await call(server.app, 'GET', '/api/auth/social/google/callback', { query: { code: code! } })
    expect(reply.status).toBe(422)
    expect(reply.body.code).toBe('oauth_code_invalid')
  })

  it('validates the provider and the code', async () => {
    expect((await call(server.app, 'GET', '/api/auth/social/twitter/callback', { query: { code: 'abc' } })).status).toBe(422)
    const missing = await call(server.app, 'GET', '/api/auth/social/google/callback')
    expect(missing.status).toBe(422)
    expect(missing.body.errors).toEqual({ code: ['Le code de vérification est requis'] })
    expect((await call(server.app, 'GET', '/api/auth/social/google/callback', { query: { code: 'forged' } })).status).toBe(422)
    expect((await server.app.inject({ method: 'GET', url: '/sandbox/oauth/twitter/authorize' })).statusCode).toBe(422)
  })
})
