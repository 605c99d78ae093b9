/**
 * `npm run bench`: measures the bars of QUALITY.md that this machine can measure and prints a
 * report (a report, not a timed test: only sizes are compared with their budgets).
 *
 *   P1  renderer JavaScript: initial (entry + its static imports) and each lazy chunk, gzip
 *   P2–P4 the home screen in Chromium: time to interactive, interaction latency, heap growth
 *       (scripts/benchUi.ts; needs Chromium)
 *   P6  evaluation time of the main bundle with Electron stubbed
 *   P7  marksheet merge of 10 × 12 MP photos: time and main event-loop delay
 *   P8  API start times (first start: create + migrate + seed; later starts), then the throughput,
 *       p95 latency and the API process's CPU time per answer (20 connections, loopback) of
 *       GET /api/auth/me and of every list a screen of the app opens (LIST_ROUTES), the demo
 *       pupil given a few years of volume first (scripts/benchVolume.ts); on PGlite and, when
 *       PostgreSQL's binaries are installed, on a private PostgreSQL cluster. The transfer history,
 *       the points codes and the offers' class catalogue are answered from memory once read (services/answerCache.ts);
 *       DARSI_LIST_CACHE_ENTRIES=0 in the bench's environment measures them read from the database
 *       every time
 *   home the eight requests of the home screen on PGlite (demo student): each, in a row, at once,
 *        and all at once the first time after the server's start
 *   lesson (P9) a lesson click → its video's first frame, a seek to a point not buffered → playing, and a
 *       subject of 40 chapters rendered at 4× throttle (scripts/benchLesson.ts; needs Chromium, and
 *       ffmpeg for the seek)
 *   around (issue 29) a reaction's and a bookmark's click → the control changed at 4× throttle, a 60-page
 *       magazine's first page and its continuous reading (scripts/benchAround.ts; needs Chromium and pdftoppm)
 *   quote (issue 28) the purchase dialog's quote on PGlite: p95 over every offer period of the demo pupil
 *   progress (P10) 200 pupils × 1 progress tick / 5 s over the WebSocket on PGlite, 600 on PostgreSQL:
 *       the time to each tick's answer (scripts/benchProgress.ts)
 *
 * P1 and P6 require a build (`npx electron-vite build`). `--json <file>` also writes the figures;
 * `--strict` exits non-zero when a size budget (P1) is exceeded (the test run uses it).
 * Parts may be named to run only them: `npm run bench -- api` (P8), `bundle` (P1), `main` (P6),
 * `merge` (P7), `home`, `progress` (P10), `lesson` (P9), `around`, `quote`; no name runs them all. In P8, `--list <text>` (repeatable) measures only
 * the lists whose name or path holds the text, `--backend pglite|postgres` one backend only and
 * `--seconds <n>` sets each measure's length (5 by default).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { cpus, loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { solveChallenge } from 'altcha-lib'
import { deriveKey } from 'altcha-lib/algorithms/sha'
import autocannon from 'autocannon'
import pg from 'pg'
import { openDatabase } from '../server/src/db/client.ts'
import { hasPostgresBinaries, startPgCluster } from '../tests/server/pgCluster.ts'
import { benchProgress } from './benchProgress.ts'
import { HOME_ROUTES } from './homeRoutes.ts'
import { BENCH_VOLUME, seedBenchVolume } from './benchVolume.ts'

const root = join(import.meta.dirname, '..')
const KB = 1024
const figures: Record<string, unknown> = {}
const report: string[] = []
/** The bars of QUALITY.md that this report compares with. */
const BARS = { p1InitialKb: 300, p1LazyChunkKb: 80, p7Seconds: 2 } as const
/** Size budgets exceeded (`--strict` exits non-zero on any). */
const overBudget: string[] = []

function gz(path: string): number {
  return gzipSync(readFileSync(path), { level: 9 }).length
}

