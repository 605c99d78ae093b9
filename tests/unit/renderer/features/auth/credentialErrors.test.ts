/**
 * The specification's field errors at registration and reset (§8), and the server's English texts
 * worded by their code or rule in the user's language (decision 0021).
 */
import { describe, expect, it } from 'vitest'
import type { AccountsApi } from '../../../../../src/renderer/src/api/accounts.ts'
import { ApiError, type ApiErrorCode } from '../../../../../src/renderer/src/api/errors.ts'
import { mapLoginError } from '../../../../../src/renderer/src/features/auth/errorMapping.ts'
import { generalMessage, ruleMessage, serverFieldMessage, type Message } from '../../../../../src/renderer/src/forms/messages.ts'
import { RegisterFormStore } from '../../../../../src/renderer/src/features/auth/stores/RegisterFormStore.ts'
import { ResetPasswordStore } from '../../../../../src/renderer/src/features/auth/stores/ResetPasswordStore.ts'
import { createI18n } from '../../../../../src/renderer/src/i18n/index.ts'
import { ensureNamespace } from '../../../../../src/renderer/src/i18n/lazyNamespace.ts'
import { LANGUAGES } from '../../../../../src/renderer/src/i18n/languages.ts'
import { profileAr } from '../../../../../src/renderer/src/i18n/locales/profile.ar.ts'
import { profileEnUS } from '../../../../../src/renderer/src/i18n/locales/profile.en-US.ts'
import { profileFr } from '../../../../../src/renderer/src/i18n/locales/profile.fr.ts'
import { walletAr } from '../../../../../src/renderer/src/i18n/locales/wallet.ar.ts'
import { walletEnUS } from '../../../../../src/renderer/src/i18n/locales/wallet.en-US.ts'
import { walletFr } from '../../../../../src/renderer/src/i18n/locales/wallet.fr.ts'
import { fieldMessage } from '../../../../../src/renderer/src/features/wallet/stores/walletSupport.ts'
import type { Language } from '../../../../../src/shared/ipc.ts'
import { frMessages, type MessageKey } from '../../../../../src/shared/rules/messages.ts'
import { authDeps } from '../../fakeAccountsApi.ts'

const deps = authDeps

/** The text a message reads in a language, from that language's own catalogue (no fallback). */
function textIn(language: Language, message: Message | null): string {
  if (!message || !('key' in message)) throw new Error(`not a catalogue message: ${JSON.stringify(message)}`)
  const i18n = createI18n(language)
  ensureNamespace(i18n, 'profile', { fr: profileFr, 'en-US': profileEnUS, ar: profileAr })
  ensureNamespace(i18n, 'wallet', { fr: walletFr, 'en-US': walletEnUS, ar: walletAr })
  const [namespace, path] = message.key.split(':') as [string, string]
  const text: unknown = i18n.getResource(language, namespace, path)
  if (typeof text !== 'string' || text === '') throw new Error(`${language} has no text for ${message.key}`)
  return text
}

/** The server's refusal of a credential another account proved, as POST /auth/register sends it. */
function accountUsed(field: 'phone' | 'email'): ApiError {
  return new ApiError('account_information_already_used', 'Account information already used', {
    status: 422,
    fields: { [field]: ['Account information already used'] },
    keys: { [field]: ['credential.alreadyUsed'] }
  })
}

describe('registration with a phone or e-mail already used (§8)', () => {
  async function form(register: AccountsApi['register'], abroad = false) {
    const context = await deps({
      register,
      divisions: async () => [
        { id: 14, name: 'Classe 14', level: { id: 1, slug: 'secondary' as const, name: 'Secondaire' }, has_optional_subjects: false }
      ]
    })
    const store = new RegisterFormStore(context.deps, { today: () => '2026-11-22' })
    await store.loadPickers()
    const typed: Record<string, string> = {
      name: 'Salma',
      lastName: 'Ben Youssef',
      birthDate: '14/03/2010',
      division: '14',
      password: 'Nouveau#2026',
      passwordConfirm: 'Nouveau#2026',
      ...(abroad
        ? { country: '7', email: 'salma@example.org', phone: '0612345678' }
        : { state: '1', phone: '20000001', email: 'salma@example.org' })
    }
    for (const [field, value] of Object.entries(typed)) store.set(field as Parameters<RegisterFormStore['set']>[0], value)
    return { ...context, store, typed }
  }

  it('in Tunisia puts the error on the phone field, in the user’s language, keeps every value typed and stays on the form', async () => {
    const { store, session, ui, typed } = await form(() => Promise.reject(accountUsed('phone')))
    expect(store.valid).toBe(true)
    await expect(store.submit('')).resolves.toBe(false)
    expect(store.error('phone')).toEqual({ key: 'auth:errors.accountUsed' })
    expect(store.error('email')).toBeNull()
    for (const [field, value] of Object.entries(typed))
      expect(store.form.values[field as keyof typeof store.form.values], field).toBe(value)
    // The confirmation step is not reached: no session was opened, and nothing else is said.
    expect(session.signedIn).toBe(false)
    expect(ui.snackbars).toHaveLength(0)
    expect(textIn('fr', store.error('phone'))).toBe('Ces informations de compte sont déjà utilisées')
    expect(textIn('ar', store.error('phone'))).toBe('معلومات الحساب مستعملة من قبل')
    expect(textIn('en-US', store.error('phone'))).toBe('Account information already used')
    // Changing the phone clears its error; submitting again goes back to the server.
    store.set('phone', '20123456')
    expect(store.error('phone')).toBeNull()
    ui.dispose()
  })

  it('abroad puts it on the e-mail field', async () => {
    const { store, session, ui } = await form(() => Promise.reject(accountUsed('email')), true)
    expect(store.tunisian).toBe(false)
    await expect(store.submit('')).resolves.toBe(false)
    expect(store.error('email')).toEqual({ key: 'auth:errors.accountUsed' })
    expect(store.error('phone')).toBeNull()
    expect(store.form.values.email).toBe('salma@example.org')
    expect(session.signedIn).toBe(false)
    ui.dispose()
  })

  it('past the per-address budget says so in a toast, on no field', async () => {
    const { store, ui } = await form(() =>
      Promise.reject(new ApiError('rate_limited', 'Trop de tentatives, veuillez réessayer plus tard', { status: 429 }))
    )
    await store.submit('')
    expect(store.error('phone')).toBeNull()
    expect(ui.snackbars.map((entry) => ('key' in entry ? entry.key : entry.text))).toEqual(['auth:errors.rateLimited'])
    ui.dispose()
  })
})

