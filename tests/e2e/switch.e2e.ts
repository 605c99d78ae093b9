/**
 * Administrator impersonation (issue 4, specification §4 and §6), driven through the app: the
 * operator CLI mints a `darsi://switch` link, the app exchanges its single-use token for a
 * refreshable session, revokes the session it replaces, and — when the link asks for it — sends
 * the administrator to the external registration page once the pupil's session ends.
 */
import { expect as baseExpect, test, type Page } from '@playwright/test'
import { launchApp, type AppHandle } from './harness.ts'
import { admin as runAdmin, demo, signIn, useOperatorKey } from './helpers.ts'

const expect = baseExpect.configure({ timeout: 15_000 })
const OPERATOR_KEY = useOperatorKey()

let app: AppHandle | undefined
test.afterEach(async () => {
  await app?.close()
  app = undefined
})

/** Seed ids (server/src/seed/demo.ts): Sami 1 (150 points), Lina 2 (40 points). */
const SAMI = '1'
const LINA = '2'
const pathname = (page: Page) => new URL(page.url()).pathname

type StoredSession = { token: string; refreshToken: string | null; adminUserId?: number | null; isTest?: boolean; redirectTo?: string }

async function storedSession(page: Page): Promise<StoredSession | null> {
  const result = await page.evaluate(() =>
    (window as unknown as { darsi: { sessionGet(): Promise<{ ok: boolean; data: unknown }> } }).darsi.sessionGet()
  )
  return result.data as StoredSession | null
}

const admin = (apiUrl: string, ...args: string[]) => runAdmin(apiUrl, OPERATOR_KEY, ...args)

async function meStatus(apiUrl: string, token: string): Promise<{ status: number; code?: string }> {
  const response = await fetch(`${apiUrl}/api/auth/me`, { headers: { authorization: `Bearer ${token}` } })
  const body = (await response.json()) as { code?: string }
  return { status: response.status, code: body.code }
}

async function openWallet(page: Page): Promise<void> {
  await page.getByTestId('nav-wallet').click()
  await expect(page.getByTestId('wallet-page')).toBeVisible()
}

/** The switch page has done its work: the pupil's session is stored with the administrator's marker. */
async function switched(page: Page): Promise<StoredSession> {
  await expect.poll(async () => (await storedSession(page))?.adminUserId ?? 0, { timeout: 20_000 }).toBeGreaterThan(0)
  await expect.poll(() => pathname(page)).not.toBe('/switch')
  await expect(page.getByTestId('nav-wallet')).toBeVisible()
  return (await storedSession(page))!
}

test('a switch link opens a pupil session that refreshes past its access token, and works once', async () => {
  app = await launchApp({ apiEnv: { DARSI_ACCESS_TOKEN_TTL_SECONDS: '5' } })
  const { page } = app
  const link = await admin(app.apiUrl, 'impersonation-link', SAMI)
  expect(link).toMatch(/^darsi:\/\/switch\?token=/)
  await app.deepLink(link)
  const first = await switched(page)
  expect(first).toMatchObject({ isTest: true, refreshToken: expect.any(String) })

  // The access token lives 5 seconds here; the session carries on through its refresh token.
  await page.waitForTimeout(6_000)
  expect(await meStatus(app.apiUrl, first.token)).toEqual({ status: 401, code: 'token_expired' })
  await openWallet(page)
  await expect(page.getByTestId('wallet-balance')).toHaveAttribute('data-points', '150')
  const refreshed = await storedSession(page)
  expect(refreshed?.token).not.toBe(first.token)
  expect(refreshed?.refreshToken).not.toBe(first.refreshToken)
  expect(refreshed).toMatchObject({ adminUserId: first.adminUserId, isTest: true })
  expect((await meStatus(app.apiUrl, refreshed!.token)).status).toBe(200)

  // The same link a second time: refused, and the session it opened is closed (a copy exists).
  await app.deepLink(link)
  await expect(page.getByTestId('switch-failed')).toContainText('a expiré ou a déjà servi')
  expect((await meStatus(app.apiUrl, refreshed!.token)).status).toBe(401)
  await app.screenshot('switch-used-link-fr')
})

test('a switch link revokes the session it replaces and shows nothing of the previous pupil', async () => {
  app = await launchApp()
  const { page } = app
  await signIn(page, demo.student)
  await openWallet(page)
  await expect(page.getByTestId('wallet-balance')).toHaveAttribute('data-points', '150')
  const before = await storedSession(page)
  expect(before?.adminUserId ?? null).toBeNull()

  await app.deepLink(await admin(app.apiUrl, 'impersonation-link', LINA))
  const after = await switched(page)
  expect(after.token).not.toBe(before!.token)
  // Sami's session is revoked on the server, its refresh token too.
  expect((await meStatus(app.apiUrl, before!.token)).status).toBe(401)
  const refresh = await fetch(`${app.apiUrl}/api/auth/refresh`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ refresh_token: before!.refreshToken })
  })
  expect(refresh.status).toBe(401)

  // Lina's data, none of Sami's.
  await openWallet(page)
  await expect(page.getByTestId('wallet-balance')).toHaveAttribute('data-points', '40')
  await page.getByTestId('user-menu').click()
  await page.getByRole('menuitem', { name: 'Mon profil' }).click()
  await expect(page.getByTestId('profile-identity')).toContainText('Haddad')
  await expect(page.getByTestId('profile-identity')).not.toContainText('Trabelsi')
})

test('when a marked switch session ends, the external registration page opens in the browser (§4)', async () => {
  app = await launchApp({ locale: 'ar' })
  const { page } = app
  await app.deepLink(await admin(app.apiUrl, 'impersonation-link', SAMI, '--register-redirect'))
  const session = await switched(page)
  expect(session.redirectTo).toBe('RegisterPage')
  // The home has all its data (and the inbox its lists): the next call is the wallet's.
  await page.waitForFunction(() => performance.getEntriesByName('app:interactive').length > 0)
  await expect(page.getByTestId('messages-button')).toBeVisible()

  // The administrator's session is closed elsewhere: the next call meets a 401.
  const ended = await fetch(`${app.apiUrl}/api/auth/logout`, { headers: { authorization: `Bearer ${session.token}` } })
  expect(ended.status).toBe(200)
  // The wallet's call meets the 401, unless the inbox's stream got there first: the server ends a
  // revoked session's stream at its next keep-alive, and its reconnection is refused the same way.
  await page
    .getByTestId('nav-wallet')
    .click({ timeout: 5_000 })
    .catch(async (error: unknown) => {
      if (!(await page.getByTestId('login-page').isVisible())) throw error
    })
  await expect(page.getByTestId('login-page')).toBeVisible()
  await expect.poll(() => app!.mainHost.openedExternal).toEqual(['https://inscription.darsi.tn/?lang=ar'])
  await expect(page.getByTestId('snackbars').getByText('صفحة التسجيل تُفتح في متصفّحك', { exact: false })).toBeVisible()
  expect(await storedSession(page)).toBeNull()
  await app.screenshot('switch-register-redirect-ar')

  // Once: signing out again, or visiting a protected route, only leads to /login.
  await page.goto(`${app.rendererUrl}/porte-monnaie`)
  await expect(page.getByTestId('login-page')).toBeVisible()
  expect(app.mainHost.openedExternal).toHaveLength(1)
})
