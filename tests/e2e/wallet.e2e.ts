/**
 * The points wallet and the history (issue 7), driven as a pupil would: top-ups by bank transfer
 * (approved with the operator CLI), by card (the sandbox gateway, then the darsi:// return) and by
 * D17 (the sandbox wallet, found by polling), point transfers confirmed with the code from the
 * outbox, in French and in Arabic.
 */
import { expect, test, type Page } from '@playwright/test'
import { launchApp, type AppHandle } from './harness.ts'
import { admin as runAdmin, demo, signIn, useOperatorKey } from './helpers.ts'

const OPERATOR_KEY = useOperatorKey()

let app: AppHandle | undefined
test.afterEach(async () => {
  await app?.close()
  app = undefined
})

const LINA = 'lina.haddad@demo.darsi.tn'
const pathname = (page: Page) => new URL(page.url()).pathname

const admin = (apiUrl: string, ...args: string[]) => runAdmin(apiUrl, OPERATOR_KEY, ...args)

async function openWallet(page: Page): Promise<void> {
  await page.getByTestId('nav-wallet').click()
  await expect(page.getByTestId('wallet-page')).toBeVisible()
  expect(pathname(page)).toBe('/porte-monnaie')
}

/** Signs the demo pupil in and opens his wallet. */
async function signInToWallet(page: Page): Promise<void> {
  await signIn(page, demo.student)
  await openWallet(page)
}

async function expectBalance(page: Page, points: number): Promise<void> {
  await expect(page.getByTestId('wallet-balance')).toHaveAttribute('data-points', String(points), { timeout: 15_000 })
}

/** The newest code the API sent to this phone or address. */
async function latestCode(handle: AppHandle, to: string, after = 0): Promise<string> {
  let code: string | null = null
  await expect
    .poll(async () => {
      const entries = (await handle.outbox(to)).filter((entry) => entry.code)
      code = entries.length > after ? (entries[0]?.code ?? null) : null
      return code
    })
    .not.toBeNull()
  return code!
}

test('bank transfer: validation, declared with its reference, approved by the operator, balance up', async () => {
  app = await launchApp()
  const { page } = app
  await signInToWallet(page)
  await expectBalance(page, 150)
  await expect(page.getByTestId('wallet-bank-account')).toHaveCount(3)

  // Every bad input gets its message; nothing typed is lost.
  await page.getByTestId('topup-submit').click()
  await expect(page.getByText('Saisissez le montant demandé en dinars (1pt = 1DT)')).toBeVisible()
  await expect(page.getByText('La référence du virement est requise')).toBeVisible()
  await page.getByTestId('topup-amount').fill('10000')
  await page.getByTestId('topup-reference').fill('VIR 2026')
  await page.getByTestId('topup-submit').click()
  await expect(page.getByText('Saisissez le montant demandé en dinars (1pt = 1DT)')).toBeVisible()
  await expect(page.getByText('La référence ne doit pas contenir d’espaces')).toBeVisible()
  await expect(page.getByTestId('topup-reference')).toHaveValue('VIR 2026')

  await page.getByTestId('topup-amount').fill('40')
  await page.getByTestId('topup-reference').fill('VIR-2026-001')
  await page.getByTestId('topup-submit').click()
  await expect(page.getByTestId('topup-notice')).toContainText('VIR-2026-001')
  const row = page.getByTestId('points-history-row').filter({ hasText: 'VIR-2026-001' })
  await expect(row).toContainText('En attente')
  await expect(row).toContainText('40 Dt')

  const pending = JSON.parse(await admin(app.apiUrl, 'payments', 'pending')) as { id: number; reference: string | null }[]
  const payment = pending.find((entry) => entry.reference === 'VIR-2026-001')
  expect(payment).toBeDefined()
  expect(await admin(app.apiUrl, 'payment', 'approve', String(payment!.id))).toContain('40 points')

  await page.getByTestId('wallet-refresh').click()
  await expectBalance(page, 190)
  await expect(row).toContainText('Validé')
  await app.screenshot('wallet-fr')
  await page.getByTestId('points-history').scrollIntoViewIfNeeded()
  await app.screenshot('wallet-history-fr')
})

