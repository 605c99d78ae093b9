import { describe, expect, it } from 'vitest'
import { formatAmount } from '../../../../src/renderer/src/lib/amounts.ts'

describe('formatAmount', () => {
  it('writes each language its own way, with Latin digits everywhere', () => {
    expect(formatAmount(1234.5, 'fr')).toMatch(/^1\s234,5$/u)
    expect(formatAmount(1234.5, 'en-US')).toBe('1,234.5')
    expect(formatAmount(1234.5, 'ar')).toBe('1.234,5')
    expect(formatAmount(987654, 'ar')).not.toMatch(/[\u0660-\u0669]/u)
  })

  it('keeps millimes and drops trailing zeros', () => {
    expect(formatAmount(0.125, 'fr')).toBe('0,125')
    expect(formatAmount(2.5, 'en-US')).toBe('2.5')
    expect(formatAmount(150, 'ar')).toBe('150')
    expect(formatAmount(1.0004, 'en-US')).toBe('1')
  })

  it('answers the same for repeated calls in alternating languages', () => {
    const first = formatAmount(42.75, 'fr')
    formatAmount(42.75, 'ar')
    expect(formatAmount(42.75, 'fr')).toBe(first)
  })
})
