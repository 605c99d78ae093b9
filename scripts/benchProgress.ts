/**
 * `npm run bench -- progress` (P10): pupils each playing a lesson and sending a progress tick
 * every 5 s over the progress WebSocket, as the player does, for a sustained period; the time
 * from a tick's sending to its answer, per tick (p50, p95, p99), and the ticks refused. 200
 * pupils on PGlite (bar: p95 ≤ 20 ms), 3 × as many on a private PostgreSQL cluster when its
 * binaries are installed. The API runs in this process (its database is in it on PGlite anyway):
 * the clients' share of the event loop is a few hundred small messages a second.
 *
 * DARSI_BENCH_PROGRESS_SECONDS sets the length of each run (30 by default).
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { and, eq, inArray, sql } from 'drizzle-orm'
import pg from 'pg'
import { VIDEO_CONTENT_TYPES, type ProgressSocketReply } from '../src/shared/api/learning.ts'
import { PROGRESS_TICK_SECONDS } from '../src/shared/constants.ts'
import { buildServer } from '../server/src/app.ts'
import { defaultConfig } from '../server/src/config.ts'
import { chapters, contents, subjects, userOffers, users } from '../server/src/db/schema.ts'
import { hasPostgresBinaries, startPgCluster } from '../tests/server/pgCluster.ts'

/** QUALITY.md P10. */
const BAR = { pglitePupils: 200, postgresFactor: 3, p95Ms: 20 } as const

type Figures = {
  pupils: number
  seconds: number
  ticks: number
  answered: number
  refused: Record<string, number>
  ticksPerSecond: number
  p50Ms: number
  p95Ms: number
  p99Ms: number
  maxMs: number
  /** CPU time of this process (API, PGlite and the clients) per tick: a figure a loaded machine disturbs less than latencies. */
  cpuMsPerTick: number
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!
}

async function measure(dataDir: string, databaseUrl: string | null, pupils: number, seconds: number): Promise<Figures> {
  const app = await buildServer({
    config: { ...defaultConfig({}), dataDir, databaseUrl, seed: 'demo', logLevel: 'silent', argon2: { memory: 19_456, passes: 2 } }
  })
  try {
    const url = (await app.listen({ port: 0, host: '127.0.0.1' })).replace(/^http/, 'ws')
    const db = app.services.database.db
    // The pupils: class 14, each with a subscription opening every subject.
    const created = await db
      .insert(users)
      .values(
        Array.from({ length: pupils }, (_, i) => ({
          name: 'Eleve',
          lastName: `Banc ${i}`,
          phone: `9${String(1_000_000 + i).slice(-7)}`,
          divisionId: 14,
          verified: true,
          completed: true
        }))
      )
      .returning({ id: users.id })
    await db
      .insert(userOffers)
      .values(created.map(({ id }) => ({ userId: id, groupId: 112, startDate: '2020-01-01', endDate: '2100-01-01' })))
    const tokens: string[] = []
    for (const { id } of created) tokens.push((await app.services.sessions.start(id)).token)
    const lessons = await db
      .select({ id: contents.id, duration: contents.durationSeconds })
      .from(contents)
      .innerJoin(chapters, eq(chapters.id, contents.chapterId))
      .innerJoin(subjects, eq(subjects.id, chapters.subjectId))
      .where(
        and(
          eq(subjects.divisionId, 14),
          eq(subjects.visible, true),
          inArray(contents.typeId, [...VIDEO_CONTENT_TYPES]),
          sql`${contents.durationSeconds} > 0`
        )
      )

    const latencies: number[] = []
    const refused: Record<string, number> = {}
    let ticks = 0
    let running = true
    const players = await Promise.all(
      tokens.map(async (token, index) => {
        const lesson = lessons[index % lessons.length]!
        const socket = new WebSocket(`${url}/progress-service/progress/ws?content_id=${lesson.id}&token=${token}`)
        await new Promise<void>((resolve, reject) => {
          socket.addEventListener('open', () => resolve(), { once: true })
          socket.addEventListener('error', () => reject(new Error('socket failed')), { once: true })
        })
        const sent = new Map<number, number>()
        socket.addEventListener('message', (event) => {
          const reply = JSON.parse(String(event.data)) as ProgressSocketReply
          const at = reply.sequence === null ? undefined : sent.get(reply.sequence)
          if (at !== undefined) latencies.push(performance.now() - at)
          if (reply.type === 'refused') refused[reply.code] = (refused[reply.code] ?? 0) + 1
        })
        let view = `bench-${index}-0`
        let views = 0
        let sequence = 0
        let position = 0
        const tick = () => {
          if (!running) return
          if (position >= lesson.duration!) {
            view = `bench-${index}-${++views}`
            sequence = 0
            position = 0
          }
          const to = Math.min(lesson.duration!, position + PROGRESS_TICK_SECONDS)
          sent.set(sequence, performance.now())
          socket.send(JSON.stringify({ viewToken: view, sequence, from: position, watchedTime: to, state: 'playing', at: Date.now() }))
          ticks += 1
          sequence += 1
          position = to
        }
        let timer: NodeJS.Timeout | null = null
        // Spread over the 5 s, as pupils who pressed play at different moments.
        const start = setTimeout(
          () => {
            tick()
            timer = setInterval(tick, PROGRESS_TICK_SECONDS * 1000)
          },
          (index * PROGRESS_TICK_SECONDS * 1000) / tokens.length
        )
        return {
          socket,
          stop() {
            clearTimeout(start)
            if (timer) clearInterval(timer)
          }
        }
      })
    )
    const began = performance.now()
    const cpu = process.cpuUsage()
    await new Promise((resolve) => setTimeout(resolve, seconds * 1000))
    running = false
    for (const player of players) player.stop()
    const elapsed = (performance.now() - began) / 1000
    // The last answers.
    const deadline = Date.now() + 5000
    while (latencies.length < ticks && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50))
    const used = process.cpuUsage(cpu)
    for (const player of players) player.socket.close()
    const sorted = [...latencies].sort((a, b) => a - b)
    return {
      pupils,
      seconds: Math.round(elapsed),
      ticks,
      answered: latencies.length,
      refused,
      ticksPerSecond: Math.round((ticks / elapsed) * 10) / 10,
      p50Ms: percentile(sorted, 50),
      p95Ms: percentile(sorted, 95),
      p99Ms: percentile(sorted, 99),
      maxMs: sorted.at(-1) ?? 0,
      cpuMsPerTick: ticks > 0 ? (used.user + used.system) / 1000 / ticks : 0
    }
  } finally {
    await app.close()
  }
}

