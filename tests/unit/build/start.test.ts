/**
 * `npm start` (scripts/start.ts) run for real with stand-ins: a fake Electron binary (a shell
 * script starting a tiny Node program) found in a fake electron package, a stand-in API (a small
 * HTTP server printing the real API's ready line), a fake installer and build. Real child
 * processes, real ports on 127.0.0.1.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { createHash } from 'node:crypto'
import { EventEmitter } from 'node:events'
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, type Server } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { PassThrough } from 'node:stream'
import { downloadArtifact } from '@electron/get'
import { afterEach, describe, expect, it } from 'vitest'
import {
  APP_READY_LINE,
  ELECTRON_MIRROR_EXAMPLE,
  HEALTH_PATH,
  START_LOCK_FILE,
  electronCacheFolder,
  electronZipName,
  locateElectron,
  start,
  type StartIo,
  type StartOptions
} from '../../../scripts/start.ts'
import { servicePrefixes } from '../../../src/shared/api/common.ts'
import { healthEndpoints } from '../../../src/shared/api/health.ts'

const node = process.execPath
const startScript = join(import.meta.dirname, '../../../scripts/start.ts')
/** Each test starts several Node processes, on a machine that may be busy. */
const SLOW = 30_000

const FAKE_API = `
import { appendFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:http'
import { join } from 'node:path'
const [port, dataDir, pids, mode] = process.argv.slice(2)
appendFileSync(pids, process.pid + '\\n')
if (mode === 'die') {
  console.error('Error: the database could not be opened')
  process.exit(1)
}
const server = createServer((request, response) => {
  if (request.url === '/api/health') {
    response.setHeader('content-type', 'application/json')
    response.end(JSON.stringify({ status: 'ok', service: 'api' }))
  } else {
    response.statusCode = 404
    response.end()
  }
})
server.listen(Number(port), '127.0.0.1', () => {
  const url = 'http://127.0.0.1:' + port
  writeFileSync(join(dataDir, 'server.json'), JSON.stringify({ url, pid: process.pid }))
  console.log('Darsi API listening on ' + url)
})
const stop = () => {
  rmSync(join(dataDir, 'server.json'), { force: true })
  process.exit(0)
}
process.on('SIGTERM', stop)
process.on('SIGINT', stop)
`

const FAKE_APP = `
import { writeFileSync } from 'node:fs'
const [mode, record] = process.argv.slice(2)
const apiUrl = process.env.DARSI_API_URL
const save = (extra) => writeFileSync(record, JSON.stringify({ pid: process.pid, apiUrl, args: process.argv.slice(4), ...extra }))
save({})
const shown = () => console.warn('${APP_READY_LINE}')
if (mode === 'crash') {
  console.error('[main] start-up failed: boom')
  process.exit(1)
} else if (mode === 'missing-library') {
  console.error('electron: error while loading shared libraries: libnss3.so: cannot open shared object file: No such file or directory')
  process.exit(127)
} else if (mode === 'quit') {
  process.exit(0)
} else if (mode === 'hang') {
  process.on('SIGTERM', () => console.error('ignoring SIGTERM'))
  setInterval(() => {}, 1000)
} else if (mode === 'open-close') {
  shown()
  const health = await (await fetch(apiUrl + '/api/health')).json()
  save({ health })
  process.exit(0)
} else if (mode === 'open-fail') {
  shown()
  setTimeout(() => process.exit(3), 50)
} else if (mode === 'open-stay') {
  console.error('2026-01-05T09:00:00.000Z INFO  ${APP_READY_LINE}')
  setInterval(() => {}, 1000)
}
`

interface Sandbox {
  dir: string
  dataDir: string
  electronDir: string
  cacheDir: string
  appLog: string
  appRecord: string
  apiPids: string
  built: string
  port: number
}

const sandboxes: string[] = []
const spawned: ChildProcess[] = []
const servers: Server[] = []

