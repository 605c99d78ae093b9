import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { defaultConfig } from '../../server/src/config.ts'
import { users } from '../../server/src/db/schema.ts'
import { call, captcha, demo, lastCode, login, registerPupil, startTestServer, type TestServer, type Tokens } from './harness.ts'

/**
 * POST /api/auth/change-credential: an account waiting for its registration code corrects the
 * phone (Tunisia) or e-mail (abroad) the code goes to, and a new code goes there. The hourly
 * budget of codes is the real one.
 */
let server: TestServer
beforeAll(async () => {
  server = await startTestServer({ codeMaxPerHour: defaultConfig({}).codeMaxPerHour })
})
afterAll(async () => {
  await server?.close()
})

const PASSWORD = 'Bonjour#2026'

type ChangeReply = {
  message: string
  credential: string
  code?: string
  errors?: Record<string, string[]>
  keys?: Record<string, string[]>
}

const register = (fields: Record<string, unknown>): Promise<Tokens> => registerPupil(server.app, PASSWORD, fields)

async function confirmWith(token: string, code: string) {
  return call<Tokens & { code?: string }>(server.app, 'POST', '/api/auth/confirm-registration', {
    token,
    query: { token: code },
    body: { 'g-recaptcha-response': await captcha(server.app) }
  })
}

async function changeCredential(token: string | undefined, credential: string) {
  return call<ChangeReply>(server.app, 'POST', '/api/auth/change-credential', {
    token,
    body: { credential, 'g-recaptcha-response': await captcha(server.app) }
  })
}

async function signIn(username: string) {
  return call<Tokens & { code?: string }>(server.app, 'POST', '/api/auth/login_check', {
    body: { username, password: PASSWORD, 'g-recaptcha-response': await captcha(server.app) }
  })
}

async function me(token: string) {
  return (
    await call<{
      user: { id: number; email: string | null; email_verified: boolean; phone: string | null; phone_verified: boolean; verified: boolean }
    }>(server.app, 'GET', '/api/auth/me', { token })
  ).body.user
}

async function refused(token: string, credential: string) {
  const reply = await changeCredential(token, credential)
  expect(reply.status).toBe(422)
  return reply.body
}

describe('a pupil abroad who mistyped the new e-mail of the profile', () => {
  it('corrects it, confirms with the code sent to the right address and signs in with it', async () => {
    const pupil = await register({ email: 'leila.first@example.org', country: 7, division: 31 })
    const confirmed = await confirmWith(pupil.token, await lastCode(server.app, 'leila.first@example.org'))
    expect(confirmed.status).toBe(200)
    const token = confirmed.body.token
    const changed = await call<{ credential?: string }>(server.app, 'POST', '/api/user/update', {
      token,
      body: { email: 'leila.secnod@example.org', 'g-recaptcha-response': await captcha(server.app) }
    })
    expect(changed.body.credential).toBe('leila.secnod@example.org')
    const mistypedCode = await lastCode(server.app, 'leila.secnod@example.org')
    // Unverified now, the profile is closed to the pupil: the confirmation step is the way out.
    expect(
      (
        await call(server.app, 'POST', '/api/user/update', {
          token,
          body: { email: 'leila.second@example.org', 'g-recaptcha-response': await captcha(server.app) }
        })
      ).status
    ).toBe(403)

    const corrected = await changeCredential(token, '  Leila.Second@Example.org ')
    expect(corrected.status).toBe(200)
    expect(corrected.body).toEqual({ message: 'Un nouveau code vous a été envoyé', credential: 'leila.second@example.org' })
    expect(await me(token)).toMatchObject({ email: 'leila.second@example.org', email_verified: false, verified: false })
    const [mail] = await server.app.services.outbox.list('leila.second@example.org', 1)
    expect(mail).toMatchObject({ channel: 'email', to: 'leila.second@example.org' })

    // The code sent to the mistyped address confirms nothing any more.
    const stale = await confirmWith(token, mistypedCode)
    expect(stale.status).toBe(422)
    expect(stale.body.code).toBe('invalid_verification_code')
    expect((await me(token)).verified).toBe(false)

    const proven = await confirmWith(token, await lastCode(server.app, 'leila.second@example.org'))
    expect(proven.status).toBe(200)
    expect(proven.body.verified).toBe(true)
    expect(await me(proven.body.token)).toMatchObject({ email: 'leila.second@example.org', email_verified: true, verified: true })
    const byNewAddress = await signIn('leila.second@example.org')
    expect(byNewAddress.status).toBe(200)
    expect(byNewAddress.body.verified).toBe(true)
    expect((await signIn('leila.secnod@example.org')).status).toBe(401)
  })

  it('cannot prove the old address with a live code issued for it: the account no longer holds it', async () => {
    const pupil = await register({ email: 'held.first@example.org', country: 7, division: 31 })
    const id = (await me(pupil.token)).id
    expect((await changeCredential(pupil.token, 'held.second@example.org')).status).toBe(200)
    // A code for the address the account gave up, still unspent (as if it had been issued last).
    const oldCode = await server.app.services.codes.issue(id, 'registration', 'held.first@example.org')
    const refusedConfirm = await confirmWith(pupil.token, oldCode!)
    expect(refusedConfirm.status).toBe(422)
    expect(refusedConfirm.body.code).toBe('invalid_verification_code')
    const [row] = await server.app.services.database.db.select().from(users).where(eq(users.id, id))
    expect(row).toMatchObject({ verified: false, emailVerified: false, email: 'held.second@example.org', confirmedAt: null })
  })
})

