import { SSRProvider } from '@fluentui/react-components'
import { renderToString } from 'react-dom/server'
import { createMemoryRouter, RouterProvider } from 'react-router-dom'
import { describe, expect, it } from 'vitest'
import type { User } from '../../../../../src/shared/api/accounts.ts'
import type { AccountsApi } from '../../../../../src/renderer/src/api/accounts.ts'
import { ApiError } from '../../../../../src/renderer/src/api/errors.ts'
import { AppProviders } from '../../../../../src/renderer/src/app/AppProviders.tsx'
import { Component as ConfirmPage } from '../../../../../src/renderer/src/features/auth/ConfirmPage.tsx'
import { codeDestination } from '../../../../../src/shared/rules/registration.ts'
import { ConfirmFormStore } from '../../../../../src/renderer/src/features/auth/stores/ConfirmFormStore.ts'
import { createI18n } from '../../../../../src/renderer/src/i18n/index.ts'
import type { FlagStorage } from '../../../../../src/renderer/src/lib/flagStorage.ts'
import { RootStore } from '../../../../../src/renderer/src/stores/RootStore.ts'
import { SessionStore } from '../../../../../src/renderer/src/stores/SessionStore.ts'
import { UiStore } from '../../../../../src/renderer/src/stores/UiStore.ts'
import { UserStore } from '../../../../../src/renderer/src/stores/UserStore.ts'
import { authResult, fakeAccountsApi, meFixture, sessionFixture } from '../../fakeAccountsApi.ts'
import { fakePlatform } from '../../fakePlatform.ts'

/** A pupil still waiting for the registration code, signed in. */
const waiting = (user: Partial<User> = {}) => meFixture({ verified: false, phone_verified: false, completed: false, ...user })
const abroad: Partial<User> = {
  phone: null,
  email: 'leila.secnod@example.org',
  country: { id: 7, name: 'France', code: 'FR' },
  country_id: 7,
  state: null
}

function memoryFlags(): FlagStorage & { items: Map<string, string> } {
  const items = new Map<string, string>()
  return { items, getItem: (key) => items.get(key) ?? null, setItem: (key, value) => void items.set(key, value) }
}

async function confirmStep(user: Partial<User>, overrides: Partial<AccountsApi> = {}) {
  const api = fakeAccountsApi(overrides)
  api.meAnswer = waiting(user)
  const platform = fakePlatform()
  platform.sessionGet = async () => sessionFixture()
  const session = new SessionStore({ platform, user: new UserStore(), createApi: () => api, createCaptcha: () => async () => 'solved' })
  await session.start()
  const ui = new UiStore()
  const flags = memoryFlags()
  const store = new ConfirmFormStore({ session, ui, platform }, flags)
  return { api, session, ui, flags, store }
}

const snackbarKeys = (ui: UiStore) => ui.snackbars.map((snackbar) => ('key' in snackbar ? snackbar.key : snackbar.text))

describe('where the confirmation code went', () => {
  it('is the phone in Tunisia or with no country, else the e-mail, as the server decides', () => {
    expect(codeDestination('22345678', 'a@example.org', 1)).toBe('22345678')
    expect(codeDestination('22345678', null, null)).toBe('22345678')
    expect(codeDestination('22345678', 'a@example.org', 7)).toBe('a@example.org')
    expect(codeDestination(null, 'a@example.org', 1)).toBe('a@example.org')
    expect(codeDestination('22345678', null, 7)).toBe('22345678')
  })

  it('is shown under the subtitle with the « Modifier » link, the credential kept left to right', async () => {
    const platform = fakePlatform({ language: 'ar' })
    platform.sessionGet = async () => sessionFixture()
    const api = fakeAccountsApi()
    api.meAnswer = waiting({ phone: '22345678' })
    const root = new RootStore(platform, { createApi: () => api })
    await root.settings.load()
    await root.session.start()
    const router = createMemoryRouter([{ path: '/confirm', Component: ConfirmPage }], { initialEntries: ['/confirm'] })
    const html = renderToString(
      <SSRProvider>
        <AppProviders store={root} i18n={createI18n('ar')}>
          <RouterProvider router={router} />
        </AppProviders>
      </SSRProvider>
    )
    expect(html).toMatch(/أُرسل الرمز إلى <bdi dir="ltr"[^>]*data-testid="confirm-destination"[^>]*>22345678<\/bdi>/)
    expect(html).toContain('data-testid="confirm-change"')
    expect(html).toContain('تعديل')
    expect(html).not.toContain('data-testid="confirm-credential"')
  })
})

