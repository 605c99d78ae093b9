/**
 * When a job is due. Two forms:
 *
 * - `{ every: ms }`: on the multiples of the interval counted from the Unix epoch, so every
 *   process of a cluster is due at the same instants (and the lock of a run decides which runs);
 * - `{ at: 'HH:MM' }`: once a day at that time in Africa/Tunis, the platform's time zone.
 */
import { DateTime } from 'luxon'

export const JOB_TIME_ZONE = 'Africa/Tunis'

export type JobSchedule = { every: number } | { at: string }

const TIME_OF_DAY = /^([01]\d|2[0-3]):([0-5]\d)$/

/** Throws on a schedule that names no instant: an interval below a second, a time that is not HH:MM. */
export function checkSchedule(schedule: JobSchedule): void {
  if ('every' in schedule) {
    if (!Number.isSafeInteger(schedule.every) || schedule.every < 1000)
      throw new Error(`A job interval is a whole number of milliseconds, 1000 or more (got ${schedule.every})`)
  } else if (!TIME_OF_DAY.test(schedule.at)) {
    throw new Error(`A job's time of day is HH:MM, 00:00 to 23:59 (got ${schedule.at})`)
  }
}

/** The first instant strictly after `after` at which a job of this schedule is due. */
export function nextRunAt(schedule: JobSchedule, after: Date): Date {
  checkSchedule(schedule)
  const from = after.getTime()
  if ('every' in schedule) return new Date((Math.floor(from / schedule.every) + 1) * schedule.every)
  const [, hour, minute] = TIME_OF_DAY.exec(schedule.at)!
  const today = DateTime.fromMillis(from, { zone: JOB_TIME_ZONE }).startOf('day')
  for (let days = 0; ; days++) {
    const candidate = today.plus({ days }).set({ hour: Number(hour), minute: Number(minute) })
    if (candidate.toMillis() > from) return candidate.toJSDate()
  }
}

/** How a schedule reads in a log line. */
export function describeSchedule(schedule: JobSchedule): string {
  return 'every' in schedule ? `every ${schedule.every} ms` : `daily at ${schedule.at} ${JOB_TIME_ZONE}`
}
