import { describe, expect, it } from 'vitest'
import { darkTheme, FONT_FAMILY_BASE, fluentTheme, lightTheme } from '../../../../src/renderer/src/app/theme.ts'
import { resolveTheme } from '../../../../src/renderer/src/lib/theme.ts'

describe('theme', () => {
  it('uses the stored value, else the OS preference, else light', () => {
    expect(resolveTheme('dark', false)).toBe('dark')
    expect(resolveTheme('light', true)).toBe('light')
    expect(resolveTheme('system', true)).toBe('dark')
    expect(resolveTheme('system', false)).toBe('light')
    expect(resolveTheme('system', null)).toBe('light')
    expect(resolveTheme(null, true)).toBe('dark')
    expect(resolveTheme(undefined, null)).toBe('light')
  })

  it('puts the bundled Cairo font first in both Fluent themes', () => {
    expect(FONT_FAMILY_BASE.startsWith("'Cairo'")).toBe(true)
    expect(lightTheme.fontFamilyBase).toBe(FONT_FAMILY_BASE)
    expect(darkTheme.fontFamilyBase).toBe(FONT_FAMILY_BASE)
    expect(fluentTheme('dark')).toBe(darkTheme)
    expect(fluentTheme('light')).toBe(lightTheme)
    expect(darkTheme.colorNeutralBackground1).not.toBe(lightTheme.colorNeutralBackground1)
  })
})
