/**
 * The profile screens (issue 5), driven as a pupil would: the incomplete demo profile completed
 * through the country → governorate → delegation → institute cascade, the class change request,
 * and the edit screen in Arabic (right to left).
 */
import { expect, test, type Page } from '@playwright/test'
import { launchApp, type AppHandle } from './harness.ts'
import { demo, signIn } from './helpers.ts'

let app: AppHandle | undefined
test.afterEach(async () => {
  await app?.close()
  app = undefined
})

const pathname = (page: Page) => new URL(page.url()).pathname

test('an incomplete profile is completed through the address cascade, then home opens', async () => {
  app = await launchApp()
  const { page } = app
  await signIn(page, demo.incomplete)
  await expect(page.getByTestId('profile-edit-page')).toBeVisible({ timeout: 20_000 })
  expect(pathname(page)).toBe('/mon-profil/edit')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Compléter vos données')
  // Gender waits for a complete profile; the phone set at registration is locked.
  await expect(page.getByTestId('profile-gender')).toBeDisabled()
  await expect(page.getByTestId('profile-phone')).toBeDisabled()
  await expect(page.getByTestId('profile-phone')).toHaveValue('20000005')

  // Nothing chosen yet: the address message, then each field's own.
  await page.getByTestId('profile-save').click()
  await expect(page.getByTestId('snackbar').filter({ hasText: 'Remplir les champs pays gouvernorat' })).toBeVisible()
  await expect(page.getByText('La date de naissance est requise')).toBeVisible()
  await expect(page.getByText('La division est requise')).toBeVisible()

  // The cascade: each level needs the one before; a new country clears them all.
  await expect(page.getByTestId('profile-delegation')).toBeDisabled()
  await page.getByTestId('profile-state').selectOption({ label: 'Tunis' })
  await page.getByTestId('profile-delegation').selectOption({ label: 'La Marsa' })
  await expect(page.getByTestId('profile-institute')).toBeEnabled()
  await expect(page.getByTestId('profile-institute').locator('option')).toHaveText(['Choisir', 'Lycée pilote Bourguiba de Tunis', 'Lycée secondaire 1 (La Marsa)'])
  await page.getByTestId('profile-country').selectOption({ label: 'France' })
  await expect(page.getByTestId('profile-state')).toBeDisabled()
  await expect(page.getByTestId('profile-state')).toHaveValue('')
  await expect(page.getByTestId('profile-delegation')).toHaveValue('')
  await expect(page.getByTestId('profile-institute')).toHaveValue('')
  await page.getByTestId('profile-country').selectOption({ label: 'Tunisie' })
  await expect(page.getByTestId('profile-state')).toBeEnabled()
  await expect(page.getByTestId('profile-state')).toHaveValue('')
  await page.getByTestId('profile-state').selectOption({ label: 'Tunis' })
  await page.getByTestId('profile-delegation').selectOption({ label: 'La Marsa' })
  await page.getByTestId('profile-institute').selectOption({ label: 'Lycée secondaire 1 (La Marsa)' })

  // A birth date in the future is refused; what was typed stays.
  await page.getByTestId('profile-birthDate').fill('01/01/2099')
  await page.getByTestId('profile-division').selectOption({ index: 1 })
  await page.getByTestId('profile-save').click()
  await expect(page.getByText('La date de naissance ne peut pas être dans le futur')).toBeVisible()
  await expect(page.getByTestId('profile-institute')).toHaveValue('3')
  await page.getByTestId('profile-birthDate').fill('14/03/2010')
  await app.screenshot('profile-edit-fr')

  await page.getByTestId('profile-save').click()
  await page.waitForURL((url) => url.pathname === '/', { timeout: 20_000 })

  // The profile now shows what was saved, with no warning left.
  await page.getByTestId('nav-profile').click()
  await expect(page.getByTestId('profile-page')).toBeVisible()
  await expect(page.getByTestId('profile-warning')).toHaveCount(0)
  await expect(page.getByTestId('profile-birth-date')).toHaveText('14/03/2010')
  await expect(page.getByTestId('profile-institute')).toHaveText('Lycée secondaire 1 (La Marsa)')
  await expect(page.getByTestId('profile-delegation')).toHaveText('La Marsa')
  await app.screenshot('profile-fr')
})

test('the edit screen in Arabic: right to left, its titles and messages in Arabic', async () => {
  app = await launchApp({ locale: 'ar' })
  const { page } = app
  await signIn(page, demo.incomplete)
  await expect(page.getByTestId('profile-edit-page')).toBeVisible({ timeout: 20_000 })
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('أكمل بياناتك')
  await page.getByTestId('profile-birthDate').fill('31/02/2010')
  await page.getByTestId('profile-save').click()
  await expect(page.getByTestId('snackbar').first()).toBeVisible()
  await expect(page.getByTestId('profile-birthDate')).toHaveValue('31/02/2010')
  await page.getByTestId('profile-state').selectOption({ index: 1 })
  await expect(page.getByTestId('profile-delegation')).toBeEnabled()
  await app.screenshot('profile-edit-ar')
})

test('the profile page in Arabic', async () => {
  app = await launchApp({ locale: 'ar' })
  const { page } = app
  await signIn(page, demo.student)
  await page.getByTestId('nav-profile').click()
  await expect(page.getByTestId('profile-page')).toBeVisible()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('ملفي الشخصي')
  await app.screenshot('profile-ar')
})
