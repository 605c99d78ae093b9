/**
 * `npm run bench`: measures the bars of QUALITY.md that this machine can measure and prints a
 * report (a report, not a timed test: only sizes are compared with their budgets).
 *
 *   P1  renderer JavaScript: initial (entry + its static imports) and each lazy chunk, gzip
 *   P6  evaluation time of the main bundle with Electron stubbed
 *   P8  API start times: first start (create + migrate + seed) and a later start
 *
 * Requires a build (`npx electron-vite build`). `--json <file>` also writes the figures.
 */
import { spawn } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'

const root = join(import.meta.dirname, '..')
const KB = 1024
const figures: Record<string, unknown> = {}
const report: string[] = []

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
  const over = lazy.filter((chunk) => chunk.bytes > 80 * KB)
  figures.P1 = { initialGzipBytes: initialBytes, initialFiles: [...initial], lazyChunks: lazy.length, largestLazy: largest }
  report.push(`P1 initial renderer JS: ${(initialBytes / KB).toFixed(1)} KB gzip (budget 320) ${initialBytes <= 320 * KB ? 'ok' : 'OVER'}`)
  report.push(`P1 lazy chunks: ${lazy.length}, largest ${largest ? `${largest.name} ${(largest.bytes / KB).toFixed(1)} KB` : '-'} ` +
    `(budget 80 each) ${over.length === 0 ? 'ok' : `OVER: ${over.map((c) => c.name).join(', ')}`}`)
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
  report.push(`P6 main bundle evaluation (Electron stubbed): median ${median.toFixed(1)} ms of ${runs.length} (budget 100), bundle ${(mainBytes / KB).toFixed(1)} KB`)
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

/** Time from spawn to the listening line; then SIGTERM and wait. */
function timeApiStart(dataDir: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const started = performance.now()
    const child = spawn(process.execPath,
      ['server/src/index.ts', '--port', '0', '--data-dir', dataDir, '--seed', 'demo'],
      { cwd: root, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, DARSI_LOG_LEVEL: 'warn' } })
    let output = ''
    let elapsed = 0
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      if (!elapsed && output.includes('Darsi API listening on')) {
        elapsed = performance.now() - started
        child.kill('SIGTERM')
      }
    })
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.on('exit', () => (elapsed ? resolve(elapsed) : reject(new Error(output))))
  })
}

async function p8(): Promise<void> {
  const dir = mkdtempSync(join(tmpdir(), 'darsi-bench-'))
  try {
    const first = await timeApiStart(join(dir, 'api'))
    const later: number[] = []
    for (let i = 0; i < 3; i += 1) later.push(await timeApiStart(join(dir, 'api')))
    later.sort((a, b) => a - b)
    figures.P8 = { firstStartMs: Math.round(first), laterStartMs: later.map(Math.round) }
    report.push(`P8 API first start (create + migrate + seed): ${(first / 1000).toFixed(2)} s (bar 6 s); ` +
      `later start: median ${(later[1]! / 1000).toFixed(2)} s (bar 1.5 s)`)
  } catch (error) {
    report.push(`P8 API start: could not measure (${String(error).split('\n')[0]})`)
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

p1()
await p6()
await p8()
console.log(`Darsi bench — ${new Date().toISOString()} — node ${process.version}, ${(await import('node:os')).cpus().length} cores`)
for (const line of report) console.log(`  ${line}`)
const jsonIndex = process.argv.indexOf('--json')
if (jsonIndex > 0 && process.argv[jsonIndex + 1]) writeFileSync(process.argv[jsonIndex + 1]!, JSON.stringify(figures, null, 2))
