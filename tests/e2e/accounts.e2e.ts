/**
 * Accounts and access (issue 4), driven through the app as a pupil would: the real renderer, the
 * real main-process handlers and the platform API with its demo accounts and dev outbox.
 */
import { expect as baseExpect, test, type Page } from '@playwright/test'
import { launchApp, type AppHandle } from './harness.ts'
import { DEMO_PASSWORD, demo, signIn, switchLanguage } from './helpers.ts'

// These journeys wait on the API and on lazily loaded screens: allow for a busy machine.
const expect = baseExpect.configure({ timeout: 15_000 })

let app: AppHandle | undefined
test.afterEach(async () => {
  await app?.close()
  app = undefined
})

const pathname = (page: Page) => new URL(page.url()).pathname
const NEW_PASSWORD = 'Nouveau#2026'

/** The session the main process holds (what the renderer got back from `session:get`). */
async function storedSession(page: Page): Promise<{ token: string; refreshToken: string | null; adminUserId?: number | null } | null> {
  const result = await page.evaluate(() =>
    (window as unknown as { darsi: { sessionGet(): Promise<{ ok: boolean; data: unknown }> } }).darsi.sessionGet()
  )
  return result.data as { token: string; refreshToken: string | null } | null
}

/** The newest code the API sent to a phone or e-mail address. */
async function latestCode(app: AppHandle, to: string): Promise<string> {
  let code: string | null = null
  await expect
    .poll(async () => {
      code = (await app.outbox(to)).find((entry) => entry.code)?.code ?? null
      return code
    })
    .not.toBeNull()
  return code!
}

async function fillRegistration(page: Page, phone: string): Promise<void> {
  await page.getByTestId('register-name').fill('Salma')
  await page.getByTestId('register-lastName').fill('Ben Youssef')
  // The pickers come from the API.
  await expect(page.getByTestId('register-state').locator('option')).not.toHaveCount(1)
  await page.getByTestId('register-state').selectOption({ index: 1 })
  await page.getByTestId('register-phone').fill(phone)
  await page.getByTestId('register-birthDate').fill('14032010')
  await expect(page.getByTestId('register-birthDate')).toHaveValue('14/03/2010')
  await expect(page.getByTestId('register-division').locator('option')).not.toHaveCount(1)
  await page.getByTestId('register-division').selectOption({ index: 1 })
  await page.getByTestId('register-password').fill(NEW_PASSWORD)
  await page.getByTestId('register-passwordConfirm').fill(NEW_PASSWORD)
}

