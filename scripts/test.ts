/**
 * `npm test`: lint, typecheck, unit and server tests (and the PostgreSQL run when DARSI_TEST_PG=1),
 * the build and its bundle budget (P1), then the end-to-end journeys. Every step runs even when an earlier one failed (except
 * e2e, which needs the build), and the run closes with one line: "N passed, N failed".
 */
import { spawn } from 'node:child_process'
import { mkdirSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'

const root = join(import.meta.dirname, '..')
const reports = join(root, 'tests', '.artifacts', 'reports')
rmSync(reports, { recursive: true, force: true })
mkdirSync(reports, { recursive: true })

const only = new Set(process.argv.slice(2))
const wants = (step: string) => only.size === 0 || only.has(step)

interface Tally {
  passed: number
  failed: number
  skipped: number
}
const total: Tally = { passed: 0, failed: 0, skipped: 0 }
const lines: string[] = []

function run(command: string, args: string[], env: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', env: { ...process.env, ...env } })
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)))
    child.on('error', () => resolve(1))
  })
}

const bin = (name: string) => join(root, 'node_modules', '.bin', name)

/** A step without test cases (lint, typecheck, build) counts as one check. */
async function check(name: string, command: string, args: string[]): Promise<boolean> {
  const started = Date.now()
  const code = await run(command, args)
  const ok = code === 0
  if (ok) total.passed += 1
  else total.failed += 1
  lines.push(`${name}: ${ok ? 'ok' : `FAILED (exit ${code})`} in ${((Date.now() - started) / 1000).toFixed(1)} s`)
  return ok
}

interface VitestJson {
  numPassedTests: number
  numFailedTests: number
  numPendingTests: number
  numTodoTests: number
  success: boolean
}

async function vitest(name: string, projects: string[], env: Record<string, string> = {}): Promise<void> {
  const started = Date.now()
  const output = join(reports, `${name}.json`)
  const args = ['run', ...projects.flatMap((p) => ['--project', p]), '--reporter=default', '--reporter=json', `--outputFile.json=${output}`]
  const code = await run(bin('vitest'), args, env)
  let summary: VitestJson | null
  try {
    summary = JSON.parse(readFileSync(output, 'utf8')) as VitestJson
  } catch {
    summary = null
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1)
  if (!summary) {
    total.failed += 1
    lines.push(`${name}: FAILED (exit ${code}, no report) in ${seconds} s`)
    return
  }
  total.passed += summary.numPassedTests
  total.failed += summary.numFailedTests
  total.skipped += summary.numPendingTests + summary.numTodoTests
  // A suite that failed to load reports no failed test but exits non-zero: count it.
  if (code !== 0 && summary.numFailedTests === 0) total.failed += 1
  lines.push(`${name}: ${summary.numPassedTests} passed, ${summary.numFailedTests} failed (exit ${code}) in ${seconds} s`)
}

interface PlaywrightJson {
  stats: { expected: number; unexpected: number; flaky: number; skipped: number }
}

async function playwright(): Promise<void> {
  const started = Date.now()
  const output = join(reports, 'e2e.json')
  const code = await run(bin('playwright'), ['test', '--reporter=list,json'], { PLAYWRIGHT_JSON_OUTPUT_NAME: output })
  const seconds = ((Date.now() - started) / 1000).toFixed(1)
  let stats: PlaywrightJson['stats'] | null
  try {
    stats = (JSON.parse(readFileSync(output, 'utf8')) as PlaywrightJson).stats
  } catch {
    stats = null
  }
  if (!stats) {
    total.failed += 1
    lines.push(`e2e: FAILED (exit ${code}, no report) in ${seconds} s`)
    return
  }
  total.passed += stats.expected + stats.flaky
  total.failed += stats.unexpected
  total.skipped += stats.skipped
  if (code !== 0 && stats.unexpected === 0) total.failed += 1
  lines.push(`e2e: ${stats.expected + stats.flaky} passed (${stats.flaky} flaky), ${stats.unexpected} failed in ${seconds} s`)
}

if (wants('lint')) await check('lint', bin('eslint'), ['--max-warnings=0', '.'])
// The formatter's check (npm run format writes it): every source as Prettier prints it.
if (wants('lint')) await check('format', bin('prettier'), ['--check', '--log-level', 'warn', '**/*.{ts,tsx,js,mjs,cjs,mts}'])
if (wants('typecheck')) await check('typecheck', 'npm', ['run', '--silent', 'typecheck'])
if (wants('unit')) await vitest('unit', ['unit'])
if (wants('server')) await vitest('server', ['server'])
if (wants('server-pg') && process.env.DARSI_TEST_PG === '1') await vitest('server-pg', ['server-pg'])
let built = true
if (wants('build') || wants('e2e')) built = await check('build', bin('electron-vite'), ['build'])
// QUALITY.md P1: the bundle's sizes are the one budget a run fails on (timings are only reported).
if (built && wants('build')) await check('bundle budget', process.execPath, ['scripts/bench.ts', 'bundle', '--strict'])
if (wants('e2e')) {
  if (built) await playwright()
  else lines.push('e2e: not run (the build failed)')
}

console.log('\n── summary ──')
for (const line of lines) console.log(line)
const skipped = total.skipped ? `, ${total.skipped} skipped` : ''
console.log(`${total.passed} passed, ${total.failed} failed${skipped}`)
process.exit(total.failed === 0 && total.passed > 0 ? 0 : 1)