describe('a fresh Tunisian registration with a mistyped phone', () => {
  it('corrects the number (+216 written or not) and confirms with the code sent to it', async () => {
    const pupil = await register({ phone: '22987650', state: 12 })
    const corrected = await changeCredential(pupil.token, '+216 22 987 651')
    expect(corrected.status).toBe(200)
    expect(corrected.body.credential).toBe('22987651')
    expect(await me(pupil.token)).toMatchObject({ phone: '22987651', phone_verified: false, verified: false })
    expect((await confirmWith(pupil.token, await lastCode(server.app, '22987650'))).status).toBe(422)
    const proven = await confirmWith(pupil.token, await lastCode(server.app, '22987651'))
    expect(proven.status).toBe(200)
    expect(await me(proven.body.token)).toMatchObject({ phone: '22987651', phone_verified: true, verified: true })
    expect((await signIn('22987651')).body.verified).toBe(true)
    // The mistyped number names nobody now.
    expect((await signIn('22987650')).status).toBe(401)
  })
})

describe('what change-credential refuses', () => {
  it('a phone abroad, an address that is none, or nothing', async () => {
    const pupil = await register({ email: 'refuse.abroad@example.org', country: 7, division: 31 })
    expect(await refused(pupil.token, '22123456')).toMatchObject({
      code: 'validation_failed',
      errors: { credential: ['Please enter a valid email'] },
      keys: { credential: ['email.invalid'] }
    })
    expect((await refused(pupil.token, 'pas-un-email')).keys).toEqual({ credential: ['email.invalid'] })
    expect((await refused(pupil.token, '')).keys).toEqual({ credential: ['email.required'] })
    expect((await me(pupil.token)).email).toBe('refuse.abroad@example.org')
  })

  it('an e-mail or an invalid number in Tunisia', async () => {
    const pupil = await register({ phone: '22123457', state: 12 })
    expect(await refused(pupil.token, 'someone@example.org')).toMatchObject({
      errors: { credential: ['Veuillez saisir un numéro de téléphone valide'] },
      keys: { credential: ['phone.invalid'] }
    })
    expect((await refused(pupil.token, '31234567')).keys).toEqual({ credential: ['phone.invalid'] })
    expect((await refused(pupil.token, '2212345')).keys).toEqual({ credential: ['phone.invalid'] })
    expect((await me(pupil.token)).phone).toBe('22123457')
  })

  it('the credential the code already went to, however it is written', async () => {
    const tunisian = await register({ phone: '22123458', state: 12 })
    const sent = (await server.app.services.outbox.list('22123458', 10)).length
    expect(await refused(tunisian.token, '00216 22 123 458')).toMatchObject({
      errors: { credential: ['Le code a déjà été envoyé ici : utilisez « Renvoyer le code »'] },
      keys: { credential: ['credential.unchanged'] }
    })
    expect(await server.app.services.outbox.list('22123458', 10)).toHaveLength(sent)
    const abroad = await register({ email: 'same.abroad@example.org', country: 7, division: 31 })
    expect((await refused(abroad.token, 'Same.Abroad@example.org')).keys).toEqual({ credential: ['credential.unchanged'] })
  })

  it('a credential another account proved, as the profile does; one only typed in is free', async () => {
    const owner = await register({ email: 'taken.owner@example.org', country: 7, division: 31 })
    expect((await confirmWith(owner.token, await lastCode(server.app, 'taken.owner@example.org'))).status).toBe(200)
    const pupil = await register({ email: 'taken.pupil@example.org', country: 7, division: 31 })
    const taken = await refused(pupil.token, 'taken.owner@example.org')
    expect(taken).toMatchObject({ code: 'account_information_already_used', errors: { credential: ['Valeur invalide'] } })
    expect((await me(pupil.token)).email).toBe('taken.pupil@example.org')
    const tunisian = await register({ phone: '22123459', state: 12 })
    expect((await refused(tunisian.token, demo.student)).code).toBe('account_information_already_used')

    // An address another registration typed and never proved names nobody.
    await register({ email: 'typed.only@example.org', country: 7, division: 31 })
    const free = await changeCredential(pupil.token, 'typed.only@example.org')
    expect(free.status).toBe(200)
    expect(free.body.credential).toBe('typed.only@example.org')
  })

  it('a verified account (409), a request without a session (401) or without the bot check', async () => {
    const verified = await login(server.app, demo.abroad)
    const reply = await changeCredential(verified.token, 'lina.other@example.org')
    expect(reply.status).toBe(409)
    expect(reply.body.code).toBe('already_verified')
    expect((await changeCredential(undefined, 'lina.other@example.org')).status).toBe(401)
    const pupil = await register({ phone: '22123460', state: 12 })
    const noCaptcha = await call(server.app, 'POST', '/api/auth/change-credential', {
      token: pupil.token,
      body: { credential: '22123461' }
    })
    expect(noCaptcha.status).toBe(422)
    expect((await me(pupil.token)).phone).toBe('22123460')
  })

  it('a change past the hourly budget of codes, leaving the account and its last code as they were', async () => {
    const pupil = await register({ phone: '22123470', state: 12 })
    const budget = defaultConfig({}).codeMaxPerHour
    // The registration sent one code; each change sends one more.
    for (let n = 1; n < budget; n++) expect((await changeCredential(pupil.token, `2212347${n}`)).status).toBe(200)
    const last = `2212347${budget - 1}`
    const over = await changeCredential(pupil.token, '22123479')
    expect(over.status).toBe(429)
    expect(over.body.code).toBe('rate_limited')
    expect((await me(pupil.token)).phone).toBe(last)
    expect(await server.app.services.outbox.list('22123479', 1)).toEqual([])
    expect((await confirmWith(pupil.token, await lastCode(server.app, last))).status).toBe(200)
  })
})
