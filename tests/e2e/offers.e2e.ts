/**
 * Offers and the purchase dialog (issue 28), driven as the demo pupil would on one API shared by
 * the journeys of this file, in order: he buys a monthly offer with his points (the balance goes
 * down by the exact price) and a Français lesson that was locked now plays; a pack of three
 * subjects shows and charges its discount, with a coupon applied then removed; a purchase beyond
 * his points leads to the wallet with the points missing; and the page and a daily plan's operator step once in
 * Arabic, dark, at 599 px. Screenshots of the page and each dialog variant; axe finds no serious
 * or critical violation.
 */
import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Locator, type Page } from '@playwright/test'
import { launchApp, type AppHandle } from './harness.ts'
import { demo, expectNoSeriousViolations, openChapter, sharedApi, signIn } from './helpers.ts'

const api = sharedApi('offers')
let app: AppHandle | undefined

test.afterEach(async () => {
  await app?.close()
  app = undefined
})

const pathname = (page: Page) => new URL(page.url()).pathname

/** The dialog's axe check: the open dialog only. */
async function expectDialogClean(page: Page, testId = 'purchase-dialog'): Promise<void> {
  const results = await new AxeBuilder({ page }).include(`[data-testid="${testId}"]`).exclude('[data-tabster-dummy]').analyze()
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => violation.id)
  expect(serious).toEqual([])
}

/** The wallet's balance, in points. */
/** The wallet page's balance (it shows what it had, then the figure it asks again on each visit: read it with expect.poll). */
async function balance(page: Page): Promise<number> {
  await page.getByTestId('nav-wallet').click()
  const figure = page.getByTestId('wallet-balance')
  await expect(figure).toBeVisible({ timeout: 15_000 })
  return Number(await figure.getAttribute('data-points'))
}

async function openOffers(page: Page): Promise<void> {
  await page.getByTestId('nav-offers').click()
  await expect(page.getByTestId('offer-card').first()).toBeVisible({ timeout: 15_000 })
}

const card = (page: Page, offerId: number): Locator => page.locator(`[data-testid="offer-card"][data-offer-id="${offerId}"]`)

async function openDialog(page: Page, offerId: number): Promise<Locator> {
  await card(page, offerId).getByTestId('offer-buy').click()
  const dialog = page.getByTestId('purchase-dialog')
  await expect(dialog).toBeVisible()
  return dialog
}

const millimes = async (locator: Locator) => Number(await locator.getAttribute('data-millimes'))

