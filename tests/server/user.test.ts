import { describe, expect, it } from 'vitest'
import { call, captcha, createUser, DEMO_PASSWORD, demo, lastCode, login, useTestServer, uniquePhone, type Tokens } from './harness.ts'

const server = useTestServer()

type Me = { user: Record<string, unknown>; hasPhoneParent: boolean; permissions: Record<string, boolean> }

async function me(token: string): Promise<Me> {
  const reply = await call<Me>(server.app, 'GET', '/api/auth/me', { token })
  expect(reply.status).toBe(200)
  return reply.body
}

/** A fresh verified Tunisian student, signed in. */
async function freshStudent(options: { division?: number; isTest?: boolean } = {}): Promise<{ phone: string; tokens: Tokens }> {
  const phone = uniquePhone()
  await createUser(server.app, { credential: phone, division: options.division ?? 14, isTest: options.isTest ?? false })
  return { phone, tokens: await login(server.app, phone) }
}

describe('PUT /api/user/change-password', () => {
  const change = async (token: string, fields: Record<string, unknown>) =>
    call<Tokens & { code?: string }>(server.app, 'PUT', '/api/user/change-password', {
      token,
      body: {
        oldPassword: DEMO_PASSWORD,
        newPassword: 'Nouveau#2027',
        new_password_confirmation: 'Nouveau#2027',
        'g-recaptcha-response': await captcha(server.app),
        ...fields
      }
    })

  it('changes the password, revokes the other sessions and keeps this device signed in', async () => {
    const { phone, tokens } = await freshStudent()
    const other = await login(server.app, phone)
    const changed = await change(tokens.token, {})
    expect(changed.status).toBe(200)
    expect(changed.body.message).toBe('Le Mot de Passe est Modifié')
    expect((await call(server.app, 'GET', '/api/auth/me', { token: other.token })).status).toBe(401)
    expect((await call(server.app, 'GET', '/api/auth/me', { token: tokens.token })).status).toBe(401)
    expect((await call(server.app, 'GET', '/api/auth/me', { token: changed.body.token })).status).toBe(200)
    expect((await login(server.app, phone, 'Nouveau#2027')).verified).toBe(true)
  })

  it('refuses a wrong old password and a new password equal to the old one', async () => {
    const { tokens } = await freshStudent()
    const wrong = await change(tokens.token, { oldPassword: 'Mauvais#2026' })
    expect(wrong.status).toBe(422)
    expect(wrong.body).toMatchObject({ code: 'invalid_old_password', errors: { oldPassword: ["L'ancien mot de passe est incorrect"] } })
    const same = await change(tokens.token, { newPassword: DEMO_PASSWORD, new_password_confirmation: DEMO_PASSWORD })
    expect(same.status).toBe(422)
    expect((same.body as unknown as { errors: Record<string, string[]> }).errors.newPassword).toContain(
      "Le nouveau mot de passe doit être différent de l'ancien"
    )
  })

  it('gives the password-change messages of section 5', async () => {
    const { tokens } = await freshStudent()
    const errorsOf = async (fields: Record<string, unknown>) => {
      const reply = await change(tokens.token, fields)
      expect(reply.status).toBe(422)
      return (reply.body as unknown as { errors: Record<string, string[]> }).errors
    }
    expect(await errorsOf({ oldPassword: '' })).toMatchObject({ oldPassword: ['Remplir les champs'] })
    expect(await errorsOf({ new_password_confirmation: '' })).toMatchObject({ new_password_confirmation: ['Remplir les champs'] })
    expect(await errorsOf({ newPassword: '' })).toMatchObject({ newPassword: ['Remplir les champs'] })
    expect(await errorsOf({ oldPassword: 'court' })).toMatchObject({ oldPassword: ['Mot de passe minimum 8 caractères'] })
    expect(await errorsOf({ new_password_confirmation: 'Autre#2027' })).toMatchObject({
      new_password_confirmation: ['Les deux mots de passe doivent correspondre']
    })
    expect((await errorsOf({ newPassword: 'nouveau#2027', new_password_confirmation: 'nouveau#2027' })).newPassword).toEqual([
      'Le mot de passe doit contenir au moins une lettre majuscule'
    ])
    expect((await errorsOf({ newPassword: 'Nouveau#20271234567', new_password_confirmation: 'Nouveau#20271234567' })).newPassword).toEqual([
      'The password value should be between 8 and 16 characters'
    ])
    expect((await errorsOf({ newPassword: 'Nouveau######1', new_password_confirmation: 'Nouveau######1' })).newPassword).toEqual([
      'Le mot de passe ne doit pas répéter un caractère six fois ou plus'
    ])
  })

  it('test accounts cannot change their password; an administrator can', async () => {
    const testAccount = await login(server.app, demo.test)
    const refused = await change(testAccount.token, {})
    expect(refused.status).toBe(403)
    expect(refused.body.code).toBe('test_account')
    const adminId = await createUser(server.app, { credential: 'test.admin@example.org', role: 'admin', isTest: true })
    expect(adminId).toBeGreaterThan(0)
    const admin = await login(server.app, 'test.admin@example.org')
    expect((await change(admin.token, {})).status).toBe(200)
  })

  it('an administrator acting through a switch link may change a test account’s password (§4, §6)', async () => {
    const phone = uniquePhone()
    const userId = await createUser(server.app, { credential: phone, division: 14, isTest: true })
    expect((await change((await login(server.app, phone)).token, {})).status).toBe(403)
    const link = await call<{ token: string }>(server.app, 'POST', '/operator/impersonation-link', {
      headers: { 'x-operator-key': server.app.services.secrets.operatorKey },
      body: { userId }
    })
    expect(link.status).toBe(200)
    const pair = await call<Tokens>(server.app, 'POST', '/api/auth/switch', { body: { token: link.body.token } })
    expect(pair.status).toBe(200)
    const changed = await change(pair.body.token, {})
    expect(changed.status).toBe(200)
    expect((await me(changed.body.token)).user.istest).toBe(true)
    expect((await login(server.app, phone, 'Nouveau#2027')).verified).toBe(true)
  })

  it('requires a signed-in, verified account', async () => {
    expect((await call(server.app, 'PUT', '/api/user/change-password', { body: {} })).status).toBe(401)
    const unverified = await login(server.app, demo.unverified)
    const reply = await change(unverified.token, {})
    expect(reply.status).toBe(403)
    expect(reply.body.code).toBe('not_verified')
  })
})

