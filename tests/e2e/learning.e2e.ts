/**
 * The learning catalogue's first screens (issue 27): the subjects grid and a subject's page,
 * driven as the demo pupil would, on one API shared by every journey of this file: the grid by
 * position with progress and ads, a subject's tabs (the exam tab counts Magazines), its chapter
 * rows and side widget with 'voir plus' / 'voir moins', an unknown subject (the 404 page) and
 * another class's (the level message); once in Arabic, dark, at 1280 and 599 px. Axe finds no
 * serious or critical violation.
 */
import { expect, test, type Page } from '@playwright/test'
import { launchApp, type AppHandle } from './harness.ts'
import { admin as runAdmin, demo, expectNoSeriousViolations, pathname, scrollToTop, sharedApi, signIn, useOperatorKey } from './helpers.ts'

const OPERATOR_KEY = useOperatorKey()

const api = sharedApi('learning', { DARSI_OPERATOR_KEY: OPERATOR_KEY })
let app: AppHandle | undefined

test.afterEach(async () => {
  await app?.close()
  app = undefined
})

/** The id of a class's subject, read from the operator's catalogue. */
async function subjectIdOf(division: number, slug: string): Promise<number> {
  const catalogue: unknown = JSON.parse(await runAdmin(api!.url, OPERATOR_KEY, 'catalogue', String(division)))
  const found: number[] = []
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) value.forEach(walk)
    else if (value && typeof value === 'object') {
      const record = value as Record<string, unknown>
      if (record.slug === slug && typeof record.id === 'number' && found.length === 0) found.push(record.id)
      Object.values(record).forEach(walk)
    }
  }
  walk(catalogue)
  expect(found).toHaveLength(1)
  return found[0]!
}

async function openSubjects(page: Page): Promise<void> {
  await page.getByTestId('nav-subjects').click()
  await expect(page.getByTestId('subjects-page')).toBeVisible()
  await expect.poll(() => pathname(page)).toBe('/subjects')
  await expect(page.getByTestId('subject-card').first()).toBeVisible({ timeout: 15_000 })
}

test('subjects → a subject → its tabs → other subjects, in French, light', async () => {
  app = await launchApp({ apiUrl: api!.url })
  const { page } = app
  await signIn(page, demo.student)
  await openSubjects(page)

  // The class's visible subjects by position (Allemand is hidden), progress within 0–100.
  const cards = page.getByTestId('subject-card')
  await expect(cards).toHaveCount(8)
  await expect(cards.first()).toContainText('Mathématiques')
  await expect(cards.nth(1)).toContainText('Physique')
  await expect(page.getByTestId('subjects-page')).not.toContainText('Allemand')
  for (const value of await cards.evaluateAll((nodes) => nodes.map((node) => Number(node.getAttribute('data-progress'))))) {
    expect(value).toBeGreaterThanOrEqual(0)
    expect(value).toBeLessThanOrEqual(100)
  }
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Matières')
  await app.screenshot('subjects-fr-light')
  await expectNoSeriousViolations(page)

  // A subject: course tab first, chapters under sections, numbered, with counts and instructors.
  await cards.first().getByRole('link').click()
  const details = page.getByTestId('subject-details')
  await expect(details).toBeVisible({ timeout: 15_000 })
  await expect.poll(() => pathname(page)).toMatch(/^\/subjects\/\d+\/details$/)
  await expect(details).toHaveAttribute('data-tab', 'course')
  await expect(page.getByTestId('subject-tab-course')).toHaveAttribute('aria-selected', 'true')
  const rows = page.getByTestId('chapter-row')
  await expect(rows.first()).toHaveAttribute('data-number', '01')
  await expect(rows.first().getByTestId('chapter-count')).toHaveText(/^\d+ vidéos?$/)
  await expect(rows.first().getByTestId('chapter-instructor')).toHaveText('M. Ben Salah')
  await expect(page.getByTestId('subject-section').first()).toBeVisible()
  await expect(page.getByTestId('subject-widget')).toContainText('Mathématiques')
  await expect(page.getByTestId('subject-widget-progress')).toHaveText(/^\d{1,3} %$/)
  await expect(page.getByTestId('subject-widget-chapters')).toHaveText(/^\d+ chapitres?$/)
  await expect(page.getByTestId('subject-widget-videos')).toHaveText(/^\d+ vidéos?$/)
  await app.screenshot('subject-details-fr-light')
  await expectNoSeriousViolations(page)

  // The exam tab counts Magazines; the keyboard reaches the tabs.
  await page.getByTestId('subject-tab-exam').click()
  await expect(details).toHaveAttribute('data-tab', 'exam')
  await expect(rows.first().getByTestId('chapter-count')).toHaveText(/^\d+ Magazines?$/)
  await page.getByTestId('subject-tab-exam').focus()
  await page.keyboard.press('ArrowLeft')
  await page.keyboard.press('Enter')
  await expect(details).toHaveAttribute('data-tab', 'course')

  // Other subjects: 5 shown, all 7 with 'voir plus', back to 5 with 'voir moins'.
  const others = page.getByTestId('subject-other')
  const toggle = page.getByTestId('subject-others-toggle')
  await expect(others).toHaveCount(5)
  await expect(toggle).toHaveText('voir plus')
  await toggle.click()
  await expect(others).toHaveCount(7)
  await expect(toggle).toHaveText('voir moins')
  await toggle.click()
  await expect(others).toHaveCount(5)

  // Another subject from the widget; a chapter row opens its first lesson's route.
  await others.first().click()
  await expect(page.getByTestId('subject-widget')).toContainText('Physique')
  await page.getByTestId('chapter-link').first().click()
  await expect.poll(() => pathname(page)).toMatch(/^\/subjects\/physique\/chapters\/[^/]+\/lessons\/[^/]+\/content$/)
})

