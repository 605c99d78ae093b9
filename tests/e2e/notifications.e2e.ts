/**
 * Notifications, messages, popups and search (issue 6), driven as a pupil would while an
 * operator sends from the command line: a notification arrives live (count +1, a native
 * notification when the window is in the background), opening it marks it seen and follows its
 * link; the dropdown scrolls through three pages; a popup hidden for good stays hidden after a
 * restart; the search asks from 3 characters; and all of it once in Arabic.
 */
import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'
import { launchApp, type AppHandle } from './harness.ts'
import { admin as runAdmin, demo, signIn, switchLanguage, useOperatorKey } from './helpers.ts'

const OPERATOR_KEY = useOperatorKey()

let app: AppHandle | undefined
test.afterEach(async () => {
  await app?.close()
  app = undefined
})

const pathname = (page: Page) => new URL(page.url()).pathname

const admin = (apiUrl: string, ...args: string[]) => runAdmin(apiUrl, OPERATOR_KEY, ...args)

/** Many notifications at once, straight at the operator endpoint the CLI calls. */
async function notifyMany(apiUrl: string, to: string, n: number): Promise<void> {
  for (let i = 1; i <= n; i++) {
    const response = await fetch(`${apiUrl}/operator/notifications`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-operator-key': OPERATOR_KEY },
      body: JSON.stringify({ to, title: `Rappel ${i}`, body: `Rappel numéro ${i} de la semaine` })
    })
    expect(response.status).toBe(201)
  }
}

/** Many messages at once, straight at the operator endpoint the CLI calls. */
async function messageMany(apiUrl: string, to: string, n: number): Promise<void> {
  for (let i = 1; i <= n; i++) {
    const response = await fetch(`${apiUrl}/operator/messages`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-operator-key': OPERATOR_KEY },
      body: JSON.stringify({ to, name: `Message ${i}`, body: `Message numéro ${i}` })
    })
    expect(response.ok).toBe(true)
  }
}

/**
 * What cuts off part of the element: each ancestor that clips its overflow and does not hold the
 * element whole (named by its test id or tag), and the window.
 */
async function clippedBy(page: Page, testId: string): Promise<string[]> {
  return page.getByTestId(testId).evaluate((element) => {
    const box = element.getBoundingClientRect()
    const outside = (outer: { left: number; right: number; top: number; bottom: number }) =>
      box.left < outer.left - 0.5 || box.right > outer.right + 0.5 || box.top < outer.top - 0.5 || box.bottom > outer.bottom + 0.5
    const cut: string[] = []
    for (let node = element.parentElement; node; node = node.parentElement) {
      const style = getComputedStyle(node)
      if (style.overflowX === 'visible' && style.overflowY === 'visible') continue
      if (outside(node.getBoundingClientRect())) cut.push(node.getAttribute('data-testid') ?? node.tagName.toLowerCase())
    }
    if (outside({ left: 0, top: 0, right: window.innerWidth, bottom: window.innerHeight })) cut.push('window')
    return cut
  })
}

/** The bell's unread count (0 when the badge is not shown). */
async function bellCount(page: Page): Promise<number> {
  const badge = page.getByTestId('notification-bell-count')
  if ((await badge.count()) === 0) return 0
  return Number((await badge.textContent())?.replace(/\D/g, '') || 0)
}

/** The window goes to the background, as when the pupil switches to another program. */
async function blurWindow(page: Page): Promise<void> {
  await page.evaluate(() =>
    (window as unknown as { __darsiEmit(c: string, p: unknown): void }).__darsiEmit('window:focus', { focused: false })
  )
}