test('each purchase-dialog variant, in French, light', async () => {
  test.setTimeout(90_000)
  app = await launchApp({ apiUrl: api!.url })
  const { page } = app
  await signIn(page, demo.student)
  await openOffers(page)
  // By position: Gratuit, Darsi Mobile, Standard, Excellent, Top 50, Silver+, Gold, Optimum, the packs.
  await expect(page.getByTestId('offer-card')).toHaveCount(11)
  expect(
    await page.getByTestId('offer-card').evaluateAll((cards) => cards.map((element) => Number(element.getAttribute('data-offer-id'))))
  ).toEqual([83, 33, 102, 127, 122, 107, 112, 80, 84, 115, 119])
  await expect(card(page, 112).getByTestId('offer-price')).toHaveText('45 Dt / mois')
  await expect(page.getByTestId('moved-content-notice')).toHaveCount(0)
  await app.screenshot('offers-fr-light')
  await expectNoSeriousViolations(page)

  // Par mois: 3 months and more are multi-month.
  let dialog = await openDialog(page, 112)
  await expect(dialog.getByTestId('price-total')).toHaveText('45 Dt')
  await dialog.getByTestId('months-select').selectOption('3')
  await expect(dialog.getByTestId('multi-month')).toBeVisible()
  await expect(dialog.getByTestId('price-total')).toHaveText('135 Dt')
  await app.screenshot('purchase-month-fr-light')
  await expectDialogClean(page)
  // Reste de l'année: the school year's price for the days left.
  await dialog.getByTestId('period-rest_of_year').click()
  await expect(dialog.getByTestId('multi-month')).toHaveCount(0)
  expect(await millimes(dialog.getByTestId('price-total'))).toBeLessThanOrEqual(290_000)
  await app.screenshot('purchase-rest-of-year-fr-light')
  await dialog.getByTestId('purchase-cancel').click()

  // Par jour: 1 or 7 days at the bac rates.
  dialog = await openDialog(page, 33)
  await expect(dialog.getByTestId('price-total')).toHaveText('2,3 Dt')
  await dialog.getByTestId('days-7').click()
  await expect(dialog.getByTestId('price-total')).toHaveText('17,25 Dt')
  await app.screenshot('purchase-day-fr-light')
  await dialog.getByTestId('purchase-cancel').click()

  // Offer 102: no period selector, its Finalprice under the crossed-out Baseprice.
  dialog = await openDialog(page, 102)
  await expect(dialog.getByTestId('period-single')).toBeVisible()
  await expect(dialog.getByTestId('price-list')).toHaveText('150 Dt')
  await expect(dialog.getByTestId('price-total')).toHaveText('120 Dt')
  await app.screenshot('purchase-fixed-fr-light')
  await dialog.getByTestId('purchase-cancel').click()

  // Optimum in three instalments: the slice to pay now, or the whole price.
  dialog = await openDialog(page, 80)
  await expect(dialog.getByTestId('price-due-now')).toBeVisible()
  const total = await millimes(dialog.getByTestId('price-total'))
  expect(await millimes(dialog.getByTestId('price-due-now'))).toBe(Math.floor(total / 3) + (total % 3 > 0 ? 1 : 0))
  await app.screenshot('purchase-slices-fr-light')
  await dialog.getByTestId('pay-whole').click()
  await expect(dialog.getByTestId('price-due-now')).toHaveCount(0)
  await dialog.getByTestId('purchase-cancel').click()

  // A pack: nothing chosen yet, then its subjects.
  dialog = await openDialog(page, 119)
  await expect(dialog.getByTestId('price-refusal')).toHaveText('Choisissez au moins une matière')
  await expect(dialog.getByTestId('purchase-next')).toBeDisabled()
  await dialog.getByTestId('subjects-all').click()
  await expect(dialog.getByTestId('price-pack')).toBeVisible()
  await app.screenshot('purchase-pack-fr-light')
  await expectDialogClean(page)
})

test('a monthly offer bought with points: the balance down by its price, a locked Français lesson now plays', async () => {
  test.setTimeout(120_000)
  app = await launchApp({ apiUrl: api!.url })
  const { page } = app
  await signIn(page, demo.student)
  const before = await balance(page)
  // Français is not in the pupil's offer: the first lesson of its second chapter is locked.
  await openChapter(page, 'Français', 1)
  await expect(page.getByTestId('lesson-locked')).toBeVisible({ timeout: 15_000 })
  await expect(page.getByTestId('lesson-video')).toHaveCount(0)

  await openOffers(page)
  const dialog = await openDialog(page, 112)
  await expect(dialog.getByTestId('price-total')).toHaveText('45 Dt')
  await dialog.getByTestId('purchase-next').click()
  await expect(dialog).toHaveAttribute('data-step', 'confirm')
  await expect(dialog.getByTestId('purchase-confirm-text')).toContainText('45 points seront pris de votre porte-monnaie pour Gold')
  await app.screenshot('purchase-confirm-fr-light')
  await dialog.getByTestId('purchase-confirm').click()
  await expect.poll(() => pathname(page), { timeout: 15_000 }).toBe('/subjects')
  await expect(page.getByTestId('snackbar').filter({ hasText: 'Abonnement activé' })).toBeVisible()

  await expect.poll(() => balance(page), { timeout: 15_000 }).toBe(Math.round((before - 45) * 1000) / 1000)
  await openChapter(page, 'Français', 1)
  await expect(page.getByTestId('lesson-video')).toBeVisible({ timeout: 15_000 })
  await expect(page.getByTestId('lesson-locked')).toHaveCount(0)
})

