/**
 * My reports, the report dialog and assistance (issue 29), on one API shared by the journeys of
 * this file: the pupil's reports are listed Pending, one is edited through the dialog (the spec's
 * message when a field is missing, nothing typed lost), another deleted after its confirmation;
 * the operator takes a report In progress then Resolved and the pupil sees the status and the
 * notifications; /assistance plays a video in the app; and all of it once in Arabic, dark. Axe
 * finds no serious or critical violation.
 */
import { expect, test, type Page } from '@playwright/test'
import { launchApp, type AppHandle } from './harness.ts'
import { admin, demo, expectNoSeriousViolations, sharedApi, signIn, useOperatorKey } from './helpers.ts'

const operatorKey = useOperatorKey()
const api = sharedApi('support')
let app: AppHandle | undefined

test.afterEach(async () => {
  await app?.close()
  app = undefined
})

/** The bell's unread count (0 when the badge is not shown). */
async function bellCount(page: Page): Promise<number> {
  const badge = page.getByTestId('notification-bell-count')
  if ((await badge.count()) === 0) return 0
  return Number((await badge.textContent())?.replace(/\D/g, '') || 0)
}

/** Signs the demo pupil in and keeps the bearer token the app sends, to report lessons through the API. */
async function signInKeepingToken(page: Page): Promise<(path: string, init?: RequestInit) => Promise<Response>> {
  let token: string | null = null
  let origin: string | null = null
  page.on('request', (request) => {
    const authorization = request.headers().authorization
    const url = new URL(request.url())
    if (authorization?.startsWith('Bearer ') && url.pathname.startsWith('/api/')) {
      token = authorization
      origin = url.origin
    }
  })
  await signIn(page, demo.student)
  await expect.poll(() => token, { timeout: 15_000 }).not.toBeNull()
  return (path, init = {}) =>
    fetch(`${origin}/api${path}`, {
      ...init,
      headers: { authorization: token!, 'content-type': 'application/json', 'accept-language': 'fr', ...init.headers }
    })
}

/** Reports an open lesson of the demo pupil through the API: the report's id and the lesson's name. */
async function report(
  call: Awaited<ReturnType<typeof signInKeepingToken>>,
  reasonIndex: number,
  description: string
): Promise<{ id: number; lesson: string }> {
  const lesson = (await (
    await call('/student/subjects/mathematiques/chapters/limites-et-continuite/contents/continuite-sur-un-intervalle')
  ).json()) as {
    content: { id: number; name: string }
  }
  const reasons = (await (await call('/student/report-reasons')).json()) as { id: number }[]
  const response = await call('/student/video-reports', {
    method: 'POST',
    body: JSON.stringify({ content: lesson.content.id, reportReason: reasons[reasonIndex]!.id, description })
  })
  expect(response.status).toBe(201)
  const body = (await response.json()) as { report: { id: number } }
  return { id: body.report.id, lesson: lesson.content.name }
}

const row = (page: Page, id: number) => page.locator(`[data-testid="report-row"][data-report-id="${id}"]`)

/** Plays the first assistance video of the page, muted, until its time passes one second. */
async function playFirstAssistanceVideo(page: Page): Promise<void> {
  const player = page.getByTestId('assistance-player').first()
  await expect(player).toHaveJSProperty('readyState', 4, { timeout: 15_000 })
  await player.evaluate((video: HTMLVideoElement) => {
    video.muted = true
    return video.play()
  })
  await expect.poll(() => player.evaluate((video: HTMLVideoElement) => video.currentTime), { timeout: 10_000 }).toBeGreaterThan(1)
}

