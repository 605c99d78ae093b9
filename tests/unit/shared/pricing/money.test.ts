import { describe, expect, it } from 'vitest'
import { percentOf, prorate, splitLargestRemainder, toBasisPoints, toMillimes } from '../../../../src/shared/pricing/index.ts'

describe('money in millimes', () => {
  it('reads catalogue dinars as whole millimes and refuses fractions of a millime', () => {
    expect(toMillimes(0.95)).toBe(950)
    expect(toMillimes(463.25)).toBe(463250)
    expect(toMillimes(17.25)).toBe(17250)
    expect(toMillimes(19.999)).toBe(19999)
    expect(toMillimes(0.0005)).toBeNull()
    expect(toMillimes(-1)).toBeNull()
    expect(toMillimes(Number.NaN)).toBeNull()
  })

  it('rounds a percentage half up, once, and never above its base', () => {
    expect(percentOf(1010, 500)).toBe(51) // 50.5
    expect(percentOf(1009, 500)).toBe(50) // 50.45
    expect(percentOf(30, 1500)).toBe(5) // 4.5
    expect(percentOf(777, 10_000)).toBe(777)
    expect(toBasisPoints(12.5)).toBe(1250)
    expect(toBasisPoints(100.5)).toBeNull()
    expect(prorate(303_000, 123, 304)).toBe(122_595) // 122 595.39
    expect(prorate(1000, 1, 2)).toBe(500)
    expect(prorate(1, 1, 2)).toBe(1) // 0.5 up
  })

  it('splits by largest remainder so the parts add up exactly', () => {
    expect(splitLargestRemainder(100_000, [1, 1, 1])).toEqual([33_334, 33_333, 33_333])
    expect(splitLargestRemainder(315_000, [150_000, 100_000, 100_000])).toEqual([135_000, 90_000, 90_000])
    expect(splitLargestRemainder(10, [1, 2, 2])).toEqual([2, 4, 4])
    expect(splitLargestRemainder(11, [1, 2, 2])).toEqual([2, 5, 4]) // 2.2, 4.4, 4.4: the earlier of the tie gets the millime
    expect(splitLargestRemainder(5, [0, 0])).toEqual([3, 2])
    expect(splitLargestRemainder(7, [])).toEqual([7])
  })
})
