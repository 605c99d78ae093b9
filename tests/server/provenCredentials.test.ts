import { createHash, randomBytes } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { users } from '../../server/src/db/schema.ts'
import { provenCredentialOf } from '../../server/src/presenters/user.ts'
import { parseDeepLink } from '../../src/shared/deepLink.ts'
import { call, captcha, demo, lastCode, login, registerPupil, startTestServer, type TestServer, type Tokens } from './harness.ts'

/**
 * A phone or e-mail names an account (sign-in, reset, transfers, social sign-in, uniqueness) only
 * once a code sent to it was entered. One typed in beside the account's own credential at
 * registration or in the profile is kept and shown, and claims nothing.
 */
let server: TestServer
beforeAll(async () => {
  server = await startTestServer()
})
afterAll(async () => {
  await server?.close()
})

const PASSWORD = 'Bonjour#2026'

const register = (fields: Record<string, unknown>): Promise<Tokens> =>
  registerPupil(server.app, PASSWORD, { name: 'Ines', lastName: 'Ben Youssef', ...fields })

async function confirmRegistration(token: string, sentTo: string) {
  return call<Tokens>(server.app, 'POST', '/api/auth/confirm-registration', {
    token,
    query: { token: await lastCode(server.app, sentTo) },
    body: { 'g-recaptcha-response': await captcha(server.app) }
  })
}

async function signIn(username: string) {
  return call<Tokens & { code?: string }>(server.app, 'POST', '/api/auth/login_check', {
    body: { username, password: PASSWORD, 'g-recaptcha-response': await captcha(server.app) }
  })
}

async function me(token: string) {
  return (
    await call<{ user: { id: number; email: string | null; email_verified: boolean; phone: string | null; verified: boolean } }>(
      server.app,
      'GET',
      '/api/auth/me',
      { token }
    )
  ).body.user
}

/** A code from the sandbox provider's consent page for `email`, with the verifier that goes with it. */
async function socialGrant(email: string): Promise<{ code: string; verifier: string }> {
  const verifier = randomBytes(48).toString('base64url')
  const consent = await server.app.inject({
    method: 'POST',
    url: '/sandbox/oauth/google/consent',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({
      decision: 'allow',
      email,
      name: 'Salma',
      lastName: 'Kefi',
      state: randomBytes(24).toString('base64url'),
      code_challenge: createHash('sha256').update(verifier).digest('base64url')
    }).toString()
  })
  const link = parseDeepLink(String(consent.headers.location))
  if (link?.kind !== 'social-callback' || !link.code) throw new Error('no code from the sandbox provider')
  return { code: link.code, verifier }
}

function socialCallback(grant: { code: string; verifier: string }) {
  return call<Tokens>(server.app, 'GET', '/api/auth/social/google/callback', { query: { code: grant.code, code_verifier: grant.verifier } })
}

async function socialSignIn(email: string): Promise<Tokens> {
  const reply = await socialCallback(await socialGrant(email))
  expect(reply.status).toBe(200)
  return reply.body
}

