import { execFile } from 'node:child_process'
import { randomBytes } from 'node:crypto'
import { promisify } from 'node:util'
import { test, type Page } from '@playwright/test'
import { repoRoot } from './harness.ts'
import type { Language } from '../../src/shared/ipc.ts'

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