function p1(): void {
  const outDir = join(root, 'out', 'renderer')
  const html = readFileSync(join(outDir, 'index.html'), 'utf8')
  const initial = new Set<string>()
  for (const match of html.matchAll(/(?:src|href)="\/?(assets\/[^"]+\.js)"/g)) initial.add(match[1]!)
  const assets = readdirSync(join(outDir, 'assets')).filter((name) => name.endsWith('.js'))
  const initialBytes = [...initial].reduce((sum, file) => sum + gz(join(outDir, file)), 0)
  const lazy = assets
    .filter((name) => !initial.has(`assets/${name}`))
    .map((name) => ({ name, bytes: gz(join(outDir, 'assets', name)) }))
    .sort((a, b) => b.bytes - a.bytes)
  const largest = lazy[0]
  const over = lazy.filter((chunk) => chunk.bytes > BARS.p1LazyChunkKb * KB)
  figures.P1 = { initialGzipBytes: initialBytes, initialFiles: [...initial], lazyChunks: lazy.length, largestLazy: largest }
  if (initialBytes > BARS.p1InitialKb * KB || over.length > 0) overBudget.push('P1')
  report.push(
    `P1 initial renderer JS: ${(initialBytes / KB).toFixed(1)} KB gzip (budget ${BARS.p1InitialKb}) ${initialBytes <= BARS.p1InitialKb * KB ? 'ok' : 'OVER'}`
  )
  report.push(
    `P1 lazy chunks: ${lazy.length}, largest ${largest ? `${largest.name} ${(largest.bytes / KB).toFixed(1)} KB` : '-'} ` +
      `(budget ${BARS.p1LazyChunkKb} each) ${over.length === 0 ? 'ok' : `OVER: ${over.map((c) => c.name).join(', ')}`}`
  )
}

/** Evaluates out/main/index.js in a fresh Node with 'electron' resolved to an inert stub. */
async function p6(): Promise<void> {
  const hooks = `
    const stub = 'data:text/javascript,' + encodeURIComponent(\`
      // whenReady never resolves: only the evaluation of the bundle itself is measured.
      const handler = { get: (t, k) => k === 'then' ? undefined : k === 'whenReady' ? () => new Promise(() => {}) : (k === Symbol.toPrimitive ? () => '' : proxy), apply: () => proxy };
      const proxy = new Proxy(function () {}, handler);
      export default proxy;
      export const app = proxy, BrowserWindow = proxy, ipcMain = proxy, protocol = proxy, session = proxy, shell = proxy,
        safeStorage = proxy, Notification = proxy, screen = proxy, dialog = proxy, nativeTheme = proxy, Menu = proxy,
        webContents = proxy, net = proxy, crashReporter = proxy, powerMonitor = proxy, systemPreferences = proxy;\`);
    export async function resolve(specifier, context, next) {
      if (specifier === 'electron' || specifier.startsWith('electron/')) return { url: stub, shortCircuit: true };
      return next(specifier, context);
    }`
  const script = `
    import { register } from 'node:module';
    register('data:text/javascript,' + encodeURIComponent(${JSON.stringify(hooks)}));
    const t0 = performance.now();
    await import(${JSON.stringify(join(root, 'out', 'main', 'index.js'))});
    console.log('EVAL_MS=' + (performance.now() - t0).toFixed(1));
    setTimeout(() => process.exit(0), 10);`
  const runs: number[] = []
  for (let i = 0; i < 5; i += 1) {
    const output = await capture(process.execPath, ['--input-type=module', '-e', script])
    const match = /EVAL_MS=([\d.]+)/.exec(output)
    if (!match) {
      report.push(`P6 main bundle evaluation: could not measure (${output.trim().split('\n').slice(-1)[0]})`)
      return
    }
    runs.push(Number(match[1]))
  }
  runs.sort((a, b) => a - b)
  const median = runs[Math.floor(runs.length / 2)]!
  const mainBytes = readFileSync(join(root, 'out', 'main', 'index.js')).length
  figures.P6 = { evaluationMsMedian: median, runs, mainBundleBytes: mainBytes }
  report.push(
    `P6 main bundle evaluation (Electron stubbed): median ${median.toFixed(1)} ms of ${runs.length} (budget 100), bundle ${(mainBytes / KB).toFixed(1)} KB`
  )
}

function capture(command: string, args: string[], timeoutMs = 60_000): Promise<string> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: ['ignore', 'pipe', 'pipe'] })
    let output = ''
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs)
    child.on('exit', () => {
      clearTimeout(timer)
      resolve(output)
    })
  })
}

type RunningApi = { url: string; child: ChildProcess; startMs: number; stop(): Promise<void> }

/** Spawns the API (demo seed) and resolves at its listening line, with the time it took. */
function startApi(dataDir: string, databaseUrl?: string): Promise<RunningApi> {
  return new Promise((resolve, reject) => {
    const started = performance.now()
    const child = spawn(
      process.execPath,
      [
        'server/src/index.ts',
        '--port',
        '0',
        '--data-dir',
        dataDir,
        '--seed',
        'demo',
        ...(databaseUrl ? ['--database-url', databaseUrl] : [])
      ],
      { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, DARSI_LOG_LEVEL: 'warn', DATABASE_URL: '' } }
    )
    let output = ''
    let listening = false
    const exited = new Promise<void>((done) => child.once('exit', () => done()))
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      const match = /Darsi API listening on (\S+)/.exec(output)
      if (match && !listening) {
        listening = true
        const startMs = performance.now() - started
        resolve({
          url: match[1]!,
          child,
          startMs,
          async stop() {
            child.kill('SIGTERM')
            await exited
          }
        })
      }
    })
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.once('exit', () => {
      if (!listening) reject(new Error(output.trim() || 'the API exited before listening'))
    })
  })
}