describe('POST /api/user/update', () => {
  const update = async (token: string, fields: Record<string, unknown>) =>
    call(server.app, 'POST', '/api/user/update', { token, body: { 'g-recaptcha-response': await captcha(server.app), ...fields } })

  it('completes an incomplete profile with the address and class pickers', async () => {
    const tokens = await login(server.app, demo.incomplete)
    expect((await me(tokens.token)).user.completed).toBe(false)
    const noState = await update(tokens.token, { birthDate: '2010-02-02' })
    expect(noState.status).toBe(422)
    expect(noState.body.errors).toEqual({ state: ['Remplir les champs pays gouvernorat'] })
    const gender = await update(tokens.token, { state: 1, gender: 'male' })
    expect(gender.body.errors).toEqual({ gender: ['Ce champ ne peut être modifié que lorsque le profil est complet'] })
    const delegations = await call<Array<{ id: number }>>(server.app, 'GET', '/api/deleg/1/delegation')
    const institutes = await call<Array<{ id: number; delegation_id: number | null }>>(server.app, 'GET', '/api/state/1/institutes')
    const institute = institutes.body.find((row) => row.delegation_id != null)!
    const done = await update(tokens.token, {
      name: 'Karim',
      lastName: 'Mansour',
      birthDate: '2010-02-02',
      state: 1,
      delegation: institute.delegation_id,
      institute: institute.id,
      division: 14
    })
    expect(done.status).toBe(200)
    expect(done.body).toMatchObject({
      message: 'Profil mis à jour',
      user: {
        completed: true,
        verified: true,
        state: { id: 1 },
        delegation: { id: institute.delegation_id },
        institute: { id: institute.id },
        division: { id: 14 }
      }
    })
    expect(done.body).not.toHaveProperty('credential')
    expect(delegations.body.length).toBeGreaterThan(0)
    // Avatar and gender open up once completed.
    expect((await update(tokens.token, { gender: 'male' })).status).toBe(200)
  })

  it('refuses pickers that do not belong together', async () => {
    const { tokens } = await freshStudent()
    const otherState = await call<Array<{ id: number }>>(server.app, 'GET', '/api/deleg/2/delegation')
    const wrongDelegation = await update(tokens.token, { state: 1, delegation: otherState.body[0]!.id })
    expect(wrongDelegation.status).toBe(422)
    expect(wrongDelegation.body.errors).toEqual({ delegation: ['Adresse invalide'] })
    const unknownState = await update(tokens.token, { state: 999 })
    expect(unknownState.body.errors).toEqual({ state: ['Le gouvernorat est requis'] })
  })

  it('a new e-mail abroad must be confirmed again (the answer carries the credential)', async () => {
    const email = 'abroad.student@example.org'
    await createUser(server.app, { credential: email })
    const tokens = await login(server.app, email)
    // The operator creates e-mail accounts without a country: set it first.
    expect((await update(tokens.token, { country: 7 })).status).toBe(200)
    const reply = await update(tokens.token, { email: 'New.Address@Example.org' })
    expect(reply.status).toBe(200)
    expect(reply.body).toMatchObject({ credential: 'new.address@example.org', user: { verified: false, email: 'new.address@example.org' } })
    expect((await call(server.app, 'GET', '/api/auth/my-profile', { token: tokens.token })).body.code).toBe('not_verified')
    const code = await lastCode(server.app, 'new.address@example.org')
    const confirmed = await call<Tokens>(server.app, 'POST', '/api/auth/confirm-registration', {
      token: tokens.token,
      query: { token: code },
      body: { 'g-recaptcha-response': await captcha(server.app) }
    })
    expect(confirmed.status).toBe(200)
    expect((await me(confirmed.body.token)).user).toMatchObject({ verified: true, email_verified: true, email: 'new.address@example.org' })
    // An address another verified account holds is refused.
    const taken = await update(confirmed.body.token, { email: demo.abroad })
    expect(taken.status).toBe(422)
    expect(taken.body.code).toBe('account_information_already_used')
  })

  it('keeps the phone locked, the second phone different, the birth date in the past and the class behind a request', async () => {
    const { phone, tokens } = await freshStudent()
    const locked = await update(tokens.token, { state: 1, phone: '22999888' })
    expect(locked.status).toBe(422)
    expect(locked.body).toMatchObject({ code: 'phone_locked', errors: { phone: ['Le numéro de téléphone ne peut plus être modifié'] } })
    expect((await update(tokens.token, { state: 1, phone: `+216${phone}` })).status).toBe(200)
    const same = await update(tokens.token, { phone2: phone })
    expect(same.body.errors).toEqual({ phone2: ['Le deuxième numéro doit être différent du numéro principal'] })
    const badPhone2 = await update(tokens.token, { phone2: '123' })
    expect(badPhone2.body.errors).toEqual({ phone2: ['Veuillez saisir un numéro de téléphone valide'] })
    const tomorrow = new Date(server.clock.now().getTime() + 2 * 86_400_000).toISOString().slice(0, 10)
    const future = await update(tokens.token, { birthDate: tomorrow })
    expect(future.body.message).toBe('Birthdate: La date de naissance ne peut pas être dans le futur')
    const badFormat = await update(tokens.token, { birthDate: '02/02/2010' })
    expect(badFormat.body.errors).toEqual({ birthDate: ['Format de date invalide'] })
    const division = await update(tokens.token, { division: 13 })
    expect(division.body.errors).toEqual({ division: ['Le changement de classe se fait par une demande de changement de classe'] })
    const badName = await update(tokens.token, { name: 'R2D2' })
    expect(badName.body.errors).toEqual({ name: ['Veuillez saisir un prénom valide'] })
    const badEmail = await update(tokens.token, { email: 'pas un email' })
    expect(badEmail.body.errors).toEqual({ email: ['Please enter a valid email'] })
  })

  it('never takes an e-mail address as typed from a pupil signed up by phone (it is added and proven by its code)', async () => {
    const { tokens } = await freshStudent()
    const typed = await update(tokens.token, { state: 1, email: demo.abroad })
    expect(typed.status).toBe(422)
    expect(typed.body).toMatchObject({ keys: { email: ['email.useAddEmail'] } })
    expect((await me(tokens.token)).user.email).toBeNull()
    // Signing in with that address still opens the account that proved it, not this one.
    const owner = await login(server.app, demo.abroad)
    expect((await me(owner.token)).user.email).toBe(demo.abroad)
  })

  it('test accounts cannot edit their profile; unverified and signed-out users cannot either', async () => {
    const testAccount = await login(server.app, demo.test)
    const refused = await update(testAccount.token, { name: 'Autre' })
    expect(refused.status).toBe(403)
    expect(refused.body.code).toBe('test_account')
    expect((await me(testAccount.token)).user.name).toBe('Compte')
    expect((await call(server.app, 'POST', '/api/user/update', { body: {} })).status).toBe(401)
    const unverified = await login(server.app, demo.unverified)
    expect((await update(unverified.token, { name: 'Autre' })).status).toBe(403)
  })
})

