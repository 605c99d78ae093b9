/**
 * Issue 25, item 13: in the Arabic interface the class, its level and options, the delegation and
 * the institute are named in Arabic (the official Tunisian names), on every screen that shows
 * them, and a switch of language names them again in the new one.
 */
import { expect, test, type Locator } from '@playwright/test'
import { launchApp, type AppHandle } from './harness.ts'
import { demo, signIn, switchLanguage } from './helpers.ts'

let app: AppHandle | undefined
test.afterEach(async () => {
  await app?.close()
  app = undefined
})

const chosen = (select: Locator) => select.locator('option:checked')
/** The texts of a select's options but its first one (« choose »). */
const optionTexts = (select: Locator) =>
  select.locator('option').evaluateAll((options) => options.slice(1).map((option) => option.textContent ?? ''))

test('the Arabic profile, its edit screen, the class change and the history name the class and address in Arabic', async () => {
  app = await launchApp({ locale: 'ar' })
  const { page } = app
  await signIn(page, demo.student)

  // The home's profile widget.
  await expect(page.getByTestId('home-profile-division')).toHaveText('باكالوريا علوم تجريبية')

  await page.getByTestId('nav-profile').click()
  await expect(page.getByTestId('profile-page')).toBeVisible()
  await expect(page.getByTestId('profile-division')).toHaveText('باكالوريا علوم تجريبية')
  await expect(page.getByTestId('profile-state')).toHaveText('تونس')
  await expect(page.getByTestId('profile-delegation')).toHaveText('المرسى')
  await expect(page.getByTestId('profile-institute')).toHaveText('المعهد الثانوي 1 (المرسى)')
  await app.screenshot('reference-names-profile-ar')

  await page.getByTestId('profile-edit-link').click()
  await expect(page.getByTestId('profile-edit-page')).toBeVisible()
  const division = page.getByTestId('profile-division')
  await expect(chosen(division)).toHaveText('باكالوريا علوم تجريبية')
  await expect(chosen(page.getByTestId('profile-delegation'))).toHaveText('المرسى')
  await expect(chosen(page.getByTestId('profile-institute'))).toHaveText('المعهد الثانوي 1 (المرسى)')
  const classes = await optionTexts(division)
  expect(classes).toContain('السنة الأولى ابتدائي')
  expect(classes).toContain('السنة التاسعة أساسي')
  expect(classes.filter((name) => /[A-Za-z]/.test(name))).toEqual([])
  await division.scrollIntoViewIfNeeded()
  await app.screenshot('reference-names-edit-ar')

  // The class change dialog: its classes, and the request it lists, in Arabic.
  await page.getByTestId('profile-change-class').click()
  const dialog = page.getByTestId('division-change-dialog')
  await expect(dialog.getByTestId('division-change-division').locator('option')).not.toHaveCount(1)
  expect(await optionTexts(dialog.getByTestId('division-change-division'))).toContain('باكالوريا رياضيات')
  await dialog.getByTestId('division-change-reason').selectOption('5')
  await dialog.getByTestId('division-change-division').selectOption({ label: 'باكالوريا رياضيات' })
  await dialog.getByTestId('division-change-submit').click()
  const request = dialog.getByTestId('division-request').first()
  await expect(request).toContainText('باكالوريا علوم تجريبية')
  await expect(request).toContainText('باكالوريا رياضيات')
  await app.screenshot('reference-names-class-change-ar')

  await dialog.getByRole('button', { name: 'إغلاق' }).click()
  await expect(dialog).toHaveCount(0)

  // A switch of language names them again: on the screen, and in the dialog opened again.
  await switchLanguage(page, 'fr')
  await expect(chosen(division)).toHaveText('Bac Sciences expérimentales')
  await expect(chosen(page.getByTestId('profile-delegation'))).toHaveText('La Marsa')
  await page.getByTestId('profile-change-class').click()
  await expect(request).toContainText('Bac Mathématiques')
  await expect(dialog.getByTestId('division-change-division').locator('option', { hasText: 'Bac Mathématiques' })).toHaveCount(1)
  await dialog.getByRole('button', { name: 'Fermer' }).click()
  await switchLanguage(page, 'ar')
  await expect(chosen(division)).toHaveText('باكالوريا علوم تجريبية')
  await expect(chosen(page.getByTestId('profile-institute'))).toHaveText('المعهد الثانوي 1 (المرسى)')

  // The history of class changes.
  await page.getByTestId('user-menu').click()
  await page.getByRole('menuitem', { name: 'السجلّ' }).click()
  const row = page.getByTestId('history-class-changes').getByRole('row').filter({ hasText: 'باكالوريا رياضيات' })
  await expect(row).toContainText('باكالوريا علوم تجريبية')
  await app.screenshot('reference-names-history-ar')
})

test('registration offers the classes in the interface language, again after a switch', async () => {
  app = await launchApp({ locale: 'ar', path: '/register' })
  const { page } = app
  const division = page.getByTestId('register-division')
  await expect(division.locator('option')).not.toHaveCount(1)
  expect(await optionTexts(division)).toContain('السنة الأولى ابتدائي')
  await division.selectOption({ label: 'باكالوريا علوم تجريبية' })
  await expect(page.getByTestId('register-optionalSubject').locator('option')).not.toHaveCount(1)
  expect(await optionTexts(page.getByTestId('register-optionalSubject'))).toContain('الألمانية')
  await switchLanguage(page, 'fr')
  await expect(chosen(division)).toHaveText('Bac Sciences expérimentales')
  await expect(page.getByTestId('register-optionalSubject').locator('option', { hasText: 'Allemand' })).toHaveCount(1)
})