test('registers a Tunisian pupil, confirms with the code from the outbox and is signed in', async () => {
  app = await launchApp({ path: '/register?referral=CP7788' })
  const { page } = app
  await expect(page.getByTestId('register-page')).toBeVisible()
  await expect(page.getByRole('heading', { name: 'Créer un compte' })).toBeVisible()
  // The referral code of the query is kept, also on the way back to sign-in.
  await expect(page.getByTestId('register-referral')).toHaveValue('CP7788')
  await expect(page.getByTestId('register-login')).toHaveAttribute('href', '/login?referral=CP7788')
  await expect(page.getByTestId('register-submit')).toBeDisabled()

  const phone = `2${String(Date.now()).slice(-7)}`
  const email = `salma.${phone}@example.org`
  await fillRegistration(page, phone)
  await page.getByTestId('register-email').fill(email)
  const sent = page.waitForRequest((request) => request.url().endsWith('/api/auth/register') && request.method() === 'POST')
  await page.getByTestId('register-submit').click()
  const body = (await sent).postDataJSON() as Record<string, unknown>
  expect(body).toMatchObject({ name: 'Salma', lastName: 'Ben Youssef', phone, email, birthDate: '2010-03-14', country: null })
  expect(body['plainPassword']).toEqual({ first: NEW_PASSWORD, second: NEW_PASSWORD })

  await expect(page.getByTestId('confirm-page')).toBeVisible({ timeout: 20_000 })
  expect(pathname(page)).toBe('/confirm')
  await expect(page.getByRole('heading', { name: 'Dernière étape' })).toBeVisible()

  // The resend link is offered once, and stays gone after a reload.
  await page.getByTestId('confirm-resend').click()
  await expect(page.getByTestId('snackbars').getByText('Un nouveau code vous a été envoyé')).toBeVisible({ timeout: 20_000 })
  await expect(page.getByTestId('confirm-resend')).toHaveCount(0)
  await page.reload()
  await expect(page.getByTestId('confirm-page')).toBeVisible()
  await expect(page.getByTestId('confirm-resend')).toHaveCount(0)
  // « Modifier » with the same number: the refusal no longer points to the link that is gone.
  await page.getByTestId('confirm-change').click()
  await expect(page.getByTestId('confirm-credential')).toHaveValue(phone)
  await page.getByTestId('confirm-credential').focus()
  await page.getByTestId('confirm-credential').blur()
  await expect(page.getByTestId('confirm-credential-submit')).toBeDisabled()
  await expect(page.getByText('Le code a déjà été envoyé ici : saisissez celui que vous avez reçu')).toBeVisible()
  await app.screenshot('confirm-unchanged-fr')
  await switchLanguage(page, 'ar')
  await expect(page.getByText('سبق أن أُرسل الرمز إلى هذا الرقم أو هذا العنوان، أدخل الرمز الذي وصلك')).toBeVisible()
  await app.screenshot('confirm-unchanged-ar')
  await switchLanguage(page, 'fr')
  await page.getByTestId('confirm-change-cancel').click()
  await expect(page.getByTestId('confirm-credential')).toHaveCount(0)

  // A wrong code: the field says so and keeps what was typed.
  await page.getByTestId('confirm-code').fill('ZZZZZZ')
  await page.getByTestId('confirm-submit').click()
  await expect(page.getByText('Code invalide')).toBeVisible({ timeout: 20_000 })
  await expect(page.getByTestId('confirm-code')).toHaveValue('ZZZZZZ')

  await page.getByTestId('confirm-code').fill(await latestCode(app, phone))
  await page.getByTestId('confirm-submit').click()
  // Confirmed, the pupil goes home; a new account has not completed its profile yet (no
  // delegation or institute), so the §4 completion rule opens the profile form on the way.
  await expect(page.getByTestId('profile-edit-page')).toBeVisible({ timeout: 20_000 })
  expect(pathname(page)).toBe('/mon-profil/edit')
  expect(await storedSession(page)).not.toBeNull()

  // The e-mail typed at registration is kept but not proven (decision 0016): the add-e-mail
  // dialog offers it as typed, and its code goes to that address.
  await expect(page.getByTestId('profile-email')).toHaveValue(email)
  await expect(page.getByText('Adresse non confirmée : elle servira à la connexion une fois vérifiée.')).toBeVisible()
  await expect(page.getByTestId('profile-add-email')).toHaveText('Confirmer l’e-mail')
  await page.getByTestId('profile-add-email').click()
  const emailDialog = page.getByTestId('add-email-dialog')
  await expect(emailDialog.getByRole('heading', { name: 'Confirmer votre adresse e-mail' })).toBeVisible()
  await expect(emailDialog.getByTestId('add-email-input')).toHaveValue(email)
  await emailDialog.getByTestId('add-email-submit').click()
  await expect(emailDialog).toHaveAttribute('data-step', 'code')
  await emailDialog.getByTestId('add-email-code').fill(await latestCode(app, email))
  await emailDialog.getByTestId('add-email-submit').click()
  await expect(emailDialog).toHaveCount(0, { timeout: 20_000 })
  await expect(page.getByTestId('profile-add-email')).toHaveText('Ajouter un e-mail')
  await expect(page.getByText('Adresse non confirmée : elle servira à la connexion une fois vérifiée.')).toHaveCount(0)
})