describe('reset request for a phone or e-mail that does not exist (§8)', () => {
  it('says so on the credential field in the user’s language, keeps it, and does not go on to the code step', async () => {
    const { ui, deps: d } = await deps({
      requestPassword: () =>
        Promise.reject(
          new ApiError('credential_not_found', 'This e-mail or phone does not exist', {
            status: 422,
            fields: { credentiel: ['This e-mail or phone does not exist'] },
            keys: { credentiel: ['credential.unknown'] }
          })
        )
    })
    const store = new ResetPasswordStore(d, { step: 'request' })
    store.set('credential', '29999999')
    await expect(store.request()).resolves.toBe(false)
    expect(store.error('credential')).toEqual({ key: 'auth:rules.credential.unknown' })
    expect(store.form.values.credential).toBe('29999999')
    expect(store.step).toBe('request')
    expect(ui.snackbars).toHaveLength(0)
    expect(textIn('fr', store.error('credential'))).toBe('Cette adresse e-mail ou ce numéro de téléphone n’existe pas')
    expect(textIn('ar', store.error('credential'))).toBe('هذا البريد الإلكتروني أو رقم الهاتف غير موجود')
    expect(textIn('en-US', store.error('credential'))).toBe('This e-mail or phone does not exist')
    // Worded by its code as well, where no field names it.
    expect(generalMessage(new ApiError('credential_not_found', 'This e-mail or phone does not exist', { status: 422 }))).toEqual({
      key: 'auth:rules.credential.unknown'
    })
    ui.dispose()
  })
})

describe('the server’s English texts in French and Arabic (decision 0021)', () => {
  // What the specification quotes in English, as the server sends it, and how the app names it.
  const byCode: Array<[ApiErrorCode, string]> = [
    ['invalid_credentials', 'Invalid credentials.'],
    ['already_verified', 'You are verified'],
    ['account_information_already_used', 'Account information already used'],
    ['invalid_verification_code', 'Code invalid']
  ]
  const byRule: MessageKey[] = [
    'email.invalid',
    'password.confirmRequired',
    'password.length',
    'parentPhone.required',
    'parentPhone.length',
    'parentPhone.format',
    'birthDate.minAge',
    'code.invalid',
    'code.missing',
    'marksheet.divisionRequired',
    'credential.alreadyUsed',
    'credential.unknown'
  ]
  const cases: Array<[string, string, Message]> = [
    ...byCode.map(([code, text]): [string, string, Message] => [code, text, generalMessage(new ApiError(code, text, { status: 422 }))]),
    [
      'login toast',
      'Invalid credentials.',
      mapLoginError(new ApiError('invalid_credentials', 'Invalid credentials.', { status: 401 })).toast!
    ],
    ...byRule.map((key): [string, string, Message] => [key, frMessages[key], ruleMessage(key)]),
    // The wallet words the code rule itself.
    [
      'wallet code.invalid',
      frMessages['code.invalid'],
      fieldMessage(
        new ApiError('validation_failed', 'Code invalid', {
          status: 422,
          keys: { confirmationToken: ['code.invalid'] }
        }),
        'confirmationToken'
      ) as Message
    ]
  ]

  it('French and Arabic read them in their own words; English keeps the specification’s', () => {
    const plain = (text: string) => text.replace(/[.!]+$/, '')
    for (const [name, english, message] of cases) {
      for (const language of LANGUAGES) {
        const text = textIn(language, message)
        if (language === 'en-US') expect(text, name).toBe(plain(english))
        else expect(text, `${language} ${name}`).not.toBe(plain(english))
      }
      expect(/[\u0600-\u06FF]/.test(textIn('ar', message)), name).toBe(true)
    }
  })

  it('a field text that came without its rule key is worded by the rule it is, else by the code, never shown as sent', () => {
    const refused = (fields: Record<string, string[]>) => new ApiError('validation_failed', 'Validation failed', { status: 422, fields })
    expect(serverFieldMessage(refused({ birthDate: ['Age must be 5 years or older.'] }), 'birthDate')).toEqual({
      key: 'auth:rules.birthDate.minAge'
    })
    expect(serverFieldMessage(refused({ phone2: ['Phone number is required'] }), 'phone2')).toEqual({
      key: 'auth:rules.parentPhone.required'
    })
    expect(serverFieldMessage(refused({ email: ['Email is not valid.'] }), 'email')).toEqual({ key: 'auth:errors.invalidInput' })
    expect(serverFieldMessage(refused({}), 'email')).toBeNull()
    // The wallet's forms alike, with their own catalogue.
    expect(fieldMessage(refused({ points: ['Veuillez entrer un montant entre 10 et 5000'] }), 'points')).toEqual({
      key: 'wallet:rules.transfer.amountRange'
    })
    expect(fieldMessage(refused({ points: ['Montant refusé'] }), 'points')).toEqual({ key: 'auth:errors.invalidInput' })
  })
})