describe('PUT /api/user/add-email and POST /api/user/confirm-code', () => {
  it('sends a code to the new address and confirms it', async () => {
    const { tokens } = await freshStudent()
    const added = await call(server.app, 'PUT', '/api/user/add-email', { token: tokens.token, body: { email: 'Pupil.Mail@Example.org' } })
    expect(added.status).toBe(200)
    const code = await lastCode(server.app, 'pupil.mail@example.org')
    const [mail] = await server.app.services.outbox.list('pupil.mail@example.org', 1)
    expect(mail!.channel).toBe('email')
    expect((await me(tokens.token)).user.email).toBeNull()
    const confirm = async (fields: Record<string, unknown>) =>
      call(server.app, 'POST', '/api/user/confirm-code', {
        token: tokens.token,
        body: { confirmationToken: code, email: 'pupil.mail@example.org', 'g-recaptcha-response': await captcha(server.app), ...fields }
      })
    // A mistyped address is refused without spending the code.
    const otherAddress = await confirm({ email: 'pupil.mail@example.com' })
    expect(otherAddress.status).toBe(422)
    const wrong = await confirm({ confirmationToken: code === '000000' ? '111111' : '000000' })
    expect(wrong.status).toBe(422)
    expect(wrong.body).toMatchObject({ code: 'invalid_verification_code', errors: { confirmationToken: ['Code invalid'] } })
    expect((await confirm({})).status).toBe(200)
    expect((await me(tokens.token)).user).toMatchObject({ email: 'pupil.mail@example.org', email_verified: true })
    const again = await confirm({})
    expect(again.status).toBe(422)
  })

  it("another user's code does not confirm this account", async () => {
    const a = await freshStudent()
    const b = await freshStudent()
    await call(server.app, 'PUT', '/api/user/add-email', { token: a.tokens.token, body: { email: 'shared.mail@example.org' } })
    const code = await lastCode(server.app, 'shared.mail@example.org')
    await call(server.app, 'PUT', '/api/user/add-email', { token: b.tokens.token, body: { email: 'other.mail@example.org' } })
    const stolen = await call(server.app, 'POST', '/api/user/confirm-code', {
      token: b.tokens.token,
      body: { confirmationToken: code, email: 'shared.mail@example.org', 'g-recaptcha-response': await captcha(server.app) }
    })
    expect(stolen.status).toBe(422)
    expect((await me(b.tokens.token)).user.email).toBeNull()
  })

  it('gives the add-email messages of section 5', async () => {
    const { tokens } = await freshStudent()
    for (const email of ['', 'pas un email', '12345678', 'no-at-sign.example.org']) {
      const reply = await call(server.app, 'PUT', '/api/user/add-email', { token: tokens.token, body: { email } })
      expect(reply.status, email).toBe(422)
      expect(reply.body.errors, email).toEqual({ email: ['Please enter a valid email'] })
    }
    const noCode = await call(server.app, 'POST', '/api/user/confirm-code', {
      token: tokens.token,
      body: { confirmationToken: '', email: 'a@example.org', 'g-recaptcha-response': 'x' }
    })
    expect(noCode.body.errors).toMatchObject({ confirmationToken: ['Le code de vérification est requis'] })
    expect((await call(server.app, 'PUT', '/api/user/add-email', { body: { email: 'a@example.org' } })).status).toBe(401)
  })
})

