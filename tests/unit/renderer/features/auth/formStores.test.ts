import { describe, expect, it } from 'vitest'
import type { AccountsApi } from '../../../../../src/renderer/src/api/accounts.ts'
import { ApiError } from '../../../../../src/renderer/src/api/errors.ts'
import { challengeFor, socialSignIns } from '../../../../../src/renderer/src/features/auth/socialSignIn.ts'
import { LinkSignInStore } from '../../../../../src/renderer/src/features/auth/stores/LinkSignInStore.ts'
import { LoginFormStore } from '../../../../../src/renderer/src/features/auth/stores/LoginFormStore.ts'
import { RegisterFormStore } from '../../../../../src/renderer/src/features/auth/stores/RegisterFormStore.ts'
import { DeepLinkStore } from '../../../../../src/renderer/src/stores/DeepLinkStore.ts'
import { authDeps, authResult, meFixture } from '../../fakeAccountsApi.ts'

const deps = authDeps

const division = (id: number, options: boolean) => ({
  id,
  name: `Classe ${id}`,
  level: { id: 1, slug: 'secondary' as const, name: 'Secondaire' },
  has_optional_subjects: options
})

describe('LoginFormStore (§5 Login, §8)', () => {
  it('keeps submit disabled until both fields follow the rules', async () => {
    const { deps: d } = await deps()
    const store = new LoginFormStore(d)
    expect(store.canSubmit).toBe(false)
    store.setUsername('12345678')
    store.setPassword('Darsi#2026')
    expect(store.canSubmit).toBe(false)
    store.setUsername('+216 20 000 001')
    expect(store.canSubmit).toBe(true)
    store.setPassword('short')
    expect(store.canSubmit).toBe(false)
  })

  it('signs in with the bot check and the +216 phone, then holds the session', async () => {
    const sent: unknown[] = []
    const { session, deps: d } = await deps({
      login: async (body) => {
        sent.push(body)
        return authResult()
      }
    })
    const store = new LoginFormStore(d)
    store.setUsername(' +21620000001 ')
    store.setPassword('Darsi#2026')
    await expect(store.submit('?nextPage=offres')).resolves.toBe('signed-in')
    expect(sent).toEqual([{ username: '+21620000001', password: 'Darsi#2026', 'g-recaptcha-response': 'solved' }])
    expect(session.signedIn).toBe(true)
    expect(session.landing).toBe('/offres')
  })

  it('marks both fields, toasts the message and keeps what was typed on invalid credentials', async () => {
    const {
      session,
      ui,
      deps: d
    } = await deps({
      login: () => Promise.reject(new ApiError('invalid_credentials', 'Invalid credentials.', { status: 401 }))
    })
    const store = new LoginFormStore(d)
    store.setUsername('20000001')
    store.setPassword('Wrong#2026')
    await expect(store.submit('')).resolves.toBe('failed')
    expect(store.usernameError).toEqual({ blank: true })
    expect(store.passwordError).toEqual({ blank: true })
    expect(ui.snackbars.map((snackbar) => 'key' in snackbar && snackbar.key)).toEqual(['auth:errors.invalidCredentials'])
    expect(store.form.values).toEqual({ username: '20000001', password: 'Wrong#2026' })
    expect(session.signedIn).toBe(false)
    // Editing either field clears both marks.
    store.setPassword('Wrong#2027')
    expect(store.usernameError).toBeNull()
    ui.dispose()
  })

  it('reads a phone typed in Arabic-Indic or Eastern Arabic digits in ASCII digits at once, and signs in with it', async () => {
    const sent: unknown[] = []
    const { deps: d } = await deps({
      login: async (body) => {
        sent.push(body)
        return authResult()
      }
    })
    const store = new LoginFormStore(d)
    store.setUsername('۲۰۰۰۰۰۰۱')
    expect(store.form.values.username).toBe('20000001')
    store.setUsername('+٢١٦ ٢٠ ٠٠٠ ٠٠١')
    expect(store.form.values.username).toBe('+216 20 000 001')
    store.setPassword('Darsi#٢٠٢٦')
    // A password is kept exactly as typed: its digits are its own.
    expect(store.form.values.password).toBe('Darsi#٢٠٢٦')
    store.setPassword('Darsi#2026')
    expect(store.canSubmit).toBe(true)
    await expect(store.submit('')).resolves.toBe('signed-in')
    expect(sent).toEqual([{ username: '+216 20 000 001', password: 'Darsi#2026', 'g-recaptcha-response': 'solved' }])
  })

  it('says the server is unreachable and opens no session when the network is down', async () => {
    const { session, ui, deps: d } = await deps({ login: () => Promise.reject(new ApiError('network', 'Network Error')) })
    const store = new LoginFormStore(d)
    store.setUsername('20000001')
    store.setPassword('Darsi#2026')
    await store.submit('')
    expect(ui.snackbars.map((snackbar) => 'key' in snackbar && snackbar.key)).toEqual(['auth:errors.network'])
    expect(session.session).toBeNull()
    expect(store.form.status).toBe('failed')
    ui.dispose()
  })

  it('shows the generic text for a server message that mentions Server', async () => {
    const { ui, deps: d } = await deps({
      login: () => Promise.reject(new ApiError('validation_failed', 'Server unavailable', { status: 400 }))
    })
    const store = new LoginFormStore(d)
    store.setUsername('20000001')
    store.setPassword('Darsi#2026')
    await store.submit('')
    expect(ui.snackbars.map((snackbar) => 'key' in snackbar && snackbar.key)).toEqual(['auth:errors.server'])
    ui.dispose()
  })

  it('sends a teacher to the teacher site with the token, keeping no session here', async () => {
    const { session, platform, ui, deps: d } = await deps({ login: async () => authResult('teacher-token', 'r', { user_type: 'teacher' }) })
    const store = new LoginFormStore(d)
    store.setUsername('nadia.benali@demo.darsi.tn')
    store.setPassword('Darsi#2026')
    await expect(store.submit('')).resolves.toBe('teacher')
    expect(platform.opened).toEqual(['https://enseignant.darsi.tn/?token=teacher-token'])
    expect(session.session).toBeNull()
    ui.dispose()
  })
})

