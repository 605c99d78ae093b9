/**
 * Mobile-operator plans (issue 28, decision 0046), as the demo pupil would: a daily plan of Darsi
 * Mobile from the purchase dialog's operator step, the operator sandbox opened in the system
 * browser, the PIN read from the outbox, the return link → 'Abonnement activé' and /, the access
 * opened; then the unsubscribe menu of offer 33, the access kept to the end of the period paid.
 * Signed out, the landing /offers/ooredoo: the external page in the system browser, the level
 * cards, the subscribe modal → the operator page → the pupil of that number a client.
 * Screenshots of the operator step, the result and the landing in French, light, and in Arabic,
 * dark (the landing at 599 px).
 */
import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'
import type { ChildProcess } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { launchApp, runTemplateDir, startApi, stopProcess, type AppHandle } from './harness.ts'
import { admin, demo, DEMO_PASSWORD, expectNoSeriousViolations, signIn } from './helpers.ts'

let api: { url: string; child: ChildProcess; dir: string } | undefined
let app: AppHandle | undefined

test.beforeAll(async () => {
  const dir = mkdtempSync(join(tmpdir(), 'darsi-e2e-operator-'))
  const dataDir = join(dir, 'api')
  if (existsSync(runTemplateDir())) cpSync(runTemplateDir(), dataDir, { recursive: true })
  else mkdirSync(dataDir, { recursive: true })
  api = { ...(await startApi(dataDir, 'demo')), dir }
})

test.afterEach(async () => {
  await app?.close()
  app = undefined
})

test.afterAll(async () => {
  if (!api) return
  await stopProcess(api.child)
  rmSync(api.dir, { recursive: true, force: true })
})

const pathname = (page: Page) => new URL(page.url()).pathname
const card = (page: Page, offerId: number) => page.locator(`[data-testid="offer-card"][data-offer-id="${offerId}"]`)

async function expectDialogClean(page: Page, testId: string): Promise<void> {
  const results = await new AxeBuilder({ page }).include(`[data-testid="${testId}"]`).exclude('[data-tabster-dummy]').analyze()
  expect(
    results.violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical').map((v) => v.id)
  ).toEqual([])
}

async function openOffers(page: Page): Promise<void> {
  await page.getByTestId('nav-offers').click()
  await expect(page.getByTestId('offer-card').first()).toBeVisible({ timeout: 15_000 })
}

/** The session's access token, from the main process. */
async function sessionToken(page: Page): Promise<string> {
  const result = await page.evaluate(() =>
    (window as unknown as { darsi: { sessionGet(): Promise<{ data: { token: string } | null }> } }).darsi.sessionGet()
  )
  return result.data!.token
}

async function apiGet<T>(page: Page, path: string): Promise<T> {
  const response = await fetch(`${api!.url}${path}`, { headers: { authorization: `Bearer ${await sessionToken(page)}` } })
  return (await response.json()) as T
}

type Me = { user: { offers: Array<{ group_id: number; end_date: string | null }> } }

/** What the system browser does on the operator page: ask the PIN, read it from the SMS (the outbox), type it back. */
async function confirmOnOperatorPage(app: AppHandle, pageUrl: string, phone: string): Promise<string> {
  expect((await fetch(`${pageUrl}`)).status).toBe(200)
  expect((await fetch(`${pageUrl}/pin`, { method: 'POST' })).status).toBe(200)
  const [sms] = await app.outbox(phone)
  expect(sms?.code).toMatch(/^\d{4}$/)
  const confirmed = await fetch(pageUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ decision: 'confirm', pin: sms!.code! }),
    redirect: 'manual'
  })
  const location = confirmed.headers.get('location') ?? ''
  expect(location).toMatch(/^darsi:\/\/operator\/success\?/)
  return location
}