describe('an e-mail typed in at a Tunisian registration', () => {
  it('is kept unproven and names nobody until its owner proves it', async () => {
    const squatter = await register({ phone: '22111333', email: 'Owner.One@Example.org', state: 12 })
    const confirmed = await confirmRegistration(squatter.token, '22111333')
    expect(confirmed.status).toBe(200)
    const squatterToken = confirmed.body.token
    // Nothing typed is lost: the address is on the profile, marked unconfirmed.
    expect(await me(squatterToken)).toMatchObject({ email: 'owner.one@example.org', email_verified: false, verified: true })

    // The address does not sign in to the account, nor get a reset code for it.
    const byEmail = await signIn('owner.one@example.org')
    expect(byEmail.status).toBe(401)
    expect(byEmail.body.code).toBe('invalid_credentials')
    expect((await signIn('22111333')).status).toBe(200)
    await call(server.app, 'POST', '/api/auth/request-password', {
      body: { credentiel: 'owner.one@example.org', 'g-recaptcha-response': await captcha(server.app) }
    })
    expect(await server.app.services.outbox.list('owner.one@example.org', 5)).toEqual([])

    // Points sent to the address do not reach the account.
    const sender = await login(server.app, demo.student)
    const transfer = await call(server.app, 'POST', '/api/student/transfer-points', {
      token: sender.token,
      body: { toUser: 'owner.one@example.org', points: 10 }
    })
    expect(transfer.status).toBe(422)
    expect(transfer.body).toMatchObject({ errors: { toUser: ['Aucun compte ne correspond à ce destinataire'] } })

    // The owner of the address registers with it from abroad and confirms it.
    const owner = await register({ email: 'owner.one@example.org', country: 7, division: 31 })
    const ownerConfirmed = await confirmRegistration(owner.token, 'owner.one@example.org')
    expect(ownerConfirmed.status).toBe(200)
    const signedIn = await signIn('owner.one@example.org')
    expect(signedIn.status).toBe(200)
    expect((await me(signedIn.body.token)).id).toBe((await me(ownerConfirmed.body.token)).id)

    // Proven elsewhere now, the address can no longer be proven by the first account.
    const add = await call(server.app, 'PUT', '/api/user/add-email', { token: squatterToken, body: { email: 'owner.one@example.org' } })
    expect(add.status).toBe(200)
    const prove = await call(server.app, 'POST', '/api/user/confirm-code', {
      token: squatterToken,
      body: {
        email: 'owner.one@example.org',
        confirmationToken: await lastCode(server.app, 'owner.one@example.org'),
        'g-recaptcha-response': await captcha(server.app)
      }
    })
    expect(prove.status).toBe(422)
    expect(prove.body.code).toBe('account_information_already_used')
  })

  it('is not where a social sign-in with that address lands', async () => {
    const squatter = await register({ phone: '22111444', email: 'owner.two@example.org', state: 12 })
    const squatterId = (await me((await confirmRegistration(squatter.token, '22111444')).body.token)).id
    const social = await socialSignIn('owner.two@example.org')
    const account = await me(social.token)
    expect(account.id).not.toBe(squatterId)
    expect(account).toMatchObject({ email: 'owner.two@example.org', email_verified: true })
  })

  it('once proven by its code, signs in like the phone', async () => {
    const pupil = await register({ phone: '22111555', email: 'proven.three@example.org', state: 12 })
    const token = (await confirmRegistration(pupil.token, '22111555')).body.token
    expect((await signIn('proven.three@example.org')).status).toBe(401)
    expect((await call(server.app, 'PUT', '/api/user/add-email', { token, body: { email: 'proven.three@example.org' } })).status).toBe(200)
    const prove = await call(server.app, 'POST', '/api/user/confirm-code', {
      token,
      body: {
        email: 'proven.three@example.org',
        confirmationToken: await lastCode(server.app, 'proven.three@example.org'),
        'g-recaptcha-response': await captcha(server.app)
      }
    })
    expect(prove.status).toBe(200)
    expect((await signIn('proven.three@example.org')).status).toBe(200)
  })
})