describe('RegisterFormStore (§5 Registration, §8)', () => {
  async function filled(overrides: Partial<AccountsApi> = {}) {
    const context = await deps({ divisions: async () => [division(14, false), division(31, true)], ...overrides })
    const store = new RegisterFormStore(context.deps, { today: () => '2026-11-22', referral: 'CP7788' })
    await store.loadPickers()
    store.set('name', 'Salma')
    store.set('lastName', 'Ben Youssef')
    store.set('state', '1')
    store.set('phone', '20123456')
    store.set('birthDate', '14032010')
    store.set('division', '14')
    store.set('password', 'Nouveau#2026')
    store.set('passwordConfirm', 'Nouveau#2026')
    return { ...context, store }
  }

  it('formats the birth date as typed and sends it as yyyy-mm-dd, with the Tunisian fields only', async () => {
    const { store } = await filled()
    expect(store.form.values.birthDate).toBe('14/03/2010')
    expect(store.valid).toBe(true)
    expect(store.form.values.referral).toBe('CP7788')
    expect(store.body('solved')).toEqual({
      name: 'Salma',
      lastName: 'Ben Youssef',
      phone: '20123456',
      email: null,
      birthDate: '2010-03-14',
      plainPassword: { first: 'Nouveau#2026', second: 'Nouveau#2026' },
      country: null,
      state: 1,
      division: 14,
      optionalSubject: null,
      'g-recaptcha-response': 'solved'
    })
  })

  it('asks for an e-mail and the country abroad, and no governorate', async () => {
    const { store } = await filled()
    store.set('country', '7')
    expect(store.tunisian).toBe(false)
    expect(store.ruleErrors.email).toBe('email.required')
    expect(store.ruleErrors.state).toBeUndefined()
    expect(store.ruleErrors.phone).toBeUndefined()
    store.set('email', 'salma@example.com')
    expect(store.valid).toBe(true)
    expect(store.body('x')).toMatchObject({ country: 7, state: null, email: 'salma@example.com' })
  })

  it('applies the birth-date rules of §5', async () => {
    const { store } = await filled()
    store.set('birthDate', '31/02/2010')
    expect(store.ruleErrors.birthDate).toBe('birthDate.format')
    store.set('birthDate', '16/05/2018')
    expect(store.ruleErrors.birthDate).toBe('birthDate.tooLate')
    store.set('birthDate', '')
    expect(store.ruleErrors.birthDate).toBe('birthDate.required')
  })

  it('asks the optional subject only for a class that has some', async () => {
    const { store } = await filled({
      optionalSubjects: async (divisionId) => [{ id: 5, name: 'Informatique', division_id: divisionId }]
    })
    expect(store.showsOptionalSubject).toBe(false)
    store.set('division', '31')
    await new Promise((resolve) => setTimeout(resolve, 0))
    expect(store.showsOptionalSubject).toBe(true)
    store.set('optionalSubject', '5')
    expect(store.body('x').optionalSubject).toBe(5)
    store.set('division', '14')
    expect(store.showsOptionalSubject).toBe(false)
    expect(store.body('x').optionalSubject).toBeNull()
  })

  it('requires the optional subject of a class that has some (§5: all fields required)', async () => {
    const { store } = await filled({
      optionalSubjects: async (divisionId) => [{ id: 5, name: 'Informatique', division_id: divisionId }]
    })
    expect(store.valid).toBe(true)
    store.set('division', '31')
    expect(store.ruleErrors.optionalSubject).toBe('optionalSubject.required')
    expect(store.valid).toBe(false)
    store.form.attempt()
    expect(store.error('optionalSubject')).toEqual({ key: 'auth:rules.optionalSubject.required' })
    await new Promise((resolve) => setTimeout(resolve, 0))
    store.set('optionalSubject', '5')
    expect(store.ruleErrors.optionalSubject).toBeUndefined()
    expect(store.valid).toBe(true)
  })

  it('keeps an over-long password as typed and says the 8 to 16 rule, never shortening it', async () => {
    const { store } = await filled()
    store.set('password', 'MonMotDePasse#2026')
    store.set('passwordConfirm', 'MonMotDePasse#2026')
    expect(store.form.values.password).toBe('MonMotDePasse#2026')
    store.form.attempt()
    expect(store.error('password')).toEqual({ key: 'auth:rules.password.length' })
    expect(store.canSubmit).toBe(false)
  })

  it('reads the phone and the birth date typed in Arabic-Indic digits in ASCII digits', async () => {
    const { store } = await filled()
    store.set('phone', '+٢١٦ ٥٢ ٤٤٤ ٥٥٥')
    store.set('birthDate', '١٤٠٣٢٠١٠')
    expect(store.form.values.phone).toBe('+216 52 444 555')
    expect(store.form.values.birthDate).toBe('14/03/2010')
    expect(store.valid).toBe(true)
    expect(store.body('x')).toMatchObject({ phone: '+216 52 444 555', birthDate: '2010-03-14' })
  })

  it('puts an already used credential on the phone field and keeps every value', async () => {
    const { store, ui, session } = await filled({
      register: () => Promise.reject(new ApiError('account_information_already_used', 'Account information already used', { status: 422 }))
    })
    await expect(store.submit('')).resolves.toBe(false)
    expect(store.error('phone')).toEqual({ key: 'auth:errors.accountUsed' })
    expect(store.form.values.name).toBe('Salma')
    expect(store.form.values.password).toBe('Nouveau#2026')
    expect(session.signedIn).toBe(false)
    ui.dispose()
  })

  it('places server field errors by their key (§8: Birthdate goes to the birth date)', async () => {
    const { store, ui } = await filled({
      register: () =>
        Promise.reject(
          new ApiError('validation_failed', 'Birthdate: Age must be 5 years or older', {
            status: 422,
            keys: { birthDate: ['birthDate.minAge'] }
          })
        )
    })
    await store.submit('')
    expect(store.error('birthDate')).toEqual({ key: 'auth:rules.birthDate.minAge' })
    expect(ui.snackbars).toHaveLength(0)
    ui.dispose()
  })

  it('signs the new account in (unverified) after registering', async () => {
    const { store, session, api, ui } = await filled({
      register: async () => ({ ...authResult(), verified: false, credential: '20123456' })
    })
    api.meAnswer = meFixture({ verified: false })
    await expect(store.submit('?nextPage=offres')).resolves.toBe(true)
    expect(session.accessState).toMatchObject({ signedIn: true, verified: false })
    expect(session.landing).toBe('/offres')
    ui.dispose()
  })
})