describe('ConfirmFormStore: correcting the phone or e-mail', () => {
  it('opens the inline form with the current destination, sends the new one and shows where the code went', async () => {
    const sent: Array<[string, string]> = []
    const { api, store, ui, flags } = await confirmStep(
      { phone: '22345670' },
      {
        resendCode: async () => 'Un nouveau code vous a été envoyé',
        changeCredential: async (credential, captcha) => {
          sent.push([credential, captcha])
          api.meAnswer = waiting({ phone: '22345678' })
          return { message: 'Un nouveau code vous a été envoyé', credential: '22345678' }
        }
      }
    )
    expect(store.destination).toBe('22345670')
    expect(store.byPhone).toBe(true)
    // Before any resend, the same number is refused with a pointer to « Renvoyer le code ».
    store.openChange()
    store.changeForm.attempt()
    expect(store.credentialError).toEqual({ key: 'auth:rules.credential.unchanged' })
    store.cancelChange()
    // The code was resent once to the mistyped number: the link is gone for it, and so is the pointer.
    await store.resend()
    expect(store.canResend).toBe(false)
    store.setCode('12345')
    store.form.attempt()

    store.openChange()
    expect(store.changing).toBe(true)
    expect(store.changeForm.values.credential).toBe('22345670')
    expect(store.credentialError).toBeNull()
    store.changeForm.attempt()
    expect(store.credentialError).toEqual({ key: 'auth:rules.credential.unchangedResent' })
    store.setCredential(' +216 22 345 678 ')
    expect(store.canChange).toBe(true)
    const mesBefore = api.calls.filter((call) => call === 'me').length
    await expect(store.changeCredential()).resolves.toBe(true)

    expect(sent).toEqual([['+216 22 345 678', 'solved']])
    expect(api.calls.filter((call) => call === 'me').length).toBe(mesBefore + 1)
    expect(store.destination).toBe('22345678')
    expect(store.changing).toBe(false)
    expect(store.form.values.code).toBe('')
    expect(store.codeError).toBeNull()
    expect(ui.snackbars.at(-1)).toMatchObject({ intent: 'success', key: 'auth:confirm.changed', values: { credential: '22345678' } })
    // The resend link is offered again, for the new number, once.
    expect(store.canResend).toBe(true)
    await store.resend()
    expect(flags.items.get('darsi.confirm.resent.1')).toBe('22345678')
    expect(store.canResend).toBe(false)
    ui.dispose()
  })

  it('puts a server field error on the field and keeps what was typed', async () => {
    const { store, ui } = await confirmStep(abroad, {
      changeCredential: () =>
        Promise.reject(
          new ApiError('validation_failed', 'Please enter a valid email', {
            status: 422,
            fields: { credential: ['Please enter a valid email'] },
            keys: { credential: ['email.invalid'] }
          })
        )
    })
    store.openChange()
    store.setCredential('leila.second@example.org')
    await expect(store.changeCredential()).resolves.toBe(false)
    expect(store.credentialError).toEqual({ key: 'auth:rules.email.invalid' })
    expect(store.changeForm.values.credential).toBe('leila.second@example.org')
    expect(store.changing).toBe(true)
    expect(store.changeForm.status).toBe('failed')
    expect(ui.snackbars).toEqual([])
    // Typing again clears the server's message.
    store.setCredential('leila.second2@example.org')
    expect(store.credentialError).toBeNull()
    ui.dispose()
  })

  it('says on the field that another account holds the credential, and toasts the general failures', async () => {
    const failures = [
      new ApiError('account_information_already_used', 'Account information already used: Valeur invalide', {
        status: 422,
        fields: { credential: ['Valeur invalide'] },
        keys: { credential: ['common.invalid'] }
      }),
      new ApiError('rate_limited', 'Trop de codes demandés pour ce compte, réessayez dans une heure', { status: 429 })
    ]
    const { store, ui, session } = await confirmStep(abroad, { changeCredential: () => Promise.reject(failures.shift()!) })
    store.openChange()
    store.setCredential('taken@example.org')
    await store.changeCredential()
    expect(store.credentialError).toEqual({ key: 'auth:errors.accountUsed' })
    expect(ui.snackbars).toEqual([])
    await store.changeCredential()
    expect(snackbarKeys(ui)).toEqual(['auth:errors.rateLimited'])
    expect(store.changeForm.values.credential).toBe('taken@example.org')
    expect(session.me?.user.email).toBe('leila.secnod@example.org')
    ui.dispose()
  })

  it('checks the field with the registration rules of the country before asking the server', async () => {
    const calls: string[] = []
    const { store } = await confirmStep(abroad, {
      changeCredential: async (credential) => {
        calls.push(credential)
        return { message: '', credential }
      }
    })
    store.openChange()
    expect(store.changeForm.values.credential).toBe('leila.secnod@example.org')
    // Unchanged: the code already went there.
    expect(store.canChange).toBe(false)
    await expect(store.changeCredential()).resolves.toBe(false)
    expect(store.credentialError).toEqual({ key: 'auth:rules.credential.unchanged' })
    store.setCredential(' LEILA.SECNOD@example.org ')
    expect(store.credentialError).toEqual({ key: 'auth:rules.credential.unchanged' })
    // Abroad the code goes to an e-mail: a phone number is no e-mail address.
    store.setCredential('22345678')
    expect(store.credentialError).toEqual({ key: 'auth:rules.email.invalid' })
    store.setCredential('')
    expect(store.credentialError).toEqual({ key: 'auth:rules.email.required' })
    expect(calls).toEqual([])
    // In the form again after « Annuler », nothing of it is left.
    store.cancelChange()
    expect(store.changing).toBe(false)
    store.openChange()
    expect(store.credentialError).toBeNull()
    expect(store.changeForm.values.credential).toBe('leila.secnod@example.org')
  })

  it('asks for a Tunisian number in Tunisia', async () => {
    const { store } = await confirmStep({ phone: '22345670' })
    store.openChange()
    store.setCredential('leila@example.org')
    store.changeForm.touch('credential')
    expect(store.credentialError).toEqual({ key: 'auth:rules.phone.invalid' })
    store.setCredential('31234567')
    expect(store.credentialError).toEqual({ key: 'auth:rules.phone.invalid' })
    store.setCredential('0021622345671')
    expect(store.credentialError).toBeNull()
    store.setCredential('+216 22 345 670')
    expect(store.credentialError).toEqual({ key: 'auth:rules.credential.unchanged' })
  })

  it('shows the verified message when the account was confirmed meanwhile', async () => {
    const { store, ui } = await confirmStep(abroad, {
      changeCredential: () => Promise.reject(new ApiError('already_verified', 'You are verified', { status: 409 }))
    })
    store.openChange()
    store.setCredential('leila.second@example.org')
    await store.changeCredential()
    expect(store.verified).toBe(true)
    expect(store.changing).toBe(false)
    expect(ui.snackbars).toEqual([])
  })
})

describe('ConfirmFormStore: the code as typed or pasted', () => {
  it('accepts a code pasted with its grouping space or typed in Arabic-Indic digits, and sends the bare code', async () => {
    const sent: string[] = []
    const { store } = await confirmStep(
      { phone: '22345678' },
      {
        confirmRegistration: async (code) => {
          sent.push(code)
          return authResult()
        }
      }
    )
    store.setCode('965 838')
    expect(store.form.values.code).toBe('965 838')
    expect(store.canSubmit).toBe(true)
    store.setCode('٩٦٥-٨٣٨')
    expect(store.form.values.code).toBe('965-838')
    expect(store.canSubmit).toBe(true)
    await store.submit()
    expect(sent).toEqual(['965838'])
    store.setCode('965 83')
    store.form.attempt()
    expect(store.codeError).toEqual({ key: 'auth:rules.code.invalid' })
  })
})
