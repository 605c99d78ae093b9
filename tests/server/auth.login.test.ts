import { SignJWT, UnsecuredJWT } from 'jose'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { users } from '../../server/src/db/schema.ts'
import { call, captcha, demo, login, REGISTRATION_CLASS, startTestServer, type TestServer, type Tokens, rateLimitsWith } from './harness.ts'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(async () => {
  await server?.close()
})

describe('POST /api/auth/login_check', () => {
  it('signs in a Tunisian student by phone, with or without +216 / 00216', async () => {
    for (const username of ['20000001', '+21620000001', '0021620000001']) {
      const tokens = await login(server.app, username)
      expect(tokens).toMatchObject({ user_type: 'student', verified: true, password_expired: false, token_type: 'Bearer' })
      expect(tokens.token.split('.')).toHaveLength(3)
      expect(tokens.refresh_token.length).toBeGreaterThan(30)
    }
  })

  it('signs in by e-mail (any case) and tells teachers and administrators apart', async () => {
    expect((await login(server.app, 'LINA.HADDAD@demo.darsi.tn')).user_type).toBe('student')
    expect((await login(server.app, demo.teacher)).user_type).toBe('teacher')
    expect((await login(server.app, demo.admin)).user_type).toBe('admin')
    expect((await login(server.app, demo.parent)).user_type).toBe('parent')
    expect((await login(server.app, demo.influencer)).user_type).toBe('influencer')
  })

  it('answers the same for a wrong password and an unknown account (S3)', async () => {
    const known = await call(server.app, 'POST', '/api/auth/login_check', {
      body: { username: demo.student, password: 'Wrong#pass1', 'g-recaptcha-response': await captcha(server.app) }
    })
    const unknown = await call(server.app, 'POST', '/api/auth/login_check', {
      body: { username: '29999999', password: 'Wrong#pass1', 'g-recaptcha-response': await captcha(server.app) }
    })
    expect(known.status).toBe(401)
    expect(unknown.status).toBe(known.status)
    expect(unknown.body).toEqual(known.body)
    expect(known.body).toEqual({ code: 'invalid_credentials', message: 'Invalid credentials.' })
  })

  it('stays generic while registration and reset name a used or unknown credential (S3)', async () => {
    // Behind the bot check, registration says the phone is used and the reset request that a number is unknown…
    const registration = await call(server.app, 'POST', '/api/auth/register', {
      body: {
        name: 'Ines',
        lastName: 'Ben Youssef',
        phone: demo.student,
        birthDate: '2009-04-12',
        state: 12,
        ...REGISTRATION_CLASS,
        plainPassword: { first: 'Bonjour#2026', second: 'Bonjour#2026' },
        'g-recaptcha-response': await captcha(server.app)
      }
    })
    expect(registration.body).toMatchObject({
      code: 'account_information_already_used',
      errors: { phone: ['Account information already used'] }
    })
    const reset = await call(server.app, 'POST', '/api/auth/request-password', {
      body: { credentiel: '29999998', 'g-recaptcha-response': await captcha(server.app) }
    })
    expect(reset.body).toMatchObject({ code: 'credential_not_found' })
    // … but sign-in answers an unknown account exactly as a wrong password, by phone and by e-mail.
    const attempt = async (username: string) =>
      call(server.app, 'POST', '/api/auth/login_check', {
        body: { username, password: 'Wrong#pass2', 'g-recaptcha-response': await captcha(server.app) }
      })
    for (const [known, unknown] of [
      [demo.student, '29999998'],
      [demo.abroad, 'nobody.here@example.org']
    ] as const) {
      const [wrong, missing] = [await attempt(known), await attempt(unknown)]
      expect(wrong.status, known).toBe(401)
      expect(missing.status, unknown).toBe(wrong.status)
      expect(missing.body, unknown).toEqual(wrong.body)
      expect(missing.headers['content-length']).toBe(wrong.headers['content-length'])
    }
  })

  it('gives the login messages of section 5', async () => {
    const empty = await call(server.app, 'POST', '/api/auth/login_check', {
      body: { username: '', password: '', 'g-recaptcha-response': 'x' }
    })
    expect(empty.status).toBe(422)
    expect(empty.body.errors).toMatchObject({
      username: ['Veuillez saisir votre adresse e-mail/numéro de téléphone'],
      password: ['Veuillez saisir votre mot de passe']
    })
    const bad = await call(server.app, 'POST', '/api/auth/login_check', {
      body: { username: '12345678', password: 'short', 'g-recaptcha-response': 'x' }
    })
    expect(bad.body.errors).toMatchObject({
      username: ['Veuillez saisir un numéro de téléphone/une adresse e-mail valide'],
      password: ['Mot de passe minimum 8 caractères']
    })
    const unknownField = await call(server.app, 'POST', '/api/auth/login_check', {
      body: { username: demo.student, password: 'Darsi#2026', 'g-recaptcha-response': 'x', admin: true }
    })
    expect(unknownField.status).toBe(422)
    expect(unknownField.body.errors).toHaveProperty('admin')
  })

  it('refuses a missing, forged or replayed bot-check solution', async () => {
    const body = { username: demo.student, password: 'Darsi#2026' }
    const missing = await call(server.app, 'POST', '/api/auth/login_check', { body })
    expect(missing.status).toBe(422)
    expect(missing.body.errors).toHaveProperty('g-recaptcha-response')
    const forged = await call(server.app, 'POST', '/api/auth/login_check', {
      body: { ...body, 'g-recaptcha-response': Buffer.from('{"a":1}').toString('base64') }
    })
    expect(forged.body.code).toBe('captcha_failed')
    const solution = await captcha(server.app)
    expect((await call(server.app, 'POST', '/api/auth/login_check', { body: { ...body, 'g-recaptcha-response': solution } })).status).toBe(
      200
    )
    const replay = await call(server.app, 'POST', '/api/auth/login_check', { body: { ...body, 'g-recaptcha-response': solution } })
    expect(replay.status).toBe(422)
    expect(replay.body.code).toBe('captcha_failed')
  })

  it('stores passwords as argon2id with OWASP parameters (S1)', async () => {
    const [row] = await server.app.services.database.db
      .select({ hash: users.passwordHash })
      .from(users)
      .where(eq(users.phone, demo.student))
    expect(row!.hash).toMatch(/^\$argon2id\$v=19\$m=(\d+),t=(\d+),p=1\$/)
    const [, m, t] = /m=(\d+),t=(\d+)/.exec(row!.hash!)!
    expect(Number(m)).toBeGreaterThanOrEqual(19_456)
    expect(Number(t)).toBeGreaterThanOrEqual(2)
  })
})