test('a mistyped phone is corrected on /confirm with « Modifier », and the code sent to the right number confirms', async () => {
  app = await launchApp({ path: '/register' })
  const { page } = app
  await expect(page.getByTestId('register-page')).toBeVisible()
  const right = `2${String(Date.now()).slice(-7)}`
  const mistyped = `9${right.slice(1)}`
  await fillRegistration(page, mistyped)
  await page.getByTestId('register-submit').click()

  await expect(page.getByTestId('confirm-page')).toBeVisible({ timeout: 20_000 })
  await expect(page.getByTestId('confirm-destination')).toHaveText(mistyped)
  const mistypedCode = await latestCode(app, mistyped)

  // The inline form opens with the number the code went to, written left to right.
  await page.getByTestId('confirm-change').click()
  const field = page.getByTestId('confirm-credential')
  await expect(field).toHaveValue(mistyped)
  await expect(field).toHaveAttribute('dir', 'ltr')
  await expect(page.getByLabel('Numéro de téléphone')).toHaveValue(mistyped)
  await field.fill('3123')
  await field.blur()
  await expect(page.getByText('Veuillez saisir un numéro de téléphone valide')).toBeVisible()
  await expect(page.getByTestId('confirm-credential-submit')).toBeDisabled()

  await field.fill(`+216 ${right}`)
  await app.screenshot('confirm-change-fr')
  // In Arabic the card turns right to left; the number stays left to right.
  await switchLanguage(page, 'ar')
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
  await expect(page.getByTestId('confirm-destination')).toHaveAttribute('dir', 'ltr')
  await expect(field).toHaveValue(`+216 ${right}`)
  await app.screenshot('confirm-change-ar')
  await switchLanguage(page, 'fr')
  await page.getByTestId('confirm-credential-submit').click()
  await expect(page.getByTestId('snackbars').getByText(`Un nouveau code a été envoyé à ${right}`)).toBeVisible({ timeout: 20_000 })
  await expect(page.getByTestId('confirm-credential')).toHaveCount(0)
  await expect(page.getByTestId('confirm-destination')).toHaveText(right)
  await expect(page.getByTestId('confirm-resend')).toBeVisible()

  // The code of the mistyped number confirms nothing; the one sent to the right number does.
  await page.getByTestId('confirm-code').fill(mistypedCode)
  await page.getByTestId('confirm-submit').click()
  await expect(page.getByText('Code invalide')).toBeVisible({ timeout: 20_000 })
  await page.getByTestId('confirm-code').fill(await latestCode(app, right))
  await page.getByTestId('confirm-submit').click()
  await expect(page.getByTestId('profile-edit-page')).toBeVisible({ timeout: 20_000 })
  expect(pathname(page)).toBe('/mon-profil/edit')
})

test('registering with a phone another account proved: the phone field says so in French, then in Arabic, and everything typed is kept', async () => {
  app = await launchApp({ path: '/register' })
  const { page } = app
  await expect(page.getByTestId('register-page')).toBeVisible()
  await fillRegistration(page, demo.student)
  await page.getByTestId('register-email').fill('salma.deja@example.org')
  const typed = [
    'register-name',
    'register-lastName',
    'register-state',
    'register-phone',
    'register-email',
    'register-birthDate',
    'register-division',
    'register-password',
    'register-passwordConfirm'
  ]
  const values = await Promise.all(typed.map((id) => page.getByTestId(id).inputValue()))
  const keepsEverything = async () => {
    for (const [index, id] of typed.entries()) await expect(page.getByTestId(id), id).toHaveValue(values[index]!)
    expect(pathname(page)).toBe('/register')
    await expect(page.getByTestId('confirm-page')).toHaveCount(0)
  }
  const refusal = (locale: string) =>
    page
      .waitForResponse(
        (response) => response.url().endsWith('/api/auth/register') && response.request().method() === 'POST' && response.status() === 422,
        { timeout: 20_000 }
      )
      .then(async (response) => ({ locale, body: (await response.json()) as { code: string } }))

  const french = refusal('fr')
  await page.getByTestId('register-submit').click()
  expect((await french).body.code).toBe('account_information_already_used')
  const phoneField = page
    .getByTestId('register-page')
    .getByRole('alert')
    .filter({ hasText: 'Ces informations de compte sont déjà utilisées' })
  await expect(phoneField).toBeVisible()
  await expect(page.getByTestId('register-phone')).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByTestId('register-email')).not.toHaveAttribute('aria-invalid', 'true')
  await keepsEverything()
  await page.getByTestId('register-phone').scrollIntoViewIfNeeded()
  await app.screenshot('register-used-phone-fr')

  // In Arabic, sent again: the same refusal on the same field, in Arabic.
  await switchLanguage(page, 'ar')
  const arabic = refusal('ar')
  await page.getByTestId('register-submit').click()
  expect((await arabic).body.code).toBe('account_information_already_used')
  await expect(page.getByTestId('register-page').getByRole('alert').filter({ hasText: 'معلومات الحساب مستعملة من قبل' })).toBeVisible()
  await expect(page.getByTestId('register-phone')).toHaveAttribute('aria-invalid', 'true')
  await keepsEverything()
  await page.getByTestId('register-phone').scrollIntoViewIfNeeded()
  await app.screenshot('register-used-phone-ar')

  // The holder of the number was told once, however many attempts.
  const warnings = (await app.outbox(demo.student)).filter(
    (entry) => entry.subject === 'Darsi : tentative d’inscription avec vos coordonnées'
  )
  expect(warnings).toHaveLength(1)
  expect(warnings[0]!.code).toBeNull()
})