test('card payment: gateway in the system browser, return link fed twice, credited once', async () => {
  app = await launchApp()
  const { page, mainHost } = app
  await signInToWallet(page)
  await expectBalance(page, 150)

  await page.getByTestId('topup-method-online').click()
  await expect(page.getByTestId('topup-reference')).toHaveCount(0)
  await page.getByTestId('topup-amount').fill('25')
  await page.getByTestId('topup-submit').click()
  await expect(page.getByTestId('online-waiting')).toBeVisible()
  await expect.poll(() => mainHost.openedExternal.length).toBe(1)
  const gatewayUrl = mainHost.openedExternal[0]!
  expect(gatewayUrl.startsWith(`${app.apiUrl}/sandbox/pay/`)).toBe(true)

  // The system browser: pay on the sandbox page; it hands back a darsi://payment/success link.
  const browser = await page.context().newPage()
  await browser.goto(gatewayUrl)
  const answer = browser.waitForResponse((response) => response.request().method() === 'POST')
  await browser.getByRole('button', { name: 'Payer', exact: true }).click()
  const returnLink = (await answer).headers()['location']!
  expect(returnLink).toMatch(/^darsi:\/\/payment\/success\?orderId=/)
  await browser.close()

  await app.deepLink(returnLink)
  await expect(page.getByTestId('payment-result-title')).toHaveText('Abonnement activé', { timeout: 15_000 })
  await app.screenshot('payment-result-fr')
  await expect(page.getByTestId('online-waiting')).toHaveCount(0)
  await expectBalance(page, 175)
  // The same link again: same answer, nothing credited twice.
  await app.deepLink(returnLink)
  await page.getByTestId('payment-result-close').click()
  await expect.poll(() => pathname(page)).toBe('/offres')
  await openWallet(page)
  await expectBalance(page, 175)
  await expect(page.getByTestId('payment-result-dialog')).toHaveCount(0)
})

test('card payment refused: the failure dialog, then back on the wallet', async () => {
  app = await launchApp()
  const { page, mainHost } = app
  await signInToWallet(page)
  await page.getByTestId('topup-method-online').click()
  await page.getByTestId('topup-amount').fill('12')
  await page.getByTestId('topup-submit').click()
  await expect.poll(() => mainHost.openedExternal.length).toBe(1)
  const browser = await page.context().newPage()
  await browser.goto(mainHost.openedExternal[0]!)
  const answer = browser.waitForResponse((response) => response.request().method() === 'POST')
  await browser.getByRole('button', { name: 'Simuler un échec' }).click()
  const returnLink = (await answer).headers()['location']!
  expect(returnLink).toMatch(/^darsi:\/\/payment\/echec\?orderId=/)
  await browser.close()

  await app.deepLink(returnLink)
  await expect(page.getByTestId('payment-result-title')).toHaveText('Une erreur est survenue', { timeout: 15_000 })
  await expect(page.getByTestId('payment-result-detail')).toHaveText('La transaction n’a pas pu aboutir, veuillez réessayer plus tard')
  await page.getByTestId('payment-result-close').click()
  expect(pathname(page)).toBe('/porte-monnaie')
  await expectBalance(page, 150)
  await expect(page.getByTestId('points-history-row').first()).toContainText('Échoué')
})

test('D17: QR code shown, paid in the sandbox wallet, found by polling', async () => {
  app = await launchApp()
  const { page } = app
  await signInToWallet(page)
  await page.getByTestId('topup-method-d17').click()
  await page.getByTestId('topup-amount').fill('30')
  await page.getByTestId('topup-submit').click()
  const dialog = page.getByTestId('d17-dialog')
  await expect(dialog).toBeVisible()
  await expect(dialog.locator('svg[role="img"]')).toBeVisible()
  await expect(page.getByTestId('d17-status')).toHaveAttribute('data-status', 'pending')
  await app.screenshot('d17-fr')

  // A check before paying says so.
  await page.getByTestId('d17-check').click()
  await expect(page.getByText('Le paiement n’a pas encore été reçu.')).toBeVisible()

  const payload = (await page.getByTestId('d17-qr').getAttribute('data-payload'))!
  expect(payload.startsWith(`${app.apiUrl}/sandbox/d17/`)).toBe(true)
  const phone = await page.context().newPage()
  await phone.goto(payload)
  await phone.getByRole('button', { name: 'Payer avec D17' }).click()
  await expect(phone.getByRole('heading', { name: 'Paiement effectué' })).toBeVisible()
  await phone.close()

  // Nobody clicks: the dialog's own polling finds the payment.
  await expect(page.getByTestId('d17-status')).toHaveAttribute('data-status', 'paid', { timeout: 15_000 })
  await expectBalance(page, 180)
  await page.getByTestId('d17-close').click()
  await expect(dialog).toHaveCount(0)
})