function memoryStorage() {
  const items = new Map<string, string>()
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key)
  }
}

it('computes the PKCE S256 challenge of RFC 7636 appendix B', async () => {
  expect(await challengeFor('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM')
})

describe('LinkSignInStore (social return, admin switch)', () => {
  it('exchanges the code of the deep link once, with the verifier of the sign-in this app started', async () => {
    const exchanges: Array<[string, string]> = []
    const { session, deps: d } = await deps({
      socialCallback: async (_provider, code, verifier) => {
        exchanges.push([code, verifier])
        return authResult()
      }
    })
    const signIns = socialSignIns(memoryStorage())
    const { state, codeChallenge } = await signIns.begin('google')
    const inbox = new DeepLinkStore()
    inbox.receive({ kind: 'social-callback', provider: 'google', code: 'link-code', state })
    const store = new LinkSignInStore(d, inbox, signIns)
    await Promise.all([store.social('google', '?code=query-code'), store.social('google', '')])
    expect(exchanges.map(([code]) => code)).toEqual(['link-code'])
    // PKCE S256: the verifier sent with the code is the one whose hash went to the provider.
    expect(await challengeFor(exchanges[0]![1])).toBe(codeChallenge)
    expect(exchanges[0]![1]).toMatch(/^[A-Za-z0-9_-]{43,128}$/)
    expect(session.signedIn).toBe(true)
  })

  it('takes the code and state from the query when no link is waiting, and reports a missing code', async () => {
    const { deps: d } = await deps({ socialCallback: async () => authResult() })
    const signIns = socialSignIns(memoryStorage())
    const { state } = await signIns.begin('facebook')
    const fromQuery = new LinkSignInStore(d, new DeepLinkStore(), signIns)
    await fromQuery.social('facebook', `?code=abc&state=${state}`)
    expect(fromQuery.status).toBe('succeeded')
    expect(fromQuery.missing).toBe(false)
    const none = new LinkSignInStore(d, new DeepLinkStore(), signIns)
    await none.social('google', '')
    expect(none.missing).toBe(true)
  })

  it('refuses a return this app did not ask for, and keeps waiting for its own', async () => {
    const codes: string[] = []
    const {
      session,
      ui,
      deps: d
    } = await deps({
      socialCallback: async (_provider, code) => {
        codes.push(code)
        return authResult()
      }
    })
    const storage = memoryStorage()
    const signIns = socialSignIns(storage)
    const { state } = await signIns.begin('google')
    for (const link of [
      { kind: 'social-callback' as const, provider: 'google' as const, code: 'someone-elses-code' },
      { kind: 'social-callback' as const, provider: 'google' as const, code: 'someone-elses-code', state: 'another-state-value' },
      { kind: 'social-callback' as const, provider: 'facebook' as const, code: 'facebook-code', state }
    ]) {
      const inbox = new DeepLinkStore()
      inbox.receive(link)
      const store = new LinkSignInStore(d, inbox, signIns)
      await store.social(link.provider, '')
      expect(store).toMatchObject({ status: 'failed', failure: { key: 'auth:errors.socialCode' } })
    }
    expect(codes).toEqual([])
    expect(session.signedIn).toBe(false)
    expect(ui.snackbars.map((snackbar) => 'key' in snackbar && snackbar.key)).toEqual(Array(3).fill('auth:errors.socialCode'))
    // The pupil's own return still signs in, once.
    const own = new LinkSignInStore(d, new DeepLinkStore(), signIns)
    await own.social('google', `?code=own-code&state=${state}`)
    expect(codes).toEqual(['own-code'])
    expect(storage.items.size).toBe(0)
    expect(signIns.take('google', state)).toBeNull()
    ui.dispose()
  })

  it('forgets a sign-in left waiting for more than ten minutes', async () => {
    let now = 1_000_000
    const signIns = socialSignIns(memoryStorage(), () => now)
    const { state } = await signIns.begin('google')
    now += 10 * 60_000 + 1
    expect(signIns.take('google', state)).toBeNull()
  })

  it('fails with a message when the provider code was refused', async () => {
    const {
      session,
      ui,
      deps: d
    } = await deps({
      socialCallback: () => Promise.reject(new ApiError('oauth_code_invalid', 'bad code', { status: 422 }))
    })
    const signIns = socialSignIns(memoryStorage())
    const { state } = await signIns.begin('google')
    const store = new LinkSignInStore(d, new DeepLinkStore(), signIns)
    await store.social('google', `?code=old&state=${state}`)
    expect(store.status).toBe('failed')
    expect(store.failure).toEqual({ key: 'auth:errors.socialCode' })
    expect(session.signedIn).toBe(false)
    // The page goes back to the sign-in form: the message travels as a snackbar.
    expect(ui.snackbars.map((snackbar) => 'key' in snackbar && snackbar.key)).toEqual(['auth:errors.socialCode'])
    ui.dispose()
  })

  it('opens the pupil session of a switch link, and says so when there is none', async () => {
    const { session, api, deps: d } = await deps()
    api.meAnswer = meFixture({}, {}, { admin_user_id: 10 })
    const inbox = new DeepLinkStore()
    const missing = new LinkSignInStore(d, inbox)
    await missing.switchAccount()
    expect(missing).toMatchObject({ status: 'failed', missing: true })
    api.switchSession = async (token) => authResult(`access-for-${token}`, 'pupil-refresh')
    inbox.receive({ kind: 'switch', token: 'switch-token', adminId: '10', userId: '1' })
    const store = new LinkSignInStore(d, inbox)
    await store.switchAccount()
    expect(store.status).toBe('succeeded')
    expect(session.session).toMatchObject({ token: 'access-for-switch-token', refreshToken: 'pupil-refresh', adminUserId: 10 })
    expect(session.accessState.impersonating).toBe(true)
  })

  it('says a used or expired switch link is no longer valid', async () => {
    const {
      session,
      ui,
      deps: d
    } = await deps({ switchSession: () => Promise.reject(new ApiError('switch_token_invalid', 'Ce lien…', { status: 401 })) })
    const inbox = new DeepLinkStore()
    inbox.receive({ kind: 'switch', token: 'switch-token', adminId: '10', userId: '1' })
    const store = new LinkSignInStore(d, inbox)
    await store.switchAccount()
    expect(store).toMatchObject({ status: 'failed', missing: false, failure: { key: 'auth:switch.expired' } })
    expect(session.signedIn).toBe(false)
    // Shown once, in the page's card: no snackbar repeating it.
    expect(ui.snackbars).toEqual([])
    ui.dispose()
  })
})
