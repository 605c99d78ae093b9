import { createHash, randomBytes } from 'node:crypto'
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

/** The app's side of one sign-in: its state and its PKCE verifier (RFC 7636, S256). */
function binding() {
  const verifier = randomBytes(48).toString('base64url')
  return { state: randomBytes(24).toString('base64url'), verifier, challenge: createHash('sha256').update(verifier).digest('base64url') }
}

/** The code of the last consent, with the verifier that must go with it. */
const verifiers = new Map<string, string>()

/** Walks the sandbox provider as the system browser would: the page, then the consent form. */
async function consent(provider: string, fields: Record<string, string>): Promise<string | null> {
  const app = binding()
  const query = new URLSearchParams({ state: app.state, code_challenge: app.challenge, code_challenge_method: 'S256' })
  const page = await server.app.inject({ method: 'GET', url: `/sandbox/oauth/${provider}/authorize?${query}` })
  expect(page.statusCode).toBe(200)
  expect(page.headers['content-type']).toMatch(/text\/html/)
  expect(page.body).toContain(`action="/sandbox/oauth/${provider}/consent"`)
  // The page carries the state and the challenge into its form.
  expect(page.body).toContain(`name="state" value="${app.state}"`)
  expect(page.body).toContain(`name="code_challenge" value="${app.challenge}"`)
  const reply = await server.app.inject({
    method: 'POST',
    url: `/sandbox/oauth/${provider}/consent`,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ ...fields, state: app.state, code_challenge: app.challenge }).toString()
  })
  expect(reply.statusCode).toBe(302)
  const link = parseDeepLink(String(reply.headers.location))
  expect(link).toMatchObject({ kind: 'social-callback', provider, state: app.state })
  const code = link?.kind === 'social-callback' ? link.code : null
  if (code) verifiers.set(code, app.verifier)
  return code
}

/** The exchange as the app makes it, with the verifier of that sign-in unless told otherwise. */
function exchange<T = Record<string, unknown>>(provider: string, code: string, verifier = verifiers.get(code) ?? '') {
  return call<T>(server.app, 'GET', `/api/auth/social/${provider}/callback`, { query: { code, code_verifier: verifier } })
}

describe('social sign-in through the sandbox provider', () => {
  it('authorize page → consent → darsi:// link with a code → callback signs in a new verified student', async () => {
    const code = await consent('google', { decision: 'allow', email: 'Yasmine.Social@Example.org', name: 'Yasmine', lastName: 'Ben Salah' })
    expect(code).toBeTruthy()
    const reply = await exchange<Tokens>('google', code!)
    expect(reply.status).toBe(200)
    expect(reply.body).toMatchObject({ token_type: 'Bearer', verified: true, user_type: 'student' })
    const me = await call<{ user: Record<string, unknown> }>(server.app, 'GET', '/api/auth/me', { token: reply.body.token })
    expect(me.body.user).toMatchObject({ email: 'yasmine.social@example.org', name: 'Yasmine', completed: false })
    expect(me.body.user.google_id).toEqual(expect.any(String))
    // The code is single use.
    const again = await exchange('google', code!)
    expect(again.status).toBe(422)
    expect(again.body.code).toBe('oauth_code_invalid')
    // Signing in again finds the same account.
    const second = await consent('google', {
      decision: 'allow',
      email: 'yasmine.social@example.org',
      name: 'Yasmine',
      lastName: 'Ben Salah'
    })
    const back = await exchange<Tokens>('google', second!)
    const meAgain = await call<{ user: { id: number } }>(server.app, 'GET', '/api/auth/me', { token: back.body.token })
    expect(meAgain.body.user.id).toBe((me.body.user as { id: number }).id)
  })

  it('links the provider to the verified account that owns the e-mail', async () => {
    const code = await consent('facebook', { decision: 'allow', email: demo.abroad, name: 'Lina', lastName: 'Haddad' })
    const reply = await exchange<Tokens>('facebook', code!)
    expect(reply.status).toBe(200)
    const me = await call<{ user: Record<string, unknown> }>(server.app, 'GET', '/api/auth/me', { token: reply.body.token })
    expect(me.body.user).toMatchObject({ email: demo.abroad, name: 'Lina', facebook_id: expect.any(String) })
    const password = await login(server.app, demo.abroad)
    expect(password.verified).toBe(true)
  })

  it('a refusal returns a link without a code; a code of one provider is refused by the other', async () => {
    expect(await consent('google', { decision: 'deny' })).toBeNull()
    const code = await consent('google', { decision: 'allow', email: 'cross.provider@example.org' })
    const cross = await exchange('facebook', code!)
    expect(cross.status).toBe(422)
    expect((await exchange('google', code!)).status).toBe(200)
  })

  it('an expired code is refused (fake clock)', async () => {
    const code = await consent('google', { decision: 'allow', email: 'late.user@example.org' })
    server.clock.advance(6 * 60_000)
    const reply = await exchange('google', code!)
    expect(reply.status).toBe(422)
    expect(reply.body.code).toBe('oauth_code_invalid')
  })

  it('exchanges a code only with the verifier of the sign-in it was given to (PKCE)', async () => {
    const code = await consent('google', { decision: 'allow', email: 'pkce.user@example.org' })
    const stolen = await exchange('google', code!, binding().verifier)
    expect(stolen.status).toBe(422)
    expect(stolen.body.code).toBe('oauth_code_invalid')
    // The code stays good for the app that asked for it.
    expect((await exchange('google', code!)).status).toBe(200)
    const malformed = await exchange('google', code!, 'short')
    expect(malformed.status).toBe(422)
    expect(malformed.body.errors).toEqual({ code_verifier: ['Code invalid'] })
  })

  it('refuses an authorize page or a consent without a state and a challenge', async () => {
    expect((await server.app.inject({ method: 'GET', url: '/sandbox/oauth/google/authorize' })).statusCode).toBe(422)
    const plain = new URLSearchParams({ state: binding().state, code_challenge: binding().challenge, code_challenge_method: 'plain' })
    expect((await server.app.inject({ method: 'GET', url: `/sandbox/oauth/google/authorize?${plain}` })).statusCode).toBe(422)
    const consentWithout = await server.app.inject({
      method: 'POST',
      url: '/sandbox/oauth/google/consent',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ decision: 'allow', email: 'no.pkce@example.org' }).toString()
    })
    expect(consentWithout.statusCode).toBe(422)
  })

  it('validates the provider and the code', async () => {
    expect((await exchange('twitter', 'abc', binding().verifier)).status).toBe(422)
    const missing = await call(server.app, 'GET', '/api/auth/social/google/callback')
    expect(missing.status).toBe(422)
    expect(missing.body.errors).toEqual({
      code: ['Le code de vérification est requis'],
      code_verifier: ['Le code de vérification est requis']
    })
    expect((await exchange('google', 'forged', binding().verifier)).status).toBe(422)
    expect((await server.app.inject({ method: 'GET', url: '/sandbox/oauth/twitter/authorize' })).statusCode).toBe(422)
  })
})
