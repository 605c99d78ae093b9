import type { Page } from '@playwright/test'
import type { Language } from '../../src/shared/ipc.ts'

/** Chooses a language with the header's language switcher, as a user would. */
export async function switchLanguage(page: Page, language: Language): Promise<void> {
  await page.getByTestId('language-switcher').click()
  await page.getByTestId(`language-option-${language}`).click()
  await page.locator('html').and(page.locator(`[lang="${language === 'en-US' ? 'en-US' : language}"]`)).waitFor()
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
