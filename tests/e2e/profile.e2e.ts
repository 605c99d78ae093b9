/**
 * The profile screens (issue 5), driven as a pupil would: the incomplete demo profile completed
 * through the country → governorate → delegation → institute cascade, the class change request,
 * and the edit screen in Arabic (right to left).
 */
import { expect, test, type Page } from '@playwright/test'
import { PDFDocument } from 'pdf-lib'
import sharp from 'sharp'
import { launchApp, type AppHandle } from './harness.ts'
import { demo, signIn, switchLanguage } from './helpers.ts'

let app: AppHandle | undefined
test.afterEach(async () => {
  await app?.close()
  app = undefined
})

const pathname = (page: Page) => new URL(page.url()).pathname

/** Signs the demo pupil in and opens the profile's edit page by its address. */
async function signInToProfileEdit(page: Page): Promise<void> {
  await signIn(page, demo.student)
  await page.goto(new URL('/mon-profil/edit', page.url()).href)
  await expect(page.getByTestId('profile-edit-page')).toBeVisible({ timeout: 20_000 })
}

test('an incomplete profile is completed through the address cascade, then home opens', async () => {
  app = await launchApp()
  const { page } = app
  await signIn(page, demo.incomplete)
  await expect(page.getByTestId('profile-edit-page')).toBeVisible({ timeout: 20_000 })
  expect(pathname(page)).toBe('/mon-profil/edit')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Compléter vos données')
  await expect(page).toHaveTitle('Compléter vos données · Darsi')
  // Gender and photo wait for a complete profile; the phone set at registration is locked.
  await expect(page.getByTestId('profile-gender')).toBeDisabled()
  await expect(page.getByTestId('avatar-locked')).toHaveText('La photo se modifie une fois le profil complété.')
  await expect(page.getByTestId('avatar-choose')).toHaveCount(0)
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
  await expect(page.getByTestId('profile-institute').locator('option')).toHaveText([
    'Choisir',
    'Lycée pilote Bourguiba de Tunis',
    'Lycée secondaire 1 (La Marsa)'
  ])
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
  await page.getByRole('heading', { level: 1 }).scrollIntoViewIfNeeded()
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

test('a class change with reason 4 and its free text is listed as pending', async () => {
  app = await launchApp()
  const { page } = app
  await signIn(page, demo.student)
  await page.getByTestId('nav-profile').click()
  await page.getByTestId('profile-edit-link').click()
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Modifier mon profil')
  await page.getByTestId('profile-change-class').click()
  const dialog = page.getByTestId('division-change-dialog')
  await expect(dialog).toBeVisible()
  await expect(dialog.getByTestId('division-change-reason').locator('option')).not.toHaveCount(1)

  await dialog.getByTestId('division-change-submit').click()
  await expect(dialog.getByText('Remplir le champ raison')).toBeVisible()
  await expect(dialog.getByText('Remplir le champ classe')).toBeVisible()

  // Choosing the pupil's own class is no change: the choice is cleared.
  const current = await dialog
    .getByTestId('division-change-division')
    .locator('option', { hasText: 'Bac Sciences expérimentales' })
    .getAttribute('value')
  await dialog.getByTestId('division-change-division').selectOption(current!)
  await expect(dialog.getByTestId('division-change-division')).toHaveValue('')

  await expect(dialog.getByTestId('division-change-reason2')).toHaveCount(0)
  await dialog.getByTestId('division-change-reason').selectOption('4')
  await expect(dialog.getByTestId('division-change-reason2')).toBeVisible()
  await dialog.getByTestId('division-change-division').selectOption({ label: 'Bac Mathématiques' })
  await dialog.getByTestId('division-change-submit').click()
  await expect(dialog.getByText('Précisez la raison du changement de classe')).toBeVisible()
  await dialog.getByTestId('division-change-reason2').fill('Je change de section à la rentrée')
  await dialog.getByTestId('division-change-submit').click()
  const request = dialog.getByTestId('division-request').first()
  await expect(request).toContainText('Bac Mathématiques')
  await expect(request).toContainText('Je change de section à la rentrée')
  await expect(request).toContainText('En attente')
  await expect(dialog.getByTestId('division-change-pending')).toBeVisible()
  await app.screenshot('profile-class-change-fr')
  await dialog.getByRole('button', { name: 'Fermer' }).click()

  // The history lists the request with its reason, worded again when the language changes.
  await page.getByTestId('user-menu').click()
  await page.getByRole('menuitem', { name: 'Historique' }).click()
  const classChange = page.getByTestId('history-class-changes').getByRole('row').filter({ hasText: 'Je change de section à la rentrée' })
  await expect(classChange).toContainText('Autre raison')
  await switchLanguage(page, 'ar')
  await expect(classChange).toContainText('سبب آخر')
  await switchLanguage(page, 'fr')
  await expect(classChange).toContainText('Autre raison')
  await page.getByTestId('nav-profile').click()
  await page.getByTestId('profile-edit-link').click()

  // A notification preference is saved at once and is still off when the screen opens again.
  const paySlice = page.getByTestId('preference-paySlice')
  await expect(paySlice).toBeChecked()
  await paySlice.click()
  await expect(paySlice).not.toBeChecked()
  await expect(paySlice).toBeEnabled()
  await page.getByTestId('nav-profile').click()
  await page.getByTestId('profile-edit-link').click()
  await expect(page.getByTestId('preference-paySlice')).not.toBeChecked()
  await expect(page.getByTestId('preference-transferPoint')).toBeChecked()
})

test('a report card for trimester 2: uploaded, listed as pending, then deleted', async () => {
  app = await launchApp()
  const { page } = app
  await signInToProfileEdit(page)
  await page.getByTestId('marksheet-upload-2').click()
  const dialog = page.getByTestId('marksheets-dialog')
  await expect(dialog).toBeVisible()
  await expect(dialog.getByTestId('marksheet-trimester')).toHaveValue('2')

  await dialog.getByTestId('marksheet-send').click()
  await expect(dialog.getByTestId('marksheet-problem')).toHaveText('Veuillez choisir un fichier')
  await dialog
    .getByTestId('marksheet-files')
    .setInputFiles({ name: 'notes.exe', mimeType: 'application/octet-stream', buffer: Buffer.from('MZ') })
  await dialog.getByTestId('marksheet-send').click()
  await expect(dialog.getByTestId('marksheet-problem')).toContainText('notes.exe')

  const jpeg = await sharp({ create: { width: 640, height: 900, channels: 3, background: { r: 240, g: 240, b: 230 } } })
    .jpeg()
    .toBuffer()
  await dialog.getByTestId('marksheet-files').setInputFiles({ name: 'bulletin-t2.jpg', mimeType: 'image/jpeg', buffer: jpeg })
  await dialog.getByTestId('marksheet-send').click()
  const row = dialog.getByTestId('marksheet-row').filter({ hasText: 'bulletin-t2.jpg' })
  await expect(row).toContainText('Trimestre 2')
  await expect(row).toHaveAttribute('data-status', 'pending')
  await expect(row).toContainText('En attente')
  await app.screenshot('profile-marksheets-fr')
  await row.getByTestId('marksheet-delete').click()
  await expect(row).toHaveCount(0)
})

test('three photos for trimester 2 are merged by the main process into one PDF, listed as pending, then deleted', async () => {
  app = await launchApp()
  const { page } = app
  await signInToProfileEdit(page)
  await page.getByTestId('marksheet-upload-2').click()
  const dialog = page.getByTestId('marksheets-dialog')
  await expect(dialog.getByTestId('marksheet-trimester')).toHaveValue('2')

  const photo = (width: number, height: number) =>
    sharp({ create: { width, height, channels: 3, background: { r: 250, g: 248, b: 240 } } })
      .jpeg()
      .toBuffer()
  await dialog.getByTestId('marksheet-files').setInputFiles([
    { name: 'page-1.jpg', mimeType: 'image/jpeg', buffer: await photo(3000, 4000) },
    { name: 'page-2.jpg', mimeType: 'image/jpeg', buffer: await photo(1200, 1600) },
    { name: 'page-3.jpg', mimeType: 'image/jpeg', buffer: await photo(800, 600) }
  ])
  await dialog.getByTestId('marksheet-send').click()
  const row = dialog.getByTestId('marksheet-row').filter({ hasText: 'merged-images.pdf' })
  await expect(row).toHaveAttribute('data-status', 'pending', { timeout: 30_000 })
  await expect(row).toContainText('Trimestre 2')

  // What the server stored is one PDF with a page per photo, each within 2000 px.
  const session = await page.evaluate(() =>
    (window as unknown as { darsi: { sessionGet(): Promise<{ ok: boolean; data: { token: string } | null }> } }).darsi.sessionGet()
  )
  const list = await fetch(`${app.apiUrl}/api/student/mark-sheets`, { headers: { authorization: `Bearer ${session.data!.token}` } })
  const sheets = (await list.json()) as { name: string; url: string; mime_type: string }[]
  const merged = sheets.find((sheet) => sheet.name === 'merged-images.pdf')!
  expect(merged.mime_type).toBe('application/pdf')
  const pdf = Buffer.from(await (await fetch(`${app.apiUrl}${merged.url}`)).arrayBuffer())
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-')
  const pages = (await PDFDocument.load(pdf)).getPages().map((p) => [p.getWidth(), p.getHeight()])
  expect(pages).toEqual([
    [1500, 2000],
    [1200, 1600],
    [800, 600]
  ])

  await row.getByTestId('marksheet-delete').click()
  await expect(row).toHaveCount(0)
})

test('contact details: the parent phone, then an e-mail address confirmed with its code', async () => {
  app = await launchApp()
  const { page } = app
  await signIn(page, demo.student)
  await page.getByTestId('nav-profile').click()
  await expect(page.getByTestId('profile-page')).toBeVisible()

  await page.getByTestId('profile-add-parent-phone').click()
  const phoneDialog = page.getByTestId('parent-phone-dialog')
  await phoneDialog.getByTestId('parent-phone-submit').click()
  await expect(phoneDialog.getByText('Le numéro de téléphone est requis')).toBeVisible()
  await app.screenshot('profile-parent-phone-fr')
  await phoneDialog.getByTestId('parent-phone-input').fill('1234')
  await phoneDialog.getByTestId('parent-phone-submit').click()
  await expect(phoneDialog.getByText('Le numéro de téléphone doit comporter exactement 8 chiffres')).toBeVisible()
  await phoneDialog.getByTestId('parent-phone-input').fill('12345678')
  await phoneDialog.getByTestId('parent-phone-submit').click()
  await expect(phoneDialog.getByText('Format de numéro de téléphone invalide')).toBeVisible()
  await phoneDialog.getByTestId('parent-phone-input').fill('98765432')
  await phoneDialog.getByTestId('parent-phone-submit').click()
  await expect(phoneDialog).toHaveCount(0)
  await expect(page.getByTestId('profile-phone2')).toHaveText('98765432')

  await page.getByTestId('profile-edit-link').click()
  await page.getByTestId('profile-add-email').click()
  const emailDialog = page.getByTestId('add-email-dialog')
  await emailDialog.getByTestId('add-email-input').fill('12345')
  await emailDialog.getByTestId('add-email-submit').click()
  await expect(emailDialog.getByText('Veuillez saisir une adresse e-mail valide')).toBeVisible()
  const address = 'sami.nouveau@demo.darsi.tn'
  await emailDialog.getByTestId('add-email-input').fill(address)
  await emailDialog.getByTestId('add-email-submit').click()
  await expect(emailDialog).toHaveAttribute('data-step', 'code')
  let code: string | null = null
  await expect
    .poll(async () => {
      code = (await app!.outbox(address)).find((entry) => entry.code)?.code ?? null
      return code
    })
    .not.toBeNull()
  await emailDialog.getByTestId('add-email-code').fill(code!)
  await emailDialog.getByTestId('add-email-submit').click()
  await expect(emailDialog).toHaveCount(0)
  await page.getByTestId('nav-profile').click()
  await expect(page.getByTestId('profile-email')).toContainText(address)
})

test('a test account sees its profile read-only, with the reason', async () => {
  app = await launchApp()
  const { page } = app
  await signIn(page, '20000006')
  // Nor may it change its password (§4): the user menu does not offer it.
  await page.getByTestId('user-menu').click()
  await expect(page.getByTestId('user-menu-logout')).toBeVisible()
  await expect(page.getByTestId('user-menu-change-password')).toHaveCount(0)
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('user-menu-logout')).toHaveCount(0)
  await page.getByTestId('nav-profile').click()
  await page.getByTestId('profile-edit-link').click()
  // The profile is complete: its edit screen is « Modifier mon profil », in the window's title too.
  await expect(page).toHaveTitle('Modifier mon profil · Darsi')
  await expect(page.getByTestId('profile-test-account')).toContainText('Les comptes de test ne peuvent pas modifier le profil.')
  await expect(page.getByTestId('profile-name')).toBeDisabled()
  await expect(page.getByTestId('profile-country')).toBeDisabled()
  await expect(page.getByTestId('profile-save')).toBeDisabled()
  await expect(page.getByTestId('profile-change-class')).toHaveCount(0)
  await expect(page.getByTestId('avatar-locked')).toHaveText('Les comptes de test ne peuvent pas modifier le profil.')
  await expect(page.getByTestId('avatar-choose')).toHaveCount(0)
})

test('the edit screen in Arabic: right to left, its titles and messages in Arabic', async () => {
  app = await launchApp({ locale: 'ar' })
  const { page } = app
  await signIn(page, demo.incomplete)
  await expect(page.getByTestId('profile-edit-page')).toBeVisible({ timeout: 20_000 })
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('أكمل بياناتك')
  await expect(page).toHaveTitle('أكمل بياناتك · درسي')
  await page.getByTestId('profile-birthDate').fill('31/02/2010')
  await page.getByTestId('profile-save').click()
  await expect(page.getByTestId('snackbar').first()).toBeVisible()
  await expect(page.getByTestId('profile-birthDate')).toHaveValue('31/02/2010')
  // Dates, phones and addresses are written left to right inside the right-to-left page.
  for (const id of ['profile-birthDate', 'profile-phone', 'profile-email']) {
    expect(await page.getByTestId(id).evaluate((el) => getComputedStyle(el).direction), id).toBe('ltr')
  }
  await page.getByTestId('profile-state').selectOption({ index: 1 })
  await expect(page.getByTestId('profile-delegation')).toBeEnabled()
  await page.getByRole('heading', { level: 1 }).scrollIntoViewIfNeeded()
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

  // A dialog of the profile in Arabic: its title, its field's message and its buttons.
  await page.getByTestId('profile-add-parent-phone').click()
  const phoneDialog = page.getByTestId('parent-phone-dialog')
  await expect(phoneDialog.getByRole('heading')).toHaveText('إضافة هاتف الوليّ')
  await phoneDialog.getByTestId('parent-phone-submit').click()
  await expect(phoneDialog.getByText('رقم الهاتف إلزامي')).toBeVisible()
  await app.screenshot('profile-parent-phone-ar')
  await phoneDialog.getByRole('button', { name: 'إغلاق' }).click()
  await expect(phoneDialog).toHaveCount(0)
})

/** The natural width of the picture a Fluent avatar shows (0 until it has loaded, or when refused). */
async function shownWidth(page: Page, testId: string): Promise<number> {
  const image = page.getByTestId(testId).locator('img')
  if ((await image.count()) === 0) return 0
  return image.evaluate((element) => ((element as HTMLImageElement).complete ? (element as HTMLImageElement).naturalWidth : 0))
}

async function avatarPhoto(): Promise<Buffer> {
  // A landscape phone photo with a GPS position in its metadata: the server keeps a 256 px square without it.
  return sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: 30, g: 120, b: 200 } } })
    .composite([
      { input: { create: { width: 400, height: 400, channels: 3, background: { r: 250, g: 200, b: 40 } } }, top: 200, left: 400 }
    ])
    .jpeg({ quality: 85 })
    .withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '36/1 48/1 0/1' } })
    .toBuffer()
}

