/**
 * The job runner (decision 0025): schedules (an interval, a time of day in Africa/Tunis) under a
 * fake clock and fake timers, one run at a time, every run logged, a failed run followed by the
 * next one, the close of the server ending them; once per cluster on PostgreSQL (two runners on
 * one database run a due time once); and the transfers' expiry as a job of the server.
 */
import { and, eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, inject, it, vi } from 'vitest'
import { fakeClock, type Clock } from '../../server/src/clock.ts'
import { openDatabase, type Database } from '../../server/src/db/client.ts'
import { advisoryLockKey, runExclusive } from '../../server/src/db/lock.ts'
import { ledgerTransactions, pointTransfers } from '../../server/src/db/schema.ts'
import { createJobRunner, type Job, type JobLog } from '../../server/src/jobs/runner.ts'
import { nextRunAt } from '../../server/src/jobs/schedule.ts'
import { TRANSFER_EXPIRY_JOB } from '../../server/src/jobs/wallet.ts'
import { inTransaction } from '../../server/src/services/ledger.ts'
import { completeTransfer, TRANSFER_HOLD_MS } from '../../server/src/services/wallet.ts'
import {
  call,
  createUser,
  lastCode,
  login,
  prepareDatabase,
  startTestServer,
  uniquePhone,
  type TestDatabase,
  type TestServer
} from './harness.ts'

type Entry = { level: 'info' | 'error'; message: string; fields: Record<string, unknown> }

function recordingLog(): JobLog & { entries: Entry[] } {
  const entries: Entry[] = []
  return {
    entries,
    info: (fields, message) => entries.push({ level: 'info', message, fields }),
    error: (fields, message) => entries.push({ level: 'error', message, fields })
  }
}

/** The clock the runner reads when the timers and Date are faked together. */
const timerClock: Clock = { now: () => new Date() }

/** A promise and the function that settles it. */
function gate(): { promise: Promise<void>; open(): void } {
  let open!: () => void
  const promise = new Promise<void>((resolve) => {
    open = resolve
  })
  return { promise, open }
}

describe('schedules', () => {
  it('falls on the multiples of an interval, strictly after the given instant', () => {
    expect(nextRunAt({ every: 60_000 }, new Date('2026-01-15T08:59:30.500Z')).toISOString()).toBe('2026-01-15T09:00:00.000Z')
    expect(nextRunAt({ every: 60_000 }, new Date('2026-01-15T09:00:00.000Z')).toISOString()).toBe('2026-01-15T09:01:00.000Z')
    expect(nextRunAt({ every: 3_600_000 }, new Date('2026-01-15T09:00:00.001Z')).toISOString()).toBe('2026-01-15T10:00:00.000Z')
  })

  it('reads a time of day in Africa/Tunis (UTC+1), today or else tomorrow', () => {
    // 02:30 in Tunis: 03:00 is still to come today.
    expect(nextRunAt({ at: '03:00' }, new Date('2026-01-15T01:30:00Z')).toISOString()).toBe('2026-01-15T02:00:00.000Z')
    // Exactly at the time: the next one is tomorrow's.
    expect(nextRunAt({ at: '03:00' }, new Date('2026-01-15T02:00:00Z')).toISOString()).toBe('2026-01-16T02:00:00.000Z')
    // 00:30 on the 16th in Tunis while it is still the 15th in UTC: 00:15 has passed there.
    expect(nextRunAt({ at: '00:15' }, new Date('2026-01-15T23:30:00Z')).toISOString()).toBe('2026-01-16T23:15:00.000Z')
    // In summer too (Tunisia keeps UTC+1 all year).
    expect(nextRunAt({ at: '08:00' }, new Date('2026-07-01T12:00:00Z')).toISOString()).toBe('2026-07-02T07:00:00.000Z')
  })

  it('refuses a schedule that names no instant', () => {
    const runner = createJobRunner({ clock: timerClock, log: recordingLog() })
    const run = async () => undefined
    expect(() => runner.add({ name: 'a', schedule: { at: '24:00' }, run })).toThrow(/HH:MM/)
    expect(() => runner.add({ name: 'b', schedule: { at: '9:00' }, run })).toThrow(/HH:MM/)
    expect(() => runner.add({ name: 'c', schedule: { every: 10 }, run })).toThrow(/1000 or more/)
    runner.add({ name: 'd', schedule: { every: 1000 }, run })
    expect(() => runner.add({ name: 'd', schedule: { every: 1000 }, run })).toThrow(/already declared/)
  })
})