async function startTimes(dataDir: string, databaseUrl?: string): Promise<{ first: number; later: number[] }> {
  const first = await startApi(dataDir, databaseUrl)
  await first.stop()
  const later: number[] = []
  for (let i = 0; i < 3; i += 1) {
    const api = await startApi(dataDir, databaseUrl)
    later.push(api.startMs)
    await api.stop()
  }
  later.sort((a, b) => a - b)
  return { first: first.startMs, later }
}

/** Signs the demo student in as the app does (bot check solved) and returns the access token. */
async function demoToken(url: string): Promise<string> {
  const challenge = (await (await fetch(`${url}/api/captcha/challenge`)).json()) as Parameters<typeof solveChallenge>[0]['challenge']
  const solution = await solveChallenge({ challenge, deriveKey })
  if (!solution) throw new Error('bot check not solved')
  const response = await fetch(`${url}/api/auth/login_check`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      username: '20000001',
      password: 'Darsi#2026',
      'g-recaptcha-response': Buffer.from(JSON.stringify({ challenge, solution })).toString('base64')
    })
  })
  const body = (await response.json()) as { token?: string; message?: string }
  if (!response.ok || !body.token) throw new Error(`sign-in failed: ${response.status} ${body.message ?? ''}`)
  return body.token
}

type Load = {
  requestsPerSecond: number
  p95Ms: number
  p99Ms: number
  total: number
  non2xx: number
  errors: number
  /** CPU time of the API process per answer (user + system): steadier than the throughput on a shared machine. */
  cpuMsPerAnswer?: number
}

const CLOCK_TICKS_PER_SECOND = (() => {
  try {
    return Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100
  } catch {
    return 100
  }
})()

/** CPU milliseconds a process has used (Linux: /proc/<pid>/stat); undefined elsewhere. */
function cpuMsOf(pid: number | undefined): number | undefined {
  if (pid === undefined) return undefined
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8')
      .replace(/^.*\) /, '')
      .split(' ')
    // After the command: state is field 3, utime field 14 and stime field 15 of the whole line.
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS_PER_SECOND
  } catch {
    return undefined
  }
}

/** The bar of P8 for an authenticated list on PGlite (QUALITY.md): p95 ≤ 50 ms at ≥ 1,000 req/s. */
const P8_BAR = { pgliteRequestsPerSecond: 1000, postgresRequestsPerSecond: 3000, p95Ms: 50 } as const

/**
 * Every list a screen of the app opens (src/renderer/src/api/*.ts), asked as the screen asks:
 * the wallet and its histories, the bell (its first page, the unread tab and the unread count),
 * the inbox and popups, the home, the profile's class changes and report cards.
 */
const LIST_ROUTES: ReadonlyArray<{ name: string; path: (context: ListContext) => string }> = [
  { name: 'transfer history', path: () => '/api/student/transfer-points-history' },
  { name: 'points codes', path: () => '/api/codes' },
  { name: 'payments history', path: () => '/api/student/history/payments' },
  { name: 'subscriptions history', path: () => '/api/student/history/subscriptions' },
  { name: 'notifications, page 1', path: () => '/api/student/notifications?page=1&orderBy=id&sortedBy=desc&perPage=24' },
  {
    name: 'notifications, unread tab',
    path: () => '/api/student/notifications?page=1&orderBy=id&sortedBy=desc&perPage=24&search=seen:false'
  },
  {
    name: 'notifications, unread count',
    path: () => '/api/student/notifications?page=1&orderBy=id&sortedBy=desc&perPage=1&search=seen:false'
  },
  { name: 'inbox messages', path: ({ userId }) => `/notify/getMessages?user_id=${userId}` },
  { name: 'popups', path: ({ userId }) => `/notify/getPopups?user_id=${userId}` },
  { name: 'subjects', path: () => '/api/student/subjects' },
  { name: 'subjects progress', path: () => '/progress-service/progress/subjects' },
  { name: 'new contents', path: () => '/api/student/chapters/new-contents' },
  { name: 'free contents', path: () => '/api/student/chapters/free-contents' },
  { name: 'events today', path: () => '/api/events?offset=0&today=1' },
  { name: 'events this week', path: () => '/api/events?offset=0' },
  { name: 'alerts', path: () => '/api/alerts' },
  { name: 'forum latest posts', path: () => '/api/forum/latest-posts' },
  { name: 'ad cards', path: () => '/api/student/pubs-cards' },
  { name: 'class change requests', path: () => '/api/edit-division' },
  { name: 'class change reasons', path: () => '/api/edit-division-reasons' },
  { name: 'report cards', path: () => '/api/student/mark-sheets' },
  { name: 'bookmarked lessons', path: () => '/api/student/bookmarked-contents' },
  { name: 'offers', path: () => '/api/student/offers' },
  { name: 'subject chapters', path: ({ lesson }) => `/api/student/subjects/${lesson.subject}/chapters` },
  {
    name: 'lesson and its side list',
    path: ({ lesson }) => `/api/student/subjects/${lesson.subject}/chapters/${lesson.chapter}/contents/${lesson.content}`
  },
  { name: 'lesson reactions', path: ({ lesson }) => `/api/students/reactions/${lesson.contentId}` },
  { name: 'video reports', path: () => '/api/student/video-reports' },
  { name: 'video report reasons', path: () => '/api/student/report-reasons' },
  { name: 'assistance videos', path: () => '/api/video-links' }
]

