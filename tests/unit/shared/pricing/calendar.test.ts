import { DateTime } from 'luxon'
import { describe, expect, it } from 'vitest'
import { quote, restOfSchoolYear, TUNIS_ZONE } from '../../../../src/shared/pricing/index.ts'
import { division, entry } from './fixtures.ts'

// A school year of 303 days (1 September 2025 – 30 June 2026) priced 303 dinars: 1 dinar a day,
// so the expected prices read as the days left.
const year = division({ pricing: [entry('rest_of_year', 400, 303)] })
const restOfYear = (at: string) => quote({ division: year, level: 'bac', period: 'rest_of_year', at })

describe('the rest of the school year, in Africa/Tunis', () => {
  it('Tunis is UTC+1 all year, without summer time', () => {
    for (const month of [1, 3, 4, 7, 10, 11]) {
      const day = DateTime.fromObject({ year: 2026, month, day: 15, hour: 12 }, { zone: TUNIS_ZONE })
      expect(day.offset).toBe(60)
      expect(day.isInDST).toBe(false)
    }
  })

  it.each([
    // [instant, start, end, days left, price in millimes]
    ['2025-08-31T22:59:59Z', '2025-08-31', '2026-06-30', 303, 303_000], // 31 August 23:59 in Tunis: the coming year, whole
    ['2025-08-31T23:00:00Z', '2025-09-01', '2026-06-30', 303, 303_000], // 1 September 00:00 in Tunis
    ['2025-09-02T12:00:00Z', '2025-09-02', '2026-06-30', 302, 302_000],
    ['2025-12-31T22:59:59Z', '2025-12-31', '2026-06-30', 182, 182_000],
    ['2025-12-31T23:30:00Z', '2026-01-01', '2026-06-30', 181, 181_000], // still 31 December in UTC
    ['2026-03-01T10:00:00Z', '2026-03-01', '2026-06-30', 122, 122_000],
    ['2026-06-30T22:59:59Z', '2026-06-30', '2026-06-30', 1, 1_000], // the last day
    ['2026-06-30T23:00:00Z', '2026-07-01', '2027-06-30', 303, 303_000], // 1 July 00:00 in Tunis: the next year, whole
    ['2026-08-15T12:00:00Z', '2026-08-15', '2027-06-30', 303, 303_000]
  ])('at %s: %s to %s, %i days, %i millimes', (at, startDate, endDate, days, price) => {
    const result = restOfYear(at)
    expect(result.ok).toBe(true)
    if (!result.ok) return
    expect(result.quote.period).toMatchObject({ period: 'rest_of_year', startDate, endDate })
    expect(result.quote.snapshot.restOfYear?.remainingDays).toBe(days)
    expect(result.quote.base).toBe(price)
    expect(result.quote.listPrice).toBe(Math.round((price * 400) / 303))
  })

  it('counts 304 days in a school year with a 29 February and rounds the prorated price once, half up', () => {
    expect(restOfSchoolYear(new Date('2028-02-29T12:00:00Z'))).toEqual({
      startDate: '2028-02-29',
      endDate: '2028-06-30',
      schoolYearStart: '2027-09-01',
      remainingDays: 123,
      schoolYearDays: 304
    })
    // 303 000 × 123 / 304 = 122 595.39…
    const result = restOfYear('2028-02-29T12:00:00Z')
    expect(result.ok && result.quote.base).toBe(122_595)
  })

  it('is offered only when the pricing list has it', () => {
    const monthly = division({ pricing: [entry('month', 50, 40)] })
    expect(quote({ division: monthly, level: 'bac', period: 'rest_of_year', at: '2026-03-01T10:00:00Z' })).toEqual({
      ok: false,
      code: 'period_not_offered',
      detail: 'rest_of_year'
    })
  })
})