test('transfer: required fields, 10 to 5000, code from the outbox, balances moved', async () => {
  app = await launchApp()
  const { page } = app
  await signInToWallet(page)
  await expectBalance(page, 150)

  await page.getByTestId('wallet-transfer-open').click()
  const dialog = page.getByTestId('transfer-dialog')
  await expect(dialog).toBeVisible()
  await page.getByTestId('transfer-submit').click()
  await expect(dialog.getByTestId('transfer-error')).toHaveText('Remplir les champs')

  await page.getByTestId('transfer-to-user').fill(LINA)
  await page.getByTestId('transfer-points').fill('5001')
  await page.getByTestId('transfer-submit').click()
  await expect(dialog.getByText('Veuillez entrer un montant entre 10 et 5000')).toBeVisible()
  await expect(page.getByTestId('transfer-to-user')).toHaveValue(LINA)
  await app.screenshot('transfer-fr')

  await page.getByTestId('transfer-points').fill('10')
  await page.getByTestId('transfer-submit').click()
  await expect(dialog).toHaveAttribute('data-step', 'code', { timeout: 15_000 })
  await expectBalance(page, 140)
  await expect(page.getByTestId('wallet-held')).toHaveText('Réservé par un transfert en attente de confirmation : 10 points')
  await expect(dialog).toContainText('confirmer le transfert de 10 points à \u2068Lina Haddad\u2069.')

  // A wrong code is refused on its field; the resent code works.
  await page.getByTestId('transfer-code').fill('ZZZZZZ')
  await page.getByTestId('transfer-confirm').click()
  await expect(dialog.getByText('Code de confirmation invalide ou expiré')).toBeVisible()
  const sent = (await app.outbox(demo.student)).filter((entry) => entry.code).length
  await page.getByTestId('transfer-resend').click()
  await expect(page.getByTestId('transfer-notice')).toHaveText('Un nouveau code vous a été envoyé.')
  await page.getByTestId('transfer-code').fill(await latestCode(app, demo.student, sent))
  await page.getByTestId('transfer-confirm').click()
  await expect(page.getByTestId('transfer-done')).toContainText('Transfert de 10 points à \u2068Lina Haddad\u2069 confirmé.')
  await page.getByTestId('transfer-close').click()
  await expectBalance(page, 140)
  await expect(page.getByTestId('wallet-held')).toHaveCount(0)

  // The history lists the confirmed transfer.
  await page.getByTestId('user-menu').click()
  await page.getByRole('menuitem', { name: 'Historique' }).click()
  await expect(page.getByTestId('history-page')).toBeVisible()
  const transferRow = page.getByTestId('history-transfers-table-row').first()
  await expect(transferRow).toContainText('Lina Haddad')
  await expect(transferRow).toContainText('Confirmé')
  await expect(page.getByTestId('history-subscriptions-table-row')).not.toHaveCount(0)
  await expect(page.getByTestId('history-bookmarks-table-empty')).toHaveText('Aucun historique')
  await app.screenshot('history-fr')

  // The recipient's wallet: 40 + 10.
  await page.getByTestId('user-menu').click()
  await page.getByTestId('user-menu-logout').click()
  await expect(page.getByTestId('login-page')).toBeVisible()
  await signIn(page, LINA)
  await openWallet(page)
  await expectBalance(page, 50)
})

