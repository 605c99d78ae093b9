/** Amounts and balances as each language writes them (Latin digits everywhere, as the platform prints numbers). */
import type { Language } from '../../../shared/ipc.ts'

const LOCALES: Record<Language, string> = { fr: 'fr-TN', 'en-US': 'en-US', ar: 'ar-TN-u-nu-latn' }
const formatters = new Map<Language, Intl.NumberFormat>()

/** 1234.5 → "1 234,5" (fr), "1,234.5" (en-US), "1.234,5" (ar); millimes kept, no trailing zeros. */
export function formatAmount(amount: number, language: Language): string {
  let formatter = formatters.get(language)
  if (!formatter) {
    formatter = new Intl.NumberFormat(LOCALES[language], { maximumFractionDigits: 3, numberingSystem: 'latn' })
    formatters.set(language, formatter)
  }
  return formatter.format(amount)
}
