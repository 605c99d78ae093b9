/**
 * What the lesson and around-the-lesson benches share: the demo pupil signed in, the operator API
 * that makes the benches' own content, and the way to a subject's chapters.
 */
import type { Page } from 'playwright-core'
import type { AppHandle } from '../tests/e2e/harness.ts'

/** The demo pupil the benches sign in as, and the division their content is made for. */
export const STUDENT = { username: '20000001', password: 'Darsi#2026', division: 14 }

/** Signs the demo pupil in, and waits for the login page to go. */
export async function signInStudent(page: Page): Promise<void> {
  await page.getByTestId('login-username').fill(STUDENT.username)
  await page.getByTestId('login-password').fill(STUDENT.password)
  await page.getByTestId('login-submit').click()
  await page.getByTestId('login-page').waitFor({ state: 'detached', timeout: 30_000 })
}

/** Makes content through the operator API (POST /operator{path}) and answers what it made. */
export async function operator(app: AppHandle, key: string, path: string, body: unknown): Promise<{ id: number; slug: string }> {
  const response = await fetch(new URL(`/operator${path}`, app.apiUrl), {
    method: 'POST',
    headers: { 'x-operator-key': key, 'content-type': 'application/json' },
    body: JSON.stringify(body)
  })
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`)
  return (await response.json()) as { id: number; slug: string }
}

/** From anywhere to the chapters of the subject named `name`. */
export async function toSubject(page: Page, name: string): Promise<void> {
  await page.getByTestId('nav-subjects').click()
  await page.getByTestId('subject-card').filter({ hasText: name }).first().waitFor({ timeout: 20_000 })
  await page.getByTestId('subject-card').filter({ hasText: name }).getByRole('link').click()
  await page.getByTestId('chapter-link').first().waitFor({ timeout: 20_000 })
}