afterEach(async () => {
  for (const child of spawned.splice(0)) if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL')
  for (const server of servers.splice(0)) await new Promise((done) => server.close(done))
  for (const dir of sandboxes.splice(0)) rmSync(dir, { recursive: true, force: true })
})

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number }
      server.close(() => resolve(port))
    })
  })
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer()
    server.once('error', () => resolve(false))
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)))
  })
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

async function sandbox(): Promise<Sandbox> {
  const dir = mkdtempSync(join(tmpdir(), 'darsi-start-'))
  sandboxes.push(dir)
  const electronDir = join(dir, 'node_modules', 'electron')
  mkdirSync(electronDir, { recursive: true })
  writeFileSync(join(electronDir, 'package.json'), JSON.stringify({ name: 'electron', version: '45.4.1' }))
  // The electron package's installer, where the download cannot be reached: it prints the error's stack.
  writeFileSync(
    join(electronDir, 'install.js'),
    "console.error('TypeError: fetch failed\\n    at node:internal/deps/undici:1:1')\nprocess.exit(1)\n"
  )
  writeFileSync(join(dir, 'fake-api.mjs'), FAKE_API)
  writeFileSync(join(dir, 'fake-app.mjs'), FAKE_APP)
  writeFileSync(join(dir, 'build.mjs'), "import { writeFileSync } from 'node:fs'\nwriteFileSync(process.argv[2], 'built')\n")
  return {
    dir,
    dataDir: join(dir, '.data', 'api'),
    electronDir,
    cacheDir: join(dir, 'electron-cache'),
    appLog: join(dir, '.data', 'app.log'),
    appRecord: join(dir, 'app.json'),
    apiPids: join(dir, 'api-pids'),
    built: join(dir, 'built'),
    port: await freePort()
  }
}

/** Puts a fake Electron binary where the electron package keeps its own (path.txt, dist/). */
function installFakeElectron(box: Sandbox, mode: string): void {
  mkdirSync(join(box.electronDir, 'dist'), { recursive: true })
  writeFileSync(join(box.electronDir, 'path.txt'), 'electron')
  const binary = join(box.electronDir, 'dist', 'electron')
  writeFileSync(binary, `#!/bin/sh\nexec "${node}" "${join(box.dir, 'fake-app.mjs')}" ${mode} "${box.appRecord}" "$@"\n`)
  chmodSync(binary, 0o755)
}

function options(box: Sandbox, overrides: Partial<StartOptions> = {}): StartOptions {
  const env: NodeJS.ProcessEnv = { ...process.env, electron_config_cache: box.cacheDir }
  for (const name of ['ELECTRON_OVERRIDE_DIST_PATH', 'ELECTRON_MIRROR', 'ELECTRON_CUSTOM_DIR', 'DARSI_API_URL']) delete env[name]
  return {
    root: box.dir,
    host: '127.0.0.1',
    port: box.port,
    dataDir: box.dataDir,
    appLog: box.appLog,
    electronDir: box.electronDir,
    installElectron: { command: node, args: [join(box.electronDir, 'install.js')] },
    build: { command: node, args: [join(box.dir, 'build.mjs'), box.built] },
    api: { command: node, args: [join(box.dir, 'fake-api.mjs'), String(box.port), box.dataDir, box.apiPids] },
    appArgs: ['.'],
    env,
    apiTimeoutMs: 10_000,
    launchTimeoutMs: 10_000,
    stopTimeoutMs: 2_000,
    ...overrides
  }
}

function capture() {
  const printed: string[] = []
  let output = ''
  const sink = () => {
    const stream = new PassThrough()
    stream.on('data', (chunk: Buffer) => {
      output += chunk.toString()
    })
    return stream
  }
  const signals = new EventEmitter()
  const io: StartIo = { print: (message) => printed.push(message), stdout: sink(), stderr: sink(), signals }
  return { io, printed, signals, output: () => output }
}

function apiPids(box: Sandbox): number[] {
  return existsSync(box.apiPids) ? readFileSync(box.apiPids, 'utf8').trim().split('\n').map(Number) : []
}

function appRecord(box: Sandbox): { pid: number; apiUrl: string; args: string[]; health?: unknown } {
  return JSON.parse(readFileSync(box.appRecord, 'utf8')) as { pid: number; apiUrl: string; args: string[]; health?: unknown }
}