test('daily plan through the operator sandbox (PIN from the outbox) → access; unsubscribe → access to period end', async () => {
  test.setTimeout(120_000)
  app = await launchApp({ apiUrl: api!.url })
  const { page } = app
  await signIn(page, demo.student)
  await openOffers(page)

  // Per day: 1 day, then the operator step.
  await card(page, 33).getByTestId('offer-buy').click()
  const dialog = page.getByTestId('purchase-dialog')
  await expect(dialog.getByTestId('price-total')).toHaveText('2,3 Dt')
  await dialog.getByTestId('purchase-next').click()
  await expect(dialog).toHaveAttribute('data-step', 'operator')
  const phone = dialog.getByTestId('operator-phone')
  await phone.fill('12345678')
  await dialog.getByTestId('operator-submit').click()
  await expect(dialog.getByText('Veuillez saisir un numéro de téléphone valide')).toBeVisible()
  const number = `9${String(Date.now()).slice(-7)}`
  await phone.fill(`+216 ${number}`)
  await app.screenshot('operator-step-fr-light')
  await expectDialogClean(page, 'purchase-dialog')
  await dialog.getByTestId('operator-submit').click()

  // The operator's page opens in the system browser.
  await expect.poll(() => app!.mainHost.openedExternal.length).toBe(1)
  const opened = new URL(app.mainHost.openedExternal[0]!)
  expect(`${opened.origin}`).toBe(api!.url)
  expect(opened.pathname).toMatch(/^\/sandbox\/operator\/[\w-]+$/)
  await expect(dialog.getByTestId('operator-opened')).toBeVisible()

  // Nothing is open before the operator's notification.
  const before = await apiGet<{ subscription: { status: string } }>(page, '/api/operator-billing/subscription')
  expect(before.subscription.status).toBe('pending')

  const location = await confirmOnOperatorPage(app, opened.toString(), number)
  await app.deepLink(location)
  const result = page.getByTestId('operator-result')
  await expect(result).toHaveAttribute('data-result', 'activated', { timeout: 20_000 })
  await expect(result).toContainText('Abonnement activé')
  await app.screenshot('operator-result-fr-light')
  await result.getByTestId('operator-result-close').click()
  await expect.poll(() => pathname(page)).toBe('/')

  const active = await apiGet<{ subscription: { status: string; paid_until: string } }>(page, '/api/operator-billing/subscription')
  expect(active.subscription.status).toBe('active')
  const me = await apiGet<Me>(page, '/api/auth/me')
  const plan = me.user.offers.find((offer) => offer.group_id === 104 && offer.end_date === active.subscription.paid_until)
  expect(plan).toBeDefined()

  // The unsubscribe menu of offer 33.
  await openOffers(page)
  await card(page, 33).getByTestId('operator-menu').click()
  await page.getByTestId('operator-unsubscribe').click()
  const confirm = page.getByTestId('operator-unsubscribe-dialog')
  await expect(confirm).toBeVisible()
  await app.screenshot('operator-unsubscribe-fr-light')
  await confirm.getByTestId('operator-unsubscribe-confirm').click()
  await expect(page.getByTestId('snackbar').filter({ hasText: 'Désabonnement effectué' })).toBeVisible()
  await expect(card(page, 33).getByTestId('operator-menu')).toHaveCount(0)

  // The access stays to the end of the period paid.
  const cancelled = await apiGet<{ subscription: { status: string; paid_until: string } }>(page, '/api/operator-billing/subscription')
  expect(cancelled.subscription).toMatchObject({ status: 'cancelled', paid_until: active.subscription.paid_until })
  const after = await apiGet<Me>(page, '/api/auth/me')
  expect(after.user.offers.some((offer) => offer.group_id === 104 && offer.end_date === active.subscription.paid_until)).toBe(true)
})

test('in Arabic, dark: the operator step of a weekly plan, and a failed return', async () => {
  test.setTimeout(90_000)
  app = await launchApp({ apiUrl: api!.url, locale: 'ar', colorScheme: 'dark' })
  const { page } = app
  await signIn(page, demo.student)
  await openOffers(page)
  await card(page, 33).getByTestId('offer-buy').click()
  const dialog = page.getByTestId('purchase-dialog')
  await dialog.getByTestId('days-7').click()
  await dialog.getByTestId('purchase-next').click()
  await expect(dialog).toHaveAttribute('data-step', 'operator')
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
  await app.screenshot('operator-step-ar-dark')
  await expectDialogClean(page, 'purchase-dialog')

  // A failed return: the error, then /.
  await app.deepLink('darsi://operator/echec?subscriptionId=1&status=insufficient_credit')
  const result = page.getByTestId('operator-result')
  await expect(result).toHaveAttribute('data-result', 'failed', { timeout: 20_000 })
  await expect(result).toContainText('حدث خطأ')
  await app.screenshot('operator-failed-ar-dark')
  await result.getByTestId('operator-result-close').click()
  await expect.poll(() => pathname(page)).toBe('/')
})