describe('sessions and tokens', () => {
  it('GET /api/auth/me returns the user, permissions and level', async () => {
    const { token } = await login(server.app, demo.student)
    const me = await call(server.app, 'GET', '/api/auth/me', { token })
    expect(me.status).toBe(200)
    expect(me.body).toMatchObject({
      user: { name: 'Sami', last_name: 'Trabelsi', phone: '20000001', verified: true, completed: true, country_id: 1, istest: false },
      permissions: { has_exam: true, changePassword: false, influencer: false },
      studentLevel: { level: 'Baccalauréat', division: 'Bac Sciences expérimentales' },
      hasParent: true
    })
    const user = (me.body as { user: Record<string, unknown> }).user
    expect(user).not.toHaveProperty('password_hash')
    expect(user).not.toHaveProperty('passwordHash')
    // Gold, and the monthly Silver+ that ends soon (the home's expiry warning).
    expect(user.offers).toEqual([expect.objectContaining({ group_id: 112 }), expect.objectContaining({ group_id: 107 })])
  })

  it('requires a valid bearer token (401)', async () => {
    expect((await call(server.app, 'GET', '/api/auth/me')).status).toBe(401)
    expect((await call(server.app, 'GET', '/api/auth/me', { token: 'not-a-jwt-token' })).status).toBe(401)
  })

  it('refuses alg none, a wrong key, a wrong audience or issuer, and an expired token (S5)', async () => {
    const { token } = await login(server.app, demo.student)
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as Record<string, unknown>
    const none = new UnsecuredJWT(claims).encode()
    const secret = server.app.services.secrets.jwtSecret
    const sign = (payload: Record<string, unknown>, key: Uint8Array = secret) =>
      new SignJWT(payload).setProtectedHeader({ alg: 'HS256' }).sign(key)
    const now = Math.floor(server.clock.now().getTime() / 1000)
    const forged = [
      none,
      await sign(claims, new TextEncoder().encode('x'.repeat(40))),
      await sign({ ...claims, aud: 'someone-else' }),
      await sign({ ...claims, iss: 'someone-else' }),
      await sign({ ...claims, iat: now - 3600, exp: now - 60 })
    ]
    for (const bad of forged) {
      const reply = await call(server.app, 'GET', '/api/auth/me', { token: bad })
      expect(reply.status, bad).toBe(401)
    }
    expect((await call(server.app, 'GET', '/api/auth/me', { token })).status).toBe(200)
  })

  it('access tokens live at most 15 minutes', async () => {
    const { token } = await login(server.app, demo.student)
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { exp: number; iat: number }
    expect(claims.exp - claims.iat).toBeLessThanOrEqual(900)
    server.clock.advance(16 * 60_000)
    const expired = await call(server.app, 'GET', '/api/auth/me', { token })
    expect(expired.status).toBe(401)
    expect(expired.body.code).toBe('token_expired')
  })

  it('rotates refresh tokens and revokes the family on reuse', async () => {
    const first = await login(server.app, demo.student)
    const second = await call<Tokens>(server.app, 'POST', '/api/auth/refresh', { body: { refresh_token: first.refresh_token } })
    expect(second.status).toBe(200)
    expect(second.body.refresh_token).not.toBe(first.refresh_token)
    expect((await call(server.app, 'GET', '/api/auth/me', { token: second.body.token })).status).toBe(200)
    const reuse = await call(server.app, 'POST', '/api/auth/refresh', { body: { refresh_token: first.refresh_token } })
    expect(reuse.status).toBe(401)
    expect(reuse.body.code).toBe('refresh_token_reused')
    // The whole family is gone: the newer refresh token and the access token too.
    expect((await call(server.app, 'POST', '/api/auth/refresh', { body: { refresh_token: second.body.refresh_token } })).status).toBe(401)
    expect((await call(server.app, 'GET', '/api/auth/me', { token: second.body.token })).status).toBe(401)
    expect((await call(server.app, 'POST', '/api/auth/refresh', { body: { refresh_token: 'unknown-token' } })).status).toBe(401)
  })

  it('logout revokes the session and its refresh token', async () => {
    const tokens = await login(server.app, demo.student)
    const out = await call(server.app, 'GET', '/api/auth/logout', { token: tokens.token })
    expect(out.status).toBe(200)
    expect((await call(server.app, 'GET', '/api/auth/me', { token: tokens.token })).status).toBe(401)
    expect((await call(server.app, 'POST', '/api/auth/refresh', { body: { refresh_token: tokens.refresh_token } })).status).toBe(401)
    expect((await call(server.app, 'GET', '/api/auth/logout')).status).toBe(401)
  })

  it('lets an expired password sign in but only into the password flows', async () => {
    const tokens = await login(server.app, demo.expired)
    expect(tokens.password_expired).toBe(true)
    const me = await call(server.app, 'GET', '/api/auth/me', { token: tokens.token })
    expect(me.status).toBe(200)
    expect((me.body as { permissions: { changePassword: boolean } }).permissions.changePassword).toBe(true)
    const profile = await call(server.app, 'GET', '/api/auth/my-profile', { token: tokens.token })
    expect(profile.status).toBe(403)
    expect(profile.body.code).toBe('password_expired')
    const changed = await call<Tokens>(server.app, 'PUT', '/api/user/change-password', {
      token: tokens.token,
      body: {
        oldPassword: 'Darsi#2026',
        newPassword: 'Nouveau#2027',
        new_password_confirmation: 'Nouveau#2027',
        'g-recaptcha-response': await captcha(server.app)
      }
    })
    expect(changed.status).toBe(200)
    expect(changed.body.password_expired).toBe(false)
    expect((await call(server.app, 'GET', '/api/auth/my-profile', { token: changed.body.token })).status).toBe(200)
  })
})

