/**
 * The level rate table (specification part 1, §9): what the daily (1 day) and weekly (7 days)
 * auto-renewing plans cost, by level, in millimes. The catalogue's dailyPrice and weeklyPrice of a
 * division and the mobile-operator landing read the same table.
 */
import type { LevelSlug } from './schema.ts'
import type { Millimes } from './money.ts'

export type RatePeriod = 'day' | 'week'

export const LEVEL_RATES: Readonly<Record<LevelSlug, Readonly<Record<RatePeriod, Millimes>>>> = {
  primary: { day: 950, week: 7750 },
  basic: { day: 1600, week: 12250 },
  secondary: { day: 1600, week: 12250 },
  bac: { day: 2300, week: 17250 }
}

/** Days a plan of the table covers (the operator's recurrence '1' or '7'). */
export const RATE_DAYS: Readonly<Record<RatePeriod, number>> = { day: 1, week: 7 }

export function levelRate(level: LevelSlug, period: RatePeriod): Millimes {
  return LEVEL_RATES[level][period]
}
