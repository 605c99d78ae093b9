import type { Page } from '@playwright/test'
import type { Language } from '../../src/shared/ipc.ts'

/** Chooses a language with the header's language switcher, as a user would. */
export async function switchLanguage(page: Page, language: Language): Promise<void> {
  await page.getByTestId('language-switcher').click()
  await page.getByTestId(`language-option-${language}`).click()
  await page.locator('html').and(page.locator(`[lang="${language === 'en-US' ? 'en-US' : language}"]`)).waitFor()
}
