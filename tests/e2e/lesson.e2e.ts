/**
 * A lesson and its player (issue 27), driven as the demo pupil would, on one API shared by the
 * journeys of this file: a lesson plays (its video's time advances), seeks, keeps the speed
 * chosen after a reload, completes once 80 % of its seconds were watched (at 2×, on a 24-second
 * clip) with the tick mark and the subject's progress up, resumes where it stopped; the API cut
 * mid-lesson and brought back loses no progress; a locked lesson leads to /offres; and all of it
 * once in Arabic at 599 px. Axe finds no serious or critical violation.
 */
import { expect, test, type Page } from '@playwright/test'
import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { launchApp, startApi, stopProcess, type AppHandle } from './harness.ts'
import { admin, demo, expectNoSeriousViolations, openChapter, pathname, sharedApi, signIn, useOperatorKey } from './helpers.ts'

const OPERATOR_KEY = useOperatorKey()

const api = sharedApi('lesson', { DARSI_OPERATOR_KEY: OPERATOR_KEY })
let app: AppHandle | undefined

test.afterEach(async () => {
  await app?.close()
  app = undefined
})

const videoTime = (page: Page) => page.getByTestId('lesson-video').evaluate((video: HTMLVideoElement) => video.currentTime)

/** Signed in as the demo pupil: the lesson `title` of the first chapter of Mathématiques' miscellaneous tab. */
async function openMathsMiscLesson(page: Page, title: string): Promise<void> {
  await signIn(page, demo.student)
  await page.getByTestId('nav-subjects').click()
  await page.getByTestId('subject-card').filter({ hasText: 'Mathématiques' }).getByRole('link').click()
  await page.getByTestId('subject-tab-divers').click()
  await page.getByTestId('chapter-link').first().click()
  await page.getByTestId('lesson-list-item').filter({ hasText: title }).click()
}

async function play(page: Page): Promise<void> {
  await expect(page.getByTestId('lesson-video')).toHaveJSProperty('readyState', 4, { timeout: 15_000 })
  await page.getByTestId('player-toggle').click()
  await expect(page.getByTestId('lesson-player')).toHaveAttribute('data-playing', 'true')
}