describe('a phone typed in at a registration abroad', () => {
  it('names nobody, and its Tunisian owner can still register with it', async () => {
    const abroad = await register({ email: 'abroad.four@example.org', phone: '23456789', country: 7, division: 31 })
    expect((await confirmRegistration(abroad.token, 'abroad.four@example.org')).status).toBe(200)
    expect((await signIn('23456789')).status).toBe(401)

    const owner = await register({ phone: '23456789', state: 12 })
    const confirmed = await confirmRegistration(owner.token, '23456789')
    expect(confirmed.status).toBe(200)
    const signedIn = await signIn('23456789')
    expect(signedIn.status).toBe(200)
    expect((await me(signedIn.body.token)).id).toBe((await me(confirmed.body.token)).id)
  })

  it('may be corrected when its holder moves to Tunisia, since no code proved it', async () => {
    const abroad = await register({ email: 'abroad.six@example.org', phone: '23456791', country: 7, division: 31 })
    const token = (await confirmRegistration(abroad.token, 'abroad.six@example.org')).body.token
    expect((await me(token)).phone).toBe('23456791')
    const moved = await call<{ credential?: string }>(server.app, 'POST', '/api/user/update', {
      token,
      body: { country: 1, state: 12, phone: '23456792', 'g-recaptcha-response': await captcha(server.app) }
    })
    expect(moved.status).toBe(200)
    expect(moved.body.credential).toBe('23456792')
    // Proven, the number is locked like any other.
    const signedIn = await signIn('abroad.six@example.org')
    const proven = await confirmRegistration(signedIn.body.token, '23456792')
    expect(proven.status).toBe(200)
    const locked = await call(server.app, 'POST', '/api/user/update', {
      token: proven.body.token,
      body: { phone: '23456793', 'g-recaptcha-response': await captcha(server.app) }
    })
    expect(locked.status).toBe(422)
    expect(locked.body.code).toBe('phone_locked')
  })

  it('leaves a proven e-mail to its holder while it confirms its new phone', async () => {
    const abroad = await register({ email: 'abroad.seven@example.org', phone: '23456794', country: 7, division: 31 })
    const token = (await confirmRegistration(abroad.token, 'abroad.seven@example.org')).body.token
    const holderId = (await me(token)).id
    await call(server.app, 'POST', '/api/user/update', {
      token,
      body: { country: 1, state: 12, 'g-recaptcha-response': await captcha(server.app) }
    })
    // Waiting for the code of its phone, the account is still the one its e-mail names, even
    // after someone else types that e-mail into a newer registration.
    await register({ phone: '22111666', email: 'abroad.seven@example.org', state: 12 })
    const byEmail = await signIn('abroad.seven@example.org')
    expect(byEmail.status).toBe(200)
    expect((await me(byEmail.body.token)).id).toBe(holderId)
    // A social sign-in with that e-mail joins the same account (no second one, no failure).
    const social = await socialSignIn('abroad.seven@example.org')
    expect((await me(social.token)).id).toBe(holderId)
  })

  it('must be proven by a code when its holder moves to Tunisia', async () => {
    const abroad = await register({ email: 'abroad.five@example.org', phone: '23456790', country: 7, division: 31 })
    const token = (await confirmRegistration(abroad.token, 'abroad.five@example.org')).body.token
    const moved = await call<{ credential?: string }>(server.app, 'POST', '/api/user/update', {
      token,
      body: { country: 1, state: 12, 'g-recaptcha-response': await captcha(server.app) }
    })
    expect(moved.status).toBe(200)
    expect(moved.body.credential).toBe('23456790')
    const signedIn = await signIn('abroad.five@example.org')
    expect(signedIn.body.verified).toBe(false)
    const proven = await confirmRegistration(signedIn.body.token, '23456790')
    expect(proven.status).toBe(200)
    expect((await signIn('23456790')).body.verified).toBe(true)
  })
})

