/**
 * The job runner: the server's periodic work (expiries, renewals, deadlines, reminders) as named
 * jobs, each declared with its schedule (schedule.ts) where its work lives (jobs/index.ts lists
 * them). Decision 0025.
 *
 * - One run of a job at a time: its next run is planned once the current one has ended, and a
 *   due time missed meanwhile is not made up. `runNow` while it runs starts nothing.
 * - Once per cluster: every run goes through `exclusive` (db/lock.ts: on PostgreSQL an advisory
 *   lock on a key derived from the job's name, held for the run); a run another process holds is
 *   skipped, and the job is due again at its next time.
 * - Every run is logged with the job's name and duration; a failed run logs its error and the
 *   job keeps its schedule.
 * - Due times are read from the server's clock, so a fake clock moves them; the waiting itself is
 *   done with timers, which a test fakes together with the clock.
 */
import { performance } from 'node:perf_hooks'
import type { Clock } from '../clock.ts'
import { checkSchedule, describeSchedule, nextRunAt, type JobSchedule } from './schedule.ts'

export type { JobSchedule } from './schedule.ts'

export type JobContext = {
  /** The server clock's time when the run started. */
  now: Date
}

export type Job = {
  /** Unique, stable (the lock key derives from it): `area.what`, e.g. `wallet.expire-transfers`. */
  name: string
  schedule: JobSchedule
  /** The work; what it resolves to (a count, a summary) is logged with the run. */
  run(context: JobContext): Promise<unknown>
}

/** What a job's work went through: ran here, or not run because another process holds its lock. */
export type Exclusive = <T>(name: string, work: () => Promise<T>) => Promise<{ ran: true; value: T } | { ran: false }>

/** The part of the server's logger (pino) the runner writes to. */
export type JobLog = {
  info(fields: Record<string, unknown>, message: string): void
  error(fields: Record<string, unknown>, message: string): void
}

/** done; failed (logged); skipped: another process ran it; busy: this process is running it. */
export type JobOutcome = 'done' | 'failed' | 'skipped' | 'busy'

export type JobRunner = {
  /** Declares a job; once started, it is planned at once. Names are unique. */
  add(job: Job): void
  /** Plans every job at its next due time. */
  start(): void
  /** Plans nothing more and resolves once the runs under way have ended. */
  stop(): Promise<void>
  /** Runs a job now, through the same lock and logging as a scheduled run. */
  runNow(name: string): Promise<JobOutcome>
  /** The next due time of a planned job (null before start, after stop, or while it runs). */
  nextRunAt(name: string): Date | null
  readonly names: readonly string[]
}

export type JobRunnerOptions = {
  clock: Clock
  log: JobLog
  /** Defaults to running here: right for a single process. */
  exclusive?: Exclusive
}

/** setTimeout's longest wait; a later due time is waited for in steps. */
const MAX_WAIT_MS = 2_147_483_647

type Entry = {
  job: Job
  dueAt: Date | null
  timer: ReturnType<typeof setTimeout> | null
  running: Promise<JobOutcome> | null
}

const runHere: Exclusive = async (_name, work) => ({ ran: true, value: await work() })

export function createJobRunner(options: JobRunnerOptions): JobRunner {
  const { clock, log } = options
  const exclusive = options.exclusive ?? runHere
  const entries = new Map<string, Entry>()
  let state: 'idle' | 'started' | 'stopped' = 'idle'

  function plan(entry: Entry): void {
    if (state !== 'started') return
    entry.dueAt = nextRunAt(entry.job.schedule, clock.now())
    arm(entry)
  }

  function arm(entry: Entry): void {
    const wait = Math.min(MAX_WAIT_MS, Math.max(0, entry.dueAt!.getTime() - clock.now().getTime()))
    entry.timer = setTimeout(() => fire(entry), wait)
    entry.timer.unref?.()
  }

  function fire(entry: Entry): void {
    entry.timer = null
    if (state !== 'started') return
    // Woken early (a long wait in steps, a clock set back): wait for the rest.
    if (clock.now().getTime() < entry.dueAt!.getTime()) {
      arm(entry)
      return
    }
    entry.dueAt = null
    void execute(entry).then(() => plan(entry))
  }

  function execute(entry: Entry): Promise<JobOutcome> {
    if (entry.running) return Promise.resolve('busy')
    const { name } = entry.job
    const run = (async (): Promise<JobOutcome> => {
      const started = performance.now()
      const durationMs = () => Math.round(performance.now() - started)
      try {
        const outcome = await exclusive(name, () => entry.job.run({ now: clock.now() }))
        if (!outcome.ran) {
          log.info({ job: name, durationMs: durationMs() }, 'job skipped: another process is running it')
          return 'skipped'
        }
        log.info({ job: name, durationMs: durationMs(), ...(outcome.value === undefined ? {} : { result: outcome.value }) }, 'job done')
        return 'done'
      } catch (error) {
        log.error({ job: name, durationMs: durationMs(), err: error }, 'job failed')
        return 'failed'
      }
    })()
    entry.running = run
    void run.finally(() => {
      entry.running = null
    })
    return run
  }

  function entryOf(name: string): Entry {
    const entry = entries.get(name)
    if (!entry) throw new Error(`No job named ${name}`)
    return entry
  }

  return {
    add(job) {
      if (entries.has(job.name)) throw new Error(`A job named ${job.name} is already declared`)
      checkSchedule(job.schedule)
      const entry: Entry = { job, dueAt: null, timer: null, running: null }
      entries.set(job.name, entry)
      plan(entry)
    },
    start() {
      if (state !== 'idle') return
      state = 'started'
      for (const entry of entries.values()) plan(entry)
      log.info({ jobs: [...entries.values()].map(({ job }) => `${job.name} (${describeSchedule(job.schedule)})`) }, 'jobs started')
    },
    async stop() {
      state = 'stopped'
      for (const entry of entries.values()) {
        if (entry.timer) clearTimeout(entry.timer)
        entry.timer = null
        entry.dueAt = null
      }
      await Promise.all([...entries.values()].map((entry) => entry.running))
    },
    runNow(name) {
      return execute(entryOf(name))
    },
    nextRunAt(name) {
      return entryOf(name).dueAt
    },
    get names() {
      return [...entries.keys()]
    }
  }
}