test('the completed demo profile: a photo uploaded with its progress, shown in the profile and the header; a non-image refused', async () => {
  app = await launchApp()
  const { page } = app
  await signIn(page, demo.student)
  await page.getByTestId('nav-profile').click()
  await page.getByTestId('profile-edit-link').click()
  await expect(page.getByTestId('avatar-editor')).toBeVisible()
  await expect(page.getByTestId('avatar-choose')).toHaveText('Ajouter une photo')

  // A PDF under an image's name: the browser calls it image/png, the server reads the bytes.
  await page
    .getByTestId('avatar-file')
    .setInputFiles({ name: 'photo.png', mimeType: 'image/png', buffer: Buffer.from('%PDF-1.7\n1 0 obj << >> endobj\n%%EOF\n') })
  await expect(page.getByTestId('avatar-problem')).toHaveText('Type de photo non accepté (jpg, jpeg, png, gif, webp)')
  await expect(page.getByTestId('avatar-retry')).toHaveCount(0)

  // Held back a moment on its way, so the progress can be seen.
  let release: () => void = () => undefined
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route('**/api/user/avatar', async (route) => {
    await held
    await route.continue()
  })
  await page.getByTestId('avatar-file').setInputFiles({ name: 'vacances.jpg', mimeType: 'image/jpeg', buffer: await avatarPhoto() })
  await expect(page.getByTestId('avatar-editor')).toHaveAttribute('data-phase', 'uploading')
  await expect(page.getByTestId('avatar-progress')).toBeVisible()
  await expect(page.getByTestId('avatar-problem')).toHaveCount(0)
  await app.screenshot('profile-avatar-uploading-fr')
  // The picture's own request, once the new address is known: answered whole by the API.
  const pictureServed = page.waitForResponse((response) => /\/api\/avatars\/1\/[0-9a-f-]{36}\.webp$/.test(response.url()), {
    timeout: 30_000
  })
  release()
  await expect(page.getByTestId('avatar-editor')).toHaveAttribute('data-phase', 'idle', { timeout: 20_000 })
  await page.unroute('**/api/user/avatar')
  await expect(page.getByTestId('snackbar').filter({ hasText: 'La photo de profil est enregistrée' })).toBeVisible()

  // Shown under the app's CSP from the API origin: on the edit screen, in the header, on the profile.
  await expect(page.getByTestId('avatar-editor-image')).toHaveAttribute(
    'data-src',
    new RegExp(`^${app.apiUrl}/api/avatars/1/[0-9a-f-]{36}\\.webp$`)
  )
  const src = await page.getByTestId('avatar-editor-image').getAttribute('data-src')
  const picture = await pictureServed
  expect([picture.url(), picture.status()]).toEqual([src, 200])
  // Decoded and laid out in the page (on a loaded machine this can take a few seconds).
  await expect.poll(() => shownWidth(page, 'avatar-editor-image'), { timeout: 20_000 }).toBe(256)
  await expect.poll(() => shownWidth(page, 'user-menu-avatar'), { timeout: 20_000 }).toBe(256)
  await expect(page.getByTestId('avatar-choose')).toHaveText('Changer la photo')
  await page.getByTestId('avatar-editor').scrollIntoViewIfNeeded()
  await app.screenshot('profile-avatar-edit-fr')
  const served = await fetch(src!)
  expect(served.headers.get('content-type')).toBe('image/webp')
  const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata()
  expect(meta).toMatchObject({ width: 256, height: 256 })
  expect(meta.exif).toBeUndefined()

  await page.getByTestId('nav-profile').click()
  await expect(page.getByTestId('profile-page')).toBeVisible()
  await expect(page.getByTestId('profile-avatar')).toHaveAttribute('data-src', src!)
  await expect.poll(() => shownWidth(page, 'profile-avatar')).toBe(256)
  await app.screenshot('profile-avatar-fr')

  // Removed: the initials come back everywhere.
  await page.getByTestId('profile-edit-link').click()
  await page.getByTestId('avatar-remove').click()
  await expect(page.getByTestId('avatar-choose')).toHaveText('Ajouter une photo')
  await expect(page.getByTestId('user-menu-avatar')).toHaveAttribute('data-src', '')
  expect((await fetch(src!)).status).toBe(404)
})