/** What the lists' paths are made of: the pupil, and a free lesson of his class (subject, chapter and lesson slugs, its id). */
type ListContext = { userId: number; lesson: { subject: string; chapter: string; content: string; contentId: number } }

/** The demo pupil's id and one of his free lessons. */
async function listContext(url: string, headers: Record<string, string>): Promise<ListContext> {
  const me = (await (await fetch(`${url}/api/auth/me`, { headers })).json()) as { user: { id: number } }
  const free = (await (await fetch(`${url}/api/student/chapters/free-contents`, { headers })).json()) as Array<{
    subject: { slug: string }
    chapter: { slug: string }
    content: { id: number; slug: string }
  }>
  // The oldest free lesson: the same one from one run to the next, whatever the home lists first.
  const first = [...free].sort((a, b) => a.content.id - b.content.id)[0]
  if (!first) throw new Error('the demo pupil has no free lesson')
  return {
    userId: me.user.id,
    lesson: { subject: first.subject.slug, chapter: first.chapter.slug, content: first.content.slug, contentId: first.content.id }
  }
}

/** `path` with 20 connections for a few seconds; p95 from every response time; the API process's CPU per answer. */
async function load(url: string, path: string, token: string, seconds: number, pid?: number): Promise<Load> {
  const times: number[] = []
  const cpuBefore = cpuMsOf(pid)
  const instance = autocannon({ url: `${url}${path}`, connections: 20, duration: seconds, headers: { authorization: `Bearer ${token}` } })
  instance.on('response', (_client: unknown, _status: number, _bytes: number, responseTime: number) => {
    times.push(responseTime)
  })
  const result = await instance
  const cpuAfter = cpuMsOf(pid)
  times.sort((a, b) => a - b)
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? Number.NaN
  return {
    requestsPerSecond: Math.round(result.requests.total / result.duration),
    p95Ms: at(0.95),
    p99Ms: at(0.99),
    total: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
    ...(cpuBefore !== undefined && cpuAfter !== undefined && result.requests.total > 0
      ? { cpuMsPerAnswer: Number(((cpuAfter - cpuBefore) / result.requests.total).toFixed(3)) }
      : {})
  }
}

type ListFigures = { name: string; path: string; items: number; bytes: number; load: Load }
type ApiFigures = { me: Load; lists: ListFigures[] }

/** How many items an answer holds: its rows, or a page's `data`. */
function itemsOf(body: unknown): number {
  if (Array.isArray(body)) return body.length
  const data = (body as { data?: unknown } | null)?.data
  return Array.isArray(data) ? data.length : 1
}

/** Starts the API on a database given its volume, signs the demo pupil in and loads /auth/me, then each list. */
async function measureApi(dataDir: string, databaseUrl: string | undefined, options: BenchOptions): Promise<ApiFigures> {
  const api = await startApi(dataDir, databaseUrl)
  try {
    const token = await demoToken(api.url)
    const headers = { authorization: `Bearer ${token}` }
    const context = await listContext(api.url, headers)
    const pid = api.child.pid
    await load(api.url, '/api/auth/me', token, 1) // warm-up
    const figures: ApiFigures = { me: await load(api.url, '/api/auth/me', token, options.seconds, pid), lists: [] }
    for (const route of LIST_ROUTES) {
      const path = route.path(context)
      if (options.lists.length > 0 && !options.lists.some((text) => route.name.includes(text) || path.includes(text))) continue
      const response = await fetch(`${api.url}${path}`, { headers })
      const text = await response.text()
      if (!response.ok) throw new Error(`${path}: ${response.status} ${text.slice(0, 200)}`)
      await load(api.url, path, token, 1) // warm-up
      const measured = await load(api.url, path, token, options.seconds, pid)
      figures.lists.push({ name: route.name, path, items: itemsOf(JSON.parse(text)), bytes: Buffer.byteLength(text), load: measured })
    }
    return figures
  } finally {
    await api.stop()
  }
}

