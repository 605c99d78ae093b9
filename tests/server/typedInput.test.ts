/**
 * What pupils type, read as they typed it (decision 0026): Arabic-Indic (٠–٩) and Eastern Arabic
 * (۰–۹) digits in phones, codes and amounts; codes pasted with a space or a dash; Tunisian phones
 * with +216 / 00216 and spaces wherever one is asked; a transfer amount that is not a whole number
 * of points; and the optional subject a class with options requires at registration.
 */
import { describe, expect, it } from 'vitest'
import { call, captcha, createUser, demo, lastCode, login, REGISTRATION_CLASS, useTestServer, uniquePhone, type Tokens } from './harness.ts'

const server = useTestServer()

/** The ASCII digits of a text written with an Arabic keyboard (٠–٩) or a Persian one (۰–۹). */
const arabicIndic = (text: string) => text.replace(/\d/g, (digit) => String.fromCharCode(0x0660 + Number(digit)))
const easternArabic = (text: string) => text.replace(/\d/g, (digit) => String.fromCharCode(0x06f0 + Number(digit)))
/** A 6-digit code as a message shows it, "965 838". */
const spaced = (code: string) => `${code.slice(0, 3)} ${code.slice(3)}`

type Me = { user: { phone: string | null; phone2: string | null; optional_subject: { id: number } | null } }
const me = async (token: string) => (await call<Me>(server.app, 'GET', '/api/auth/me', { token })).body.user

async function registration(fields: Record<string, unknown>) {
  return call<Tokens & { credential: string }>(server.app, 'POST', '/api/auth/register', {
    body: {
      name: 'Amina',
      lastName: 'Trabelsi',
      birthDate: '2009-04-12',
      state: 12,
      ...REGISTRATION_CLASS,
      plainPassword: { first: 'Bonjour#2026', second: 'Bonjour#2026' },
      'g-recaptcha-response': await captcha(server.app),
      ...fields
    }
  })
}

describe('Arabic-Indic and Eastern Arabic digits', () => {
  it('sign in with the phone typed in them, with or without +216 and spaces', async () => {
    for (const username of [
      arabicIndic(demo.student),
      easternArabic(demo.student),
      `+${arabicIndic('216')} ${arabicIndic('20 000 001')}`
    ]) {
      const tokens = await login(server.app, username)
      expect(tokens.user_type, username).toBe('student')
    }
  })

  it('register a phone typed in them, stored in ASCII digits, and confirm with the code pasted in them', async () => {
    const reply = await registration({ phone: arabicIndic('52 444 555') })
    expect(reply.status).toBe(201)
    expect(reply.body.credential).toBe('52444555')
    expect((await me(reply.body.token)).phone).toBe('52444555')
    const code = await lastCode(server.app, '52444555')
    const confirmed = await call<Tokens>(server.app, 'POST', '/api/auth/confirm-registration', {
      token: reply.body.token,
      query: { token: spaced(arabicIndic(code)) },
      body: { 'g-recaptcha-response': await captcha(server.app) }
    })
    expect(confirmed.status).toBe(200)
    expect(confirmed.body.verified).toBe(true)
  })

  it('reset a password with the credential and the code typed in them', async () => {
    const phone = uniquePhone()
    await createUser(server.app, { credential: phone })
    const requested = await call(server.app, 'POST', '/api/auth/request-password', {
      body: { credentiel: easternArabic(phone), 'g-recaptcha-response': await captcha(server.app) }
    })
    expect(requested.status).toBe(200)
    const code = await lastCode(server.app, phone)
    const reset = await call(server.app, 'POST', '/api/auth/reset-password', {
      body: {
        token: `${arabicIndic(code.slice(0, 3))}-${arabicIndic(code.slice(3))}`,
        credential: arabicIndic(phone),
        newPassword: 'Nouveau#2027',
        retypePassword: 'Nouveau#2027',
        'g-recaptcha-response': await captcha(server.app)
      }
    })
    expect(reset.status).toBe(200)
    expect((await login(server.app, phone, 'Nouveau#2027')).verified).toBe(true)
  })

  it('top up, transfer and confirm with the amounts and the code typed in them', async () => {
    const sender = await login(server.app, demo.student)
    const recipient = uniquePhone()
    await createUser(server.app, { credential: recipient })
    const code = await call<{ amount: number }>(server.app, 'POST', '/api/student/codes', {
      token: sender.token,
      body: { amount: arabicIndic('15') + '\u066B' + arabicIndic('5'), reference: 'VIR-AR-DIGITS', paymentMethod: 'transfer' }
    })
    expect(code.status).toBe(201)
    expect(code.body.amount).toBe(15.5)

    const created = await call<{ transfer: { points: number } }>(server.app, 'POST', '/api/student/transfer-points', {
      token: sender.token,
      body: { toUser: arabicIndic(recipient), points: arabicIndic('10') }
    })
    expect(created.status).toBe(201)
    expect(created.body.transfer.points).toBe(10)
    const sent = await lastCode(server.app, demo.student)
    const confirmed = await call<{ transfer: { status: string } }>(server.app, 'POST', '/api/student/confirm-transfer-points', {
      token: sender.token,
      query: { confirmationToken: spaced(arabicIndic(sent)) }
    })
    expect(confirmed.status).toBe(200)
    expect(confirmed.body.transfer.status).toBe('confirmed')
  })
})