test('signs in by phone with the +216 prefix; nextPage=offres lands on the offers', async () => {
  app = await launchApp({ path: '/login?nextPage=offres' })
  const { page } = app
  await expect(page.getByTestId('login-page')).toBeVisible()
  await expect(page.getByTestId('login-submit')).toBeDisabled()
  await signIn(page, `+216${demo.student}`)
  await expect(page.getByTestId('offers-page')).toBeVisible()
  expect(pathname(page)).toBe('/offres')
  // A signed-in user is sent away from the public-only pages.
  await page.goto(`${app.rendererUrl}/register`)
  await expect(page.getByTestId('home-page')).toBeVisible()
  expect(pathname(page)).toBe('/')
})

test('the change-password dialog: new differs from old, then the new password signs in', async () => {
  app = await launchApp()
  const { page } = app
  await signIn(page, demo.student)
  await page.getByTestId('user-menu').click()
  await page.getByTestId('user-menu-change-password').click()
  const dialog = page.getByTestId('change-password-dialog')
  await expect(dialog).toBeVisible()
  await dialog.getByTestId('password-oldPassword').fill(DEMO_PASSWORD)
  await dialog.getByTestId('password-newPassword').fill(DEMO_PASSWORD)
  await dialog.getByTestId('password-confirmation').fill(DEMO_PASSWORD)
  await dialog.getByTestId('password-confirmation').blur()
  await expect(dialog.getByText("Le nouveau mot de passe doit être différent de l'ancien")).toBeVisible()
  await expect(dialog.getByTestId('password-submit')).toBeDisabled()
  await dialog.getByTestId('password-newPassword').fill(NEW_PASSWORD)
  await dialog.getByTestId('password-confirmation').fill(NEW_PASSWORD)
  await dialog.getByTestId('password-submit').click()
  await expect(page.getByTestId('snackbars').getByText('Le Mot de Passe est Modifié')).toBeVisible({ timeout: 20_000 })
  await expect(dialog).toHaveCount(0)
  // Still signed in with the new pair; the next sign-in takes the new password.
  await expect(page.getByTestId('home-page')).toBeVisible()
  await page.getByTestId('user-menu').click()
  await page.getByTestId('user-menu-logout').click()
  await signIn(page, demo.student, NEW_PASSWORD)
  await expect(page.getByTestId('home-page')).toBeVisible()
})

test('a wrong password marks both fields and shows the message', async () => {
  app = await launchApp()
  const { page } = app
  await page.getByTestId('login-username').fill(demo.student)
  await page.getByTestId('login-password').fill('Mauvais#2026')
  await page.getByTestId('login-submit').click()
  await expect(page.getByTestId('snackbars').getByText('Identifiants invalides')).toBeVisible({ timeout: 20_000 })
  await expect(page.getByTestId('login-username')).toHaveAttribute('aria-invalid', 'true')
  await expect(page.getByTestId('login-password')).toHaveAttribute('aria-invalid', 'true')
  // Nothing typed is lost, and no session was opened.
  await expect(page.getByTestId('login-username')).toHaveValue(demo.student)
  await expect(page.getByTestId('login-password')).toHaveValue('Mauvais#2026')
  expect(await storedSession(page)).toBeNull()
  expect(pathname(page)).toBe('/login')
})

test('forgot password: code by SMS, new password, then sign in with it', async () => {
  app = await launchApp()
  const { page } = app
  await page.getByTestId('login-forgot').click()
  await expect(page.getByTestId('request-reset-page')).toBeVisible()
  await page.getByTestId('reset-credential').fill(demo.student)
  await page.getByTestId('reset-request-submit').click()
  await expect(page.getByTestId('reset-page')).toBeVisible({ timeout: 20_000 })
  expect(pathname(page)).toBe('/reset-password')
  await expect(page.getByTestId('reset-credential')).toHaveValue(demo.student)

  await page.getByTestId('reset-token').fill(await latestCode(app, demo.student))
  await page.getByTestId('reset-newPassword').fill(NEW_PASSWORD)
  await page.getByTestId('reset-retypePassword').fill(NEW_PASSWORD)
  await page.getByTestId('reset-submit').click()
  await expect(page.getByRole('heading', { name: 'Le Mot de Passe est Modifié' })).toBeVisible({ timeout: 20_000 })
  await page.getByTestId('reset-sign-in').click()

  await expect(page.getByTestId('login-page')).toBeVisible()
  await signIn(page, demo.student, NEW_PASSWORD)
  await expect(page.getByTestId('home-page')).toBeVisible()
})