describe('PUT /api/user/add-parent-phone', () => {
  it("records the parent's phone", async () => {
    const { tokens } = await freshStudent()
    expect((await me(tokens.token)).hasPhoneParent).toBe(false)
    const reply = await call(server.app, 'PUT', '/api/user/add-parent-phone', { token: tokens.token, body: { phone2: '98111222' } })
    expect(reply.status).toBe(200)
    expect(await me(tokens.token)).toMatchObject({ hasPhoneParent: true, user: { phone2: '98111222' } })
  })

  it('gives the three messages of section 5 and refuses the main phone', async () => {
    const { phone, tokens } = await freshStudent()
    const cases: Array<[unknown, string]> = [
      ['', 'Phone number is required'],
      [undefined, 'Phone number is required'],
      ['2211', 'Phone number must be exactly 8 digits long'],
      // +216 is read as on every Tunisian phone: 7 digits after it are too few.
      ['+2162211133', 'Phone number must be exactly 8 digits long'],
      ['32111333', 'Invalid phone number format']
    ]
    for (const [phone2, message] of cases) {
      const reply = await call(server.app, 'PUT', '/api/user/add-parent-phone', {
        token: tokens.token,
        body: phone2 === undefined ? {} : { phone2 }
      })
      expect(reply.status, String(phone2)).toBe(422)
      expect(reply.body.errors, String(phone2)).toEqual({ phone2: [message] })
    }
    const main = await call(server.app, 'PUT', '/api/user/add-parent-phone', { token: tokens.token, body: { phone2: phone } })
    expect(main.status).toBe(422)
    expect((await call(server.app, 'PUT', '/api/user/add-parent-phone', { body: { phone2: '98111222' } })).status).toBe(401)
  })
})