describe('brute force (S2)', () => {
  it('attempts sent together do not get past the per-account limit', async () => {
    const limited = await startTestServer({
      rateLimits: rateLimitsWith({ loginFailuresPerAccountPerHour: 3 })
    })
    try {
      const attempt = async (i: number) =>
        (
          await call(limited.app, 'POST', '/api/auth/login_check', {
            body: { username: demo.student, password: `Wrong#pass${i}`, 'g-recaptcha-response': await captcha(limited.app) }
          })
        ).status
      const burst = await Promise.all(Array.from({ length: 10 }, (_, i) => attempt(i)))
      expect(burst.filter((s) => s === 401).length).toBeLessThanOrEqual(3)
      expect(burst.filter((s) => s !== 401 && s !== 429)).toEqual([])
      // Refused attempts are not failures (the password was not checked): the attempts that follow
      // get exactly the rest of the budget, then 429.
      const after: number[] = []
      for (let i = 0; i < 5; i++) after.push(await attempt(100 + i))
      expect([...burst, ...after].filter((s) => s === 401).length).toBe(3)
      expect(after.at(-1)).toBe(429)
    } finally {
      await limited.close()
    }
  })

  it('150 bad attempts on one account give 429s after 100 failures, never a 5xx', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 150; i++) {
      const reply = await call(server.app, 'POST', '/api/auth/login_check', {
        body: { username: demo.influencer, password: `Wrong#pass${i}`, 'g-recaptcha-response': await captcha(server.app) }
      })
      statuses.push(reply.status)
    }
    expect(statuses.filter((s) => s >= 500)).toEqual([])
    expect(statuses.slice(0, 100).every((s) => s === 401)).toBe(true)
    expect(statuses.slice(100).every((s) => s === 429)).toBe(true)
    // Even the right password waits for the hour to pass.
    const locked = await call(server.app, 'POST', '/api/auth/login_check', {
      body: { username: demo.influencer, password: 'Darsi#2026', 'g-recaptcha-response': await captcha(server.app) }
    })
    expect(locked.status).toBe(429)
    server.clock.advance(61 * 60_000)
    expect((await login(server.app, demo.influencer)).user_type).toBe('influencer')
  }, 120_000)

  it('limits each address on the sensitive endpoints', async () => {
    const limited = await startTestServer({
      rateLimits: rateLimitsWith({ sensitivePerAddressPerMinute: 5 })
    })
    try {
      const statuses: number[] = []
      for (let i = 0; i < 8; i++) {
        statuses.push((await call(limited.app, 'GET', '/api/auth/request-password', { query: { credentiel: '29999999' } })).status)
      }
      expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200])
      expect(statuses.slice(5)).toEqual([429, 429, 429])
      const logins: Array<{ status: number; code: unknown }> = []
      for (let i = 0; i < 6; i++) {
        const reply = await call(limited.app, 'POST', '/api/auth/login_check', { body: {} })
        logins.push({ status: reply.status, code: reply.body.code })
      }
      expect(logins.slice(0, 5).every((r) => r.status === 422)).toBe(true)
      expect(logins[5]).toEqual({ status: 429, code: 'rate_limited' })
    } finally {
      await limited.close()
    }
  })
})

// Last in the file: it moves the clock a year on.
describe('password expiry (fake clock)', () => {
  it('a password older than 365 days expires: sign-in says so and only the password flows stay open', async () => {
    const before = await login(server.app, demo.abroad)
    expect(before.password_expired).toBe(false)
    server.clock.advance(366 * 86_400_000)
    const after = await login(server.app, demo.abroad)
    expect(after).toMatchObject({ password_expired: true, message: 'Password expired' })
    const profile = await call(server.app, 'GET', '/api/auth/my-profile', { token: after.token })
    expect(profile.status).toBe(403)
    expect(profile.body).toEqual({ code: 'password_expired', message: 'Password expired' })
    const me = await call<{ permissions: { changePassword: boolean } }>(server.app, 'GET', '/api/auth/me', { token: after.token })
    expect(me.body.permissions.changePassword).toBe(true)
  })
})