/** A pupil of class 14 whose account proved a fresh number (the landing's checkout finds it by that number). */
async function newPupilNumber(): Promise<string> {
  const number = `5${String(Date.now()).slice(-7)}`
  const key = process.env.DARSI_OPERATOR_KEY ?? readFileSync(join(api!.dir, 'api', 'operator.key'), 'utf8').trim()
  await admin(api!.url, key, 'create-user', number, DEMO_PASSWORD, 'Amine', 'Landing', '--division', '14')
  return number
}

test('the operator landing, signed out: the external page in the browser, the level cards, the subscribe modal → the operator page → the plan charged', async () => {
  test.setTimeout(120_000)
  const number = await newPupilNumber()
  app = await launchApp({ apiUrl: api!.url, path: '/offers/ooredoo' })
  const { page } = app
  const landing = page.getByTestId('operator-landing')
  await expect(landing).toBeVisible({ timeout: 15_000 })
  // The external landing page opens at once in the system browser.
  await expect.poll(() => app!.mainHost.openedExternal).toEqual(['https://darsi.tn/offers/ooredoo'])

  // One card per level, priced by the level rate table.
  const cards = page.getByTestId('operator-landing-card')
  await expect(cards).toHaveCount(4)
  await expect(cards.first()).toContainText('0,95 Dt / jour')
  await expect(cards.first()).toContainText('7,75 Dt / semaine')
  const bac = page.locator('[data-testid="operator-landing-card"]').filter({ hasText: '2,3 Dt / jour' })
  await expect(bac).toContainText('17,25 Dt / semaine')
  await expect(page.getByTestId('operator-landing-video')).toBeVisible()
  await app.screenshot('operator-landing-fr-light')
  await expectNoSeriousViolations(page)

  // The subscribe modal: the phone by the Tunisian pattern and the class are required.
  await bac.getByTestId('operator-landing-weekly').click()
  const dialog = page.getByTestId('operator-landing-dialog')
  await expect(dialog).toBeVisible()
  await dialog.getByTestId('operator-landing-phone').fill('12345678')
  await dialog.getByTestId('operator-landing-submit').click()
  await expect(dialog.getByText('Veuillez saisir un numéro de téléphone valide')).toBeVisible()
  await expect(dialog.getByText('La division est requise')).toBeVisible()
  // A number no pupil proved is refused on its field.
  await dialog.getByTestId('operator-landing-phone').fill('98765400')
  await dialog.getByTestId('operator-landing-division').selectOption('14')
  await dialog.getByTestId('operator-landing-submit').click()
  await expect(dialog.getByText('Aucun compte élève n’utilise ce numéro : inscrivez-vous ou connectez-vous')).toBeVisible()
  await dialog.getByTestId('operator-landing-phone').fill(`+216 ${number}`)
  await app.screenshot('operator-landing-modal-fr-light')
  await expectDialogClean(page, 'operator-landing-dialog')
  await dialog.getByTestId('operator-landing-submit').click()

  // The operator's page opens in the system browser; the PIN from the SMS charges the first week.
  await expect.poll(() => app!.mainHost.openedExternal.length).toBe(2)
  const opened = new URL(app.mainHost.openedExternal[1]!)
  expect(opened.origin).toBe(api!.url)
  expect(opened.pathname).toMatch(/^\/sandbox\/operator\/[\w-]+$/)
  await expect(dialog.getByTestId('operator-landing-opened')).toBeVisible()
  const location = await confirmOnOperatorPage(app, opened.toString(), number)

  // The operator's return: the visitor, still signed out, is told the plan is active, then goes to /.
  await app.deepLink(location)
  const result = page.getByTestId('operator-result')
  await expect(result).toHaveAttribute('data-result', 'activated', { timeout: 20_000 })
  await expect(result).toContainText('Abonnement activé')
  await expect(result).toContainText('connectez-vous pour retrouver vos cours')
  await expect(dialog).toBeHidden()
  // Back on the landing, the external page is not opened again.
  expect(app.mainHost.openedExternal).toHaveLength(2)
  await app.screenshot('operator-landing-result-fr-light')
  await expectDialogClean(page, 'operator-result')
  await result.getByTestId('operator-result-close').click()
  // / is the sign-in page for a visitor.
  await expect(page.getByTestId('login-page')).toBeVisible()

  // The pupil, once signed in, is an operator client with a week of access.
  await signIn(page, number)
  const me = await apiGet<Me & { isOperatorClient: boolean }>(page, '/api/auth/me')
  expect(me.isOperatorClient).toBe(true)
  expect(me.user.offers.some((offer) => offer.group_id === 104)).toBe(true)
})

