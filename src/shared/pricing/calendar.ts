/**
 * Dates of a purchase, counted in Tunis calendar days (Africa/Tunis, UTC+1 all year): the
 * school year, what is left of it, and the days a period covers. Dates are ISO `yyyy-mm-dd`,
 * both ends included.
 */
import { DateTime } from 'luxon'

export const TUNIS_ZONE = 'Africa/Tunis'

/** The school year runs from 1 September to 30 June (decision 0032). */
export const SCHOOL_YEAR_START = { month: 9, day: 1 } as const
export const SCHOOL_YEAR_END = { month: 6, day: 30 } as const

/** The Tunis calendar day of an instant, as a zone-free date to count days on. */
function tunisDay(at: Date): DateTime {
  const local = DateTime.fromJSDate(at, { zone: TUNIS_ZONE })
  return DateTime.utc(local.year, local.month, local.day)
}

function iso(day: DateTime): string {
  return day.toISODate() as string
}

function daysBetween(from: DateTime, to: DateTime): number {
  return Math.round(to.diff(from, 'days').days) + 1
}

export type RestOfYear = {
  /** The day of purchase in Tunis. */
  startDate: string
  /** The last day of the school year the purchase ends with. */
  endDate: string
  schoolYearStart: string
  /** Days paid: from the purchase (or the school year's first day, if later) to its last day. */
  remainingDays: number
  /** Days of the whole school year (303, or 304 when it holds a 29 February). */
  schoolYearDays: number
}

/**
 * What is left of the school year at an instant. From 1 July the year just ended is over and the
 * rest of the year is the next one, whole: access starts on the day of purchase, the price counts
 * from 1 September.
 */
export function restOfSchoolYear(at: Date): RestOfYear {
  const today = tunisDay(at)
  const endYear = today.month >= 7 ? today.year + 1 : today.year
  const end = DateTime.utc(endYear, SCHOOL_YEAR_END.month, SCHOOL_YEAR_END.day)
  const start = DateTime.utc(endYear - 1, SCHOOL_YEAR_START.month, SCHOOL_YEAR_START.day)
  const countedFrom = today < start ? start : today
  return {
    startDate: iso(today),
    endDate: iso(end),
    schoolYearStart: iso(start),
    remainingDays: daysBetween(countedFrom, end),
    schoolYearDays: daysBetween(start, end)
  }
}

/**
 * First and last day of a period of `days` days, or of `months` months, from the day of purchase:
 * a month bought on 15 January ends on 14 February; one bought on 30 or 31 January, whose day
 * February lacks, ends on February's last day.
 */
export function periodDates(at: Date, length: { days: number } | { months: number }): { startDate: string; endDate: string } {
  const today = tunisDay(at)
  if ('days' in length) return { startDate: iso(today), endDate: iso(today.plus({ days: length.days - 1 })) }
  const sameDay = today.plus({ months: length.months })
  return { startDate: iso(today), endDate: iso(sameDay.day < today.day ? sameDay : sameDay.minus({ days: 1 })) }
}

export function tunisDateOf(at: Date): string {
  return iso(tunisDay(at))
}