describe('the parent phone', () => {
  it('takes +216, 00216, spaces and Arabic-Indic digits as the other phones do, and stores the 8 digits', async () => {
    const phone = uniquePhone()
    await createUser(server.app, { credential: phone })
    const { token } = await login(server.app, phone)
    for (const [typed, stored] of [
      ['+216 98 111 222', '98111222'],
      ['0021698111223', '98111223'],
      [arabicIndic('98 111 224'), '98111224']
    ] as const) {
      const reply = await call(server.app, 'PUT', '/api/user/add-parent-phone', { token, body: { phone2: typed } })
      expect(reply.status, typed).toBe(200)
      expect((await me(token)).phone2, typed).toBe(stored)
    }
    const main = await call(server.app, 'PUT', '/api/user/add-parent-phone', { token, body: { phone2: `+216 ${phone}` } })
    expect(main.body.errors).toEqual({ phone2: ['Le deuxième numéro doit être différent du numéro principal'] })
    const short = await call(server.app, 'PUT', '/api/user/add-parent-phone', { token, body: { phone2: '+216 9811122' } })
    expect(short.body.errors).toEqual({ phone2: ['Phone number must be exactly 8 digits long'] })
  })
})

describe('a transfer of a part of a point', () => {
  it('is refused as not a whole number of points; out of the range, the range is said', async () => {
    const { token } = await login(server.app, demo.student)
    const transfer = async (points: unknown) =>
      call(server.app, 'POST', '/api/student/transfer-points', { token, body: { toUser: demo.abroad, points } })
    for (const points of [10.5, '10,5', '4999.9']) {
      const reply = await transfer(points)
      expect(reply.status, String(points)).toBe(422)
      expect(reply.body.errors, String(points)).toEqual({ points: ['Le montant doit être un nombre entier de points'] })
    }
    expect((await transfer(5000.5)).body.errors).toEqual({ points: ['Veuillez entrer un montant entre 10 et 5000'] })
  })
})

describe('the optional subject at registration', () => {
  it('is required for a class that has options, and not asked of one that has none', async () => {
    const missing = await registration({ phone: '52444666', optionalSubject: undefined })
    expect(missing.status).toBe(422)
    expect(missing.body).toMatchObject({
      errors: { optionalSubject: ['La matière optionnelle est requise'] },
      keys: { optionalSubject: ['optionalSubject.required'] }
    })
    const chosen = await registration({ phone: '52444666' })
    expect(chosen.status).toBe(201)
    expect((await me(chosen.body.token)).optional_subject?.id).toBe(REGISTRATION_CLASS.optionalSubject)
    // Bac Sport has no optional subject.
    expect((await registration({ phone: '52444777', division: 19, optionalSubject: undefined })).status).toBe(201)
  })
})

describe('an over-long password', () => {
  it('is refused with the 8 to 16 message, never shortened', async () => {
    const reply = await registration({ phone: '52444888', plainPassword: { first: 'MonMotDePasse#2026', second: 'MonMotDePasse#2026' } })
    expect(reply.status).toBe(422)
    expect((reply.body as unknown as { errors: Record<string, string[]> }).errors['plainPassword.first']).toEqual([
      'The password value should be between 8 and 16 characters'
    ])
  })
})