describe('an account that has proven a credential', () => {
  it('is not named by the new one it waits to confirm after a profile change', async () => {
    // Registered in Tunisia with the phone proven, and a mistyped address beside it.
    const pupil = await register({ phone: '22111777', email: 'mistyped.eight@example.org', state: 12 })
    const token = (await confirmRegistration(pupil.token, '22111777')).body.token
    // Moving abroad makes the address the credential to confirm: a code goes to it.
    const moved = await call<{ credential?: string }>(server.app, 'POST', '/api/user/update', {
      token,
      body: { country: 7, 'g-recaptcha-response': await captcha(server.app) }
    })
    expect(moved.status).toBe(200)
    expect(moved.body.credential).toBe('mistyped.eight@example.org')
    const registrationCode = await lastCode(server.app, 'mistyped.eight@example.org')
    const sentBefore = (await server.app.services.outbox.list('mistyped.eight@example.org', 10)).length

    // Whoever holds that address cannot reset the account's password with it: it names no account.
    const request = await call(server.app, 'POST', '/api/auth/request-password', {
      body: { credentiel: 'mistyped.eight@example.org', 'g-recaptcha-response': await captcha(server.app) }
    })
    expect(request.status).toBe(422)
    expect(request.body.code).toBe('credential_not_found')
    expect(await server.app.services.outbox.list('mistyped.eight@example.org', 10)).toHaveLength(sentBefore)
    const reset = await call(server.app, 'POST', '/api/auth/reset-password', {
      body: {
        credential: 'mistyped.eight@example.org',
        token: registrationCode,
        newPassword: 'Pris#2026x',
        retypePassword: 'Pris#2026x',
        'g-recaptcha-response': await captcha(server.app)
      }
    })
    expect(reset.status).toBe(422)

    // The pupil, who knows the password, still signs in with the proven phone or with the
    // address typed, to enter the code.
    const byPhone = await signIn('22111777')
    expect(byPhone.status).toBe(200)
    expect(byPhone.body.verified).toBe(false)
    expect((await signIn('mistyped.eight@example.org')).status).toBe(200)
  })

  it('is not named by a new address waiting for its code, even with nothing else proven', async () => {
    const pupil = await register({ email: 'first.eleven@example.org', country: 7, division: 31 })
    const token = (await confirmRegistration(pupil.token, 'first.eleven@example.org')).body.token
    const changed = await call<{ credential?: string }>(server.app, 'POST', '/api/user/update', {
      token,
      body: { email: 'mistyped.eleven@example.org', 'g-recaptcha-response': await captcha(server.app) }
    })
    expect(changed.status).toBe(200)
    expect(changed.body.credential).toBe('mistyped.eleven@example.org')
    const sentBefore = (await server.app.services.outbox.list('mistyped.eleven@example.org', 10)).length
    await call(server.app, 'POST', '/api/auth/request-password', {
      body: { credentiel: 'mistyped.eleven@example.org', 'g-recaptcha-response': await captcha(server.app) }
    })
    expect(await server.app.services.outbox.list('mistyped.eleven@example.org', 10)).toHaveLength(sentBefore)
    // A registration never confirmed is still found by its address, to finish it or reset it.
    const fresh = await register({ email: 'fresh.eleven@example.org', country: 7, division: 31 })
    expect(fresh.verified).toBe(false)
    const registrationCodes = (await server.app.services.outbox.list('fresh.eleven@example.org', 10)).length
    await call(server.app, 'POST', '/api/auth/request-password', {
      body: { credentiel: 'fresh.eleven@example.org', 'g-recaptcha-response': await captcha(server.app) }
    })
    expect(await server.app.services.outbox.list('fresh.eleven@example.org', 10)).toHaveLength(registrationCodes + 1)
  })

  it('stays verified through a save that leaves its unproven credential as it was', async () => {
    // An account older than the proofs: verified, its phone never marked as proven by a code.
    const pupil = await register({ phone: '22111888', state: 12 })
    const token = (await confirmRegistration(pupil.token, '22111888')).body.token
    const id = (await me(token)).id
    await server.app.services.database.db.update(users).set({ phoneVerified: false }).where(eq(users.id, id))
    const sentBefore = (await server.app.services.outbox.list('22111888', 10)).length

    const saved = await call<{ credential?: string }>(server.app, 'POST', '/api/user/update', {
      token,
      body: { name: 'Inès', 'g-recaptcha-response': await captcha(server.app) }
    })
    expect(saved.status).toBe(200)
    expect(saved.body.credential).toBeUndefined()
    expect(await me(token)).toMatchObject({ verified: true, phone: '22111888' })
    expect(await server.app.services.outbox.list('22111888', 10)).toHaveLength(sentBefore)

    // Correcting the number is a new credential: it is confirmed by a code.
    const corrected = await call<{ credential?: string }>(server.app, 'POST', '/api/user/update', {
      token,
      body: { phone: '22111889', 'g-recaptcha-response': await captcha(server.app) }
    })
    expect(corrected.status).toBe(200)
    expect(corrected.body.credential).toBe('22111889')
  })

  it('receives its codes where a code proved it reaches the pupil', () => {
    const row = { phone: '22111999', email: 'codes.nine@example.org', countryId: 1 }
    expect(provenCredentialOf({ ...row, phoneVerified: true, emailVerified: true })).toBe('22111999')
    expect(provenCredentialOf({ ...row, phoneVerified: false, emailVerified: true })).toBe('codes.nine@example.org')
    expect(provenCredentialOf({ ...row, countryId: 7, phoneVerified: true, emailVerified: false })).toBe('22111999')
    expect(provenCredentialOf({ ...row, countryId: 7, phoneVerified: false, emailVerified: true })).toBe('codes.nine@example.org')
    // Proven nothing (older than the proofs): its credential, as before.
    expect(provenCredentialOf({ ...row, phoneVerified: false, emailVerified: false })).toBe('22111999')
  })
})

describe('two social sign-ins with the same new account at once', () => {
  it('make one account, and both sign in to it', async () => {
    const grants = await Promise.all([socialGrant('twice.ten@example.org'), socialGrant('twice.ten@example.org')])
    const replies = await Promise.all(grants.map((grant) => socialCallback(grant)))
    expect(replies.map((reply) => reply.status)).toEqual([200, 200])
    const ids = await Promise.all(replies.map(async (reply) => (await me(reply.body.token)).id))
    expect(ids[0]).toBe(ids[1])
  })
})
