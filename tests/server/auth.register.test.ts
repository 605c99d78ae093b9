import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { inboxMessages } from '../../server/src/db/schema.ts'
import { findProvenHolder } from '../../server/src/services/users.ts'
import { REGISTRATION_WARNING_WINDOW_MS } from '../../server/src/services/auth.ts'
import { REGISTRATION_ATTEMPT_SUBJECT } from '../../server/src/services/notices.ts'
import {
  call,
  captcha,
  createUser,
  demo,
  lastCode,
  login,
  REGISTRATION_CLASS,
  startTestServer,
  useTestServer,
  uniquePhone,
  type Tokens,
  rateLimitsWith
} from './harness.ts'

const server = useTestServer()

type RegisterReply = Tokens & { credential: string }

async function registration(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Ines',
    lastName: 'Ben Youssef',
    phone: '+216 22 345 678',
    birthDate: '2009-04-12',
    plainPassword: { first: 'Bonjour#2026', second: 'Bonjour#2026' },
    state: 12,
    ...('division' in overrides ? {} : REGISTRATION_CLASS),
    'g-recaptcha-response': await captcha(server.app),
    ...overrides
  }
}

async function register(overrides: Record<string, unknown> = {}) {
  return call<RegisterReply>(server.app, 'POST', '/api/auth/register', { body: await registration(overrides) })
}

async function errorsOf(overrides: Record<string, unknown>) {
  const reply = await register(overrides)
  expect(reply.status).toBe(422)
  return (reply.body as unknown as { errors: Record<string, string[]> }).errors
}