test('a pack of three subjects shows and charges its discount; a coupon applied, then removed', async () => {
  test.setTimeout(90_000)
  app = await launchApp({ apiUrl: api!.url })
  const { page } = app
  await signIn(page, demo.student)
  const before = await balance(page)
  await openOffers(page)
  // Pack 115 in the pupil's class: exactly three subjects at 30 Dt, 25 % when all three are chosen.
  const dialog = await openDialog(page, 115)
  await expect(dialog.getByTestId('pack-subject')).toHaveCount(3)
  await dialog.getByTestId('pack-subject').nth(0).click()
  await dialog.getByTestId('pack-subject').nth(1).click()
  await expect(dialog.getByTestId('price-pack')).toHaveAttribute('data-millimes', '6000')
  await dialog.getByTestId('subjects-all').click()
  await expect(dialog.getByTestId('price-base')).toHaveText('90 Dt')
  await expect(dialog.getByTestId('price-pack')).toHaveAttribute('data-millimes', '22500')
  await expect(dialog.getByTestId('price-pack')).toContainText('-22,5')
  await expect(dialog.getByTestId('price-total')).toHaveText('67,5 Dt')

  // A coupon: checked by the server, 10 % off, the field closed; then removed.
  await dialog.getByTestId('code-input').fill('bienvenue10')
  await dialog.getByTestId('code-apply').click()
  await expect(dialog.getByTestId('code-message')).toHaveAttribute('data-intent', 'success')
  await expect(dialog.getByTestId('price-code')).toHaveAttribute('data-millimes', '6750')
  await expect(dialog.getByTestId('price-code')).toContainText('-6,75')
  await expect(dialog.getByTestId('price-total')).toHaveText('60,75 Dt')
  await expect(dialog.getByTestId('code-input')).toBeDisabled()
  await app.screenshot('purchase-pack-coupon-fr-light')
  await dialog.getByTestId('code-remove').click()
  await expect(dialog.getByTestId('price-code')).toHaveCount(0)
  await expect(dialog.getByTestId('code-input')).toBeEnabled()
  await expect(dialog.getByTestId('price-total')).toHaveText('67,5 Dt')

  await dialog.getByTestId('purchase-next').click()
  await dialog.getByTestId('purchase-confirm').click()
  await expect.poll(() => pathname(page), { timeout: 15_000 }).toBe('/subjects')
  await expect.poll(() => balance(page), { timeout: 15_000 }).toBe(Math.round((before - 67.5) * 1000) / 1000)
})

test('not enough points: the wallet, with the points missing', async () => {
  test.setTimeout(90_000)
  app = await launchApp({ apiUrl: api!.url })
  const { page } = app
  await signIn(page, demo.student)
  const points = await balance(page)
  await openOffers(page)
  // Twelve months of Gold: 540 Dt, more than the pupil holds.
  const dialog = await openDialog(page, 112)
  await dialog.getByTestId('months-select').selectOption('12')
  await expect(dialog.getByTestId('price-total')).toHaveText('540 Dt')
  await dialog.getByTestId('purchase-next').click()
  await dialog.getByTestId('purchase-confirm').click()
  await expect.poll(() => pathname(page), { timeout: 15_000 }).toBe('/porte-monnaie')
  const missing = Math.round((540 - points) * 1000) / 1000
  await expect(page.getByTestId('wallet-missing-points')).toHaveAttribute('data-points', String(missing))
  await expect(page.getByTestId('wallet-missing-points')).toContainText(`Il vous manque ${String(missing).replace('.', ',')} points`)
  await expect(page.getByTestId('topup-amount')).toHaveValue(String(missing))
  await expect(page.getByTestId('wallet-balance')).toHaveAttribute('data-points', String(points))
  await page.getByTestId('wallet-missing-points').scrollIntoViewIfNeeded()
  await app.screenshot('offers-missing-points-fr-light')
})