describe('the runner', () => {
  afterEach(() => {
    vi.useRealTimers()
  })

  it('runs an interval job at each due time, logging its name, duration and result', async () => {
    vi.useFakeTimers({ now: new Date('2026-01-15T08:59:30Z') })
    const log = recordingLog()
    const runner = createJobRunner({ clock: timerClock, log })
    const runs: string[] = []
    runner.add({ name: 'test.tick', schedule: { every: 60_000 }, run: async ({ now }) => runs.push(now.toISOString()) })
    expect(runner.nextRunAt('test.tick')).toBeNull()
    runner.start()
    expect(runner.nextRunAt('test.tick')?.toISOString()).toBe('2026-01-15T09:00:00.000Z')
    await vi.advanceTimersByTimeAsync(29_999)
    expect(runs).toEqual([])
    await vi.advanceTimersByTimeAsync(1)
    expect(runs).toEqual(['2026-01-15T09:00:00.000Z'])
    await vi.advanceTimersByTimeAsync(120_000)
    expect(runs).toEqual(['2026-01-15T09:00:00.000Z', '2026-01-15T09:01:00.000Z', '2026-01-15T09:02:00.000Z'])
    const done = log.entries.filter((entry) => entry.message === 'job done')
    expect(done).toHaveLength(3)
    for (const [index, entry] of done.entries()) {
      expect(entry.fields).toMatchObject({ job: 'test.tick', result: index + 1 })
      expect(entry.fields.durationMs).toBeGreaterThanOrEqual(0)
    }
    await runner.stop()
  })

  it('runs a time-of-day job once a day at that time in Tunis', async () => {
    // 09:59 in Tunis.
    vi.useFakeTimers({ now: new Date('2026-01-15T08:59:00Z') })
    const runner = createJobRunner({ clock: timerClock, log: recordingLog() })
    const runs: string[] = []
    runner.add({ name: 'test.daily', schedule: { at: '10:00' }, run: async ({ now }) => void runs.push(now.toISOString()) })
    runner.start()
    await vi.advanceTimersByTimeAsync(60_000)
    expect(runs).toEqual(['2026-01-15T09:00:00.000Z'])
    expect(runner.nextRunAt('test.daily')?.toISOString()).toBe('2026-01-16T09:00:00.000Z')
    await vi.advanceTimersByTimeAsync(23 * 3_600_000)
    expect(runs).toHaveLength(1)
    await vi.advanceTimersByTimeAsync(3_600_000)
    expect(runs).toEqual(['2026-01-15T09:00:00.000Z', '2026-01-16T09:00:00.000Z'])
    await runner.stop()
  })

  it("takes its due times from the server's clock: a fake clock standing still holds the job back", async () => {
    vi.useFakeTimers({ now: new Date('2026-01-15T08:59:30Z') })
    const clock = fakeClock('2026-01-15T08:59:30Z')
    const runner = createJobRunner({ clock, log: recordingLog() })
    let runs = 0
    runner.add({ name: 'test.clock', schedule: { every: 60_000 }, run: async () => void runs++ })
    runner.start()
    await vi.advanceTimersByTimeAsync(5 * 60_000)
    expect(runs).toBe(0)
    clock.advance(30_000)
    await vi.advanceTimersByTimeAsync(30_000)
    expect(runs).toBe(1)
    // A clock moved a day on: the next due time is the next minute of that day, not a backlog.
    clock.advance(24 * 3_600_000)
    await vi.advanceTimersByTimeAsync(60_000)
    expect(runs).toBe(2)
    expect(runner.nextRunAt('test.clock')?.toISOString()).toBe('2026-01-16T09:01:00.000Z')
    await runner.stop()
  })

  it('never runs a job twice at once: a run outlasting its interval makes the runner skip, and runNow waits its turn', async () => {
    vi.useFakeTimers({ now: new Date('2026-01-15T09:00:00Z') })
    const runner = createJobRunner({ clock: timerClock, log: recordingLog() })
    let running = 0
    let most = 0
    let runs = 0
    let release = gate()
    runner.add({
      name: 'test.slow',
      schedule: { every: 1000 },
      run: async () => {
        running++
        runs++
        most = Math.max(most, running)
        await release.promise
        running--
      }
    })
    runner.start()
    await vi.advanceTimersByTimeAsync(1000)
    expect(runs).toBe(1)
    await vi.advanceTimersByTimeAsync(10_000)
    expect(runs).toBe(1)
    expect(runner.nextRunAt('test.slow')).toBeNull()
    expect(await runner.runNow('test.slow')).toBe('busy')
    const first = release
    release = gate()
    first.open()
    await vi.advanceTimersByTimeAsync(0)
    expect(runner.nextRunAt('test.slow')?.toISOString()).toBe('2026-01-15T09:00:12.000Z')
    const now = runner.runNow('test.slow')
    expect(runs).toBe(2)
    await vi.advanceTimersByTimeAsync(1000)
    expect(runs).toBe(2)
    release.open()
    expect(await now).toBe('done')
    expect(most).toBe(1)
    await runner.stop()
  })

  it('logs a failed run with its error, and the next run still happens', async () => {
    vi.useFakeTimers({ now: new Date('2026-01-15T09:00:00Z') })
    const log = recordingLog()
    const runner = createJobRunner({ clock: timerClock, log })
    let runs = 0
    runner.add({
      name: 'test.flaky',
      schedule: { every: 60_000 },
      run: async () => {
        runs++
        if (runs === 1) throw new Error('database away')
        return 'fine'
      }
    })
    runner.start()
    await vi.advanceTimersByTimeAsync(60_000)
    expect(runs).toBe(1)
    const [failure] = log.entries.filter((entry) => entry.level === 'error')
    expect(failure).toMatchObject({
      message: 'job failed',
      fields: { job: 'test.flaky', err: expect.objectContaining({ message: 'database away' }) }
    })
    expect(failure!.fields.durationMs).toBeGreaterThanOrEqual(0)
    await vi.advanceTimersByTimeAsync(60_000)
    expect(runs).toBe(2)
    expect(log.entries.at(-1)).toMatchObject({ level: 'info', message: 'job done', fields: { job: 'test.flaky', result: 'fine' } })
    await runner.stop()
  })

  it('stops planning on stop, and stop waits for the run under way', async () => {
    vi.useFakeTimers({ now: new Date('2026-01-15T09:00:00Z') })
    const runner = createJobRunner({ clock: timerClock, log: recordingLog() })
    const release = gate()
    let finished = 0
    let runs = 0
    runner.add({
      name: 'test.stop',
      schedule: { every: 1000 },
      run: async () => {
        runs++
        await release.promise
        finished++
      }
    })
    runner.start()
    await vi.advanceTimersByTimeAsync(1000)
    let stopped = false
    const stopping = runner.stop().then(() => {
      stopped = true
    })
    await vi.advanceTimersByTimeAsync(0)
    expect(stopped).toBe(false)
    release.open()
    await stopping
    expect(finished).toBe(1)
    await vi.advanceTimersByTimeAsync(10_000)
    expect(runs).toBe(1)
    expect(runner.nextRunAt('test.stop')).toBeNull()
  })
})