test('Arabic: the wallet right to left, its messages and dialogs in Arabic', async () => {
  app = await launchApp({ locale: 'ar' })
  const { page } = app
  await signInToWallet(page)
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
  await expect(page.getByRole('heading', { level: 1, name: 'المحفظة' })).toBeVisible()
  await expectBalance(page, 150)
  await expect(page.getByTestId('wallet-balance')).toContainText('نقطة')

  await page.getByTestId('topup-submit').click()
  await expect(page.getByText('أدخل المبلغ المطلوب بالدينار (نقطة واحدة = دينار واحد)')).toBeVisible()
  await page.getByTestId('topup-amount').fill('15')
  await page.getByTestId('topup-reference').fill('VIR-AR-1')
  await page.getByTestId('topup-submit').click()
  const row = page.getByTestId('points-history-row').filter({ hasText: 'VIR-AR-1' })
  await expect(row).toContainText('قيد الانتظار')
  await expect(row).toContainText('15 د.ت')
  await app.screenshot('wallet-ar')

  // A refusal the server words in French reads in Arabic: the app words it by its code, and
  // what the pupil typed stays in the form.
  await page.route('**/student/codes', (route) =>
    route.fulfill({
      status: 422,
      contentType: 'application/json',
      body: JSON.stringify({ code: 'validation_failed', message: 'Requête invalide' })
    })
  )
  await page.getByTestId('topup-amount').fill('16')
  await page.getByTestId('topup-reference').fill('VIR-AR-2')
  await page.getByTestId('topup-submit').click()
  await expect(page.getByTestId('topup-error')).toHaveText('بعض المعلومات المُرسَلة غير صالحة')
  await expect(page.getByTestId('topup-amount')).toHaveValue('16')
  await expect(page.getByTestId('topup-reference')).toHaveValue('VIR-AR-2')
  await app.screenshot('wallet-refused-ar')
  await page.unroute('**/student/codes')

  await page.getByTestId('wallet-transfer-open').click()
  const dialog = page.getByTestId('transfer-dialog')
  await page.getByTestId('transfer-submit').click()
  await expect(dialog.getByTestId('transfer-error')).toHaveText('املأ الحقول')
  await page.getByTestId('transfer-to-user').fill(LINA)
  await page.getByTestId('transfer-points').fill('5001')
  await page.getByTestId('transfer-submit').click()
  await expect(dialog.getByText('يرجى إدخال مبلغ بين 10 و5000')).toBeVisible()
  await app.screenshot('transfer-ar')
  await page.getByTestId('transfer-cancel').click()

  await page.getByTestId('user-menu').click()
  await page.getByRole('menuitem', { name: 'السجلّ' }).click()
  await expect(page.getByTestId('history-page')).toBeVisible()
  await expect(page.getByRole('heading', { level: 1, name: 'السجل' })).toBeVisible()
  await expect(page.getByTestId('history-subscriptions-table-row')).not.toHaveCount(0)
  await expect(page.getByTestId('history-transfers-table-empty')).toHaveText('لا يوجد سجل')
  await app.screenshot('history-ar')

  // A 599-px-wide window: the same screen, nothing cut off.
  await page.setViewportSize({ width: 599, height: 900 })
  await page.goBack()
  await expect(page.getByTestId('wallet-page')).toBeVisible()
  await expectBalance(page, 150)
  const overflow = await page.getByTestId('wallet-page').evaluate((element) => element.scrollWidth - element.clientWidth)
  expect(overflow).toBeLessThanOrEqual(0)
  await app.screenshot('wallet-ar-599')
})

/** The same digits as an Arabic keyboard types them (٠–٩). */
const arabicIndic = (text: string) => text.replace(/\d/g, (digit) => String.fromCharCode(0x0660 + Number(digit)))

