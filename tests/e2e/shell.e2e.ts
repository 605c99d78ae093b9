import { expect, test } from '@playwright/test'
import { launchApp, type AppHandle } from './harness.ts'
import { demo, signIn, switchLanguage } from './helpers.ts'

let app: AppHandle | undefined
test.afterEach(async () => {
  await app?.close()
  app = undefined
})

/** The shell is for signed-in pupils: launch, sign in with the demo pupil, open `path`. */
async function launchSignedIn(options: Parameters<typeof launchApp>[0] & { path?: string } = {}): Promise<AppHandle> {
  const { path, ...launch } = options
  const handle = await launchApp(launch)
  await signIn(handle.page, demo.student)
  await handle.page.getByTestId('home-page').waitFor()
  if (path) await handle.page.goto(`${handle.rendererUrl}${path}`)
  return handle
}

test('opens on the sign-in page when signed out, with a sandboxed page and the bridge', async () => {
  app = await launchApp()
  const { page } = app
  await expect(page.getByTestId('app-root')).toBeVisible()
  await expect(page.getByTestId('login-page')).toBeVisible()
  expect(new URL(page.url()).pathname).toBe('/login')
  expect(await page.evaluate(() => typeof (window as unknown as { require?: unknown }).require)).toBe('undefined')
  expect(await page.evaluate(() => typeof (window as unknown as { process?: unknown }).process)).toBe('undefined')
  const bridge = await page.evaluate(() => Object.keys((window as unknown as { darsi: object }).darsi).sort())
  expect(bridge).toContain('settingsGet')
  expect(bridge).toContain('onDeepLinkOpen')
  const info = await page.evaluate(() => (window as unknown as { darsi: { appInfo(): Promise<unknown> } }).darsi.appInfo())
  expect(info).toMatchObject({ ok: true, data: { name: 'Darsi' } })
  expect(await page.locator('html').getAttribute('lang')).toBe('fr')
  expect(await page.locator('html').getAttribute('dir')).toBe('ltr')
  // Each script is compiled as it streams in, not function by function on first use
  // (scripts/vite/eagerCompile.ts): V8's hint opens every file the page loads.
  const scripts = await page.evaluate(() =>
    performance
      .getEntriesByType('resource')
      .map((entry) => entry.name)
      .filter((name) => name.endsWith('.js'))
  )
  expect(scripts.length).toBeGreaterThan(1)
  for (const url of scripts) {
    expect((await (await page.request.get(url)).text()).split('\n', 1)[0]).toBe('//# allFunctionsCalledOnLoad')
  }
})

test('the document is served with a strict content security policy', async () => {
  app = await launchApp()
  const response = await app.page.request.get(`${app.rendererUrl}/offres`)
  const csp = response.headers()['content-security-policy'] ?? ''
  expect(csp).toContain("script-src 'self'")
  expect(csp).toContain("object-src 'none'")
  expect(csp).not.toContain('unsafe-eval')
  expect(csp).toContain(new URL(app.apiUrl).origin)
  const traversal = await app.page.request.get(`${app.rendererUrl}/%2e%2e/%2e%2e/package.json`)
  expect(traversal.status()).toBe(404)
})

test('switching to Arabic flips the layout and the sidebar goes to the right', async () => {
  app = await launchSignedIn()
  const { page } = app
  await switchLanguage(page, 'ar')
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
  await expect(page.locator('html')).toHaveAttribute('lang', 'ar')
  const sidebar = await page.getByTestId('sidebar').boundingBox()
  const width = page.viewportSize()!.width
  expect(sidebar).not.toBeNull()
  expect(sidebar!.x + sidebar!.width / 2).toBeGreaterThan(width / 2)
  // The choice is kept by the main process's settings.
  await expect
    .poll(async () => {
      const settings = await page.evaluate(() =>
        (window as unknown as { darsi: { settingsGet(): Promise<{ data: { language: string } }> } }).darsi.settingsGet()
      )
      return settings.data.language
    })
    .toBe('ar')
  // The window's title follows the screen and the language.
  await expect(page).toHaveTitle('الرئيسية · درسي')
  // The menu has closed and the focus is back on the switcher, now labelled in Arabic.
  await expect(page.getByTestId('language-option-ar')).toHaveCount(0)
  await expect(page.getByTestId('language-switcher')).toBeFocused()
  await expect(page.getByTestId('language-switcher')).toContainText('العربية')

  // From the keyboard as well: open, move to Français, choose it.
  await page.getByTestId('language-switcher').press('Enter')
  await expect(page.getByTestId('language-option-fr')).toBeVisible()
  await page.getByTestId('language-option-fr').focus()
  await page.keyboard.press('Enter')
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr')
  await expect(page.getByTestId('language-switcher')).toBeFocused()
  await expect(page).toHaveTitle('Accueil · Darsi')
})