describe('once per cluster', () => {
  const onPostgres = inject('backend') === 'postgres'

  it('derives a stable 64-bit key from the name', () => {
    expect(advisoryLockKey('wallet.expire-transfers')).toBe(advisoryLockKey('wallet.expire-transfers'))
    expect(advisoryLockKey('wallet.expire-transfers')).not.toBe(advisoryLockKey('wallet.prune-idempotency-keys'))
    expect(advisoryLockKey('x') >= -(2n ** 63n) && advisoryLockKey('x') < 2n ** 63n).toBe(true)
  })

  describe.skipIf(onPostgres)('with PGlite (one process per data directory)', () => {
    it('runs the work: the lock is trivially held', async () => {
      const prepared = await prepareDatabase()
      const database = await openDatabase({ dataDir: prepared.dataDir, migrate: false })
      try {
        expect(await runExclusive(database, 'test.job', async () => 42)).toEqual({ ran: true, value: 42 })
      } finally {
        await database.close()
        await prepared.drop()
      }
    })
  })

  describe.skipIf(!onPostgres)('on PostgreSQL', () => {
    let prepared: TestDatabase
    const databases: Database[] = []
    beforeAll(async () => {
      prepared = await prepareDatabase()
      for (let i = 0; i < 2; i++)
        databases.push(await openDatabase({ dataDir: prepared.dataDir, databaseUrl: prepared.databaseUrl, migrate: false }))
    })
    afterAll(async () => {
      for (const database of databases) await database.close()
      await prepared?.drop()
    })

    it('skips a run another process holds, and frees the lock when the run ends', async () => {
      const [a, b] = databases
      const logA = recordingLog()
      const logB = recordingLog()
      const runnerA = createJobRunner({ clock: timerClock, log: logA, exclusive: (name, work) => runExclusive(a!, name, work) })
      const runnerB = createJobRunner({ clock: timerClock, log: logB, exclusive: (name, work) => runExclusive(b!, name, work) })
      const entered = gate()
      const release = gate()
      let runs = 0
      const job = (): Job => ({
        name: 'test.once',
        schedule: { every: 60_000 },
        run: async () => {
          runs++
          entered.open()
          await release.promise
        }
      })
      runnerA.add(job())
      runnerB.add(job())
      const first = runnerA.runNow('test.once')
      await entered.promise
      expect(await runnerB.runNow('test.once')).toBe('skipped')
      expect(logB.entries).toEqual([
        expect.objectContaining({
          level: 'info',
          message: 'job skipped: another process is running it',
          fields: expect.objectContaining({ job: 'test.once' })
        })
      ])
      release.open()
      expect(await first).toBe('done')
      expect(runs).toBe(1)
      expect(await runnerB.runNow('test.once')).toBe('done')
      expect(runs).toBe(2)
    })

    it('runs each due time once when two runners are due together', async () => {
      const perDueTime = new Map<string, number>()
      const runners = databases.map((database) => {
        const runner = createJobRunner({
          clock: timerClock,
          log: recordingLog(),
          exclusive: (name, work) => runExclusive(database, name, work)
        })
        runner.add({
          name: 'test.cluster',
          schedule: { every: 1000 },
          run: async ({ now }) => {
            const slot = new Date(Math.floor(now.getTime() / 1000) * 1000).toISOString()
            perDueTime.set(slot, (perDueTime.get(slot) ?? 0) + 1)
            await new Promise((resolve) => setTimeout(resolve, 400))
          }
        })
        return runner
      })
      for (const runner of runners) runner.start()
      await new Promise((resolve) => setTimeout(resolve, 3500))
      await Promise.all(runners.map((runner) => runner.stop()))
      expect(perDueTime.size).toBeGreaterThanOrEqual(2)
      expect(
        [...perDueTime.values()].every((count) => count === 1),
        JSON.stringify([...perDueTime])
      ).toBe(true)
    })
  })
})

