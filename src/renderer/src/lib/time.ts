/**
 * Times as the platform shows them: always in Tunis time, whatever the machine's zone.
 */
import { DateTime } from 'luxon'
import { TUNIS_TIME_ZONE } from '../../../shared/constants.ts'

export type TimeInput = string | number | Date | DateTime

/** Report dates: DD/MM/YYYY. */
export const REPORT_DATE_FORMAT = 'dd/MM/yyyy'
/** Session times: YYYY/MM/DD HH:mm. */
export const SESSION_TIME_FORMAT = 'yyyy/MM/dd HH:mm'
/** Wallet dates: DD/MM/YYYY HH:mm. */
export const DATE_TIME_FORMAT = `${REPORT_DATE_FORMAT} HH:mm`
/** A time of day: HH:mm. */
export const CLOCK_FORMAT = 'HH:mm'

const SQL_DATE_TIME = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2}(\.\d+)?)?$/
const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/

/**
 * Reads a server value into Tunis time. An ISO string with an offset or `Z` keeps its instant;
 * a wall-clock value without one (`2024-05-01 14:00:00`, `2024-05-01`) is a Tunis wall clock.
 * Answers null for anything unreadable.
 */
export function toTunis(input: TimeInput | null | undefined): DateTime | null {
  if (input === null || input === undefined || input === '') return null
  let value: DateTime
  if (DateTime.isDateTime(input)) value = input
  else if (input instanceof Date) value = DateTime.fromJSDate(input)
  else if (typeof input === 'number') value = DateTime.fromMillis(input)
  else {
    const text = input.trim()
    if (SQL_DATE_TIME.test(text) || DATE_ONLY.test(text)) {
      value = DateTime.fromISO(text.replace(' ', 'T'), { zone: TUNIS_TIME_ZONE })
    } else {
      value = DateTime.fromISO(text, { setZone: true })
    }
  }
  // Latin digits in every language, as the platform prints dates.
  return value.isValid ? value.setZone(TUNIS_TIME_ZONE).reconfigure({ numberingSystem: 'latn' }) : null
}

/** Server strings already formatted, per format: lists show the same dates at every render. */
const formatted = new Map<string, Map<string, string>>()
const FORMATTED_KEPT = 500

function format(input: TimeInput | null | undefined, pattern: string): string {
  if (typeof input !== 'string') return toTunis(input)?.toFormat(pattern) ?? ''
  let cache = formatted.get(pattern)
  if (!cache) formatted.set(pattern, (cache = new Map()))
  let text = cache.get(input)
  if (text === undefined) {
    text = toTunis(input)?.toFormat(pattern) ?? ''
    if (cache.size >= FORMATTED_KEPT) cache.clear()
    cache.set(input, text)
  }
  return text
}

/** `21/11/2026`; empty for an unreadable value. */
export function formatReportDate(input: TimeInput | null | undefined): string {
  return format(input, REPORT_DATE_FORMAT)
}

/** `2026/11/21 14:30`; empty for an unreadable value. */
export function formatSessionTime(input: TimeInput | null | undefined): string {
  return format(input, SESSION_TIME_FORMAT)
}

/** `21/11/2026 14:30`; empty for an unreadable value. */
export function formatDateTime(input: TimeInput | null | undefined): string {
  return format(input, DATE_TIME_FORMAT)
}

/** `14:30`; empty for an unreadable value. */
export function formatClock(input: TimeInput | null | undefined): string {
  return format(input, CLOCK_FORMAT)
}

/** Now, in Tunis. */
export function nowInTunis(now: number = Date.now()): DateTime {
  return DateTime.fromMillis(now, { zone: TUNIS_TIME_ZONE, numberingSystem: 'latn' })
}