/** axe finds nothing serious or critical on the page as it is now. */
async function expectNoSeriousA11yIssues(page: Page): Promise<void> {
  const result = await new AxeBuilder({ page }).analyze()
  const serious = result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical')
  expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.html.slice(0, 200)).join(' | ')}`)).toEqual([])
}

async function signedInHome(handle: AppHandle): Promise<void> {
  await signIn(handle.page, demo.student)
  await expect(handle.page.getByTestId('notification-bell')).toBeVisible({ timeout: 15_000 })
}

test('a notification sent by the operator arrives live, is shown natively, and opening it marks it seen', async () => {
  app = await launchApp()
  const { page } = app
  await signedInHome(app)
  const before = await bellCount(page)
  await blurWindow(page)

  const line = await admin(
    app.apiUrl,
    'notify',
    demo.student,
    'Recharge validée',
    '<b>150 points</b> <script>alert(1)</script> ajoutés',
    '/porte-monnaie'
  )
  expect(line).toMatch(/^Notification \d+ sent to user \d+$/)
  const sentAt = Date.now()
  await expect.poll(() => bellCount(page), { timeout: 2000, intervals: [50] }).toBe(before + 1)
  await expect.poll(() => app!.mainHost.notifications.map((n) => n.title), { timeout: 2000, intervals: [50] }).toContain('Recharge validée')
  expect(Date.now() - sentAt).toBeLessThan(2000)
  // The host is Linux, whose notification servers read markup: the text reaches them escaped.
  expect(app.mainHost.notifications.at(-1)!.body).toBe('&lt;b&gt;150 points&lt;/b&gt; &lt;script&gt;alert(1)&lt;/script&gt; ajoutés')

  await page.evaluate(() =>
    (window as unknown as { __darsiEmit(c: string, p: unknown): void }).__darsiEmit('window:focus', { focused: true })
  )
  await page.getByTestId('notification-bell').click()
  const first = page.getByTestId('notification-item').first()
  await expect(first).toContainText('Recharge validée')
  await expect(first).toHaveAttribute('data-seen', 'false')
  // Hostile content is text: no element came out of it.
  await expect(first).toContainText('<b>150 points</b>')
  expect(await first.locator('b, script').count()).toBe(0)
  await app.screenshot('notifications-fr-light')
  await expectNoSeriousA11yIssues(page)

  await first.click()
  await expect.poll(() => pathname(page)).toBe('/porte-monnaie')
  await expect.poll(() => bellCount(page)).toBe(before)
  await page.getByTestId('notification-bell').click()
  await expect(page.getByTestId('notification-item').first()).toHaveAttribute('data-seen', 'true')
  await page.getByTestId('notification-tab-unread').click()
  await expect(page.getByTestId('notification-item').filter({ hasText: 'Recharge validée' })).toHaveCount(0)
  await page.keyboard.press('Escape')

  // A click on the system's notification does what opening it in the list does: seen, then its page.
  await blurWindow(page)
  const shownBefore = app.mainHost.notifications.length
  await admin(app.apiUrl, 'notify', demo.student, 'Nouveau bulletin', 'Votre bulletin est en ligne', '/profil')
  await expect.poll(() => app!.mainHost.notifications.length, { timeout: 2000, intervals: [50] }).toBe(shownBefore + 1)
  await expect.poll(() => bellCount(page)).toBe(before + 1)
  app.mainHost.notifications.at(-1)!.click()
  await expect.poll(() => pathname(page)).toBe('/profil')
  await expect.poll(() => bellCount(page)).toBe(before)
})

test('the dropdown scrolls through three pages of 24', async () => {
  app = await launchApp()
  const { page } = app
  await signedInHome(app)
  await notifyMany(app.apiUrl, demo.student, 60)
  await expect.poll(() => bellCount(page), { timeout: 10_000 }).toBeGreaterThanOrEqual(60)
  const total = await bellCount(page)

  await page.getByTestId('notification-bell').click()
  const items = page.getByTestId('notification-item')
  await expect(items).toHaveCount(24)
  await expect(items.first()).toContainText('Rappel 60')
  const list = page.getByTestId('notification-list')
  await list.evaluate((element) => element.scrollTo(0, element.scrollHeight))
  await expect(items).toHaveCount(48)
  await list.evaluate((element) => element.scrollTo(0, element.scrollHeight))
  await expect(items).toHaveCount(total)
  await expect(items.last()).toContainText('Rappel 1')
  await expect(page.getByTestId('notification-loading-more')).toHaveCount(0)
  // Previews are cut at 50 characters.
  const preview = await items.first().locator('span span').nth(1).textContent()
  expect(Array.from(preview ?? '').length).toBeLessThanOrEqual(51)
})

test('a two-digit count shows whole on the bell and on the messages button, in French and in Arabic', async () => {
  app = await launchApp({ keepWelcome: true })
  const { page } = app
  await signedInHome(app)
  await page.getByTestId('home-welcome-close').click()
  await notifyMany(app.apiUrl, demo.student, 12)
  await messageMany(app.apiUrl, demo.student, 12)
  for (const language of ['fr', 'ar'] as const) {
    if (language === 'ar') {
      await switchLanguage(page, 'ar')
      await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
    }
    await expect(page.getByTestId('notification-bell-count')).toHaveText('12')
    await expect(page.getByTestId('messages-button-count')).toHaveText('12')
    expect(await clippedBy(page, 'notification-bell-count'), language).toEqual([])
    expect(await clippedBy(page, 'messages-button-count'), language).toEqual([])
    await app.screenshot(`bell-12-${language}-light`)
  }
})

test('a popup hidden for good does not come back after a restart; one only closed does', async () => {
  app = await launchApp()
  const { page } = app
  await admin(app.apiUrl, 'popup', 'all', 'Rentrée scolaire', 'Les séances en direct reprennent lundi à 18h.')
  await admin(app.apiUrl, 'popup', demo.student, 'Nouveau chapitre', 'Le chapitre Suites est en ligne.')
  await signedInHome(app)

  const dialog = page.getByTestId('popup-dialog')
  await expect(dialog).toContainText('Rentrée scolaire')
  await app.screenshot('popup-fr-light')
  await page.getByTestId('popup-never').click()
  await expect(dialog).toContainText('Nouveau chapitre')
  await page.getByTestId('popup-close').click()
  await expect(dialog).toHaveCount(0)

  // A restart of the app: the session comes back from main, the popups from the service.
  await page.reload()
  await expect(page.getByTestId('notification-bell')).toBeVisible({ timeout: 15_000 })
  await expect(dialog).toContainText('Nouveau chapitre')
  await expect(dialog).not.toContainText('Rentrée scolaire')
  await page.getByTestId('popup-close').click()
  await expect(dialog).toHaveCount(0)
})

test('search asks from 3 characters and a result opens its lesson', async () => {
  app = await launchApp()
  const { page } = app
  await signedInHome(app)
  const box = page.getByTestId('search-box')
  const searches: string[] = []
  page.on('request', (request) => {
    if (request.url().includes('/search/autocomplete')) searches.push(request.postData() ?? '')
  })

  await box.fill('ma')
  await page.waitForTimeout(600)
  expect(searches).toEqual([])
  await expect(page.getByTestId('search-result')).toHaveCount(0)

  await box.fill('mat')
  await expect(page.getByTestId('search-result').first()).toBeVisible()
  expect(searches).toHaveLength(1)
  const first = page.getByTestId('search-result').first()
  await expect(first).toContainText('Mathématiques')
  await app.screenshot('search-fr-light')
  await expectNoSeriousA11yIssues(page)

  await box.fill('zzzqqq')
  await expect(page.getByTestId('search-succeeded')).toHaveText('No options')

  await box.fill('mat')
  await expect(page.getByTestId('search-result').first()).toBeVisible()
  await box.press('ArrowDown')
  await box.press('Enter')
  await expect.poll(() => pathname(page)).toMatch(/^\/subjects\/[^/]+\/chapters\/[^/]+\/(lessons|recordings)\/[^/]+\/content$/)
})

test('in Arabic: a live notification, a message opened at /inbox/{id}, search', async () => {
  app = await launchApp({ locale: 'ar', colorScheme: 'dark' })
  const { page } = app
  await signedInHome(app)
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
  const before = await bellCount(page)
  await admin(
    app.apiUrl,
    'notify',
    demo.student,
    'تذكير',
    'الحصة المباشرة في الرياضيات تبدأ على الساعة السادسة مساءً، لا تنسَ الدخول في الوقت المحدد',
    '/sessions'
  )
  await expect.poll(() => bellCount(page), { timeout: 2000, intervals: [50] }).toBe(before + 1)
  await page.getByTestId('notification-bell').click()
  await expect(page.getByTestId('notification-item').first()).toContainText('تذكير')
  await app.screenshot('notifications-ar-dark')
  // The keyboard closes it, and focus goes back to the bell.
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('notification-panel')).toHaveCount(0)
  await expect(page.getByTestId('notification-bell')).toBeFocused()

  const sent = await admin(app.apiUrl, 'message', demo.student, 'مرحبا بك', 'يسعدنا انضمامك إلى درسي. بالتوفيق في دراستك!')
  const messageId = /^Message ([0-9a-f-]{36}) /.exec(sent)![1]!
  await expect(page.getByTestId('messages-button-count')).toHaveText('1', { timeout: 2000 })
  await page.getByTestId('messages-button').click()
  await expect(page.getByTestId('message-item').first()).toContainText('مرحبا بك')
  await app.screenshot('messages-ar-dark')
  await expectNoSeriousA11yIssues(page)
  await page.getByTestId('message-item').first().click()
  await expect.poll(() => pathname(page)).toBe(`/inbox/${messageId}`)
  await expect(page.getByTestId('inbox-message-title')).toHaveText('مرحبا بك')
  await expect(page.getByTestId('messages-button-count')).toHaveCount(0)
  await app.screenshot('inbox-message-ar-dark')

  await page.getByTestId('search-box').fill('mat')
  await expect(page.getByTestId('search-result').first()).toBeVisible()
})

test('at 599 px the dropdown fits the window', async () => {
  app = await launchApp({ locale: 'ar', viewport: { width: 599, height: 800 } })
  const { page } = app
  await signedInHome(app)
  await admin(app.apiUrl, 'notify', demo.student, 'إشعار طويل', 'نص طويل جدًا '.repeat(40))
  await page.getByTestId('notification-bell').click()
  const panel = page.getByTestId('notification-panel')
  await expect(panel).toBeVisible()
  const box = await panel.boundingBox()
  expect(box!.x).toBeGreaterThanOrEqual(0)
  expect(box!.x + box!.width).toBeLessThanOrEqual(599)
  await app.screenshot('notifications-ar-599')
})

test('the connection drops and comes back: what was sent meanwhile arrives, once', async () => {
  app = await launchApp()
  const { page } = app
  await signedInHome(app)
  const before = await bellCount(page)
  await page.context().setOffline(true)
  await admin(app.apiUrl, 'notify', demo.student, 'Pendant la coupure', 'Envoyée hors connexion')
  await page.waitForTimeout(1500)
  await page.context().setOffline(false)
  await expect.poll(() => bellCount(page), { timeout: 10_000 }).toBe(before + 1)
  await admin(app.apiUrl, 'notify', demo.student, 'Après la coupure', 'Envoyée une fois revenu')
  await expect.poll(() => bellCount(page), { timeout: 5000 }).toBe(before + 2)
  await page.getByTestId('notification-bell').click()
  const items = page.getByTestId('notification-item')
  await expect(items.filter({ hasText: 'Pendant la coupure' })).toHaveCount(1)
  await expect(items.filter({ hasText: 'Après la coupure' })).toHaveCount(1)
  await expect(items).toHaveCount(before + 2)
})
