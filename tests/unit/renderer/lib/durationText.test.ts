import { describe, expect, it } from 'vitest'
import { lessonMinutes, splitDuration } from '../../../../src/renderer/src/lib/durationText.ts'

describe('durations shown', () => {
  it('a lesson shorter than a minute reads one minute, longer ones their rounded minutes', () => {
    expect([1, 24, 59, 60, 89, 90, 600].map(lessonMinutes)).toEqual([1, 1, 1, 1, 1, 2, 10])
  })

  it('splits hours and minutes, rounding the minutes down as a clock does', () => {
    expect(splitDuration(8_100)).toEqual({ hours: 2, minutes: 15 })
    expect(splitDuration(59)).toEqual({ hours: 0, minutes: 0 })
    expect(splitDuration(-5)).toEqual({ hours: 0, minutes: 0 })
  })
})