test('the avatar in Arabic: upload, a network failure kept for a retry, the messages in Arabic', async () => {
  app = await launchApp({ locale: 'ar' })
  const { page } = app
  await signIn(page, demo.student)
  await page.getByTestId('nav-profile').click()
  await page.getByTestId('profile-edit-link').click()
  await expect(page.getByTestId('avatar-editor')).toBeVisible()
  await page.route('**/api/user/avatar', (route) => route.abort('internetdisconnected'))
  await page.getByTestId('avatar-file').setInputFiles({ name: 'صورة.jpg', mimeType: 'image/jpeg', buffer: await avatarPhoto() })
  await expect(page.getByTestId('avatar-problem')).toContainText('لا يمكن الاتصال بالخادم', { timeout: 20_000 })
  await page.getByTestId('avatar-editor').scrollIntoViewIfNeeded()
  await app.screenshot('profile-avatar-failed-ar')
  await page.unroute('**/api/user/avatar')
  // The same photo again, without picking it again.
  await page.getByTestId('avatar-retry').click()
  await expect(page.getByTestId('avatar-editor')).toHaveAttribute('data-phase', 'idle', { timeout: 20_000 })
  await expect.poll(() => shownWidth(page, 'avatar-editor-image')).toBe(256)
  await expect(page.getByTestId('avatar-choose')).toHaveText('تغيير الصورة')
  await app.screenshot('profile-avatar-edit-ar')
  await page.getByTestId('nav-profile').click()
  await expect.poll(() => shownWidth(page, 'profile-avatar')).toBe(256)
  await app.screenshot('profile-avatar-ar')
})