async function waitFor(check: () => boolean, what: string, ms = 10_000): Promise<void> {
  const until = Date.now() + ms
  while (!check()) {
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}

/** The API it started is gone, its port free and the lock of npm start released. */
async function expectEverythingStopped(box: Sandbox): Promise<void> {
  for (const pid of apiPids(box)) expect(isAlive(pid), `API process ${pid}`).toBe(false)
  expect(await portIsFree(box.port)).toBe(true)
  expect(existsSync(join(box.dataDir, START_LOCK_FILE))).toBe(false)
}

/** The stand-in API started by a test (not by npm start), on `port` with `dataDir`. */
async function runningApi(box: Sandbox, port: number, dataDir: string): Promise<ChildProcess> {
  mkdirSync(dataDir, { recursive: true })
  const child = spawn(node, [join(box.dir, 'fake-api.mjs'), String(port), dataDir, join(box.dir, 'other-api-pids')], { stdio: 'pipe' })
  spawned.push(child)
  await new Promise<void>((resolve) =>
    child.stdout.on('data', (chunk: Buffer) => {
      if (chunk.toString().includes('listening')) resolve()
    })
  )
  return child
}

describe('npm start: the happy path', { timeout: SLOW }, () => {
  it('opens the app on the API it started, and stops the API when the app closes with 0', async () => {
    const box = await sandbox()
    installFakeElectron(box, 'open-close')
    const { io, printed } = capture()
    expect(await start(options(box), io)).toBe(0)
    expect(printed).toEqual([])
    const app = appRecord(box)
    expect(app.apiUrl).toBe(`http://127.0.0.1:${box.port}`)
    expect(app.args).toEqual(['.'])
    expect(app.health).toEqual({ status: 'ok', service: 'api' })
    expect(readFileSync(box.built, 'utf8')).toBe('built')
    expect(readFileSync(box.appLog, 'utf8')).toContain(APP_READY_LINE)
    expect(apiPids(box)).toHaveLength(1)
    await expectEverythingStopped(box)
  })

  it("downloads a missing Electron through the package's installer first, then opens the app", async () => {
    const box = await sandbox()
    const binary = join(box.electronDir, 'dist', 'electron')
    writeFileSync(
      join(box.electronDir, 'install.js'),
      [
        "const { chmodSync, mkdirSync, writeFileSync } = require('node:fs')",
        `mkdirSync(${JSON.stringify(join(box.electronDir, 'dist'))}, { recursive: true })`,
        `writeFileSync(${JSON.stringify(binary)}, ${JSON.stringify(`#!/bin/sh\nexec "${node}" "${join(box.dir, 'fake-app.mjs')}" open-close "${box.appRecord}" "$@"\n`)})`,
        `chmodSync(${JSON.stringify(binary)}, 0o755)`,
        `writeFileSync(${JSON.stringify(join(box.electronDir, 'path.txt'))}, 'electron')`
      ].join('\n')
    )
    const { io, printed } = capture()
    expect(await start(options(box), io)).toBe(0)
    expect(printed).toEqual(['npm start: Electron 45.4.1 is not installed yet; downloading it (once, about 100 MB)…'])
    expect(appRecord(box).apiUrl).toBe(`http://127.0.0.1:${box.port}`)
    await expectEverythingStopped(box)
  })
})

describe('npm start: when the app cannot open', { timeout: SLOW }, () => {
  it('an app that exits 1 at once: says so with its log, stops the API, exits non-zero', async () => {
    const box = await sandbox()
    installFakeElectron(box, 'crash')
    const { io, printed, output } = capture()
    expect(await start(options(box), io)).toBe(1)
    expect(printed).toEqual(['The app closed at launch (exit code 1). Its output, above, is kept in .data/app.log.\nThe API is stopped.'])
    expect(readFileSync(box.appLog, 'utf8')).toContain('[main] start-up failed: boom')
    expect(output()).toContain('[main] start-up failed: boom')
    expect(apiPids(box)).toHaveLength(1)
    await expectEverythingStopped(box)
  })

  it("names a known cause found in the app's output (a missing system library)", async () => {
    const box = await sandbox()
    installFakeElectron(box, 'missing-library')
    const { io, printed } = capture()
    expect(await start(options(box), io)).toBe(1)
    expect(printed).toEqual([
      [
        'The app closed at launch (exit code 127). Its output, above, is kept in .data/app.log.',
        "Electron needs libnss3.so, missing on this system: install it with the system's package manager.",
        'The API is stopped.'
      ].join('\n')
    ])
    await expectEverythingStopped(box)
  })

  it('an app that never opens its window: stopped after the launch timeout (killed if it ignores SIGTERM), and the API too', async () => {
    const box = await sandbox()
    installFakeElectron(box, 'hang')
    const { io, printed } = capture()
    const started = Date.now()
    expect(await start(options(box, { launchTimeoutMs: 1500, stopTimeoutMs: 500 }), io)).toBe(1)
    expect(Date.now() - started).toBeGreaterThanOrEqual(1500)
    expect(printed).toEqual([
      'The app did not open its window within 2 s, so it was stopped. Its output is in .data/app.log.\nThe API is stopped.'
    ])
    expect(isAlive(appRecord(box).pid)).toBe(false)
    await expectEverythingStopped(box)
  })

  it("an app that closes with 0 before its window: another instance holds the app's lock", async () => {
    const box = await sandbox()
    installFakeElectron(box, 'quit')
    const { io, printed } = capture()
    expect(await start(options(box), io)).toBe(1)
    expect(printed[0]).toMatch(/^The app closed without opening its window: another Darsi app is probably open/)
    expect(printed[0]).toMatch(/The API is stopped\.$/)
    await expectEverythingStopped(box)
  })

  it('an app that stops with an error after opening: its exit code, and the API stopped', async () => {
    const box = await sandbox()
    installFakeElectron(box, 'open-fail')
    const { io, printed } = capture()
    expect(await start(options(box), io)).toBe(3)
    expect(printed).toEqual(['The app stopped (exit code 3). Its output is in .data/app.log.\nThe API is stopped.'])
    await expectEverythingStopped(box)
  })

  it('a binary that cannot be run at all', async () => {
    const box = await sandbox()
    installFakeElectron(box, 'open-close')
    chmodSync(join(box.electronDir, 'dist', 'electron'), 0o644)
    const { io, printed } = capture()
    expect(await start(options(box), io)).toBe(1)
    expect(printed[0]).toMatch(/^Electron could not be run \(.*dist\/electron\): spawn .*EACCES\nThe API is stopped\.$/)
    await expectEverythingStopped(box)
  })

  it('Electron not downloadable: names ELECTRON_MIRROR and the cache, before building or starting the API', async () => {
    const box = await sandbox()
    const { io, printed, output } = capture()
    expect(await start(options(box), io)).toBe(1)
    const zip = electronZipName('45.4.1', { electron_config_cache: box.cacheDir })
    const cache = electronCacheFolder('45.4.1', { electron_config_cache: box.cacheDir })
    expect(cache.startsWith(box.cacheDir)).toBe(true)
    expect(printed).toEqual([
      'npm start: Electron 45.4.1 is not installed yet; downloading it (once, about 100 MB)…',
      [
        'Electron 45.4.1 could not be downloaded (TypeError: fetch failed). Either:',
        `  - download it through a mirror: ELECTRON_MIRROR=${ELECTRON_MIRROR_EXAMPLE} npm start`,
        `  - or put ${zip}, fetched elsewhere, in ${cache} and run npm start again.`
      ].join('\n')
    ])
    expect(output()).not.toContain('at node:internal')
    expect(existsSync(box.built)).toBe(false)
    expect(apiPids(box)).toEqual([])
    await expectEverythingStopped(box)
  })

  it('the failed download names the mirror it tried', async () => {
    const box = await sandbox()
    const { io, printed } = capture()
    const base = options(box)
    const env = { ...base.env, ELECTRON_MIRROR: 'https://mirror.example/electron/' }
    expect(await start({ ...base, env }, io)).toBe(1)
    expect(printed[1]).toMatch(
      /^Electron 45\.4\.1 could not be downloaded from https:\/\/mirror\.example\/electron\/ \(TypeError: fetch failed\)\. Either:/
    )
    expect(printed[1]).toContain(electronCacheFolder('45.4.1', env))
    expect(apiPids(box)).toEqual([])
  })

  it('ELECTRON_OVERRIDE_DIST_PATH pointing at nothing is said as such, without a download', async () => {
    const box = await sandbox()
    const { io, printed } = capture()
    const base = options(box)
    expect(await start({ ...base, env: { ...base.env, ELECTRON_OVERRIDE_DIST_PATH: join(box.dir, 'nowhere') } }, io)).toBe(1)
    expect(printed).toEqual([
      `ELECTRON_OVERRIDE_DIST_PATH is set, but there is no Electron at ${join(box.dir, 'nowhere', 'electron')}. ` +
        'Point it at an unpacked Electron 45.4.1, or unset it.'
    ])
  })
})

describe('npm start: the other failures', { timeout: SLOW }, () => {
  it('a failed build: says so, starts no API', async () => {
    const box = await sandbox()
    installFakeElectron(box, 'open-close')
    const { io, printed } = capture()
    expect(await start(options(box, { build: { command: node, args: ['-e', 'process.exit(2)'] } }), io)).toBe(1)
    expect(printed).toEqual(['The build failed (exit code 2): its errors are above.'])
    expect(apiPids(box)).toEqual([])
    expect(existsSync(box.appRecord)).toBe(false)
  })

  it('an API that stops before it is ready: says so, opens no app', async () => {
    const box = await sandbox()
    installFakeElectron(box, 'open-close')
    const base = options(box)
    const { io, printed, output } = capture()
    expect(await start({ ...base, api: { ...base.api, args: [...base.api.args, 'die'] } }, io)).toBe(1)
    expect(printed).toEqual(['The API stopped before it was ready (exit code 1): its messages are above.\nThe API is stopped.'])
    expect(output()).toContain('the database could not be opened')
    expect(existsSync(box.appRecord)).toBe(false)
    await expectEverythingStopped(box)
  })

  it('a port taken by another program: says so and leaves that program alone', async () => {
    const box = await sandbox()
    installFakeElectron(box, 'open-close')
    const other = createServer((socket) => socket.end('not http\n', () => socket.destroy()))
    servers.push(other)
    await new Promise<void>((resolve) => other.listen(box.port, '127.0.0.1', resolve))
    const { io, printed } = capture()
    expect(await start(options(box), io)).toBe(1)
    expect(printed).toEqual([
      `Port ${box.port} on 127.0.0.1 is taken by another program. Free it, or start on another port: ` +
        `DARSI_API_PORT=${box.port + 1} npm start`
    ])
    expect(other.listening).toBe(true)
    expect(apiPids(box)).toEqual([])
    expect(existsSync(box.built)).toBe(false)
  })

  it('a Darsi API already answering on the port: says so and leaves it running', async () => {
    const box = await sandbox()
    installFakeElectron(box, 'open-close')
    const other = await runningApi(box, box.port, join(box.dir, 'other-data'))
    const { io, printed } = capture()
    expect(await start(options(box), io)).toBe(1)
    expect(printed).toEqual([
      `A Darsi API already answers on http://127.0.0.1:${box.port} (another npm start or npm run server). ` +
        `Close it first, or start on another port: DARSI_API_PORT=${box.port + 1} npm start`
    ])
    expect(isAlive(other.pid!)).toBe(true)
    expect(apiPids(box)).toEqual([])
  })

  it('an API already running on the same data directory (another port): says so and leaves it running', async () => {
    const box = await sandbox()
    installFakeElectron(box, 'open-close')
    const otherPort = await freePort()
    const other = await runningApi(box, otherPort, box.dataDir)
    const { io, printed } = capture()
    expect(await start(options(box), io)).toBe(1)
    expect(printed).toEqual([
      `A Darsi API already runs with the data of .data/api (http://127.0.0.1:${otherPort}, process ${other.pid}), ` +
        'started by npm run server or by an npm start that did not stop it. Stop it, then run npm start again.'
    ])
    expect(isAlive(other.pid!)).toBe(true)
    expect(existsSync(join(box.dataDir, START_LOCK_FILE))).toBe(false)
  })

  it('a lock or server file left by a process that is gone does not stop the next start', async () => {
    const box = await sandbox()
    installFakeElectron(box, 'open-close')
    const gone = spawn(node, ['-e', ''])
    const pid = gone.pid!
    await new Promise((resolve) => gone.on('exit', resolve))
    mkdirSync(box.dataDir, { recursive: true })
    writeFileSync(join(box.dataDir, START_LOCK_FILE), `${pid}\n`)
    writeFileSync(join(box.dataDir, 'server.json'), JSON.stringify({ url: `http://127.0.0.1:${box.port}`, pid }))
    const { io } = capture()
    expect(await start(options(box), io)).toBe(0)
    await expectEverythingStopped(box)
  })

  it('a port that is not a number', async () => {
    const box = await sandbox()
    const { io, printed } = capture()
    expect(await start(options(box, { port: Number.NaN }), io)).toBe(1)
    expect(printed).toEqual(['DARSI_API_PORT must be a port number (1 to 65535).'])
  })
})

describe('npm start: while one runs, and stopping it', { timeout: SLOW }, () => {
  it('a second npm start is told so and kills nothing; SIGTERM then stops the first, its API and its app', async () => {
    const box = await sandbox()
    installFakeElectron(box, 'open-stay')
    const runner = join(box.dir, 'runner.mjs')
    writeFileSync(
      runner,
      [
        `import { start } from ${JSON.stringify(startScript)}`,
        'const options = JSON.parse(process.argv[2])',
        'process.exitCode = await start(options, { print: (m) => console.error(m), stdout: process.stdout, stderr: process.stderr, signals: process })'
      ].join('\n')
    )
    const first = spawn(node, [runner, JSON.stringify(options(box))], { stdio: ['ignore', 'pipe', 'pipe'] })
    spawned.push(first)
    let firstOutput = ''
    first.stdout.on('data', (chunk: Buffer) => (firstOutput += chunk.toString()))
    first.stderr.on('data', (chunk: Buffer) => (firstOutput += chunk.toString()))
    const firstExit = new Promise<number | null>((resolve) => first.on('exit', (code) => resolve(code)))
    await waitFor(() => firstOutput.includes(APP_READY_LINE), 'the first app to open')
    const app = appRecord(box)
    const [api] = apiPids(box)

    const { io, printed } = capture()
    expect(await start(options(box), io)).toBe(1)
    expect(printed).toEqual([
      `npm start is already running (process ${first.pid}). ` + 'Its app is open or opening: use it, or close it before starting again.'
    ])
    expect(isAlive(app.pid)).toBe(true)
    expect(isAlive(api!)).toBe(true)
    expect(apiPids(box)).toEqual([api])
    expect(readFileSync(join(box.dataDir, START_LOCK_FILE), 'utf8')).toBe(`${first.pid}\n`)

    first.kill('SIGTERM')
    expect(await firstExit).toBe(143)
    expect(firstOutput).toContain('npm start: stopped, and the API with it.')
    expect(isAlive(app.pid)).toBe(false)
    await expectEverythingStopped(box)
  })

  it('Ctrl-C while the app runs stops the app and the API', async () => {
    const box = await sandbox()
    installFakeElectron(box, 'open-stay')
    const { io, printed, signals, output } = capture()
    const run = start(options(box), io)
    await waitFor(() => output().includes(APP_READY_LINE), 'the app to open')
    signals.emit('SIGINT')
    expect(await run).toBe(130)
    expect(printed).toEqual(['npm start: stopped, and the API with it.'])
    expect(isAlive(appRecord(box).pid)).toBe(false)
    expect(signals.listenerCount('SIGINT') + signals.listenerCount('SIGTERM')).toBe(0)
    await expectEverythingStopped(box)
  })

  it('Ctrl-C during the download stops the installer and starts nothing', async () => {
    const box = await sandbox()
    writeFileSync(
      join(box.electronDir, 'install.js'),
      `require('node:fs').writeFileSync(${JSON.stringify(join(box.dir, 'installer.pid'))}, String(process.pid))\nsetInterval(() => {}, 1000)\n`
    )
    const { io, printed, signals } = capture()
    const run = start(options(box), io)
    await waitFor(() => existsSync(join(box.dir, 'installer.pid')), 'the installer to start')
    signals.emit('SIGINT')
    expect(await run).toBe(130)
    expect(printed.at(-1)).toBe('npm start: stopped.')
    expect(isAlive(Number(readFileSync(join(box.dir, 'installer.pid'), 'utf8')))).toBe(false)
    expect(apiPids(box)).toEqual([])
  })
})

describe('npm start: what it relies on', () => {
  it('waits for the line the main process logs once its window is shown', () => {
    const main = readFileSync(join(import.meta.dirname, '../../../src/main/index.ts'), 'utf8')
    // Either a plain `[main] <message>` line, or the logger's `<time> INFO  [main] <message>`.
    expect(main).toMatch(/console\.warn\(`\[main\] \$\{message\}`\)|new Logger\('main'/)
    expect(main).toMatch(/window\.show\(\)\n[^\n]*\n\s*(?:log|logger\.\w+)\('window shown'\)/)
    expect(APP_READY_LINE).toBe('[main] window shown')
  })

  it("asks the API's own liveness route", () => {
    expect(HEALTH_PATH).toBe(`${servicePrefixes.api}${healthEndpoints.api.path}`)
  })

  it('finds the binary where the electron package does, without loading the package', () => {
    const dir = mkdtempSync(join(tmpdir(), 'darsi-electron-'))
    sandboxes.push(dir)
    expect(locateElectron(dir, {})).toEqual({ path: null, exists: false })
    writeFileSync(join(dir, 'path.txt'), 'electron')
    expect(locateElectron(dir, {})).toEqual({ path: join(dir, 'dist', 'electron'), exists: false })
    mkdirSync(join(dir, 'dist'))
    writeFileSync(join(dir, 'dist', 'electron'), '')
    expect(locateElectron(dir, {})).toEqual({ path: join(dir, 'dist', 'electron'), exists: true })
    expect(locateElectron(dir, { ELECTRON_OVERRIDE_DIST_PATH: '/opt/electron' })).toEqual({ path: '/opt/electron/electron', exists: false })
  })

  it.each([[{}], [{ ELECTRON_MIRROR: ELECTRON_MIRROR_EXAMPLE }]])(
    'names the cache folder @electron/get reads the zip from (%j)',
    async (extra) => {
      const dir = mkdtempSync(join(tmpdir(), 'darsi-electron-cache-'))
      sandboxes.push(dir)
      const env = { electron_config_cache: dir, ...extra }
      const zip = electronZipName('45.4.1', env)
      expect(zip).toBe(`electron-v45.4.1-${process.platform}-${process.arch}.zip`)
      const cached = join(electronCacheFolder('45.4.1', env), zip)
      mkdirSync(electronCacheFolder('45.4.1', env), { recursive: true })
      writeFileSync(cached, 'a zip')
      const sum = createHash('sha256').update('a zip').digest('hex')
      // A cache hit returns the file without downloading; a miss would call the downloader, which refuses.
      const found = await downloadArtifact({
        version: '45.4.1',
        artifactName: 'electron',
        platform: process.platform,
        arch: process.arch,
        cacheRoot: dir,
        checksums: { [zip]: sum },
        ...('ELECTRON_MIRROR' in extra ? { mirrorOptions: { mirror: extra.ELECTRON_MIRROR } } : {}),
        downloader: { download: () => Promise.reject(new Error('no download in tests')) }
      })
      expect(found).toBe(cached)
    }
  )
})
