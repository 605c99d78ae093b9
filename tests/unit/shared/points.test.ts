import { describe, expect, it } from 'vitest'
import { balanceUnit, pointsNoun, type BalanceUnit } from '../../../src/shared/rules/points.ts'

describe('the points unit inside a sentence', () => {
  it('counts the way each language does, not by the balance label’s 1–10 rule', () => {
    // A figure, then its noun in French, English and Arabic. Arabic: the dual for 2, the plural for 3–10 (a transfer's minimum of
    // 10 reads « 10 نقاط »), the singular from 11.
    const table: Array<[number, BalanceUnit, BalanceUnit, BalanceUnit]> = [
      [0, 'unitOne', 'unitOther', 'unitOne'],
      [1, 'unitOne', 'unitOne', 'unitOne'],
      [2, 'unitOther', 'unitOther', 'unitTwo'],
      [3, 'unitOther', 'unitOther', 'unitOther'],
      [10, 'unitOther', 'unitOther', 'unitOther'],
      [11, 'unitOther', 'unitOther', 'unitOne'],
      [100, 'unitOther', 'unitOther', 'unitOne'],
      [103, 'unitOther', 'unitOther', 'unitOther']
    ]
    expect(table.map(([n]) => [n, pointsNoun(n, 'fr'), pointsNoun(n, 'en-US'), pointsNoun(n, 'ar')])).toEqual(table)
    // The label keeps the specification's reading: 10 points is « 10 point » there.
    expect(balanceUnit(10, 'fr')).toBe('unitOne')
    expect(pointsNoun(10, 'fr')).toBe('unitOther')
  })
})