/** Gives the demo pupil the bench's volume, the API stopped (PGlite's data directory is then free). */
async function addVolume(dataDir: string, databaseUrl?: string): Promise<void> {
  const database = await openDatabase({ dataDir, databaseUrl: databaseUrl ?? null })
  try {
    await seedBenchVolume(database.db, new Date())
  } finally {
    await database.close()
  }
}

function loadFigures(load: Load): string {
  const failures = load.non2xx + load.errors
  const cpu = load.cpuMsPerAnswer === undefined ? '' : `, API CPU ${load.cpuMsPerAnswer.toFixed(2)} ms/answer`
  return `${load.requestsPerSecond} req/s, p95 ${load.p95Ms.toFixed(1)} ms, p99 ${load.p99Ms.toFixed(1)} ms${cpu}${failures ? `, ${failures} failed answers` : ''}`
}

function loadLine(label: string, load: Load, bar: string): string {
  return `P8 GET /api/auth/me on ${label}, 20 connections: ${loadFigures(load)} (${bar})`
}

/** One line per list; on PGlite each is compared with the bar (the PostgreSQL bar is three times its throughput). */
function listLines(label: string, lists: ListFigures[], bar: { requestsPerSecond: number; p95Ms: number }): string[] {
  const lines = [
    `P8 lists on ${label}, 20 connections each (bar: ≥ ${bar.requestsPerSecond.toLocaleString('en')} req/s at p95 ≤ ${bar.p95Ms} ms):`
  ]
  const width = Math.max(...lists.map((list) => list.name.length))
  for (const list of lists) {
    const ok =
      list.load.requestsPerSecond >= bar.requestsPerSecond && list.load.p95Ms <= bar.p95Ms && list.load.non2xx + list.load.errors === 0
    lines.push(
      `  ${list.name.padEnd(width)}  ${loadFigures(list.load)}  [${list.items} items, ${(list.bytes / KB).toFixed(1)} KB] ${ok ? 'ok' : 'UNDER'}`
    )
  }
  return lines
}

type BenchOptions = { lists: string[]; backends: Array<'pglite' | 'postgres'>; seconds: number }

