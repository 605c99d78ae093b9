import AxeBuilder from '@axe-core/playwright'
import { expect, test, type Page } from '@playwright/test'
import { execFile, type ChildProcess } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { repoRoot, runTemplateDir, startApi, stopProcess } from './harness.ts'
import type { Language } from '../../src/shared/ipc.ts'

/** The path of the page's address (the app's routes). */
export const pathname = (page: Page): string => new URL(page.url()).pathname

/** Back to the top of the page (the shell's content column scrolls). */
export async function scrollToTop(page: Page): Promise<void> {
  await page.evaluate(() => document.getElementById('main-content')?.parentElement?.scrollTo(0, 0))
}

/** Chooses a language with the header's language switcher, as a user would. */
export async function switchLanguage(page: Page, language: Language): Promise<void> {
  await page.getByTestId('language-switcher').click()
  await page.getByTestId(`language-option-${language}`).click()
  await page
    .locator('html')
    .and(page.locator(`[lang="${language === 'en-US' ? 'en-US' : language}"]`))
    .waitFor()
}

/** The demo accounts of the API's seed (server/src/seed/demo.ts, docs/demo-accounts.md). */
export const DEMO_PASSWORD = 'Darsi#2026'
export const demo = {
  student: '20000001',
  unverified: '20000003',
  expired: '20000004',
  incomplete: '20000005',
  admin: 'admin@demo.darsi.tn'
} as const

/** Signs in through the login form, as a user would, and waits until the form has gone. */
export async function signIn(page: Page, username: string, password = DEMO_PASSWORD): Promise<void> {
  await page.getByTestId('login-username').fill(username)
  await page.getByTestId('login-password').fill(password)
  await page.getByTestId('login-submit').click()
  await page.getByTestId('login-page').waitFor({ state: 'detached', timeout: 20_000 })
}

const run = promisify(execFile)

/**
 * From the subjects grid: a subject's page, then its chapter row `chapter` (its first lesson),
 * whose content route the address then names.
 */
export async function openChapter(page: Page, subject: string, chapter: number): Promise<void> {
  await page.getByTestId('nav-subjects').click()
  await expect(page.getByTestId('subject-card').first()).toBeVisible({ timeout: 15_000 })
  await page.getByTestId('subject-card').filter({ hasText: subject }).getByRole('link').click()
  await expect(page.getByTestId('subject-details')).toBeVisible({ timeout: 15_000 })
  await page.getByTestId('chapter-link').nth(chapter).click()
  await expect(page.getByTestId('lesson-page')).toBeVisible({ timeout: 15_000 })
  await expect.poll(() => pathname(page)).toMatch(/^\/subjects\/[^/]+\/chapters\/[^/]+\/(lessons|recordings)\/[^/]+\/content$/)
}

/**
 * A fresh operator key for this test file: the API the harness starts takes it from the
 * environment, as the CLI does. Call at the top level of the file.
 */
export function useOperatorKey(): string {
  const key = randomBytes(24).toString('hex')
  let previous: string | undefined
  test.beforeAll(() => {
    previous = process.env.DARSI_OPERATOR_KEY
    process.env.DARSI_OPERATOR_KEY = key
  })
  test.afterAll(() => {
    if (previous === undefined) delete process.env.DARSI_OPERATOR_KEY
    else process.env.DARSI_OPERATOR_KEY = previous
  })
  return key
}

/** The operator command line against the running API (its one line of output). */
export async function admin(apiUrl: string, key: string, ...args: string[]): Promise<string> {
  const { stdout } = await run(process.execPath, ['server/src/admin.ts', '--api', apiUrl, ...args], {
    cwd: repoRoot,
    env: { ...process.env, DARSI_OPERATOR_KEY: key }
  })
  return stdout.trim()
}

export type SharedApi = { url: string; child: ChildProcess; dir: string; dataDir: string }

/**
 * One API for the journeys of a test file, on its own copy of the seeded template (or an empty
 * data directory it seeds when there is no template): started before the file's tests, stopped
 * and removed after them. Call at the top level of the file; the fields are set once the API
 * runs, and a test that restarts the API assigns the new process to the same object.
 */
export function sharedApi(name: string, env: Record<string, string> = {}): SharedApi {
  const api = {} as SharedApi
  test.beforeAll(async () => {
    const dir = mkdtempSync(join(tmpdir(), `darsi-e2e-${name}-`))
    const dataDir = join(dir, 'api')
    if (existsSync(runTemplateDir())) cpSync(runTemplateDir(), dataDir, { recursive: true })
    else mkdirSync(dataDir, { recursive: true })
    Object.assign(api, await startApi(dataDir, 'demo', env), { dir, dataDir })
  })
  test.afterAll(async () => {
    if (!api.child) return
    await stopProcess(api.child)
    rmSync(api.dir, { recursive: true, force: true })
  })
  return api
}

/** Axe finds no serious or critical violation in the page's main content. */
export async function expectNoSeriousViolations(page: Page): Promise<void> {
  // Fluent's tab list keeps its arrow-key group with tabster's focus sentinels (aria-hidden, moved
  // away from as soon as focused): not content, left out of the check.
  const results = await new AxeBuilder({ page }).include('#main-content').exclude('[data-tabster-dummy]').analyze()
  const serious = results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({ id: violation.id, nodes: violation.nodes.map((node) => node.html.slice(0, 160)).slice(0, 5) }))
  expect(serious).toEqual([])
}
