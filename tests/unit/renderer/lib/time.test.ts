import { describe, expect, it } from 'vitest'
import {
  formatClock,
  formatDateTime,
  formatReportDate,
  formatSessionTime,
  nowInTunis,
  toTunis
} from '../../../../src/renderer/src/lib/time.ts'

describe('Tunis time helpers', () => {
  it('formats report dates as DD/MM/YYYY in Tunis time', () => {
    // 23:30 UTC on 31 December is already 1 January in Tunis (UTC+1).
    expect(formatReportDate('2025-12-31T23:30:00Z')).toBe('01/01/2026')
    expect(formatReportDate(Date.UTC(2024, 4, 16, 10))).toBe('16/05/2024')
    expect(formatReportDate(new Date(Date.UTC(2024, 0, 5, 12)))).toBe('05/01/2024')
  })

  it('formats session times as YYYY/MM/DD HH:mm in Tunis time', () => {
    expect(formatSessionTime('2024-07-01T08:05:00Z')).toBe('2024/07/01 09:05')
    expect(formatSessionTime('2024-07-01T08:05:00+02:00')).toBe('2024/07/01 07:05')
  })

  it('formats wallet dates and times of day in Tunis time, the same at every call', () => {
    expect(formatDateTime('2024-07-01T08:05:00Z')).toBe('01/07/2024 09:05')
    expect(formatClock('2024-07-01T08:05:00Z')).toBe('09:05')
    expect(formatClock('2024-07-01T08:05:00Z')).toBe('09:05')
    // Winter: Tunis is UTC+1 all year (no summer time since 2009).
    expect(formatClock('2026-01-15T23:30:00Z')).toBe('00:30')
    expect(formatClock(null)).toBe('')
  })

  it('reads wall-clock server values as Tunis time', () => {
    expect(formatSessionTime('2024-03-10 14:00:00')).toBe('2024/03/10 14:00')
    expect(formatSessionTime('2024-03-10T14:00')).toBe('2024/03/10 14:00')
    expect(formatReportDate('2024-03-10')).toBe('10/03/2024')
    expect(toTunis('2024-03-10 14:00:00')?.zoneName).toBe('Africa/Tunis')
  })

  it('answers an empty string for missing or unreadable values', () => {
    expect(formatReportDate(null)).toBe('')
    expect(formatReportDate(undefined)).toBe('')
    expect(formatSessionTime('')).toBe('')
    expect(formatSessionTime('not a date')).toBe('')
    expect(toTunis(Number.NaN)).toBeNull()
  })

  it('uses Latin digits whatever the default locale', () => {
    expect(formatSessionTime('2024-07-01T08:05:00Z')).toMatch(/^[\d/: ]+$/)
    expect(nowInTunis(Date.UTC(2024, 0, 1, 0, 0)).toFormat('HH:mm')).toBe('01:00')
  })
})