test('the operator landing in Arabic, dark, at 599 px: the cards and the subscribe modal right to left', async () => {
  test.setTimeout(90_000)
  app = await launchApp({
    apiUrl: api!.url,
    path: '/offers/ooredoo',
    locale: 'ar',
    colorScheme: 'dark',
    viewport: { width: 599, height: 900 }
  })
  const { page } = app
  await expect(page.getByTestId('operator-landing')).toBeVisible({ timeout: 15_000 })
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
  await expect(page.getByTestId('operator-landing-card')).toHaveCount(4)
  await expect(page.getByTestId('operator-landing-card').first()).toContainText('د.ت / يوم')
  await app.screenshot('operator-landing-ar-dark-599')
  await expectNoSeriousViolations(page)
  await page.getByTestId('operator-landing-card').first().getByTestId('operator-landing-daily').click()
  const dialog = page.getByTestId('operator-landing-dialog')
  await expect(dialog).toBeVisible()
  await dialog.getByTestId('operator-landing-submit').click()
  await expect(dialog.getByText('رقم الهاتف إلزامي')).toBeVisible()
  await app.screenshot('operator-landing-modal-ar-dark-599')
  await expectDialogClean(page, 'operator-landing-dialog')
})

test("a visitor's operator returns in Arabic, dark: a forged success and a failure tell nothing of a plan; their own success is told", async () => {
  test.setTimeout(120_000)
  const number = await newPupilNumber()
  app = await launchApp({ apiUrl: api!.url, locale: 'ar', colorScheme: 'dark', viewport: { width: 599, height: 900 } })
  const { page } = app
  await expect(page.getByTestId('login-page')).toBeVisible({ timeout: 15_000 })
  const result = page.getByTestId('operator-result')

  // A success return without the operator's reference (anyone can type one) says nothing of plan 1.
  await app.deepLink('darsi://operator/success?subscriptionId=1&transactionId=sbx-1-1&status=charged')
  await expect(page.getByTestId('operator-landing')).toBeVisible({ timeout: 15_000 })
  await expect(result).toHaveAttribute('data-result', 'failed', { timeout: 20_000 })
  await expect(result).toContainText('حدث خطأ')
  // Coming back from the operator, the external page is not opened again.
  expect(app.mainHost.openedExternal).toEqual([])
  await app.screenshot('operator-landing-failed-ar-dark-599')
  await result.getByTestId('operator-result-close').click()
  await expect(page.getByTestId('login-page')).toBeVisible()

  await app.deepLink('darsi://operator/echec?subscriptionId=1&status=insufficient_credit')
  await expect(result).toHaveAttribute('data-result', 'failed', { timeout: 20_000 })
  await result.getByTestId('operator-result-close').click()
  await expect(page.getByTestId('login-page')).toBeVisible()

  // The visitor's own plan, confirmed on the operator's page: told active.
  await app.deepLink('darsi://open?path=%2Foffers%2Fooredoo')
  const bac = page.locator('[data-testid="operator-landing-card"][data-level="4"]')
  await bac.getByTestId('operator-landing-daily').click()
  const dialog = page.getByTestId('operator-landing-dialog')
  await dialog.getByTestId('operator-landing-phone').fill(number)
  await dialog.getByTestId('operator-landing-division').selectOption('14')
  await dialog.getByTestId('operator-landing-submit').click()
  await expect(dialog.getByTestId('operator-landing-opened')).toBeVisible({ timeout: 15_000 })
  const opened = app.mainHost.openedExternal.find((url) => url.includes('/sandbox/operator/'))!
  await app.deepLink(await confirmOnOperatorPage(app, opened, number))
  await expect(result).toHaveAttribute('data-result', 'activated', { timeout: 20_000 })
  await expect(result).toContainText('تمّ تفعيل الاشتراك')
  await expect(result).toContainText('سجّل الدخول')
  await app.screenshot('operator-landing-result-ar-dark-599')
  await expectDialogClean(page, 'operator-result')
})