test('Arabic: a transfer typed in Arabic-Indic digits, its code pasted with its space, is confirmed', async () => {
  app = await launchApp({ locale: 'ar' })
  const { page } = app
  await signInToWallet(page)
  await expectBalance(page, 150)

  await page.getByTestId('wallet-transfer-open').click()
  const dialog = page.getByTestId('transfer-dialog')
  await page.getByTestId('transfer-to-user').fill(LINA)
  await page.getByTestId('transfer-points').pressSequentially('١٠٫٥')
  await expect(page.getByTestId('transfer-points')).toHaveValue('10.5')
  await page.getByTestId('transfer-submit').click()
  await expect(dialog.getByText('يجب أن يكون المبلغ عددًا صحيحًا من النقاط')).toBeVisible()
  await page.getByTestId('transfer-points').fill('')
  await page.getByTestId('transfer-points').pressSequentially('١٠')
  await expect(page.getByTestId('transfer-points')).toHaveValue('10')
  await page.getByTestId('transfer-submit').click()
  await expect(dialog).toHaveAttribute('data-step', 'code', { timeout: 15_000 })
  await expectBalance(page, 140)

  // The code as the SMS groups it, in the pupil's digits, pasted in one go.
  const code = await latestCode(app, demo.student)
  await page.getByTestId('transfer-code').focus()
  await page.keyboard.insertText(`${arabicIndic(code.slice(0, 3))} ${arabicIndic(code.slice(3))}`)
  await expect(page.getByTestId('transfer-code')).toHaveValue(`${code.slice(0, 3)} ${code.slice(3)}`)
  await app.screenshot('transfer-code-pasted-ar')
  await page.getByTestId('transfer-confirm').click()
  await expect(page.getByTestId('transfer-done')).toBeVisible({ timeout: 15_000 })
  await page.getByTestId('transfer-close').click()
  await expectBalance(page, 140)
  await expect(page.getByTestId('wallet-held')).toHaveCount(0)
})

test('a long points history is paged and virtualized: 100 rows per page, far fewer in the DOM', async () => {
  app = await launchApp()
  const { page } = app
  await signIn(page, demo.student)
  const session = await page.evaluate(() =>
    (window as unknown as { darsi: { sessionGet(): Promise<{ data: { token: string } }> } }).darsi.sessionGet()
  )
  // 120 bank-transfer declarations, made straight through the API.
  for (let index = 0; index < 120; index++) {
    const response = await fetch(`${app.apiUrl}/api/student/codes`, {
      method: 'POST',
      headers: { authorization: `Bearer ${session.data.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ amount: 5, reference: `LOT-${index}`, paymentMethod: 'transfer' })
    })
    expect(response.status).toBe(201)
  }
  await openWallet(page)
  await expect(page.getByTestId('points-history-range')).toHaveText('1–10 sur 120')
  await page.getByTestId('points-history-page-size').click()
  await page.getByRole('option', { name: '100' }).click()
  await expect(page.getByTestId('points-history-range')).toHaveText('1–100 sur 120')
  const inDom = await page.getByTestId('points-history-row').count()
  expect(inDom).toBeGreaterThan(5)
  expect(inDom).toBeLessThanOrEqual(60)
  await page.getByTestId('points-history-next').click()
  await expect(page.getByTestId('points-history-range')).toHaveText('101–120 sur 120')
  await expect(page.getByTestId('points-history-row').first()).toContainText('LOT-19')
})

test('an administrator impersonating the pupil: the transfer carries the admin id (§6)', async () => {
  app = await launchApp()
  const { page } = app
  const link = await admin(app.apiUrl, 'impersonation-link', '1')
  const adminId = Number(new URL(link).searchParams.get('adminId'))
  await app.deepLink(link)
  await expect(page.getByTestId('nav-wallet')).toBeVisible({ timeout: 20_000 })
  await openWallet(page)
  await expectBalance(page, 150)

  await page.getByTestId('wallet-transfer-open').click()
  await page.getByTestId('transfer-to-user').fill(LINA)
  await page.getByTestId('transfer-points').fill('10')
  await page.getByTestId('transfer-submit').click()
  await expect(page.getByTestId('transfer-dialog')).toHaveAttribute('data-step', 'code', { timeout: 15_000 })

  const session = await page.evaluate(() =>
    (window as unknown as { darsi: { sessionGet(): Promise<{ data: { token: string; adminUserId?: number } }> } }).darsi.sessionGet()
  )
  expect(session.data.adminUserId).toBe(adminId)
  const history = await fetch(`${app.apiUrl}/api/student/transfer-points-history`, {
    headers: { authorization: `Bearer ${session.data.token}` }
  })
  const [created] = (await history.json()) as { admin_id: number | null; points: number }[]
  expect(created).toMatchObject({ admin_id: adminId, points: 10 })
})