test('an expired password leads to /update-password until it is changed', async () => {
  app = await launchApp()
  const { page } = app
  await signIn(page, demo.expired)
  await expect(page.getByTestId('update-password-page')).toBeVisible()
  expect(pathname(page)).toBe('/update-password')
  // Nothing else opens meanwhile.
  await page.goto(`${app.rendererUrl}/offres`)
  await expect(page.getByTestId('update-password-page')).toBeVisible()
  expect(pathname(page)).toBe('/update-password')

  await page.getByTestId('password-oldPassword').fill(DEMO_PASSWORD)
  await page.getByTestId('password-newPassword').fill(DEMO_PASSWORD)
  await page.getByTestId('password-confirmation').fill(DEMO_PASSWORD)
  // The new password may not be the old one.
  await expect(page.getByTestId('password-submit')).toBeDisabled()
  await page.getByTestId('password-newPassword').fill(NEW_PASSWORD)
  await page.getByTestId('password-confirmation').fill(NEW_PASSWORD)
  await page.getByTestId('password-submit').click()
  await expect(page.getByTestId('snackbars').getByText('Le Mot de Passe est Modifié')).toBeVisible({ timeout: 20_000 })
  await expect(page.getByTestId('home-page')).toBeVisible()
})

test('an incomplete profile leads to the profile form', async () => {
  app = await launchApp()
  const { page } = app
  await signIn(page, demo.incomplete)
  await expect.poll(() => pathname(page)).toBe('/mon-profil/edit')
  await page.goto(`${app.rendererUrl}/porte-monnaie`)
  await expect(page.getByTestId('profile-edit-page')).toBeVisible()
  expect(pathname(page)).toBe('/mon-profil/edit')
})

test('social sign-in through the sandbox provider and the darsi:// return', async () => {
  app = await launchApp()
  const { page } = app
  await page.getByTestId('login-google').click()
  await expect.poll(() => app!.mainHost.openedExternal.length).toBe(1)
  const authorize = new URL(app.mainHost.openedExternal[0]!)
  expect(`${authorize.origin}${authorize.pathname}`).toBe(`${app.apiUrl}/sandbox/oauth/google/authorize`)
  // The app binds the sign-in to itself: a random state and a PKCE S256 challenge.
  const state = authorize.searchParams.get('state') ?? ''
  const challenge = authorize.searchParams.get('code_challenge') ?? ''
  expect(state).toMatch(/^[A-Za-z0-9_-]{32}$/)
  expect(challenge).toMatch(/^[A-Za-z0-9_-]{43}$/)
  expect(authorize.searchParams.get('code_challenge_method')).toBe('S256')
  expect((await fetch(authorize)).status).toBe(200)

  // A return the app did not ask for (someone else's code) is refused, and the pupil's own
  // sign-in keeps waiting.
  await app.deepLink('darsi://login/google/callback?code=someone-elses-code&state=another-state-value')
  await expect(page.getByTestId('snackbars').getByText('Ce lien de connexion n’est plus valable, recommencez')).toBeVisible({
    timeout: 20_000
  })
  await expect(page.getByTestId('login-page')).toBeVisible()
  expect(await storedSession(page)).toBeNull()

  // What the system browser does on the consent page: allow, and follow the redirect to the app.
  const consent = await fetch(`${app.apiUrl}/sandbox/oauth/google/consent`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      decision: 'allow',
      email: 'yasmine.social@example.com',
      name: 'Yasmine',
      lastName: 'Ben Salah',
      state,
      code_challenge: challenge
    }),
    redirect: 'manual'
  })
  const location = consent.headers.get('location') ?? ''
  expect(location).toMatch(/^darsi:\/\/login\/google\/callback\?code=/)
  expect(new URL(location).searchParams.get('state')).toBe(state)
  await app.deepLink(location)
  // A new social account has no class yet: the profile form comes first.
  await expect.poll(() => pathname(page), { timeout: 20_000 }).toBe('/mon-profil/edit')
  expect(await storedSession(page)).not.toBeNull()
})