describe('notification preferences and token', () => {
  it('switches families on and off and keeps the rest', async () => {
    const { tokens } = await freshStudent()
    const reply = await call(server.app, 'PUT', '/api/user/update-notification-preferences', {
      token: tokens.token,
      body: { paySlice: false, uploadNewContent: false }
    })
    expect(reply.status).toBe(200)
    expect(reply.body).toMatchObject({ notification_preferences: { paySlice: false, uploadNewContent: false, transferPoint: true } })
    const again = await call(server.app, 'PUT', '/api/user/update-notification-preferences', {
      token: tokens.token,
      body: { paySlice: true }
    })
    expect(again.body).toMatchObject({ notification_preferences: { paySlice: true, uploadNewContent: false } })
    expect((await me(tokens.token)).user.notification_preferences).toMatchObject({ paySlice: true, uploadNewContent: false })
    const bad = await call(server.app, 'PUT', '/api/user/update-notification-preferences', {
      token: tokens.token,
      body: { paySlice: 'non' }
    })
    expect(bad.status).toBe(422)
    const unknown = await call(server.app, 'PUT', '/api/user/update-notification-preferences', {
      token: tokens.token,
      body: { marketing: true }
    })
    expect(unknown.body.code).toBe('unknown_field')
  })

  it('registers the push token of the device, also before verification', async () => {
    const { tokens } = await freshStudent()
    const reply = await call(server.app, 'POST', '/api/user/set-notification-token', {
      token: tokens.token,
      body: { notificationToken: 'device-token-1' }
    })
    expect(reply.status).toBe(200)
    expect((await me(tokens.token)).user.notification_token).toBe('device-token-1')
    const empty = await call(server.app, 'POST', '/api/user/set-notification-token', {
      token: tokens.token,
      body: { notificationToken: '' }
    })
    expect(empty.status).toBe(422)
    const unverified = await login(server.app, demo.unverified)
    expect(
      (await call(server.app, 'POST', '/api/user/set-notification-token', { token: unverified.token, body: { notificationToken: 'd2' } }))
        .status
    ).toBe(200)
    expect((await call(server.app, 'POST', '/api/user/set-notification-token', { body: { notificationToken: 'd3' } })).status).toBe(401)
  })
})

describe('GET /api/auth/my-profile', () => {
  it('returns the user and permissions of the signed-in user only', async () => {
    const { phone, tokens } = await freshStudent()
    const reply = await call<{ user: { phone: string }; permissions: Record<string, boolean> }>(server.app, 'GET', '/api/auth/my-profile', {
      token: tokens.token
    })
    expect(reply.status).toBe(200)
    expect(reply.body.user.phone).toBe(phone)
    expect(reply.body.permissions).toHaveProperty('has_exam')
    expect((await call(server.app, 'GET', '/api/auth/my-profile')).status).toBe(401)
  })
})