test('an unknown subject is the 404 page, another class’s the level message', async () => {
  app = await launchApp({ apiUrl: api!.url })
  const { page } = app
  await signIn(page, demo.student)
  await app.deepLink('darsi://open?path=%2Fsubjects%2F999999%2Fdetails')
  await expect(page.getByTestId('not-found')).toBeVisible({ timeout: 15_000 })
  const other = await subjectIdOf(13, 'mathematiques')
  await app.deepLink(`darsi://open?path=${encodeURIComponent(`/subjects/${other}/details`)}`)
  await expect(page.getByTestId('subject-level-refused')).toContainText('Accès non autorisé pour ce niveau', { timeout: 15_000 })
})

test('in Arabic, dark, at 1280 and 599 px: right to left, the tabs and the widget', async () => {
  app = await launchApp({ apiUrl: api!.url, locale: 'ar', colorScheme: 'dark' })
  const { page } = app
  await signIn(page, demo.student)
  await openSubjects(page)
  expect(await page.locator('html').getAttribute('dir')).toBe('rtl')
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('المواد')
  await scrollToTop(page)
  await app.screenshot('subjects-ar-dark')
  await expectNoSeriousViolations(page)

  await page.getByTestId('subject-card').first().getByRole('link').click()
  await expect(page.getByTestId('subject-details')).toBeVisible({ timeout: 15_000 })
  await expect(page.getByTestId('subject-tab-course')).toHaveText('الدروس')
  await page.getByTestId('subject-tab-exam').click()
  await expect(page.getByTestId('chapter-row').first().getByTestId('chapter-count')).toHaveText(/مجل/)
  await page.getByTestId('subject-tab-course').click()
  await expect(page.getByTestId('subject-others-toggle')).toHaveText('عرض المزيد')
  await scrollToTop(page)
  await app.screenshot('subject-details-ar-dark')
  await expectNoSeriousViolations(page)

  await page.setViewportSize({ width: 599, height: 800 })
  await expect(page.getByTestId('subject-details')).toBeVisible()
  await scrollToTop(page)
  await app.screenshot('subject-details-ar-dark-599')
  await page.getByTestId('subject-others-toggle').click()
  await expect(page.getByTestId('subject-other')).toHaveCount(7)
  await page.getByTestId('subject-back').click()
  await expect(page.getByTestId('subjects-page')).toBeVisible()
  await app.screenshot('subjects-ar-dark-599')
  await expectNoSeriousViolations(page)
})