test('a social return without a code goes to / (and so to sign-in when signed out)', async () => {
  // Started elsewhere than /login, so that landing there is the link's doing (the link arrives asynchronously).
  app = await launchApp({ path: '/register' })
  const { page } = app
  await expect(page.getByTestId('register-page')).toBeVisible()
  await app.deepLink('darsi://login/google/callback')
  await expect(page.getByTestId('login-page')).toBeVisible()
  await expect.poll(() => pathname(page)).toBe('/login')
  expect(await storedSession(page)).toBeNull()
})

test('logout forgets the session everywhere, and going back leads to /login', async () => {
  app = await launchApp()
  const { page } = app
  await signIn(page, demo.student)
  await expect(page.getByTestId('home-page')).toBeVisible()
  await page.getByTestId('nav-offers').click()
  await expect.poll(() => pathname(page)).toBe('/offres')
  const before = await storedSession(page)
  expect(before?.token).toBeTruthy()

  await page.getByTestId('user-menu').click()
  await page.getByTestId('user-menu-logout').click()
  await expect(page.getByTestId('login-page')).toBeVisible()
  expect(await storedSession(page)).toBeNull()
  await page.goBack()
  await expect(page.getByTestId('login-page')).toBeVisible()
  expect(pathname(page)).toBe('/login')

  // The server revoked it too.
  const me = await fetch(`${app.apiUrl}/api/auth/me`, { headers: { authorization: `Bearer ${before!.token}` } })
  expect(me.status).toBe(401)
})

test('the tokens never reach renderer storage (canary)', async () => {
  app = await launchApp()
  const { page } = app
  await signIn(page, demo.student)
  await expect(page.getByTestId('home-page')).toBeVisible()
  const session = await storedSession(page)
  const canaries = [session!.token, session!.refreshToken!]
  expect(canaries.every((canary) => canary.length > 20)).toBe(true)
  const storage = await page.evaluate(async () => {
    const dump = (store: Storage) =>
      Array.from({ length: store.length }, (_, i) => `${store.key(i)}=${store.getItem(store.key(i)!)}`).join('\n')
    const databases = await indexedDB.databases()
    return {
      local: dump(localStorage),
      session: dump(sessionStorage),
      cookies: document.cookie,
      databases: databases.map((db) => db.name ?? '')
    }
  })
  const cookies = await page.context().cookies()
  const files = JSON.stringify(app.mainHost.storeFiles())
  for (const canary of canaries) {
    expect(storage.local).not.toContain(canary)
    expect(storage.session).not.toContain(canary)
    expect(storage.cookies).not.toContain(canary)
    expect(JSON.stringify(cookies)).not.toContain(canary)
    // Main keeps it encrypted only.
    expect(files).not.toContain(canary)
  }
  expect(storage.databases).toEqual([])
})

test('without real secure storage the session stays in memory only, and the user is told', async () => {
  app = await launchApp({ secureBackend: 'basic_text' })
  const { page } = app
  await signIn(page, demo.student)
  await expect(page.getByTestId('storage-warning')).toBeVisible()
  await page.getByTestId('storage-warning-ok').click()
  await expect(page.getByTestId('storage-warning')).toHaveCount(0)
  await expect(page.getByTestId('home-page')).toBeVisible()
  // Main holds it in memory for this run; nothing of it was written to disk.
  const session = await storedSession(page)
  expect(session?.token).toBeTruthy()
  const files = JSON.stringify(app.mainHost.storeFiles())
  expect(files).not.toContain(session!.token)
  expect(files).not.toContain(session!.refreshToken!)
})

test('a tampered stored session at start leads back to /login; a valid one survives a restart', async () => {
  app = await launchApp()
  const { page } = app
  await signIn(page, demo.student)
  await expect(page.getByTestId('home-page')).toBeVisible()
  await page.reload()
  await expect(page.getByTestId('home-page')).toBeVisible()

  await page.evaluate(() =>
    (window as unknown as { darsi: { sessionSet(session: unknown): Promise<unknown> } }).darsi.sessionSet({
      token: 'eyJhbGciOiJub25lIn0.eyJzdWIiOiIxIn0.tampered',
      refreshToken: null,
      tokenType: 'Bearer',
      expiresAt: Date.now() + 600_000,
      userType: 'student'
    })
  )
  await page.reload()
  await expect(page.getByTestId('login-page')).toBeVisible()
  expect(await storedSession(page)).toBeNull()
})

