import { webDarkTheme, webLightTheme, type Theme } from '@fluentui/react-components'
import type { ResolvedTheme } from '../lib/theme.ts'

/** Cairo is bundled (Latin and Arabic), so every machine renders the same glyphs. */
export const FONT_FAMILY_BASE = "'Cairo', 'Segoe UI', system-ui, sans-serif"

export const lightTheme: Theme = { ...webLightTheme, fontFamilyBase: FONT_FAMILY_BASE }
export const darkTheme: Theme = { ...webDarkTheme, fontFamilyBase: FONT_FAMILY_BASE }

export function fluentTheme(theme: ResolvedTheme): Theme {
  return theme === 'dark' ? darkTheme : lightTheme
}