function line(label: string, figures: Figures): string {
  const refused =
    Object.entries(figures.refused)
      .map(([code, n]) => `${code} ${n}`)
      .join(', ') || 'none'
  const ms = (value: number) => value.toFixed(1)
  return (
    `${label}: ${figures.pupils} pupils × 1 tick/${PROGRESS_TICK_SECONDS} s for ${figures.seconds} s: ${figures.ticks} ticks (${figures.ticksPerSecond}/s), ` +
    `${figures.answered} answered, refused ${refused}; per tick p50 ${ms(figures.p50Ms)} ms, p95 ${ms(figures.p95Ms)} ms, p99 ${ms(figures.p99Ms)} ms, ` +
    `max ${ms(figures.maxMs)} ms (bar p95 ≤ ${BAR.p95Ms}) ${figures.p95Ms <= BAR.p95Ms && figures.answered === figures.ticks ? 'ok' : 'OVER'}; ` +
    `${ms(figures.cpuMsPerTick)} ms of this process's CPU per tick; load average ${loadavg()[0]!.toFixed(1)}`
  )
}

export async function benchProgress(into: { lines: string[]; figures: Record<string, unknown> }): Promise<void> {
  const seconds = Number(process.env.DARSI_BENCH_PROGRESS_SECONDS ?? 30) || 30
  const result: Record<string, Figures> = {}
  const root = mkdtempSync(join(tmpdir(), 'darsi-bench-progress-'))
  try {
    result.pglite = await measure(join(root, 'pglite'), null, BAR.pglitePupils, seconds)
    into.lines.push(line('P10 progress ticks on PGlite', result.pglite))
    if (hasPostgresBinaries()) {
      const cluster = await startPgCluster()
      try {
        const admin = new pg.Client({ connectionString: `${cluster.adminUrl}/postgres` })
        await admin.connect()
        await admin.query('CREATE DATABASE bench_progress')
        await admin.end()
        result.postgres = await measure(
          join(root, 'postgres'),
          `${cluster.adminUrl}/bench_progress`,
          BAR.pglitePupils * BAR.postgresFactor,
          seconds
        )
        into.lines.push(line(`P10 progress ticks on PostgreSQL (${BAR.postgresFactor}×)`, result.postgres))
      } finally {
        cluster.stop()
      }
    } else {
      into.lines.push('P10 progress ticks on PostgreSQL: not measured (no PostgreSQL binaries; set DARSI_PG_BIN)')
    }
  } catch (error) {
    into.lines.push(`P10 progress ticks: could not measure (${String(error).split('\n')[0]})`)
  } finally {
    rmSync(root, { recursive: true, force: true })
  }
  into.figures.P10 = result
}

if (import.meta.main) {
  const lines: string[] = []
  await benchProgress({ lines, figures: {} })
  for (const text of lines) console.log(text)
}