async function p8(options: BenchOptions): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'darsi-bench-'))
  const result: Record<string, unknown> = { volume: BENCH_VOLUME }
  figures.P8 = result
  if (options.backends.includes('pglite')) {
    try {
      const pglite = await startTimes(join(dir, 'api'))
      result.pglite = { firstStartMs: Math.round(pglite.first), laterStartMs: pglite.later.map(Math.round) }
      report.push(
        `P8 API first start on PGlite (create + migrate + seed): ${(pglite.first / 1000).toFixed(2)} s (bar 6 s); ` +
          `later start: median ${(pglite.later[1]! / 1000).toFixed(2)} s (bar 1.5 s)`
      )
      await addVolume(join(dir, 'api'))
      const measured = await measureApi(join(dir, 'api'), undefined, options)
      Object.assign(result.pglite as Record<string, unknown>, measured)
      report.push(loadLine('PGlite', measured.me, `bar: p95 ≤ ${P8_BAR.p95Ms} ms at ≥ 1,000 req/s`))
      if (measured.lists.length > 0)
        report.push(...listLines('PGlite', measured.lists, { requestsPerSecond: P8_BAR.pgliteRequestsPerSecond, p95Ms: P8_BAR.p95Ms }))
    } catch (error) {
      report.push(`P8 API on PGlite: could not measure (${String(error).split('\n')[0]})`)
    }
  }
  if (options.backends.includes('postgres') && !hasPostgresBinaries()) {
    report.push('P8 API on PostgreSQL: skipped (no PostgreSQL binaries; set DARSI_PG_BIN)')
  } else if (options.backends.includes('postgres')) {
    let cluster: Awaited<ReturnType<typeof startPgCluster>> | null = null
    try {
      // A durable cluster (fsync on), as production would run it.
      cluster = await startPgCluster({ durable: true })
      const admin = new pg.Client({ connectionString: `${cluster.adminUrl}/postgres` })
      await admin.connect()
      await admin.query('CREATE DATABASE darsi_bench')
      await admin.end()
      const databaseUrl = `${cluster.adminUrl}/darsi_bench`
      const times = await startTimes(join(dir, 'pg'), databaseUrl)
      await addVolume(join(dir, 'pg'), databaseUrl)
      const measured = await measureApi(join(dir, 'pg'), databaseUrl, options)
      result.postgres = { firstStartMs: Math.round(times.first), laterStartMs: times.later.map(Math.round), ...measured }
      report.push(
        `P8 API first start on PostgreSQL (migrate + seed): ${(times.first / 1000).toFixed(2)} s; ` +
          `later start: median ${(times.later[1]! / 1000).toFixed(2)} s`
      )
      const pgliteLoad = (result.pglite as { me?: Load } | undefined)?.me
      const ratio = pgliteLoad ? measured.me.requestsPerSecond / pgliteLoad.requestsPerSecond : Number.NaN
      // The bar is three times PGlite's (1,000 req/s), not three times what PGlite measured.
      report.push(
        loadLine(
          'PostgreSQL',
          measured.me,
          `bar: ≥ 3,000 req/s, 3× the PGlite bar; ${Number.isNaN(ratio) ? '-' : `${ratio.toFixed(1)}×`} the PGlite figure`
        )
      )
      if (measured.lists.length > 0) {
        report.push(
          ...listLines('PostgreSQL', measured.lists, { requestsPerSecond: P8_BAR.postgresRequestsPerSecond, p95Ms: P8_BAR.p95Ms })
        )
      }
    } catch (error) {
      report.push(`P8 API on PostgreSQL: could not measure (${String(error).split('\n')[0]})`)
    } finally {
      cluster?.stop()
    }
  }
  rmSync(dir, { recursive: true, force: true })
}

/**
 * Issue 28: a purchase dialog's quote (`POST /student/checkout/quote`) on PGlite, the demo pupil
 * asking for every period of every offer of his class in turn (a pack with all its subjects):
 * wall time and the API process's CPU time per answer, p95 of 300 after 20 to warm up.
 */