test('the styles come from the built stylesheets: no CSS rule is inserted while screens render', async () => {
  app = await launchSignedIn()
  const { page } = app
  await page.getByTestId('notification-bell').click()
  await expect(page.getByTestId('notification-panel')).toBeVisible()
  await page.keyboard.press('Escape')
  await page.getByTestId('nav-wallet').click()
  await expect(page.getByTestId('wallet-page')).toBeVisible()
  await switchLanguage(page, 'ar')
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
  const sheets = await page.evaluate(() => ({
    // Griffel's run-time insertion writes into <style data-make-styles-bucket> elements.
    insertedRules: [...document.querySelectorAll<HTMLStyleElement>('style[data-make-styles-bucket]')].reduce(
      (n, style) => n + (style.sheet?.cssRules.length ?? 0),
      0
    ),
    layered: [...document.styleSheets].filter((sheet) =>
      [...sheet.cssRules].some((rule) => rule instanceof CSSLayerBlockRule && rule.name.startsWith('griffel-'))
    ).length
  }))
  expect(sheets.insertedRules).toBe(0)
  expect(sheets.layered).toBeGreaterThan(1)
  // The buckets keep their order: a subtle button's hover background wins over its resting one.
  const switcher = page.getByTestId('language-switcher')
  const resting = await switcher.evaluate((element) => getComputedStyle(element).backgroundColor)
  await switcher.hover()
  await expect.poll(() => switcher.evaluate((element) => getComputedStyle(element).backgroundColor)).not.toBe(resting)
})

test('a reload on a deep route keeps the route', async () => {
  app = await launchSignedIn({ path: '/offres' })
  const { page } = app
  await page.getByTestId('offers-page').waitFor()
  await page.reload()
  await page.getByTestId('app-root').waitFor()
  expect(new URL(page.url()).pathname).toBe('/offres')
  await expect(page.getByTestId('not-found')).toHaveCount(0)
})

test('an unknown route shows the 404 page, right to left in Arabic', async () => {
  app = await launchSignedIn({ path: '/nulle-part' })
  const { page } = app
  await expect(page.getByTestId('not-found')).toBeVisible()
  await expect(page.getByText('Oups 404 Error')).toBeVisible()
  await expect(page.getByText('La page que vous recherchez semble introuvable')).toBeVisible()
  // The window is titled as the page (§2), in each language.
  await expect(page).toHaveTitle('Oups 404 Error · Darsi')
  await switchLanguage(page, 'ar')
  await expect(page.getByTestId('not-found')).toBeVisible()
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
  await expect(page).toHaveTitle('عذرًا، خطأ 404 · درسي')
  await switchLanguage(page, 'en-US')
  await expect(page).toHaveTitle('Oops 404 Error · Darsi')
})

test('a darsi:// link fed to the main process reaches the renderer', async () => {
  app = await launchSignedIn()
  const { page } = app
  await app.deepLink('darsi://open?path=%2Foffres')
  await expect.poll(() => new URL(page.url()).pathname).toBe('/offres')
  expect(app.mainHost.emitted.some((event) => event.channel === 'deep-link:open')).toBe(true)
  // A hostile link is dropped by the parser and never reaches the page.
  const before = app.mainHost.emitted.length
  await app.deepLink('darsi://open?path=https://evil.example')
  await page.waitForTimeout(200)
  expect(app.mainHost.emitted.length).toBe(before)
})

test('screenshots of the shell: French light and Arabic dark', async () => {
  app = await launchSignedIn({ locale: 'fr', colorScheme: 'light' })
  await app.screenshot('shell-fr-light')
  await app.close()
  app = await launchSignedIn({ locale: 'ar', colorScheme: 'dark' })
  await expect(app.page.locator('html')).toHaveAttribute('dir', 'rtl')
  await app.screenshot('shell-ar-dark')
  await app.close()
  app = await launchSignedIn({ locale: 'ar', colorScheme: 'dark', viewport: { width: 599, height: 800 } })
  await app.screenshot('shell-ar-dark-599')
})