test('network down: a clear retryable message and no half-signed-in state', async () => {
  app = await launchApp()
  const { page } = app
  const api = `${app.apiUrl}/api/**`
  await page.route(api, (route) => route.abort('internetdisconnected'))
  await page.getByTestId('login-username').fill(demo.student)
  await page.getByTestId('login-password').fill(DEMO_PASSWORD)
  await page.getByTestId('login-submit').click()
  await expect(page.getByTestId('snackbars').getByText('Impossible de joindre le serveur', { exact: false })).toBeVisible({
    timeout: 20_000
  })
  expect(await storedSession(page)).toBeNull()
  await expect(page.getByTestId('login-username')).toHaveValue(demo.student)

  // Back online, the same form goes through.
  await page.unroute(api)
  await page.getByTestId('login-submit').click()
  await expect(page.getByTestId('home-page')).toBeVisible({ timeout: 20_000 })

  // A start-up with the server unreachable keeps the session for the retry and shows nothing of it.
  await page.route(api, (route) => route.abort('internetdisconnected'))
  await page.reload()
  await expect(page.getByTestId('startup-failure')).toBeVisible({ timeout: 30_000 })
  await expect(page.getByTestId('sidebar')).toHaveCount(0)
  await page.unroute(api)
  await page.getByTestId('startup-retry').click()
  await expect(page.getByTestId('home-page')).toBeVisible({ timeout: 20_000 })
})