async function quotes(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'darsi-bench-quote-'))
  try {
    const api = await startApi(join(dir, 'api'))
    try {
      const token = await demoToken(api.url)
      const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' }
      const catalogue = (await (await fetch(`${api.url}/api/student/offers`, { headers })).json()) as {
        payload: Array<{ id: number; periods: string[]; type?: string; subject_details?: Array<{ id: number }> }>
      }
      const bodies = catalogue.payload.flatMap((card) =>
        (card.periods.length > 0 ? card.periods : [null]).map((period) => ({
          offerDivisionDetail: card.id,
          ...(period ? { period } : {}),
          ...(card.subject_details && card.subject_details.length > 0
            ? { offer_subject_details: card.subject_details.map((detail) => detail.id) }
            : {})
        }))
      )
      if (bodies.length === 0) throw new Error('the demo pupil has no offers')
      const ask = async (body: object) => {
        const response = await fetch(`${api.url}/api/student/checkout/quote`, { method: 'POST', headers, body: JSON.stringify(body) })
        await response.arrayBuffer()
        return response.status
      }
      for (let i = 0; i < 20; i += 1) await ask(bodies[i % bodies.length]!)
      const wall: number[] = []
      const cpu: number[] = []
      let refused = 0
      for (let i = 0; i < 300; i += 1) {
        const before = cpuMsOf(api.child.pid)
        const started = performance.now()
        if ((await ask(bodies[i % bodies.length]!)) !== 200) refused += 1
        wall.push(performance.now() - started)
        const after = cpuMsOf(api.child.pid)
        if (before !== undefined && after !== undefined) cpu.push(after - before)
      }
      const p95 = (values: number[]) => [...values].sort((a, b) => a - b)[Math.ceil(values.length * 0.95) - 1] ?? Number.NaN
      figures.quote = {
        bodies: bodies.length,
        answers: wall.length,
        refused,
        wallP95Ms: p95(wall),
        cpuMeanMs: cpu.reduce((a, b) => a + b, 0) / cpu.length
      }
      report.push(
        `Quote (issue 28) on PGlite, ${bodies.length} offer periods of the demo pupil in turn, 300 answers: ` +
          `p95 ${p95(wall).toFixed(1)} ms (bar 50 ms), API CPU ${(cpu.reduce((a, b) => a + b, 0) / cpu.length).toFixed(2)} ms per answer` +
          (refused > 0 ? `, ${refused} not 200` : '')
      )
    } finally {
      await api.stop()
    }
  } catch (error) {
    report.push(`Quote on PGlite: could not measure (${String(error).split('\n')[0]})`)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

/**
 * The home screen's requests on PGlite (demo seed, the demo student): each alone (median of the
 * rounds), the eight one after the other, and the eight at once as the app sends them.
 */
async function homeRoutes(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'darsi-bench-'))
  const api = await startApi(join(dir, 'api'))
  try {
    const token = await demoToken(api.url)
    // node:http on kept-alive connections: a client light enough for the figures to be the server's.
    const { Agent, get: httpGet } = await import('node:http')
    const agent = new Agent({ keepAlive: true, maxSockets: HOME_ROUTES.length })
    const get = (path: string): Promise<number> =>
      new Promise((resolve, reject) => {
        const started = performance.now()
        httpGet(`${api.url}${path}`, { agent, headers: { authorization: `Bearer ${token}` } }, (response) => {
          response.resume()
          response.once('end', () => {
            if (response.statusCode !== 200) reject(new Error(`${path}: ${response.statusCode}`))
            else resolve(performance.now() - started)
          })
        }).once('error', reject)
      })
    // The first time, as the app asks right after the first sign-in since the start.
    const firstStarted = performance.now()
    await Promise.all(HOME_ROUTES.map(get))
    const first = performance.now() - firstStarted
    const rounds = 40
    const each = new Map<string, number[]>(HOME_ROUTES.map((path) => [path, []]))
    const sequential: number[] = []
    const parallel: number[] = []
    for (let round = -3; round < rounds; round += 1) {
      let total = 0
      for (const path of HOME_ROUTES) {
        const ms = await get(path)
        total += ms
        if (round >= 0) each.get(path)!.push(ms)
      }
      const started = performance.now()
      await Promise.all(HOME_ROUTES.map(get))
      if (round >= 0) {
        sequential.push(total)
        parallel.push(performance.now() - started)
      }
    }
    agent.destroy()
    const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!
    const routes = Object.fromEntries([...each].map(([path, times]) => [path, Number(median(times).toFixed(2))]))
    figures.home = {
      rounds,
      firstParallelMs: first,
      medianMsPerRoute: routes,
      sequentialMedianMs: median(sequential),
      parallelMedianMs: median(parallel)
    }
    report.push(
      `Home screen on PGlite, 8 requests (median of ${rounds} rounds): one after the other ${median(sequential).toFixed(1)} ms, ` +
        `all at once ${median(parallel).toFixed(1)} ms (target: well under 40 ms); the first time after start, all at once: ${first.toFixed(1)} ms`
    )
    for (const [path, ms] of Object.entries(routes)) report.push(`  ${path}: ${ms.toFixed(1)} ms`)
  } catch (error) {
    report.push(`Home screen on PGlite: could not measure (${String(error).split('\n')[0]})`)
  } finally {
    await api.stop()
    rmSync(dir, { recursive: true, force: true })
  }
}

/**
 * P7: 10 photos of 12 MP merged into one PDF by the marksheet worker, as the main process runs
 * it; the main thread's event-loop delay is sampled meanwhile (the merge must stay off it).
 */
async function p7(): Promise<void> {
  const { default: sharp } = await import('sharp')
  const { Worker } = await import('node:worker_threads')
  const { monitorEventLoopDelay } = await import('node:perf_hooks')
  const { createWorkerMarksheetMerger } = await import('../src/main/services/marksheet.ts')
  // Noise compresses like a real photo (a flat colour would be unrealistically cheap to decode).
  const photo = (seed: number) =>
    sharp({
      create: {
        width: 4000,
        height: 3000,
        channels: 3,
        background: { r: 200, g: 190 + seed, b: 170 },
        noise: { type: 'gaussian', mean: 128, sigma: 40 }
      }
    })
      .jpeg({ quality: 88 })
      .toBuffer()
  const files = [] as { name: string; bytes: Uint8Array<ArrayBuffer> }[]
  for (let i = 0; i < 10; i += 1) files.push({ name: `photo-${i + 1}.jpg`, bytes: new Uint8Array(await photo(i)) })
  const merger = createWorkerMarksheetMerger({
    createWorker: () => new Worker(join(root, 'src', 'main', 'workers', 'marksheetWorker.ts')),
    timeoutMs: 120_000
  })
  try {
    // Warm the worker (sharp and pdf-lib load on first use) so the figure is the merge itself.
    await merger.merge([files[9]!], () => undefined)
    const delay = monitorEventLoopDelay({ resolution: 10 })
    delay.enable()
    const started = performance.now()
    const result = await merger.merge(files, () => undefined)
    const seconds = (performance.now() - started) / 1000
    delay.disable()
    const p99 = delay.percentile(99) / 1e6
    figures.P7 = {
      seconds,
      pages: result.pages,
      pdfBytes: result.bytes.byteLength,
      eventLoopDelayP99Ms: p99,
      inputBytes: files.reduce((n, f) => n + f.bytes.byteLength, 0)
    }
    report.push(
      `P7 marksheet merge, 10 × 12 MP photos → ${result.pages}-page PDF (${(result.bytes.byteLength / KB / KB).toFixed(1)} MB): ` +
        `${seconds.toFixed(2)} s (bar ${BARS.p7Seconds} s), main event-loop delay p99 ${p99.toFixed(1)} ms (bar 50 ms)`
    )
  } catch (error) {
    report.push(`P7 marksheet merge: could not measure (${String(error).split('\n')[0]})`)
  } finally {
    await merger.dispose()
  }
}