test('in Arabic, dark, at 599 px: the offers, the dialog, a daily plan to the operator step', async () => {
  test.setTimeout(90_000)
  app = await launchApp({ apiUrl: api!.url, locale: 'ar', colorScheme: 'dark' })
  const { page } = app
  await signIn(page, demo.student)
  const before = await balance(page)
  await openOffers(page)
  await page.setViewportSize({ width: 599, height: 900 })
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
  await expect(card(page, 112).getByTestId('offer-price')).toHaveText('45 د.ت / الشهر')
  await app.screenshot('offers-ar-dark-599')
  await expectNoSeriousViolations(page)
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(599)

  let dialog = await openDialog(page, 115)
  await dialog.getByTestId('subjects-all').click()
  await expect(dialog.getByTestId('price-total')).toHaveText('67,5 د.ت')
  await app.screenshot('purchase-pack-ar-dark-599')
  await expectDialogClean(page)
  await dialog.getByTestId('purchase-cancel').click()

  dialog = await openDialog(page, 112)
  await dialog.getByTestId('months-select').selectOption('3')
  await expect(dialog.getByTestId('multi-month')).toHaveText('عدّة أشهر')
  await app.screenshot('purchase-month-ar-dark-599')
  await dialog.getByTestId('purchase-cancel').click()

  dialog = await openDialog(page, 80)
  await app.screenshot('purchase-slices-ar-dark-599')
  await dialog.getByTestId('purchase-cancel').click()

  dialog = await openDialog(page, 102)
  await app.screenshot('purchase-fixed-ar-dark-599')
  await dialog.getByTestId('purchase-cancel').click()

  // A day of Darsi Mobile at the bac rate, 2.3 Dt.
  dialog = await openDialog(page, 33)
  await expect(dialog.getByTestId('price-total')).toHaveText('2,3 د.ت')
  await app.screenshot('purchase-day-ar-dark-599')
  await expectDialogClean(page)
  // Per day, the operator's step follows (decision 0046): the phone billed, then the operator's page.
  await dialog.getByTestId('purchase-next').click()
  await expect(dialog).toHaveAttribute('data-step', 'operator')
  await app.screenshot('purchase-operator-ar-dark-599')
  await expectDialogClean(page)
  await dialog.getByTestId('purchase-cancel').click()
  // Nothing is taken from the points.
  await page.setViewportSize({ width: 1280, height: 800 })
  await expect.poll(() => balance(page), { timeout: 15_000 }).toBe(before)
})

/** The session's access token, from the main process (the API is asked with it directly). */
async function sessionToken(page: Page): Promise<string> {
  const result = await page.evaluate(() =>
    (window as unknown as { darsi: { sessionGet(): Promise<{ data: { token: string } | null }> } }).darsi.sessionGet()
  )
  return result.data!.token
}

async function tokensOf(token: string): Promise<number> {
  const response = await fetch(`${api!.url}/api/auth/me`, { headers: { authorization: `Bearer ${token}` } })
  return ((await response.json()) as { user: { gift_point: number } }).user.gift_point
}

test("a CP code gives 5 % and the referrer's tokens rise after the purchase", async () => {
  test.setTimeout(120_000)
  // The referrer: the demo pupil, whose referral code is CPSAMI26 (docs/demo-accounts.md).
  app = await launchApp({ apiUrl: api!.url })
  await signIn(app.page, demo.student)
  await expect(app.page.getByTestId('nav-offers')).toBeVisible({ timeout: 15_000 })
  const referrer = await sessionToken(app.page)
  const before = await tokensOf(referrer)
  await app.close()

  // The friend buys one subject of pack 115 (30 Dt) with the code: 5 % off, 28.5 Dt paid.
  app = await launchApp({ apiUrl: api!.url })
  const { page } = app
  await signIn(page, 'lina.haddad@demo.darsi.tn')
  const points = await balance(page)
  await openOffers(page)
  const dialog = await openDialog(page, 115)
  await dialog.getByTestId('pack-subject').nth(0).click()
  await expect(dialog.getByTestId('price-total')).toHaveText('30 Dt')
  await dialog.getByTestId('code-input').fill('cpsami26')
  await dialog.getByTestId('code-apply').click()
  await expect(dialog.getByTestId('code-message')).toHaveAttribute('data-intent', 'success')
  await expect(dialog.getByTestId('price-code')).toHaveAttribute('data-millimes', '1500')
  await expect(dialog.getByTestId('price-total')).toHaveText('28,5 Dt')
  await app.screenshot('purchase-referral-fr-light')
  await dialog.getByTestId('purchase-next').click()
  await dialog.getByTestId('purchase-confirm').click()
  await expect.poll(() => pathname(page), { timeout: 15_000 }).toBe('/subjects')
  await expect.poll(() => balance(page), { timeout: 15_000 }).toBe(Math.round((points - 28.5) * 1000) / 1000)

  // The referrer earns 5 % of the 28 500 millimes paid: 1 425 tokens (1 token = 1 millime).
  await expect.poll(() => tokensOf(referrer), { timeout: 15_000 }).toBe(before + 1425)
})