test('a lesson plays, seeks, keeps its speed, completes at 80 % and resumes, in French, light', async () => {
  test.slow()
  test.setTimeout(120_000)
  app = await launchApp({ apiUrl: api!.url })
  const { page } = app
  await signIn(page, demo.student)
  // Mathématiques, « Nombres complexes »: not watched yet.
  await openChapter(page, 'Mathématiques', 2)
  await expect(page.getByTestId('lesson-title')).toHaveText('Forme algébrique d’un nombre complexe')
  await expect(page.getByTestId('lesson-back')).toHaveText('Mathématiques')
  await expect(page.getByTestId('lesson-chapter')).toHaveText('Nombres complexes')
  await expect(
    page
      .getByTestId('lesson-list-item')
      .filter({ has: page.locator('[aria-current="page"]') })
      .or(page.locator('[data-testid="lesson-list-item"][aria-current="page"]'))
  ).toHaveCount(1)
  await expect(page.getByTestId('lesson-watched')).toHaveAttribute('data-value', '0')
  await app.screenshot('lesson-fr-light')
  await expectNoSeriousViolations(page)

  // It plays: the video's time advances.
  await play(page)
  const first = await videoTime(page)
  await expect.poll(() => videoTime(page), { timeout: 10_000 }).toBeGreaterThan(first + 1)

  // Seek with the slider, then with the keyboard.
  await page.getByTestId('player-seek').fill('12')
  await expect.poll(() => videoTime(page)).toBeGreaterThanOrEqual(12)
  await page.getByTestId('player-toggle').click()
  await expect(page.getByTestId('lesson-player')).toHaveAttribute('data-playing', 'false')
  const before = await videoTime(page)
  await page.getByTestId('lesson-video').focus()
  await page.keyboard.press('ArrowLeft')
  await expect.poll(() => videoTime(page)).toBeLessThan(before - 4)

  // Speed 1.5, kept after a reload.
  await page.getByTestId('player-speed').selectOption('1.5')
  await expect(page.getByTestId('lesson-player')).toHaveAttribute('data-rate', '1.5')
  await expect.poll(() => page.getByTestId('lesson-video').evaluate((video: HTMLVideoElement) => video.playbackRate)).toBe(1.5)
  await page.reload()
  await expect(page.getByTestId('lesson-player')).toHaveAttribute('data-rate', '1.5', { timeout: 15_000 })

  // Watched from the start to the end at 2×: the tick mark, and the lesson ticked in the side list.
  await page.getByTestId('player-speed').selectOption('2')
  await page.getByTestId('player-seek').fill('0')
  await expect.poll(() => videoTime(page)).toBeLessThan(1)
  await play(page)
  // Under load the video plays slower than the wall clock (test.slow above gives the journey the time).
  await expect(page.getByTestId('lesson-completed')).toBeVisible({ timeout: 60_000 })
  await expect
    .poll(async () => Number(await page.getByTestId('lesson-watched').getAttribute('data-value')), { timeout: 15_000 })
    .toBeGreaterThanOrEqual(80)
  await expect(page.locator('[data-testid="lesson-list-item"][aria-current="page"]')).toHaveAttribute('data-completed', 'true')
  await app.screenshot('lesson-completed-fr-light')

  // Reload: the lesson stays complete and resumes near where it stopped (not at the very end: the beginning).
  await page.reload()
  await expect(page.getByTestId('lesson-completed')).toBeVisible({ timeout: 15_000 })

  // The next lesson, then back to the subject: its chapter's progress went up.
  await page.getByTestId('lesson-next').click()
  await expect(page.getByTestId('lesson-title')).toHaveText('Module et argument')
  await play(page)
  await expect.poll(() => videoTime(page), { timeout: 10_000 }).toBeGreaterThan(6)
  await page.getByTestId('player-toggle').click()
  const stoppedAt = await videoTime(page)
  await page.reload()
  await expect(page.getByTestId('lesson-title')).toHaveText('Module et argument', { timeout: 15_000 })
  await expect(page.getByTestId('lesson-video')).toHaveJSProperty('readyState', 4, { timeout: 15_000 })
  await expect.poll(() => videoTime(page)).toBeGreaterThan(stoppedAt - 6)
  await page.getByTestId('lesson-back').click()
  await expect(page.getByTestId('subject-details')).toBeVisible({ timeout: 15_000 })
  await expect(page.getByTestId('chapter-row').nth(2)).not.toHaveAttribute('data-progress', '0')
})