test('an administrator switch link opens the pupil session', async () => {
  app = await launchApp()
  const { page } = app
  await signIn(page, demo.admin)
  const admin = await storedSession(page)
  const minted = await fetch(`${app.apiUrl}/api/admin/impersonation-link`, {
    method: 'POST',
    headers: { authorization: `Bearer ${admin!.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ userId: 1 })
  })
  expect(minted.status).toBe(200)
  const { link } = (await minted.json()) as { link: string }
  await app.deepLink(link)
  await expect(page.getByTestId('home-page')).toBeVisible({ timeout: 20_000 })
  const session = await storedSession(page)
  expect(session?.adminUserId).toBeGreaterThan(0)
  expect(session?.token).not.toBe(admin!.token)
})

test('in Arabic: right to left, typed values kept across a language switch, sign-in to home', async () => {
  app = await launchApp({ locale: 'ar' })
  const { page } = app
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
  await expect(page.getByRole('heading', { name: 'تسجيل الدخول' })).toBeVisible()
  await page.getByTestId('login-username').fill('12345')
  await page.getByTestId('login-username').blur()
  await expect(page.getByTestId('login-page').getByRole('alert').first()).toBeVisible()
  await switchLanguage(page, 'fr')
  await expect(page.getByText('Veuillez saisir un numéro de téléphone/une adresse e-mail valide')).toBeVisible()
  await expect(page.getByTestId('login-username')).toHaveValue('12345')
  await switchLanguage(page, 'ar')
  await expect(page.getByTestId('login-username')).toHaveValue('12345')
  await page.getByTestId('login-username').fill(demo.student)
  await page.getByTestId('login-password').fill(DEMO_PASSWORD)
  await page.getByTestId('login-submit').click()
  await expect(page.getByTestId('home-page')).toBeVisible({ timeout: 20_000 })
  const sidebar = await page.getByTestId('sidebar').boundingBox()
  expect(sidebar!.x + sidebar!.width / 2).toBeGreaterThan(page.viewportSize()!.width / 2)
})

/** The same digits as an Arabic keyboard types them (٠–٩). */
const arabicIndic = (text: string) => text.replace(/\d/g, (digit) => String.fromCharCode(0x0660 + Number(digit)))

test('in Arabic: a phone typed in Arabic-Indic digits resets the password with the code pasted with its space, and signs in', async () => {
  app = await launchApp({ locale: 'ar' })
  const { page } = app
  await page.getByTestId('login-forgot').click()
  await expect(page.getByTestId('request-reset-page')).toBeVisible()
  await page.getByTestId('reset-credential').pressSequentially(arabicIndic(demo.student))
  await expect(page.getByTestId('reset-credential')).toHaveValue(demo.student)
  await page.getByTestId('reset-request-submit').click()
  await expect(page.getByTestId('reset-page')).toBeVisible({ timeout: 20_000 })

  // The code as the SMS groups it, in the pupil's digits, pasted in one go.
  const code = await latestCode(app, demo.student)
  await page.getByTestId('reset-token').focus()
  await page.keyboard.insertText(`${arabicIndic(code.slice(0, 3))} ${arabicIndic(code.slice(3))}`)
  await expect(page.getByTestId('reset-token')).toHaveValue(`${code.slice(0, 3)} ${code.slice(3)}`)
  await page.getByTestId('reset-newPassword').fill(NEW_PASSWORD)
  await page.getByTestId('reset-retypePassword').fill(NEW_PASSWORD)
  await page.getByTestId('reset-submit').click()
  await expect(page.getByTestId('reset-done')).toBeVisible({ timeout: 20_000 })
  await page.getByTestId('reset-sign-in').click()

  await expect(page.getByTestId('login-page')).toBeVisible()
  await page.getByTestId('login-username').pressSequentially(`+${arabicIndic('216 ' + demo.student)}`)
  await expect(page.getByTestId('login-username')).toHaveValue(`+216 ${demo.student}`)
  await page.getByTestId('login-password').fill(NEW_PASSWORD)
  await page.getByTestId('login-submit').click()
  await expect(page.getByTestId('home-page')).toBeVisible({ timeout: 20_000 })
})

for (const locale of ['fr', 'ar'] as const) {
  test(`register: an over-long password is kept as typed and gets the 8 to 16 message (${locale})`, async () => {
    app = await launchApp({ locale, path: '/register' })
    const { page } = app
    await expect(page.getByTestId('register-page')).toBeVisible()
    await expect(page.getByTestId('register-division').locator('option')).not.toHaveCount(1)
    const tooLong = 'MonMotDePasse#2026'
    await page.getByTestId('register-password').pressSequentially(tooLong)
    await page.getByTestId('register-passwordConfirm').pressSequentially(tooLong)
    await page.getByTestId('register-passwordConfirm').blur()
    await page.getByTestId('register-password-toggle').click()
    await expect(page.getByTestId('register-password')).toHaveValue(tooLong)
    await expect(page.getByTestId('register-passwordConfirm')).toHaveValue(tooLong)
    // The field's own message, in the language of the screen, names the 8 to 16 characters of the rule.
    await expect(page.getByTestId('register-password')).toHaveAttribute('aria-invalid', 'true')
    const lengthMessage = page
      .getByTestId('register-page')
      .getByRole('alert')
      .filter({ hasText: /\b8\b.+\b16\b/ })
    await expect(locale === 'ar' ? lengthMessage.filter({ hasText: /[\u0600-\u06FF]/ }) : lengthMessage).toBeVisible()
    await expect(page.getByTestId('register-submit')).toBeDisabled()
    await page.getByTestId('register-password').scrollIntoViewIfNeeded()
    await app.screenshot(`auth-register-password-too-long-${locale}`)
  })
}

for (const locale of ['fr', 'ar'] as const) {
  test(`screenshots of the sign-in screens in ${locale}`, async () => {
    app = await launchApp({ locale })
    const { page } = app
    await expect(page.getByTestId('login-page')).toBeVisible()
    await page.getByTestId('login-username').fill('12')
    await page.getByTestId('login-username').blur()
    await app.screenshot(`auth-login-${locale}`)
    await page.getByTestId('login-create-account').click()
    await expect(page.getByTestId('register-page')).toBeVisible()
    await expect(page.getByTestId('register-division').locator('option')).not.toHaveCount(1)
    await page.getByTestId('register-name').fill('S4')
    await page.getByTestId('register-name').blur()
    await app.screenshot(`auth-register-${locale}`)
    // The narrow window: one column, nothing cut off.
    await page.setViewportSize({ width: 599, height: 800 })
    await app.screenshot(`auth-register-${locale}-599`)
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
    expect(overflow).toBeLessThanOrEqual(0)
    await page.setViewportSize({ width: 1280, height: 800 })
    await page.goto(`${app.rendererUrl}/create/reset-password`)
    await expect(page.getByTestId('request-reset-page')).toBeVisible()
    await app.screenshot(`auth-request-reset-${locale}`)
    await page.goto(`${app.rendererUrl}/reset-password?credential=${demo.student}`)
    await expect(page.getByTestId('reset-page')).toBeVisible()
    await app.screenshot(`auth-reset-${locale}`)
    await page.goto(`${app.rendererUrl}/login`)
    await signIn(page, demo.unverified)
    await expect(page.getByTestId('confirm-page')).toBeVisible()
    await app.screenshot(`auth-confirm-${locale}`)
  })
}