/** The cancellation dialog's two buttons on one row, each label on one line (one button's height). */
async function expectButtonsSideBySide(dialog: Locator): Promise<void> {
  const buttons = [dialog.getByTestId('subscription-cancel-keep'), dialog.getByTestId('subscription-cancel-confirm')]
  const [keep, confirm] = [(await buttons[0]!.boundingBox())!, (await buttons[1]!.boundingBox())!]
  expect(Math.abs(keep.y - confirm.y)).toBeLessThan(2)
  expect(
    [keep.height, confirm.height].every((height) => height <= 40),
    `heights ${keep.height} and ${confirm.height}`
  ).toBe(true)
}

test('the cancellation dialog in Arabic, dark, at 599 px: its buttons side by side, kept without cancelling', async () => {
  test.setTimeout(90_000)
  app = await launchApp({ apiUrl: api!.url, locale: 'ar', colorScheme: 'dark' })
  const { page } = app
  await signIn(page, 'lina.haddad@demo.darsi.tn')
  await page.setViewportSize({ width: 599, height: 900 })
  await page.getByTestId('user-menu').click()
  await page.getByRole('menuitem', { name: 'السجلّ' }).click()
  await expect(page.getByTestId('history-page')).toBeVisible()
  const row = page.getByTestId('history-subscriptions-table-row').first()
  await expect(row.getByTestId('subscription-cancel')).toBeVisible({ timeout: 15_000 })
  await row.getByTestId('subscription-cancel').click()
  const dialog = page.getByTestId('subscription-cancel-dialog')
  await expect(dialog).toBeVisible()
  await app.screenshot('subscription-cancel-ar-dark-599')
  await expectDialogClean(page, 'subscription-cancel-dialog')
  await expectButtonsSideBySide(dialog)
  await dialog.getByTestId('subscription-cancel-keep').click()
  await expect(dialog).toHaveCount(0)
  await expect(row.getByTestId('subscription-cancel')).toBeVisible()
})

test('a subscription cancelled from the history: confirmed, shown cancelled, its access kept to its end', async () => {
  test.setTimeout(90_000)
  // The friend of the previous journey holds the month of pack 115 she bought.
  app = await launchApp({ apiUrl: api!.url })
  const { page } = app
  await signIn(page, 'lina.haddad@demo.darsi.tn')
  await page.getByTestId('user-menu').click()
  await page.getByRole('menuitem', { name: 'Historique' }).click()
  await expect(page.getByTestId('history-page')).toBeVisible()
  const row = page.getByTestId('history-subscriptions-table-row').first()
  await expect(row.getByTestId('subscription-cancel')).toBeVisible({ timeout: 15_000 })
  await row.getByTestId('subscription-cancel').click()
  const dialog = page.getByTestId('subscription-cancel-dialog')
  await expect(dialog).toContainText('ne sera pas renouvelé. Vous gardez l’accès jusqu’au')
  await app.screenshot('subscription-cancel-fr-light')
  await page.setViewportSize({ width: 599, height: 900 })
  await app.screenshot('subscription-cancel-fr-light-599')
  await expectButtonsSideBySide(dialog)
  await dialog.getByTestId('subscription-cancel-confirm').click()
  await expect(dialog).toHaveCount(0)
  await expect(row.getByTestId('subscription-cancelled')).toHaveText('Résilié')
  await expect(row.getByTestId('subscription-cancel')).toHaveCount(0)

  // Its dates are kept: the pupil's offers still hold it to the end of the paid month.
  const response = await fetch(`${api!.url}/api/auth/me`, { headers: { authorization: `Bearer ${await sessionToken(page)}` } })
  const offers = ((await response.json()) as { user: { offers: Array<{ group_id: number; end_date: string }> } }).user.offers
  const today = new Date().toISOString().slice(0, 10)
  expect(offers.filter((offer) => offer.group_id === 115 && offer.end_date > today)).toHaveLength(1)
})