describe('POST /api/auth/register', () => {
  it('creates an unverified Tunisian student, sends a code by SMS, and confirms it', async () => {
    const reply = await register()
    expect(reply.status).toBe(201)
    expect(reply.body).toMatchObject({ user_type: 'student', verified: false, credential: '22345678' })
    const token = reply.body.token
    const me = await call(server.app, 'GET', '/api/auth/me', { token })
    expect(me.body).toMatchObject({ user: { verified: false, phone: '22345678', country_id: 1, state: { id: 12, name: 'Sousse' } } })
    expect((await call(server.app, 'GET', '/api/auth/my-profile', { token })).body.code).toBe('not_verified')

    const [sms] = await server.app.services.outbox.list('22345678', 1)
    expect(sms).toMatchObject({ channel: 'sms', to: '22345678' })
    const code = sms!.code!
    expect(code).toMatch(/^[A-Za-z0-9]{6}$/)
    const wrong = await call(server.app, 'POST', '/api/auth/confirm-registration', {
      token,
      query: { token: code === '000000' ? '111111' : '000000' },
      body: { 'g-recaptcha-response': await captcha(server.app) }
    })
    expect(wrong.status).toBe(422)
    expect(wrong.body.errors).toEqual({ token: ['Code invalid'] })
    const confirmed = await call<Tokens>(server.app, 'POST', '/api/auth/confirm-registration', {
      token,
      query: { token: code },
      body: { 'g-recaptcha-response': await captcha(server.app) }
    })
    expect(confirmed.status).toBe(200)
    expect(confirmed.body.verified).toBe(true)
    // The unverified session is replaced; the code cannot be used twice.
    expect((await call(server.app, 'GET', '/api/auth/me', { token })).status).toBe(401)
    const again = await call(server.app, 'POST', '/api/auth/confirm-registration', {
      token: confirmed.body.token,
      query: { token: code },
      body: { 'g-recaptcha-response': await captcha(server.app) }
    })
    expect(again.status).toBe(409)
    expect(again.body.message).toBe('You are verified')
    expect((await login(server.app, '22345678', 'Bonjour#2026')).verified).toBe(true)
  })

  it('registers a student abroad by e-mail', async () => {
    const reply = await register({ phone: undefined, email: 'Omar.Abroad@Example.org', country: 7, state: undefined, division: 31 })
    expect(reply.status).toBe(201)
    expect(reply.body.credential).toBe('omar.abroad@example.org')
    const code = await lastCode(server.app, 'omar.abroad@example.org')
    const [mail] = await server.app.services.outbox.list('omar.abroad@example.org', 1)
    expect(mail!.channel).toBe('email')
    const confirmed = await call(server.app, 'POST', '/api/auth/confirm-registration', {
      token: reply.body.token,
      query: { token: code },
      body: { 'g-recaptcha-response': await captcha(server.app) }
    })
    expect(confirmed.status).toBe(200)
  })

  it('resends a code only to an unverified user, and the old code dies', async () => {
    const reply = await register({ phone: '55123456' })
    const first = await lastCode(server.app, '55123456')
    const resend = await call(server.app, 'GET', '/api/auth/resend-code', { token: reply.body.token })
    expect(resend.status).toBe(200)
    const second = await lastCode(server.app, '55123456')
    const stale = await call(server.app, 'POST', '/api/auth/confirm-registration', {
      token: reply.body.token,
      query: { token: first === second ? 'ZZZZZZ' : first },
      body: { 'g-recaptcha-response': await captcha(server.app) }
    })
    expect(stale.status).toBe(422)
    expect((await call(server.app, 'GET', '/api/auth/resend-code')).status).toBe(401)
    const verified = await login(server.app, demo.student)
    expect((await call(server.app, 'GET', '/api/auth/resend-code', { token: verified.token })).status).toBe(409)
  })

  it('refuses a phone another account proved on the phone field, creates nothing and tells its holder (§8, S3)', async () => {
    const before = (await server.app.services.outbox.list(demo.student)).length
    const used = await register({ phone: '+216 20 000 001' })
    expect(used.status).toBe(422)
    expect(used.body).toEqual({
      code: 'account_information_already_used',
      message: 'Account information already used',
      errors: { phone: ['Account information already used'] },
      keys: { phone: ['credential.alreadyUsed'] }
    })
    // No registration code went out: the one new row of the holder's outbox is the warning.
    const sent = await server.app.services.outbox.list(demo.student)
    expect(sent.length).toBe(before + 1)
    expect(sent[0]).toMatchObject({ channel: 'sms', to: demo.student, subject: REGISTRATION_ATTEMPT_SUBJECT, code: null })
    expect(sent[0]!.body).toContain('votre numéro de téléphone')
    const holder = await findProvenHolder(server.app.services.database.db, { kind: 'phone', value: demo.student })
    const inbox = await server.app.services.database.db.select().from(inboxMessages).where(eq(inboxMessages.userId, holder!.id))
    expect(inbox.filter((row) => row.name === 'Tentative d’inscription avec vos coordonnées')).toHaveLength(1)
    // The holder's account is untouched and still signs in.
    const me = await call(server.app, 'GET', '/api/auth/me', { token: (await login(server.app, demo.student)).token })
    expect((me.body as { user: { name: string } }).user.name).toBe('Sami')

    // Abroad, the e-mail is the credential: the error and the warning go there.
    const abroad = await register({ phone: undefined, email: 'Lina.Haddad@demo.darsi.tn', country: 7, state: undefined, division: 31 })
    expect(abroad.status).toBe(422)
    expect(abroad.body).toMatchObject({ code: 'account_information_already_used', errors: { email: ['Account information already used'] } })
    const [mail] = await server.app.services.outbox.list(demo.abroad, 1)
    expect(mail).toMatchObject({ channel: 'email', subject: REGISTRATION_ATTEMPT_SUBJECT, code: null })
  })

  it('a phone nobody proved yet stays open to every registration; once one confirms it, the others cannot', async () => {
    const phone = '52111333'
    const first = await register({ phone })
    const firstCode = await lastCode(server.app, phone)
    const second = await register({ phone })
    expect([first.status, second.status]).toEqual([201, 201])
    const secondCode = await lastCode(server.app, phone)
    const confirm = async (token: string, code: string) =>
      call(server.app, 'POST', '/api/auth/confirm-registration', {
        token,
        query: { token: code },
        body: { 'g-recaptcha-response': await captcha(server.app) }
      })
    expect((await confirm(second.body.token, secondCode)).status).toBe(200)
    // Even with its own code, the other registration cannot take the proven phone.
    const late = await confirm(first.body.token, firstCode)
    expect(late.status).toBe(422)
    expect(late.body.code).toBe('account_information_already_used')
    // Now proven, the phone is refused at once.
    const third = await register({ phone })
    expect(third.status).toBe(422)
    expect((third.body as unknown as { errors: unknown }).errors).toEqual({ phone: ['Account information already used'] })
  })

  it('warns a holder at most once a day, however many attempts and even sent together', async () => {
    const phone = uniquePhone()
    const holderId = await createUser(server.app, { credential: phone })
    const warnings = async () => ({
      sent: (await server.app.services.outbox.list(phone)).filter((row) => row.subject === REGISTRATION_ATTEMPT_SUBJECT).length,
      inbox: (await server.app.services.database.db.select().from(inboxMessages).where(eq(inboxMessages.userId, holderId))).length
    })
    const bodies = await Promise.all([1, 2, 3].map(() => registration({ phone })))
    const burst = await Promise.all(bodies.map((body) => call(server.app, 'POST', '/api/auth/register', { body })))
    expect(burst.map((reply) => reply.status)).toEqual([422, 422, 422])
    expect((await register({ phone })).status).toBe(422)
    expect(await warnings()).toEqual({ sent: 1, inbox: 1 })
    server.clock.advance(REGISTRATION_WARNING_WINDOW_MS - 60_000)
    expect((await register({ phone })).status).toBe(422)
    expect(await warnings()).toEqual({ sent: 1, inbox: 1 })
    server.clock.advance(2 * 60_000)
    expect((await register({ phone })).status).toBe(422)
    expect(await warnings()).toEqual({ sent: 2, inbox: 2 })
  })

  it('gives the name messages of section 5', async () => {
    expect(await errorsOf({ name: '' })).toMatchObject({ name: ['Le prénom est requis'] })
    expect(await errorsOf({ name: 'R2D2' })).toMatchObject({ name: ['Veuillez saisir un prénom valide'] })
    expect(await errorsOf({ name: 'A' })).toMatchObject({ name: ['Veuillez saisir un prénom valide'] })
    expect(await errorsOf({ name: 'A'.repeat(26) })).toMatchObject({ name: ['Veuillez saisir un prénom valide'] })
    expect(await errorsOf({ lastName: '' })).toMatchObject({ lastName: ['Le nom est requis'] })
    expect(await errorsOf({ lastName: 'Ben-Ali!' })).toMatchObject({ lastName: ['Veuillez saisir un nom valide'] })
    expect((await register({ name: 'أمينة', lastName: 'بن علي', phone: '44111222' })).status).toBe(201)
  })

  it('gives the phone, e-mail, governorate and country messages of section 5', async () => {
    expect(await errorsOf({ phone: undefined })).toMatchObject({ phone: ['Le numéro de téléphone est requis'] })
    expect(await errorsOf({ phone: '31234567' })).toMatchObject({ phone: ['Veuillez saisir un numéro de téléphone valide'] })
    expect(await errorsOf({ phone: '2123456' })).toMatchObject({ phone: ['Veuillez saisir un numéro de téléphone valide'] })
    expect(await errorsOf({ state: undefined })).toMatchObject({ state: ['Le gouvernorat est requis'] })
    expect(await errorsOf({ country: 7, phone: undefined, state: undefined })).toMatchObject({ email: ["L'adresse e-mail est requise"] })
    expect(await errorsOf({ country: 7, phone: undefined, email: 'pas-un-email' })).toMatchObject({ email: ['Please enter a valid email'] })
    expect(await errorsOf({ country: 999, phone: undefined, email: 'someone@example.org' })).toMatchObject({
      country: ['Le pays est requis']
    })
    expect(await errorsOf({ state: 99 })).toMatchObject({ state: ['Le gouvernorat est requis'] })
  })

  it('gives the birth date messages of section 5', async () => {
    expect(await errorsOf({ birthDate: '' })).toMatchObject({ birthDate: ['La date de naissance est requise'] })
    expect(await errorsOf({ birthDate: '12/04/2009' })).toMatchObject({ birthDate: ['Format de date invalide'] })
    expect(await errorsOf({ birthDate: '2009-02-30' })).toMatchObject({ birthDate: ['Format de date invalide'] })
    expect(await errorsOf({ birthDate: '2018-05-16' })).toMatchObject({ birthDate: ['Cette valeur doit être antérieure au 16 mai 2018'] })
    expect((await register({ birthDate: '2018-05-15', phone: '44333444' })).status).toBe(201)
  })

  it('checks the minimum age of 5 against the server clock', async () => {
    const saved = server.clock.now()
    server.clock.set('2023-05-14T12:00:00Z')
    try {
      expect(await errorsOf({ birthDate: '2018-05-15' })).toMatchObject({ birthDate: ['Age must be 5 years or older'] })
    } finally {
      server.clock.set(saved)
    }
  })

  it('gives the password messages of section 5', async () => {
    const pw = (first: string, second = first) => ({ plainPassword: { first, second } })
    expect((await errorsOf(pw('')))['plainPassword.first']).toContain('Veuillez saisir votre mot de passe')
    expect((await errorsOf(pw('Ab#1')))['plainPassword.first']).toContain('Mot de passe minimum 8 caractères')
    expect((await errorsOf(pw('Abcdefgh#12345678')))['plainPassword.first']).toContain(
      'The password value should be between 8 and 16 characters'
    )
    expect((await errorsOf(pw('abcdefg#1')))['plainPassword.first']).toContain(
      'Le mot de passe doit contenir au moins une lettre majuscule'
    )
    expect((await errorsOf(pw('ABCDEFG#1')))['plainPassword.first']).toContain(
      'Le mot de passe doit contenir au moins une lettre minuscule'
    )
    expect((await errorsOf(pw('Abcdefg#h')))['plainPassword.first']).toContain('Le mot de passe doit contenir au moins un chiffre')
    expect((await errorsOf(pw('Abcdefg12')))['plainPassword.first']).toContain(
      'Le mot de passe doit contenir au moins un caractère spécial'
    )
    expect(await errorsOf(pw('Bonjour#2026', 'Bonjour#2027'))).toMatchObject({
      'plainPassword.second': ['Les deux mots de passe doivent correspondre']
    })
  })

  it('gives the division messages and checks optional subjects belong to the class', async () => {
    expect(await errorsOf({ division: undefined })).toMatchObject({ division: ['La division est requise'] })
    expect(await errorsOf({ division: 999 })).toMatchObject({ division: ['Cette classe est inconnue'] })
    const options = await call<Array<{ id: number }>>(server.app, 'GET', '/api/optional-subjects/13')
    expect(await errorsOf({ division: 14, optionalSubject: options.body[0]!.id })).toHaveProperty('optionalSubject')
  })

  it('refuses bad types, unknown fields and oversized strings with 422', async () => {
    expect((await register({ division: 'quatorze' })).status).toBe(422)
    expect((await register({ isAdmin: true })).body).toMatchObject({ code: 'unknown_field' })
    // Found by the T1 fuzz run: a field named like an Object.prototype member gave a 500.
    const poisoned = await call(server.app, 'POST', '/api/auth/register', {
      body: JSON.parse('{"__proto__": {"isAdmin": true}}') as Record<string, unknown>
    })
    expect(poisoned.status).toBe(422)
    expect(poisoned.body.code).toBe('validation_failed')
    for (const key of ['toString', 'constructor', 'hasOwnProperty', 'valueOf']) {
      const reply = await call(server.app, 'POST', '/api/auth/register', {
        body: JSON.parse(`{"${key}": 1, "name": ""}`) as Record<string, unknown>
      })
      expect(reply.status, key).toBe(422)
      expect(reply.body.errors, key).toMatchObject({ name: ['Le prénom est requis'] })
    }
    expect((await register({ name: 'A'.repeat(100_000) })).status).toBeLessThan(500)
    const notJson = await server.app.inject({
      method: 'POST',
      url: '/api/auth/register',
      headers: { 'content-type': 'application/json' },
      payload: '{"name":'
    })
    expect(notJson.statusCode).toBe(422)
  })
})

