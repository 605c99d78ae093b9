import { desc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { defaultConfig } from '../../server/src/config.ts'
import { verificationCodes } from '../../server/src/db/schema.ts'
import { findByCredential } from '../../server/src/services/users.ts'
import { call, captcha, DEMO_PASSWORD, demo, lastCode, login, startTestServer, type TestServer, rateLimitsWith } from './harness.ts'

let server: TestServer
beforeAll(async () => {
  server = await startTestServer({ codeMaxPerHour: defaultConfig({}).codeMaxPerHour })
})
afterAll(async () => {
  await server?.close()
})

const NEW_PASSWORD = 'Nouveau#2027'

async function requestReset(credentiel: string) {
  return call(server.app, 'POST', '/api/auth/request-password', { body: { credentiel, 'g-recaptcha-response': await captcha(server.app) } })
}

async function reset(fields: Record<string, unknown>) {
  return call(server.app, 'POST', '/api/auth/reset-password', {
    body: { newPassword: NEW_PASSWORD, retypePassword: NEW_PASSWORD, 'g-recaptcha-response': await captcha(server.app), ...fields }
  })
}

async function userId(credential: string): Promise<number> {
  const kind = credential.includes('@') ? 'email' : 'phone'
  return (await findByCredential(server.app.services.database.db, { kind, value: credential }))!.id
}

describe('GET and POST /api/auth/request-password', () => {
  it('without the bot check, answers the same for a known and an unknown account, and sends a code only to the known one (S3)', async () => {
    const before = (await server.app.services.outbox.list(null)).length
    const known = await call(server.app, 'GET', '/api/auth/request-password', { query: { credentiel: demo.abroad } })
    const unknown = await call(server.app, 'GET', '/api/auth/request-password', { query: { credentiel: 'nobody@example.org' } })
    expect(known.status).toBe(200)
    expect(unknown.status).toBe(known.status)
    expect(unknown.body).toEqual(known.body)
    const after = await server.app.services.outbox.list(null)
    expect(after.length).toBe(before + 1)
    expect(after[0]).toMatchObject({ channel: 'email', to: demo.abroad })
    expect(after[0]!.code).toMatch(/^[A-Za-z0-9]{6}$/)
  })

  it('takes the form-encoded POST with the bot check, as the reset page sends it', async () => {
    const form = new URLSearchParams({ credentiel: '+216 20 000 001', 'g-recaptcha-response': await captcha(server.app) })
    const reply = await server.app.inject({
      method: 'POST',
      url: '/api/auth/request-password',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: form.toString()
    })
    expect(reply.statusCode).toBe(200)
    const [sms] = await server.app.services.outbox.list(demo.student, 1)
    expect(sms).toMatchObject({ channel: 'sms', subject: 'Darsi : réinitialisation du mot de passe' })
    const noCaptcha = await call(server.app, 'POST', '/api/auth/request-password', { body: { credentiel: demo.student } })
    expect(noCaptcha.status).toBe(422)
    expect(noCaptcha.body.errors).toHaveProperty('g-recaptcha-response')
  })

  it('with the bot check, says an unknown phone or e-mail on the credential field and sends nothing (§8)', async () => {
    const before = (await server.app.services.outbox.list(null)).length
    for (const credentiel of ['29999992', 'Nobody@Example.org']) {
      const unknown = await requestReset(credentiel)
      expect(unknown.status, credentiel).toBe(422)
      expect(unknown.body, credentiel).toEqual({
        code: 'credential_not_found',
        message: 'This e-mail or phone does not exist',
        errors: { credentiel: ['This e-mail or phone does not exist'] },
        keys: { credentiel: ['credential.unknown'] }
      })
    }
    expect((await server.app.services.outbox.list(null)).length).toBe(before)
    // A known one still gets its code; a registration never confirmed is known by its credential (decision 0016).
    expect((await requestReset(`+216 ${demo.unverified}`)).status).toBe(200)
    expect((await server.app.services.outbox.list(demo.unverified, 1))[0]).toMatchObject({
      subject: 'Darsi : réinitialisation du mot de passe'
    })
    // Without a valid bot check nothing is looked up.
    const noCaptcha = await call(server.app, 'POST', '/api/auth/request-password', {
      body: { credentiel: '29999992', 'g-recaptcha-response': 'x' }
    })
    expect(noCaptcha.body.code).toBe('captcha_failed')
  })

  it('takes multipart form data with the bot check (part 1 §7)', async () => {
    const multipart = (fields: Record<string, string>, file?: string) => {
      const boundary = '----darsi-form-boundary'
      const parts = Object.entries(fields).map(
        ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`
      )
      if (file)
        parts.push(
          `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\n${file}\r\n`
        )
      return server.app.inject({
        method: 'POST',
        url: '/api/auth/request-password',
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: `${parts.join('')}--${boundary}--\r\n`
      })
    }
    const before = (await server.app.services.outbox.list(demo.influencer)).length
    const reply = await multipart({ credentiel: '+216 20 000 009', 'g-recaptcha-response': await captcha(server.app) })
    expect(reply.statusCode).toBe(200)
    expect(reply.json()).toEqual({ message: 'Si un compte correspond à cet identifiant, un code de vérification vient de lui être envoyé' })
    const sent = await server.app.services.outbox.list(demo.influencer)
    expect(sent.length).toBe(before + 1)
    expect(sent[0]).toMatchObject({ channel: 'sms', subject: 'Darsi : réinitialisation du mot de passe' })
    const unknown = await multipart({ credentiel: '29999993', 'g-recaptcha-response': await captcha(server.app) })
    expect(unknown.statusCode).toBe(422)
    expect(unknown.json()).toMatchObject({ code: 'credential_not_found', errors: { credentiel: ['This e-mail or phone does not exist'] } })
    const noCaptcha = await multipart({ credentiel: demo.influencer })
    expect(noCaptcha.statusCode).toBe(422)
    expect(noCaptcha.json().errors).toHaveProperty('g-recaptcha-response')
    const extra = await multipart({ credentiel: demo.influencer, 'g-recaptcha-response': await captcha(server.app), admin: '1' })
    expect(extra.json()).toMatchObject({ code: 'unknown_field' })
    // A file part is not part of this form: refused, never a 5xx.
    const withFile = await multipart({ credentiel: demo.influencer, 'g-recaptcha-response': await captcha(server.app) }, 'hello')
    expect(withFile.statusCode).toBeGreaterThanOrEqual(400)
    expect(withFile.statusCode).toBeLessThan(500)
    expect((await server.app.services.outbox.list(demo.influencer)).length).toBe(before + 1)
  })

  it('gives the reset-request messages of section 5', async () => {
    const empty = await call(server.app, 'GET', '/api/auth/request-password', { query: { credentiel: '' } })
    expect(empty.status).toBe(422)
    expect(empty.body.errors).toEqual({ credentiel: ['Veuillez saisir votre adresse e-mail/numéro de téléphone'] })
    const missing = await call(server.app, 'GET', '/api/auth/request-password')
    expect(missing.body.errors).toEqual({ credentiel: ['Veuillez saisir votre adresse e-mail/numéro de téléphone'] })
    for (const credentiel of ['31234567', 'not-an-address', '2000000']) {
      const bad = await call(server.app, 'GET', '/api/auth/request-password', { query: { credentiel } })
      expect(bad.body.errors, credentiel).toEqual({ credentiel: ['Veuillez saisir un numéro de téléphone/une adresse e-mail valide'] })
    }
  })
})

describe('POST /api/auth/reset-password', () => {
  it('sets the new password with the code, once, and revokes every session (S4)', async () => {
    const first = await login(server.app, demo.parent)
    const second = await login(server.app, demo.parent)
    await requestReset(demo.parent)
    const code = await lastCode(server.app, demo.parent)
    const done = await reset({ token: code, credential: '+21620000007' })
    expect(done.status).toBe(200)
    expect(done.body.message).toBe('Le Mot de Passe est Modifié')
    for (const tokens of [first, second]) {
      expect((await call(server.app, 'GET', '/api/auth/me', { token: tokens.token })).status).toBe(401)
      expect((await call(server.app, 'POST', '/api/auth/refresh', { body: { refresh_token: tokens.refresh_token } })).status).toBe(401)
    }
    expect((await login(server.app, demo.parent, NEW_PASSWORD)).user_type).toBe('parent')
    await expect(login(server.app, demo.parent, DEMO_PASSWORD)).rejects.toThrow(/401/)
    // Single use.
    const again = await reset({ token: code, credential: demo.parent, newPassword: 'Encore#2028', retypePassword: 'Encore#2028' })
    expect(again.status).toBe(422)
    expect(again.body).toMatchObject({ code: 'bad_reset_token', errors: { token: ['Code invalid'] } })
  })

  it('stores codes as keyed hashes, draws them at random, and a new request voids the old code (S4)', async () => {
    const id = await userId(demo.abroad)
    const codes: string[] = []
    for (let i = 0; i < 5; i++) {
      await requestReset(demo.abroad)
      codes.push(await lastCode(server.app, demo.abroad))
    }
    expect(new Set(codes).size).toBeGreaterThan(1)
    const rows = await server.app.services.database.db.select().from(verificationCodes).where(eq(verificationCodes.userId, id))
    for (const row of rows) {
      expect(row.codeHash).toMatch(/^[0-9a-f]{64}$/)
      expect(codes).not.toContain(row.codeHash)
    }
    expect(rows.filter((row) => row.purpose === 'reset' && row.usedAt === null)).toHaveLength(1)
    const stale = codes.slice(0, -1).find((code) => code !== codes.at(-1))!
    expect((await reset({ token: stale, credential: demo.abroad })).status).toBe(422)
  })

  it('refuses an expired code (fake clock)', async () => {
    await requestReset(demo.influencer)
    const code = await lastCode(server.app, demo.influencer)
    server.clock.advance(16 * 60_000)
    const late = await reset({ token: code, credential: demo.influencer })
    expect(late.status).toBe(422)
    expect(late.body.code).toBe('bad_reset_token')
    await requestReset(demo.influencer)
    const fresh = await lastCode(server.app, demo.influencer)
    server.clock.advance(14 * 60_000)
    expect((await reset({ token: fresh, credential: demo.influencer })).status).toBe(200)
  })

  it('binds a code to its user: it does not reset another account', async () => {
    await requestReset(demo.teacher)
    const teachersCode = await lastCode(server.app, demo.teacher)
    await requestReset(demo.incomplete)
    const other = await reset({ token: teachersCode, credential: demo.incomplete })
    expect(other.status).toBe(422)
    expect(other.body.code).toBe('bad_reset_token')
    // An unknown account answers exactly like a wrong code (S3).
    const unknown = await reset({ token: teachersCode, credential: '29999998' })
    expect(unknown.status).toBe(other.status)
    expect(unknown.body).toEqual(other.body)
  })

  it('kills a code after five wrong tries', async () => {
    await requestReset(demo.expired)
    const code = await lastCode(server.app, demo.expired)
    const wrong = code === '000000' ? '111111' : '000000'
    for (let i = 0; i < 5; i++) expect((await reset({ token: wrong, credential: demo.expired })).status).toBe(422)
    expect((await reset({ token: code, credential: demo.expired })).status).toBe(422)
  })

  it('takes one attempt per try even when the tries arrive together', async () => {
    server.clock.advance(3_600_000)
    await requestReset(demo.expired)
    const code = await lastCode(server.app, demo.expired)
    const wrong = code === '000000' ? '111111' : '000000'
    const statuses = await Promise.all(
      Array.from({ length: 12 }, async () => (await reset({ token: wrong, credential: demo.expired })).status)
    )
    expect(statuses.every((status) => status === 422)).toBe(true)
    const [row] = await server.app.services.database.db
      .select()
      .from(verificationCodes)
      .where(eq(verificationCodes.userId, await userId(demo.expired)))
      .orderBy(desc(verificationCodes.id))
      .limit(1)
    expect(row!.attempts).toBe(5)
    expect(row!.usedAt).not.toBeNull()
    expect((await reset({ token: code, credential: demo.expired })).status).toBe(422)
  })

  it('sends at most six codes an hour to one account, answering the same past that (a guesser cannot draw fresh codes)', async () => {
    server.clock.advance(3_600_000)
    const sent = async () => (await server.app.services.outbox.list(demo.abroad)).length
    const before = await sent()
    const replies = []
    for (let i = 0; i < 8; i++) replies.push(await requestReset(demo.abroad))
    expect(replies.map((reply) => reply.status)).toEqual(Array(8).fill(200))
    expect(new Set(replies.map((reply) => JSON.stringify(reply.body))).size).toBe(1)
    expect((await sent()) - before).toBe(6)
    // The last code sent still works; an hour later codes are sent again.
    const code = await lastCode(server.app, demo.abroad)
    expect((await reset({ token: code, credential: demo.abroad })).status).toBe(200)
    server.clock.advance(3_600_000)
    await requestReset(demo.abroad)
    expect((await sent()) - before).toBe(7)
  })

  it('refuses the current password as the new one', async () => {
    await requestReset(demo.test)
    const code = await lastCode(server.app, demo.test)
    const same = await reset({ token: code, credential: demo.test, newPassword: DEMO_PASSWORD, retypePassword: DEMO_PASSWORD })
    expect(same.status).toBe(422)
    expect(same.body).toMatchObject({
      code: 'same_password',
      errors: { newPassword: ["Le nouveau mot de passe doit être différent de l'ancien"] }
    })
  })

  it('gives the reset messages of section 5', async () => {
    const errorsOf = async (fields: Record<string, unknown>) => {
      const reply = await reset({ token: 'ABC123', credential: demo.student, ...fields })
      expect(reply.status).toBe(422)
      return reply.body.errors as Record<string, string[]>
    }
    expect((await errorsOf({ token: '' })).token).toEqual(['Le code de vérification est requis'])
    expect((await errorsOf({ token: 'AB 123' })).token).toEqual(['Code is missing'])
    expect((await errorsOf({ token: 'AB12' })).token).toEqual(['Code invalid'])
    expect((await errorsOf({ newPassword: 'abcdefg#1', retypePassword: 'abcdefg#1' })).newPassword).toEqual([
      'Le mot de passe doit contenir au moins une lettre majuscule'
    ])
    expect((await errorsOf({ newPassword: 'ABCDEFG#1', retypePassword: 'ABCDEFG#1' })).newPassword).toEqual([
      'Le mot de passe doit contenir au moins une lettre minuscule'
    ])
    expect((await errorsOf({ newPassword: 'Abcdefg#h', retypePassword: 'Abcdefg#h' })).newPassword).toEqual([
      'Le mot de passe doit contenir au moins un chiffre'
    ])
    expect((await errorsOf({ newPassword: 'Abcdefg12', retypePassword: 'Abcdefg12' })).newPassword).toEqual([
      'Le mot de passe doit contenir au moins un caractère spécial'
    ])
    expect((await errorsOf({ newPassword: 'Ab#1', retypePassword: 'Ab#1' })).newPassword).toEqual(['Mot de passe minimum 8 caractères'])
    expect((await errorsOf({ newPassword: 'Abcdefgh#12345678', retypePassword: 'Abcdefgh#12345678' })).newPassword).toEqual([
      'The password value should be between 8 and 16 characters'
    ])
    expect((await errorsOf({ newPassword: 'Abbbbbb#1', retypePassword: 'Abbbbbb#1' })).newPassword).toEqual([
      'Le mot de passe ne doit pas répéter un caractère six fois ou plus'
    ])
    expect((await errorsOf({ newPassword: '', retypePassword: '' })).newPassword).toEqual(['Veuillez saisir votre mot de passe'])
    expect((await errorsOf({ retypePassword: '' })).retypePassword).toEqual(['Confirm Password is missing'])
    expect((await errorsOf({ retypePassword: 'Autre#2027' })).retypePassword).toEqual(['Les nouveaux mot de passes ne sont pas identiques'])
    expect((await errorsOf({ credential: 'x' })).credential).toEqual(['Veuillez saisir un numéro de téléphone/une adresse e-mail valide'])
  })
})

describe('per-address limits on the reset and code endpoints (S2)', () => {
  it('answers 429, never 5xx, past the limit on reset, reset-request and confirmation endpoints', async () => {
    const limited = await startTestServer({
      rateLimits: rateLimitsWith({ sensitivePerAddressPerMinute: 3 })
    })
    try {
      const cases: Array<[string, string, Record<string, unknown>]> = [
        ['POST', '/api/auth/reset-password', { body: {} }],
        ['POST', '/api/auth/request-password', { body: {} }],
        ['POST', '/api/auth/confirm-registration', { query: { token: 'ABC123' }, body: {} }],
        ['GET', '/api/auth/resend-code', {}],
        ['PUT', '/api/user/add-email', { body: {} }],
        ['POST', '/api/user/confirm-code', { body: {} }],
        ['POST', '/api/auth/register', { body: {} }],
        ['POST', '/api/auth/refresh', { body: {} }],
        ['GET', '/api/auth/social/google/callback', { query: { code: 'x' } }]
      ]
      for (const [method, url, options] of cases) {
        const statuses: number[] = []
        for (let i = 0; i < 5; i++) statuses.push((await call(limited.app, method, url, options)).status)
        expect(
          statuses.every((s) => s < 500),
          `${method} ${url} ${statuses.join()}`
        ).toBe(true)
        expect(
          statuses.slice(0, 3).every((s) => s !== 429),
          `${method} ${url} ${statuses.join()}`
        ).toBe(true)
        expect(statuses.slice(3), `${method} ${url}`).toEqual([429, 429])
      }
      // Another address is not affected.
      const other = await limited.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: {}, remoteAddress: '10.1.2.3' })
      expect(other.statusCode).toBe(422)
    } finally {
      await limited.close()
    }
  })
})