describe('the jobs of the server', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer()
  })
  afterAll(async () => {
    await server?.close()
  })

  async function account(): Promise<{ id: number; phone: string; token: string }> {
    const phone = uniquePhone()
    const id = await createUser(server.app, { credential: phone })
    return { id, phone, token: (await login(server.app, phone)).token }
  }

  async function fund(token: string, amount: number): Promise<void> {
    const code = await call<{ id: number }>(server.app, 'POST', '/api/student/codes', {
      token,
      body: { reference: `VIR${uniquePhone()}`, amount, paymentMethod: 'transfer' }
    })
    expect(code.status).toBe(201)
    const approved = await call(server.app, 'POST', `/operator/payments/${code.body.id}/approve`, {
      headers: { 'x-operator-key': server.app.services.secrets.operatorKey }
    })
    expect(approved.status).toBe(200)
  }

  async function points(token: string): Promise<number> {
    return (await call<{ user: { points: number } }>(server.app, 'GET', '/api/auth/me', { token })).body.user.points
  }

  it('are planned from the start', () => {
    expect(server.app.jobs.names).toEqual(expect.arrayContaining([TRANSFER_EXPIRY_JOB, 'wallet.prune-idempotency-keys']))
    for (const name of server.app.jobs.names) expect(server.app.jobs.nextRunAt(name)).toBeInstanceOf(Date)
  })

  it("give back an expired transfer's points: the expiry job for everyone, a request only for the wallets it shows", async () => {
    // The job runs when this test says: its own timer (60 s of real time from the start) fires in
    // the middle of the test on a loaded machine, once the clock below has passed the hold.
    await server.app.jobs.stop()
    const sender = await account()
    const recipient = await account()
    const bystander = await account()
    await fund(sender.token, 100)
    const created = await call<{ transfer: { id: number } }>(server.app, 'POST', '/api/student/transfer-points', {
      token: sender.token,
      body: { toUser: recipient.phone, points: 30 }
    })
    expect(created.status).toBe(201)
    const id = created.body.transfer.id
    const [row] = await server.app.services.database.db.select().from(pointTransfers).where(eq(pointTransfers.id, id))
    server.clock.advance(TRANSFER_HOLD_MS + 60_000)

    // Expired, its points not yet back: it can be neither confirmed, nor rejected, nor given a new code.
    expect(await inTransaction(server.app.services.database.db, (tx) => completeTransfer(tx, row!, server.clock.now(), null))).toBeNull()
    sender.token = (await login(server.app, sender.phone)).token
    expect((await call(server.app, 'POST', `/api/student/transfer-points/${id}/reject`, { token: sender.token })).status).toBe(409)
    expect((await call(server.app, 'GET', `/api/student/confirm-transfer-points/${id}`, { token: sender.token })).status).toBe(409)
    expect(await points(sender.token)).toBe(70)

    // Someone else's wallet leaves it alone …
    bystander.token = (await login(server.app, bystander.phone)).token
    expect((await call(server.app, 'GET', '/api/student/wallet', { token: bystander.token })).status).toBe(200)
    const [waiting] = await server.app.services.database.db
      .select({ status: pointTransfers.status })
      .from(pointTransfers)
      .where(eq(pointTransfers.id, id))
    expect(waiting!.status).toBe('waiting_confirmation')

    // … the job gives the points back, once.
    expect(await server.app.jobs.runNow(TRANSFER_EXPIRY_JOB)).toBe('done')
    expect(await server.app.jobs.runNow(TRANSFER_EXPIRY_JOB)).toBe('done')
    const [expired] = await server.app.services.database.db
      .select({ status: pointTransfers.status })
      .from(pointTransfers)
      .where(eq(pointTransfers.id, id))
    expect(expired!.status).toBe('expired')
    expect(await points(sender.token)).toBe(100)
    expect(await points((await login(server.app, recipient.phone)).token)).toBe(0)
    const releases = await server.app.services.database.db
      .select({ id: ledgerTransactions.id })
      .from(ledgerTransactions)
      .where(and(eq(ledgerTransactions.kind, 'transfer_release'), eq(ledgerTransactions.reference, `transfer:${id}`)))
    expect(releases).toHaveLength(1)
  })

  it("show the sender's own wallet settled at the instant of the request, before the job has run", async () => {
    const sender = await account()
    const recipient = await account()
    await fund(sender.token, 50)
    await call(server.app, 'POST', '/api/student/transfer-points', { token: sender.token, body: { toUser: recipient.phone, points: 20 } })
    expect(await lastCode(server.app, sender.phone)).toMatch(/^\d{6}$/)
    server.clock.advance(TRANSFER_HOLD_MS + 1)
    sender.token = (await login(server.app, sender.phone)).token
    const summary = await call(server.app, 'GET', '/api/student/wallet', { token: sender.token })
    expect(summary.body).toMatchObject({ points: 50, held_points: 0 })
  })

  it('end with the server', async () => {
    const other = await startTestServer()
    const names = other.app.jobs.names
    await other.close()
    for (const name of names) expect(other.app.jobs.nextRunAt(name)).toBeNull()
  })
})