describe('the per-address budget of account lookups (S3)', () => {
  it('past it registrations, credential corrections and reset requests answer 429, never 5xx; refusals by the rules spend nothing; another address is not affected', async () => {
    const limited = await startTestServer({
      rateLimits: rateLimitsWith({ accountLookupsPerAddressPerHour: 4 })
    })
    try {
      const send = async (url: string, fields: Record<string, unknown>, remoteAddress = '127.0.0.1') => {
        const reply = await limited.app.inject({
          method: 'POST',
          url,
          remoteAddress,
          payload: { ...fields, 'g-recaptcha-response': await captcha(limited.app) }
        })
        return { status: reply.statusCode, body: reply.json<Record<string, unknown>>() }
      }
      const pupil = {
        name: 'Ines',
        lastName: 'Ben Youssef',
        birthDate: '2009-04-12',
        state: 12,
        ...REGISTRATION_CLASS,
        plainPassword: { first: 'Bonjour#2026', second: 'Bonjour#2026' }
      }
      // A form the rules refuse never reaches the lookup.
      for (let i = 0; i < 6; i++) expect((await send('/api/auth/register', { ...pupil, phone: '31234567' })).status).toBe(422)
      const statuses = [
        (await send('/api/auth/register', { ...pupil, phone: '52444555' })).status,
        (await send('/api/auth/register', { ...pupil, phone: demo.student })).status,
        (await send('/api/auth/request-password', { credentiel: '29999991' })).status,
        (await send('/api/auth/request-password', { credentiel: demo.parent })).status
      ]
      expect(statuses).toEqual([201, 422, 422, 200])
      const past = [
        await send('/api/auth/register', { ...pupil, phone: demo.student }),
        await send('/api/auth/register', { ...pupil, phone: '52444666' }),
        await send('/api/auth/request-password', { credentiel: '29999991' })
      ]
      expect(past.map((reply) => reply.status)).toEqual([429, 429, 429])
      expect(past[0]!.body).toEqual({ code: 'rate_limited', message: 'Trop de tentatives, veuillez réessayer plus tard' })
      // The correction of the credential awaiting its code draws on the same budget.
      const { token } = await login(limited.app, demo.unverified)
      const correction = await limited.app.inject({
        method: 'POST',
        url: '/api/auth/change-credential',
        headers: { authorization: `Bearer ${token}` },
        payload: { credential: demo.parent, 'g-recaptcha-response': await captcha(limited.app) }
      })
      expect(correction.statusCode).toBe(429)
      // Another address has its own budget.
      expect((await send('/api/auth/register', { ...pupil, phone: demo.student }, '10.1.2.3')).body).toMatchObject({
        code: 'account_information_already_used'
      })
      expect((await send('/api/auth/request-password', { credentiel: '29999991' }, '10.1.2.3')).body).toMatchObject({
        code: 'credential_not_found'
      })
    } finally {
      await limited.close()
    }
  })
})