const loadAtStart = loadavg()[0]!
const PARTS = {
  bundle: 'P1',
  ui: 'P2–P4',
  main: 'P6',
  merge: 'P7',
  api: 'P8',
  home: 'home screen requests',
  progress: 'P10',
  lesson: 'P9 and the 40-chapter subject',
  around: 'reactions, bookmarks and the 60-page magazine',
  quote: 'the purchase dialog quote'
} as const
type Part = keyof typeof PARTS
const args = process.argv.slice(2)
/** Options that take a value: the value is not a part's name. */
const VALUED = ['--json', '--list', '--backend', '--seconds']
const named = args.filter((arg, index) => !arg.startsWith('--') && !VALUED.includes(args[index - 1]!))
const valuesOf = (option: string) => args.flatMap((arg, index) => (args[index - 1] === option ? [arg] : []))
const backends = valuesOf('--backend').filter((name): name is 'pglite' | 'postgres' => name === 'pglite' || name === 'postgres')
const benchOptions: BenchOptions = {
  lists: valuesOf('--list'),
  backends: backends.length > 0 ? backends : ['pglite', 'postgres'],
  seconds: Number(valuesOf('--seconds')[0] ?? 5) || 5
}
for (const name of named) {
  if (!(name in PARTS)) {
    console.error(`Unknown part ${name} (one or more of: ${Object.keys(PARTS).join(', ')})`)
    process.exit(2)
  }
}
const selected = (part: Part) => named.length === 0 || named.includes(part)

if (selected('bundle')) p1()
if (selected('ui')) {
  // Typechecked with the e2e program (it drives a page); loaded by URL so this program does not follow it.
  type BenchRenderer = (into: { lines: string[]; figures: Record<string, unknown> }) => Promise<void>
  const { benchRenderer } = (await import(new URL('./benchUi.ts', import.meta.url).href)) as { benchRenderer: BenchRenderer }
  await benchRenderer({ lines: report, figures })
}
if (selected('lesson')) {
  type BenchLesson = (into: { lines: string[]; figures: Record<string, unknown> }) => Promise<void>
  const { benchLesson } = (await import(new URL('./benchLesson.ts', import.meta.url).href)) as { benchLesson: BenchLesson }
  await benchLesson({ lines: report, figures })
}
if (selected('around')) {
  type BenchAround = (into: { lines: string[]; figures: Record<string, unknown> }) => Promise<void>
  const { benchAround } = (await import(new URL('./benchAround.ts', import.meta.url).href)) as { benchAround: BenchAround }
  await benchAround({ lines: report, figures })
}
if (selected('main')) await p6()
if (selected('merge')) await p7()
if (selected('api')) await p8(benchOptions)
if (selected('home')) await homeRoutes()
if (selected('quote')) await quotes()
if (selected('progress')) await benchProgress({ lines: report, figures })
// The machine is shared: its load (1-minute average) at the start and at the end tells how far the figures compare.
console.log(
  `Darsi bench — ${new Date().toISOString()} — node ${process.version}, ${cpus().length} cores, ` +
    `load ${loadAtStart.toFixed(1)} at the start and ${loadavg()[0]!.toFixed(1)} at the end`
)
for (const line of report) console.log(`  ${line}`)
const jsonIndex = args.indexOf('--json')
if (jsonIndex >= 0 && args[jsonIndex + 1]) writeFileSync(args[jsonIndex + 1]!, JSON.stringify(figures, null, 2))
if (args.includes('--strict') && overBudget.length > 0) {
  console.error(`Over budget: ${overBudget.join(', ')}`)
  process.exit(1)
}
