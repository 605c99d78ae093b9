import { describe, expect, it } from 'vitest'
import { LEVEL_RATES, quote, type LevelSlug } from '../../../../src/shared/pricing/index.ts'
import { AT, division, entry } from './fixtures.ts'

// §9: primary 0.95 / 7.75, basic 1.6 / 12.25, secondary 1.6 / 12.25, bac 2.3 / 17.25 dinars per day / week.
const TABLE: Array<[LevelSlug, number, number]> = [
  ['primary', 950, 7750],
  ['basic', 1600, 12250],
  ['secondary', 1600, 12250],
  ['bac', 2300, 17250]
]

describe('the level rate table prices the daily and weekly plans', () => {
  it('holds the specification’s rates in millimes', () => {
    expect(LEVEL_RATES).toEqual(Object.fromEntries(TABLE.map(([level, day, week]) => [level, { day, week }])))
  })

  it.each(TABLE)('%s: one day %i, seven days %i millimes, whatever the entry says', (level, day, week) => {
    // The entries' own figures are not the price: the level's rate is.
    const plans = division({ pricing: [entry('day', 99, 99), entry('week', 99, 99)] })
    const daily = quote({ division: plans, level, period: 'day', at: AT })
    const weekly = quote({ division: plans, level, period: 'week', at: AT })
    expect(daily.ok && daily.quote).toMatchObject({
      base: day,
      total: day,
      dueNow: day,
      slices: [day],
      period: { startDate: '2026-01-15', endDate: '2026-01-15' }
    })
    expect(weekly.ok && weekly.quote).toMatchObject({
      base: week,
      total: week,
      dueNow: week,
      period: { startDate: '2026-01-15', endDate: '2026-01-21' }
    })
    expect(daily.ok && daily.quote.snapshot).toMatchObject({ unitSource: 'level_rate', unitPrice: day, level })
  })

  it('sells a daily or weekly plan only where the pricing list has it, never for a pack', () => {
    expect(quote({ division: division({ pricing: [entry('month', 50, 40)] }), level: 'bac', period: 'day', at: AT })).toEqual({
      ok: false,
      code: 'period_not_offered',
      detail: 'day'
    })
    const packWithDays = division({
      type: 'pack',
      pricing: [entry('day', 1, 1)],
      subject_details: [{ id: 1, subjectId: 1, subject: 'Maths', price: 10 }]
    })
    expect(quote({ division: packWithDays, level: 'bac', period: 'day', subjectIds: [1], at: AT })).toMatchObject({
      ok: false,
      code: 'period_not_offered'
    })
  })
})