test('reports: listed Pending, edited through the dialog, one deleted, another resolved by the operator, in French, light', async () => {
  test.setTimeout(120_000)
  app = await launchApp({ apiUrl: api!.url })
  const { page } = app
  const call = await signInKeepingToken(page)
  const first = await report(call, 0, 'Écran noir au début')
  const second = await report(call, 1, 'Pas de son')

  await app.deepLink(`darsi://open?path=${encodeURIComponent('/reports')}`)
  await expect(row(page, first.id)).toBeVisible({ timeout: 15_000 })
  await expect(row(page, second.id)).toHaveAttribute('data-status', 'Pending')
  await expect(row(page, first.id).getByTestId('report-status')).toHaveText('En attente')
  await expect(row(page, first.id).getByTestId('report-lesson-name')).toHaveText(first.lesson)
  await expect(row(page, first.id)).toContainText(/\d{2}\/\d{2}\/\d{4}/)
  await app.screenshot('reports-fr-light')
  await expectNoSeriousViolations(page)

  // Edit: the description emptied is refused with the spec's message, what is typed stays.
  await row(page, first.id).getByTestId('report-edit').click()
  const dialog = page.getByTestId('report-dialog')
  await expect(dialog).toHaveAttribute('data-step', 'edit')
  await expect(page.getByTestId('report-description')).toHaveValue('Écran noir au début')
  await page.getByTestId('report-description').fill('   ')
  await page.getByTestId('report-submit').click()
  await expect(dialog).toContainText('Remplir les champs raison et description')
  await page.getByTestId('report-reason').selectOption({ index: 3 })
  await app.screenshot('report-dialog-fr-light')
  await expectNoSeriousViolations(page)
  await page.getByTestId('report-description').fill('L’image se fige à 1:20')
  const reasonName = (await page.getByTestId('report-reason').locator('option:checked').textContent())!
  await page.getByTestId('report-submit').click()
  await expect(dialog).toBeHidden()
  await expect(row(page, first.id).getByTestId('report-reason-name')).toHaveText(reasonName)

  // Delete, after its confirmation.
  await row(page, second.id).getByTestId('report-delete').click()
  await expect(page.getByTestId('report-delete-dialog')).toContainText(second.lesson)
  await page.getByTestId('report-delete-confirm').click()
  await expect(row(page, second.id)).toHaveCount(0)
  await expect(row(page, first.id)).toBeVisible()

  // The operator takes it In progress, then Resolved: the pupil sees it, and is told.
  const unread = await bellCount(page)
  await admin(api!.url, operatorKey, 'video-report', 'start', String(first.id))
  await admin(api!.url, operatorKey, 'video-report', 'resolve', String(first.id))
  await expect.poll(() => bellCount(page), { timeout: 15_000 }).toBeGreaterThanOrEqual(unread + 2)
  await page.reload()
  await expect(row(page, first.id)).toHaveAttribute('data-status', 'Resolved', { timeout: 15_000 })
  await expect(row(page, first.id).getByTestId('report-status')).toHaveText('Résolu')
  await expect(row(page, first.id).getByTestId('report-edit')).toHaveCount(0)
  await expect(row(page, first.id).getByTestId('report-delete')).toHaveCount(0)
})

test('assistance plays its videos in the app, in French, light', async () => {
  app = await launchApp({ apiUrl: api!.url })
  const { page } = app
  await signIn(page, demo.student)
  await page.getByTestId('nav-assistance').click()
  await expect(page.getByTestId('assistance-video')).toHaveCount(2, { timeout: 15_000 })
  await expect(page.getByTestId('assistance-video').first()).toContainText('Comment suivre une leçon')
  await playFirstAssistanceVideo(page)
  await app.screenshot('assistance-fr-light')
  await expectNoSeriousViolations(page)
})

test('in Arabic, dark: the reports right to left, the dialog, and assistance playing', async () => {
  test.setTimeout(120_000)
  app = await launchApp({ apiUrl: api!.url, locale: 'ar', colorScheme: 'dark' })
  const { page } = app
  const call = await signInKeepingToken(page)
  const mine = await report(call, 2, 'الصورة غير واضحة')

  await app.deepLink(`darsi://open?path=${encodeURIComponent('/reports')}`)
  await expect(row(page, mine.id)).toBeVisible({ timeout: 15_000 })
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
  await expect(page.getByTestId('reports-page').getByRole('heading', { level: 1 })).toHaveText('بلاغاتي')
  await expect(row(page, mine.id).getByTestId('report-status')).toHaveText('قيد الانتظار')
  await app.screenshot('reports-ar-dark')
  await expectNoSeriousViolations(page)

  await row(page, mine.id).getByTestId('report-edit').click()
  await page.getByTestId('report-reason').selectOption('')
  await page.getByTestId('report-submit').click()
  await expect(page.getByTestId('report-dialog')).toContainText('يرجى ملء حقلي السبب والوصف')
  await expect(page.getByTestId('report-description')).toHaveValue('الصورة غير واضحة')
  await app.screenshot('report-dialog-ar-dark')
  await expectNoSeriousViolations(page)
  await page.getByTestId('report-cancel').click()

  await page.getByTestId('nav-assistance').click()
  await expect(page.getByTestId('assistance-page').getByRole('heading', { level: 1 })).toHaveText('المساعدة')
  await playFirstAssistanceVideo(page)
  await app.screenshot('assistance-ar-dark')
  await expectNoSeriousViolations(page)
})
