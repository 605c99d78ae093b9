import { describe, expect, it } from 'vitest'
import { balanceUnit, pointsNoun } from '../../../src/shared/rules/points.ts'

describe('the points unit inside a sentence', () => {
  it('counts the way each language does, not by the balance label’s 1–10 rule', () => {
    const figures = [0, 1, 2, 3, 10, 11, 100, 103]
    expect(figures.map((n) => pointsNoun(n, 'fr'))).toEqual([
      'unitOne',
      'unitOne',
      'unitOther',
      'unitOther',
      'unitOther',
      'unitOther',
      'unitOther',
      'unitOther'
    ])
    expect(figures.map((n) => pointsNoun(n, 'en-US'))).toEqual([
      'unitOther',
      'unitOne',
      'unitOther',
      'unitOther',
      'unitOther',
      'unitOther',
      'unitOther',
      'unitOther'
    ])
    // Arabic: the dual for 2, the plural for 3–10 (a transfer's minimum of 10 reads « 10 نقاط »), the singular from 11.
    expect(figures.map((n) => pointsNoun(n, 'ar'))).toEqual([
      'unitOne',
      'unitOne',
      'unitTwo',
      'unitOther',
      'unitOther',
      'unitOne',
      'unitOne',
      'unitOther'
    ])
    // The label keeps the specification's reading: 10 points is « 10 point » there.
    expect(balanceUnit(10, 'fr')).toBe('unitOne')
    expect(pointsNoun(10, 'fr')).toBe('unitOther')
  })
})