test('a locked lesson shows the unlock prompt, which leads to /offres', async () => {
  app = await launchApp({ apiUrl: api!.url })
  const { page } = app
  await signIn(page, demo.student)
  // Français is not in the pupil's offer: only its first lesson is free.
  await openChapter(page, 'Français', 0)
  await page.locator('[data-testid="lesson-list-item"][data-locked="true"]').first().click()
  await expect(page.getByTestId('lesson-locked')).toBeVisible({ timeout: 15_000 })
  await expect(page.getByTestId('lesson-video')).toHaveCount(0)
  await expectNoSeriousViolations(page)
  await page.getByTestId('lesson-unlock').click()
  await expect.poll(() => pathname(page)).toBe('/offres')

  // An unknown lesson is the 404 page; the course view finds a lesson by the id before its first hyphen.
  await app.deepLink(
    `darsi://open?path=${encodeURIComponent('/subjects/mathematiques/chapters/nombres-complexes/lessons/inconnue/content')}`
  )
  await expect(page.getByTestId('not-found')).toBeVisible({ timeout: 15_000 })
  await openChapter(page, 'Mathématiques', 2)
  const id = await page.getByTestId('lesson-page').getAttribute('data-lesson')
  const subject = /\/subjects\/([^/]+)\/chapters\/([^/]+)\//.exec(pathname(page))!
  await app.deepLink(`darsi://open?path=${encodeURIComponent(`/courses/${subject[1]}/${subject[2]}/${id}-une-lecon`)}`)
  await expect.poll(() => pathname(page)).toMatch(/^\/courses\//)
  await expect(page.getByTestId('lesson-page')).toHaveAttribute('data-lesson', id!, { timeout: 15_000 })
})

test('the API goes away mid-lesson and comes back: the ticks kept on the machine are counted', async () => {
  test.slow()
  test.setTimeout(150_000)
  app = await launchApp({ apiUrl: api!.url })
  const { page } = app
  await signIn(page, demo.student)
  // Physique, « Oscillations mécaniques libres »: not watched yet.
  await openChapter(page, 'Physique', 1)
  await expect(page.getByTestId('lesson-watched')).toHaveAttribute('data-value', '0')
  await page.getByTestId('player-speed').selectOption('2')
  await play(page)
  await expect.poll(() => videoTime(page), { timeout: 10_000 }).toBeGreaterThan(2)

  // The API stops: the video plays on from what it has, the ticks wait on the machine.
  const port = new URL(api!.url).port
  await stopProcess(api!.child)
  await expect(page.getByTestId('player-offline')).toBeVisible({ timeout: 15_000 })
  await expect(page.getByTestId('lesson-player')).toHaveAttribute('data-playing', 'false', { timeout: 30_000 })
  expect(await videoTime(page)).toBeGreaterThan(23)
  await expect(page.getByTestId('lesson-completed')).toHaveCount(0)

  // It comes back on the same address: the socket reconnects and sends what waited.
  Object.assign(api, await startApi(api.dataDir, 'demo', { DARSI_OPERATOR_KEY: OPERATOR_KEY }, Number(port)))
  await expect(page.getByTestId('player-offline')).toHaveCount(0, { timeout: 30_000 })
  // Under load the video plays slower than the wall clock (test.slow above gives the journey the time).
  await expect(page.getByTestId('lesson-completed')).toBeVisible({ timeout: 60_000 })
  await page.reload()
  await expect(page.getByTestId('lesson-completed')).toBeVisible({ timeout: 15_000 })
})

test('in Arabic, dark, at 599 px: the lesson page right to left, the player left to right', async () => {
  test.setTimeout(90_000)
  app = await launchApp({ apiUrl: api!.url, locale: 'ar', colorScheme: 'dark' })
  const { page } = app
  await signIn(page, demo.student)
  await openChapter(page, 'Mathématiques', 1)
  await page.setViewportSize({ width: 599, height: 900 })
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
  await expect(page.getByTestId('player-controls')).toHaveAttribute('dir', 'ltr')
  await expect(page.getByTestId('lesson-bar')).toBeVisible()
  await play(page)
  await expect.poll(() => videoTime(page), { timeout: 10_000 }).toBeGreaterThan(1)
  await page.getByTestId('player-toggle').click()
  await app.screenshot('lesson-ar-dark-599')
  await expectNoSeriousViolations(page)
  const width = await page.evaluate(() => document.documentElement.scrollWidth)
  expect(width).toBeLessThanOrEqual(599)

  // The favourites in Arabic: bookmarked here, listed there, then removed again.
  await page.getByTestId('lesson-bookmark').click()
  await expect(page.getByTestId('lesson-bookmark')).toHaveAttribute('aria-pressed', 'true')
  await app.deepLink(`darsi://open?path=${encodeURIComponent('/liste-de-favoris')}`)
  await expect(page.getByTestId('favourite')).toHaveCount(1, { timeout: 15_000 })
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('قائمة المفضلة')
  await app.screenshot('favourites-ar-dark-599')
  await expectNoSeriousViolations(page)
  await page.getByTestId('favourite-remove').click()
  await expect(page.getByTestId('favourites-empty')).toBeVisible({ timeout: 15_000 })
})

test('love and sad with the interaction count, a video report, the bookmark in the favourites and the history, and a locked lesson warns to unlock first', async () => {
  test.setTimeout(120_000)
  app = await launchApp({ apiUrl: api!.url })
  const { page } = app
  await signIn(page, demo.student)
  await openChapter(page, 'Mathématiques', 1)
  const total = page.getByTestId('lesson-interactions')
  await expect(total).toBeVisible({ timeout: 15_000 })
  const before = Number(await total.getAttribute('data-total'))
  const love = page.getByTestId('lesson-love')
  await love.click()
  await expect(love).toHaveAttribute('aria-pressed', 'true')
  await expect(total).toHaveAttribute('data-total', String(before + 1))
  // Sad replaces love: the total stays; sad again clears it.
  await page.getByTestId('lesson-sad').click()
  await expect(love).toHaveAttribute('aria-pressed', 'false')
  await expect(page.getByTestId('lesson-sad')).toHaveAttribute('aria-pressed', 'true')
  await expect(total).toHaveAttribute('data-total', String(before + 1))
  await page.getByTestId('lesson-sad').click()
  await expect(total).toHaveAttribute('data-total', String(before))
  // Kept by the server: after a reload the bookmark set here is still on.
  const bookmark = page.getByTestId('lesson-bookmark')
  await expect(bookmark).toHaveAttribute('aria-pressed', 'false')
  await bookmark.click()
  await expect(bookmark).toHaveAttribute('aria-pressed', 'true')
  await expect(page.getByText('Leçon ajoutée à vos favoris')).toBeVisible()
  await app.screenshot('lesson-actions-fr-light')
  await expectNoSeriousViolations(page)
  await page.reload()
  await expect(page.getByTestId('lesson-bookmark')).toHaveAttribute('aria-pressed', 'true', { timeout: 15_000 })
  const title = (await page.getByTestId('lesson-title').textContent())!

  // Report the video: the support area's dialog in create mode, then the report in /reports.
  await page.getByTestId('lesson-report').click()
  await expect(page.getByTestId('report-dialog')).toBeVisible({ timeout: 15_000 })
  await expect(page.getByTestId('report-lesson')).toContainText(title)
  await page.getByTestId('report-reason').selectOption({ index: 1 })
  await page.getByTestId('report-description').fill('Le son est décalé après 0:10')
  await page.getByTestId('report-submit').click()
  await expect(page.getByTestId('report-dialog')).toHaveCount(0, { timeout: 15_000 })
  await app.deepLink(`darsi://open?path=${encodeURIComponent('/reports')}`)
  await expect(page.locator('[data-testid="report-row"]').filter({ hasText: title })).toContainText('En attente', { timeout: 15_000 })
  await page.goBack()
  await expect(page.getByTestId('lesson-title')).toHaveText(title, { timeout: 15_000 })

  // In the favourites, where it opens the lesson, and in the history's bookmarked lessons.
  await app.deepLink(`darsi://open?path=${encodeURIComponent('/liste-de-favoris')}`)
  const favourite = page.getByTestId('favourite').filter({ hasText: title })
  await expect(favourite).toBeVisible({ timeout: 15_000 })
  await expect(favourite).toContainText('Mathématiques')
  await app.screenshot('favourites-fr-light')
  await expectNoSeriousViolations(page)
  await favourite.getByTestId('favourite-link').click()
  await expect(page.getByTestId('lesson-title')).toHaveText(title, { timeout: 15_000 })
  await app.deepLink(`darsi://open?path=${encodeURIComponent('/historique')}`)
  await expect(page.getByTestId('history-bookmarks')).toContainText(title, { timeout: 15_000 })
  // Removed from the favourites: the list is empty again.
  await page.goBack()
  await page.goBack()
  await expect.poll(() => pathname(page)).toBe('/liste-de-favoris')
  await page.getByTestId('favourite').filter({ hasText: title }).getByTestId('favourite-remove').click()
  await expect(page.getByTestId('favourites-empty')).toBeVisible({ timeout: 15_000 })

  // A locked lesson: the controls warn and change nothing.
  await openChapter(page, 'Français', 0)
  await page.locator('[data-testid="lesson-list-item"][data-locked="true"]').first().click()
  await expect(page.getByTestId('lesson-locked')).toBeVisible({ timeout: 15_000 })
  await page.getByTestId('lesson-love').click()
  await expect(page.getByText('Vous devez débloquer ce cours').first()).toBeVisible()
  await expect(page.getByTestId('lesson-love')).toHaveAttribute('aria-pressed', 'false')
  await page.getByTestId('lesson-report').click()
  await expect(page.getByTestId('report-dialog')).toHaveCount(0)
})

test('an attachment downloads with the bytes the operator attached; its long name shows 15 characters', async () => {
  app = await launchApp({ apiUrl: api!.url })
  const { page } = app
  await signIn(page, demo.student)
  await openChapter(page, 'Mathématiques', 2)
  await expect(page.getByTestId('lesson-attachments')).toHaveText('Aucune pièce jointe dans cette leçon')
  const id = (await page.getByTestId('lesson-page').getAttribute('data-lesson'))!
  const pdf = join(api!.dir, 'fiche.pdf')
  writeFileSync(pdf, `%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n% ${'x'.repeat(2000)}\ntrailer << /Root 1 0 R >>\n%%EOF\n`)
  await admin(api!.url, OPERATOR_KEY, 'lesson', 'attach', id, pdf, '--name', 'Fiche de révision des complexes.pdf')
  await page.reload()
  const attachment = page.getByTestId('attachment')
  await expect(attachment).toContainText('Fiche de révisi…', { timeout: 15_000 })
  const downloading = page.waitForEvent('download')
  await attachment.getByTestId('attachment-download').click()
  const download = await downloading
  expect(download.suggestedFilename()).toBe('Fiche de révision des complexes.pdf')
  const saved = join(api!.dir, 'saved.pdf')
  await download.saveAs(saved)
  expect(readFileSync(saved).equals(readFileSync(pdf))).toBe(true)
  await expect(attachment).toHaveAttribute('data-state', 'done')
  await app.screenshot('lesson-attachment-fr-light')
})

test('the demo quiz: answered, scored with corrections and explanations, and taken again', async () => {
  test.setTimeout(90_000)
  app = await launchApp({ apiUrl: api!.url })
  const { page } = app
  await openMathsMiscLesson(page, 'Quiz : les bases du programme')
  const quiz = page.getByTestId('quiz')
  await expect(quiz).toBeVisible({ timeout: 15_000 })
  const questions = page.getByTestId('quiz-question')
  const count = await questions.count()
  expect(count).toBeGreaterThan(1)
  for (let index = 0; index < count; index++) await questions.nth(index).getByTestId('quiz-option').first().click()
  await app.screenshot('lesson-quiz-answered-fr-light')
  await page.getByTestId('quiz-submit').click()
  const score = page.getByTestId('quiz-score')
  await expect(score).toBeVisible({ timeout: 15_000 })
  expect(Number(await score.getAttribute('data-total'))).toBe(count)
  await expect(page.getByTestId('quiz-correction')).toHaveCount(count)
  await app.screenshot('lesson-quiz-fr-light')
  await expectNoSeriousViolations(page)
  await page.getByTestId('quiz-retry').click()
  await expect(page.getByTestId('quiz-best')).toBeVisible({ timeout: 15_000 })
  await expect(page.getByTestId('quiz-correction')).toHaveCount(0)
  await page.getByTestId('quiz-one-at-a-time').click()
  await expect(questions).toHaveCount(1)
})

test('the demo magazine: page by page, the keyboard, page 3 kept after a reload, continuous reading', async () => {
  test.setTimeout(90_000)
  app = await launchApp({ apiUrl: api!.url })
  const { page } = app
  await openMathsMiscLesson(page, 'Fiche méthode : rédiger une démonstration')
  const magazine = page.getByTestId('magazine')
  await expect(magazine).toBeVisible({ timeout: 15_000 })
  await expect(page.getByTestId('magazine-position')).toHaveText('Page 1 sur 4')
  await expect(page.getByTestId('magazine-page')).toHaveJSProperty('complete', true)
  expect(await page.getByTestId('magazine-page').evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(100)
  await page.getByTestId('magazine-next').click()
  await page.getByTestId('magazine-view').focus()
  await page.keyboard.press('ArrowRight')
  await expect(magazine).toHaveAttribute('data-page', '3')
  await expect(page.getByTestId('magazine-page')).toHaveJSProperty('complete', true)
  await app.screenshot('lesson-magazine-fr-light')
  await expectNoSeriousViolations(page)
  await page.reload()
  await expect(page.getByTestId('magazine')).toHaveAttribute('data-page', '3', { timeout: 15_000 })
  await page.getByTestId('magazine-continuous').click()
  await expect(page.getByTestId('magazine-page')).toHaveCount(4)
  await app.screenshot('lesson-magazine-continuous-fr-light')
  await expectNoSeriousViolations(page)
})

test('in Arabic, dark: the quiz before and after submit, and the Arabic magazine right to left, page by page and continuous', async () => {
  test.setTimeout(120_000)
  app = await launchApp({ apiUrl: api!.url, locale: 'ar', colorScheme: 'dark' })
  const { page } = app
  await openMathsMiscLesson(page, 'Quiz : les bases du programme')
  const questions = page.getByTestId('quiz-question')
  await expect(questions.first()).toBeVisible({ timeout: 15_000 })
  const count = await questions.count()
  // The quiz's own texts (French here) keep their direction in the right-to-left page: each option is isolated.
  await expect(questions.locator('label bdi')).toHaveCount(await page.getByTestId('quiz-option').count())
  for (let index = 0; index < count; index++) await questions.nth(index).getByTestId('quiz-option').first().click()
  await app.screenshot('lesson-quiz-answered-ar-dark')
  await expectNoSeriousViolations(page)
  await page.getByTestId('quiz-submit').click()
  await expect(page.getByTestId('quiz-score')).toBeVisible({ timeout: 15_000 })
  await app.screenshot('lesson-quiz-ar-dark')
  await expectNoSeriousViolations(page)

  // The Arabic magazine of Arabe (free): its pages in right-to-left order.
  await openChapter(page, 'Arabe', 0)
  await page.getByTestId('lesson-list-item').filter({ hasText: 'مجلة المطالعة' }).click()
  const magazine = page.getByTestId('magazine')
  await expect(magazine).toBeVisible({ timeout: 15_000 })
  await expect(magazine).toHaveAttribute('data-rtl', 'true')
  await expect(page.getByTestId('magazine-page')).toHaveJSProperty('complete', true)
  // Right to left: the left arrow is the next page.
  await page.getByTestId('magazine-view').focus()
  await page.keyboard.press('ArrowLeft')
  await expect(magazine).toHaveAttribute('data-page', '2')
  await expect(page.getByTestId('magazine-page')).toHaveJSProperty('complete', true)
  await app.screenshot('lesson-magazine-rtl-ar-dark')
  await expectNoSeriousViolations(page)
  await page.getByTestId('magazine-continuous').click()
  await expect(page.getByTestId('magazine-page')).toHaveCount(3)
  await app.screenshot('lesson-magazine-rtl-continuous-ar-dark')
  await expectNoSeriousViolations(page)
})

test('free hours used up while watching: the modal, which leads to /offres', async () => {
  test.setTimeout(120_000)
  // The demo pupil has 2 free hours; 10 seconds of them are left (written while the API is stopped).
  const port = new URL(api!.url).port
  await stopProcess(api!.child)
  const { PGlite } = await import('@electric-sql/pglite')
  const db = await PGlite.create({ dataDir: join(api!.dataDir, 'pglite') })
  const pupil = `(select id from users where phone = '${demo.student}')`
  await db.query(`update content_progress set free_seconds = 0 where user_id = ${pupil}`)
  await db.query(
    `update content_progress set free_seconds = 7190 where user_id = ${pupil} and content_id = (select min(content_id) from content_progress where user_id = ${pupil})`
  )
  await db.close()
  Object.assign(api, await startApi(api.dataDir, 'demo', { DARSI_OPERATOR_KEY: OPERATOR_KEY }, Number(port)))

  app = await launchApp({ apiUrl: api.url })
  const { page } = app
  await signIn(page, demo.student)
  // Français is not in the pupil's offer: its first lesson is free, and spends free hours.
  await openChapter(page, 'Français', 0)
  await expect(page.getByTestId('lesson-page')).toContainText('Cette leçon est comptée sur vos heures gratuites.')
  await page.getByTestId('player-speed').selectOption('2')
  await play(page)
  const dialog = page.getByTestId('free-hours-ended')
  await expect(dialog).toBeVisible({ timeout: 30_000 })
  await expect(dialog).toContainText('Vos heures gratuites sont terminées')
  // The lesson is locked for the pupil now: the video is gone, the unlock prompt behind the modal.
  await expect(page.getByTestId('lesson-video')).toHaveCount(0)
  await expect(page.getByTestId('lesson-locked')).toBeAttached()
  await app.screenshot('lesson-free-hours-ended-fr')
  await page.getByTestId('free-hours-offers').click()
  await expect.poll(() => pathname(page)).toBe('/offres')
})
