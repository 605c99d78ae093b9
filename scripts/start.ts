/**
 * `npm start`: builds the app, starts the local platform API on its embedded database with the
 * demo data (and the dev outbox, to read codes), then opens the desktop app pointed at it.
 * Closing the app stops the API.
 *
 * Every way it can fail ends the same: one short message naming the cause and what to do, and
 * whatever it started (the API, the app) stopped. Before anything starts it checks for another
 * `npm start` on the same data directory, an API already running on it or answering on the port,
 * another program on the port, and Electron's binary (downloaded on first use, as the electron
 * package does; a failed download says how to get it through a mirror or the download cache).
 * What the steps run comes in `StartOptions`, so tests run the whole flow with stand-ins.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { createHash } from 'node:crypto'
import { createWriteStream, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { homedir } from 'node:os'
import { dirname, join, posix, relative, resolve } from 'node:path'
import type { Writable } from 'node:stream'
import { fileURLToPath } from 'node:url'
import { SERVER_INFO_FILE } from '../server/src/serverInfo.ts'

export interface Command {
  command: string
  args: string[]
}

export interface StartOptions {
  /** The working directory of the build, the API and the app; paths in messages are relative to it. */
  root: string
  host: string
  port: number
  /** The API's data directory; it also holds the lock of a running `npm start`. */
  dataDir: string
  /** The app's output, kept to be read after a crash. */
  appLog: string
  /** The electron npm package's folder: its binary is found there (path.txt, dist/). */
  electronDir: string
  /** The electron package's own installer, which downloads its binary into electronDir. */
  installElectron: Command
  build: Command
  /** Starts the API on host:port with dataDir; prints `Darsi API listening on <url>` once ready. */
  api: Command
  /** The app's arguments after the Electron binary. */
  appArgs: string[]
  env: NodeJS.ProcessEnv
  apiTimeoutMs: number
  /** How long the app has to open its window (its main process logs APP_READY_LINE). */
  launchTimeoutMs: number
  /** How long a process asked to stop has before it is killed. */
  stopTimeoutMs: number
}

type Signal = 'SIGINT' | 'SIGTERM'

export interface StartIo {
  /** The messages of `npm start` itself. */
  print: (message: string) => void
  /** Where the output of the build, the API and the app goes. */
  stdout: Writable
  stderr: Writable
  /** SIGINT and SIGTERM arrive here. */
  signals: {
    on(signal: Signal, listener: () => void): unknown
    off(signal: Signal, listener: () => void): unknown
  }
}

/** What the main process logs once its window is shown (src/main/index.ts). */
export const APP_READY_LINE = '[main] window shown'
/** The API's liveness route (healthEndpoints.api under the /api prefix). */
export const HEALTH_PATH = '/api/health'
/** Written in the data directory while an `npm start` runs, with its process id. */
export const START_LOCK_FILE = 'npm-start.pid'
export const ELECTRON_MIRROR_EXAMPLE = 'https://npmmirror.com/mirrors/electron/'
const ELECTRON_RELEASES = 'https://github.com/electron/electron/releases/download/'
const LISTENING = /Darsi API listening on (http:\/\/\S+)/
const SIGNALS: readonly Signal[] = ['SIGINT', 'SIGTERM']
const SIGNAL_EXIT_CODES: Record<Signal, number> = { SIGINT: 130, SIGTERM: 143 }

/** A failure worded for the developer: its message is printed as is. */
class Failure extends Error {
  exitCode: number
  constructor(message: string, exitCode = 1) {
    super(message)
    this.exitCode = exitCode
  }
}

class Interrupted extends Error {}

interface Exit {
  code: number | null
  signal: NodeJS.Signals | null
  error?: Error
}

interface Launched {
  child: ChildProcess
  exit: Promise<Exit>
}

interface Run {
  options: StartOptions
  io: StartIo
  /** Every process this run started that has not exited yet, in start order. */
  running: Map<ChildProcess, Promise<Exit>>
  aborted: AbortSignal
  apiStarted: boolean
}

/** Runs `npm start` and resolves with its exit code once everything it started has stopped. */
export async function start(options: StartOptions, io: StartIo): Promise<number> {
  const abort = new AbortController()
  let interrupted: Signal | null = null
  const listeners = SIGNALS.map((signal) => {
    const listener = () => {
      interrupted ??= signal
      abort.abort()
    }
    io.signals.on(signal, listener)
    return [signal, listener] as const
  })
  const run: Run = { options, io, running: new Map(), aborted: abort.signal, apiStarted: false }
  let releaseLock = () => {}
  let code: number
  let message: string | null = null
  try {
    if (!Number.isInteger(options.port) || options.port < 1 || options.port > 65535) {
      throw new Failure('DARSI_API_PORT must be a port number (1 to 65535).')
    }
    releaseLock = takeStartLock(run)
    await checkNothingRunsThere(run)
    const electronPath = await electronBinary(run)
    await build(run)
    const apiUrl = await startApi(run)
    code = await runApp(run, electronPath, apiUrl)
  } catch (error) {
    code = error instanceof Failure ? error.exitCode : 1
    if (error instanceof Failure) message = error.message
    else if (!(error instanceof Interrupted)) message = `npm start failed: ${error instanceof Error ? error.message : String(error)}`
  }
  await stopAll(run)
  releaseLock()
  for (const [signal, listener] of listeners) io.signals.off(signal, listener)
  if (interrupted) {
    io.print(run.apiStarted ? 'npm start: stopped, and the API with it.' : 'npm start: stopped.')
    return SIGNAL_EXIT_CODES[interrupted]
  }
  if (message) io.print(run.apiStarted ? `${message}\nThe API is stopped.` : message)
  return code
}

// --- Another npm start, another API, another program on the port -------------------------------

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'
  }
}

function readPid(path: string): number | null {
  try {
    const pid = Number.parseInt(readFileSync(path, 'utf8'), 10)
    return Number.isInteger(pid) && pid > 0 ? pid : null
  } catch {
    return null
  }
}

/** The data directory's lock: one `npm start` at a time on it. A lock whose process is gone is taken over. */
function takeStartLock({ options }: Run): () => void {
  mkdirSync(options.dataDir, { recursive: true })
  const path = join(options.dataDir, START_LOCK_FILE)
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(path, `${process.pid}\n`, { flag: 'wx' })
      return () => {
        if (readPid(path) === process.pid) rmSync(path, { force: true })
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
      const pid = readPid(path)
      if (pid !== null && isAlive(pid)) {
        throw new Failure(
          `npm start is already running (process ${pid}). Its app is open or opening: use it, or close it before starting again.`
        )
      }
      rmSync(path, { force: true })
    }
  }
  throw new Failure(`Could not take ${relative(options.root, path)}: another npm start is starting at the same time.`)
}

function otherPort(port: number): number {
  return port < 65535 ? port + 1 : port - 1
}

async function checkNothingRunsThere({ options }: Run): Promise<void> {
  const info = readServerInfo(join(options.dataDir, SERVER_INFO_FILE))
  if (info && isAlive(info.pid)) {
    throw new Failure(
      `A Darsi API already runs with the data of ${relative(options.root, options.dataDir) || '.'} ` +
        `(${info.url}, process ${info.pid}), started by npm run server or by an npm start that did not stop it. ` +
        'Stop it, then run npm start again.'
    )
  }
  const url = `http://${options.host}:${options.port}`
  if (!(await portInUse(options.host, options.port))) return
  const elsewhere = `DARSI_API_PORT=${otherPort(options.port)} npm start`
  if (await answersAsDarsiApi(url)) {
    throw new Failure(
      `A Darsi API already answers on ${url} (another npm start or npm run server). ` +
        `Close it first, or start on another port: ${elsewhere}`
    )
  }
  throw new Failure(`Port ${options.port} on ${options.host} is taken by another program. Free it, or start on another port: ${elsewhere}`)
}

function readServerInfo(path: string): { url: string; pid: number } | null {
  try {
    const info = JSON.parse(readFileSync(path, 'utf8')) as { url?: unknown; pid?: unknown }
    return typeof info.url === 'string' && typeof info.pid === 'number' ? { url: info.url, pid: info.pid } : null
  } catch {
    return null
  }
}

function portInUse(host: string, port: number): Promise<boolean> {
  return new Promise((resolvePort, reject) => {
    const server = createServer()
    server.once('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'EADDRINUSE') resolvePort(true)
      else
        reject(
          new Failure(
            `Port ${port} on ${host} cannot be used (${error.code ?? error.message}). Start on another port: DARSI_API_PORT=${otherPort(port)} npm start`
          )
        )
    })
    server.listen({ port, host }, () => server.close(() => resolvePort(false)))
  })
}

async function answersAsDarsiApi(url: string): Promise<boolean> {
  try {
    const response = await fetch(`${url}${HEALTH_PATH}`, { signal: AbortSignal.timeout(2000) })
    if (!response.ok) return false
    const body = (await response.json()) as { status?: unknown; service?: unknown }
    return body.status === 'ok' && body.service === 'api'
  } catch {
    return false
  }
}

// --- Electron's binary ---------------------------------------------------------------------------

/**
 * Where the electron package runs its binary from, found as its index.js finds it but without
 * loading it (loading it starts the download when the binary is missing): ELECTRON_OVERRIDE_DIST_PATH,
 * else dist/ under the package, named by path.txt (written once the binary is in).
 */
export function locateElectron(electronDir: string, env: NodeJS.ProcessEnv): { path: string | null; exists: boolean } {
  const pathFile = join(electronDir, 'path.txt')
  const name = existsSync(pathFile) ? readFileSync(pathFile, 'utf8') : null
  const override = env.ELECTRON_OVERRIDE_DIST_PATH
  const path = override ? join(override, name || 'electron') : name ? join(electronDir, 'dist', name) : null
  return { path, exists: path !== null && existsSync(path) }
}

/** The folder where @electron/get looks for the binary's zip before downloading it. */
export function electronCacheFolder(version: string, env: NodeJS.ProcessEnv): string {
  const localAppData = env.LOCALAPPDATA || join(homedir(), 'AppData', 'Local')
  const root =
    env.electron_config_cache ||
    (process.platform === 'darwin'
      ? join(homedir(), 'Library', 'Caches', 'electron')
      : process.platform === 'win32'
        ? join(localAppData, 'electron', 'Cache')
        : join(env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'electron'))
  // Named by a hash of the download folder's address (@electron/get's Cache.getCacheDirectory).
  const base = env.ELECTRON_MIRROR || ELECTRON_RELEASES
  const folder = (env.ELECTRON_CUSTOM_DIR || `v${version}`).replace('{{ version }}', version)
  const address = new URL(`${base}${folder}/${electronZipName(version, env)}`)
  address.hash = ''
  address.search = ''
  address.pathname = posix.dirname(address.pathname)
  return join(root, createHash('sha256').update(address.toString()).digest('hex'))
}

export function electronZipName(version: string, env: NodeJS.ProcessEnv): string {
  const platform = env.ELECTRON_INSTALL_PLATFORM || env.npm_config_platform || process.platform
  const arch = env.ELECTRON_INSTALL_ARCH || env.npm_config_arch || process.arch
  return `electron-v${version}-${platform}-${arch}.zip`
}

async function electronBinary(run: Run): Promise<string> {
  const { options, io } = run
  const packageFile = join(options.electronDir, 'package.json')
  if (!existsSync(packageFile)) throw new Failure('The electron package is missing: run npm install, then npm start.')
  const version = (JSON.parse(readFileSync(packageFile, 'utf8')) as { version: string }).version
  const found = locateElectron(options.electronDir, options.env)
  if (found.exists) return found.path!
  if (options.env.ELECTRON_OVERRIDE_DIST_PATH) {
    throw new Failure(
      `ELECTRON_OVERRIDE_DIST_PATH is set, but there is no Electron at ${found.path}. ` +
        `Point it at an unpacked Electron ${version}, or unset it.`
    )
  }
  io.print(`npm start: Electron ${version} is not installed yet; downloading it (once, about 100 MB)…`)
  const { exit, output } = await runQuietly(run, options.installElectron)
  const installed = locateElectron(options.electronDir, options.env)
  if (exit.code === 0 && installed.exists) return installed.path!
  const cause =
    exit.error?.message ??
    output
      .split('\n')
      .map((line) => line.trim())
      .find((line) => line !== '')
  const mirror = options.env.ELECTRON_MIRROR
  throw new Failure(
    [
      `Electron ${version} could not be downloaded${mirror ? ` from ${mirror}` : ''}${cause ? ` (${cause})` : ''}. Either:`,
      `  - download it through a mirror: ELECTRON_MIRROR=${ELECTRON_MIRROR_EXAMPLE} npm start`,
      `  - or put ${electronZipName(version, options.env)}, fetched elsewhere, in ${electronCacheFolder(version, options.env)}` +
        ' and run npm start again.'
    ].join('\n')
  )
}

// --- Child processes -----------------------------------------------------------------------------

function launch(run: Run, command: Command, env: NodeJS.ProcessEnv): Launched {
  const child = spawn(command.command, command.args, { cwd: run.options.root, env, stdio: ['ignore', 'pipe', 'pipe'] })
  const exit = new Promise<Exit>((resolveExit) => {
    child.once('exit', (code, signal) => resolveExit({ code, signal }))
    child.once('error', (error) => resolveExit({ code: null, signal: null, error }))
  })
  run.running.set(child, exit)
  void exit.then(() => run.running.delete(child))
  return { child, exit }
}

/** Forces colours in a child's output when ours goes to a terminal (it goes through a pipe). */
function colourEnv(io: StartIo, env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return (io.stdout as { isTTY?: boolean }).isTTY && env.FORCE_COLOR === undefined && env.NO_COLOR === undefined
    ? { ...env, FORCE_COLOR: '1' }
    : env
}

function forward(child: ChildProcess, io: StartIo): void {
  child.stdout!.pipe(io.stdout, { end: false })
  child.stderr!.pipe(io.stderr, { end: false })
}

const TIMED_OUT = Symbol('timed out')

/** The first of `promises` to settle, TIMED_OUT after `ms`, or Interrupted when the run is stopped. */
async function firstOf<T>(run: Run, promises: Promise<T>[], ms?: number): Promise<T | typeof TIMED_OUT> {
  let timer: NodeJS.Timeout | undefined
  let onAbort = () => {}
  const aborted = new Promise<never>((_, reject) => {
    onAbort = () => reject(new Interrupted())
    if (run.aborted.aborted) onAbort()
    else run.aborted.addEventListener('abort', onAbort, { once: true })
  })
  const timeout =
    ms === undefined
      ? []
      : [
          new Promise<typeof TIMED_OUT>((resolveTimeout) => {
            timer = setTimeout(() => resolveTimeout(TIMED_OUT), ms)
          })
        ]
  try {
    return await Promise.race([...promises, ...timeout, aborted])
  } finally {
    clearTimeout(timer)
    run.aborted.removeEventListener('abort', onAbort)
  }
}

function describeExit(exit: Exit): string {
  if (exit.error) return exit.error.message
  return exit.signal ? `ended by ${exit.signal}` : `exit code ${exit.code}`
}

async function runQuietly(run: Run, command: Command): Promise<{ exit: Exit; output: string }> {
  const { child, exit } = launch(run, command, run.options.env)
  let output = ''
  const collect = (chunk: Buffer) => {
    output += chunk.toString()
  }
  child.stdout!.on('data', collect)
  child.stderr!.on('data', collect)
  const result = await firstOf(run, [exit])
  return { exit: result as Exit, output }
}

async function stopProcess(child: ChildProcess, exit: Promise<Exit>, timeoutMs: number): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return
  child.kill('SIGTERM')
  let timer: NodeJS.Timeout | undefined
  const stopped = await Promise.race([
    exit.then(() => true),
    new Promise<boolean>((resolveTimeout) => {
      timer = setTimeout(() => resolveTimeout(false), timeoutMs)
    })
  ])
  clearTimeout(timer)
  if (stopped) return
  child.kill('SIGKILL')
  await exit
}

/** Stops what this run started and still runs, the last started first (the app, then the API). */
async function stopAll(run: Run): Promise<void> {
  for (const [child, exit] of [...run.running].reverse()) await stopProcess(child, exit, run.options.stopTimeoutMs)
}

// --- The build, the API, the app -----------------------------------------------------------------

async function build(run: Run): Promise<void> {
  const { child, exit } = launch(run, run.options.build, colourEnv(run.io, run.options.env))
  forward(child, run.io)
  const result = (await firstOf(run, [exit])) as Exit
  if (result.code !== 0) throw new Failure(`The build failed (${describeExit(result)}): its errors are above.`)
}

async function startApi(run: Run): Promise<string> {
  const { options, io } = run
  const { child, exit } = launch(run, options.api, colourEnv(io, options.env))
  run.apiStarted = true
  forward(child, io)
  let output = ''
  let scan = (_chunk: Buffer) => {}
  const listening = new Promise<string>((resolveUrl) => {
    scan = (chunk) => {
      output += chunk.toString()
      const match = LISTENING.exec(output)
      if (match) resolveUrl(match[1]!)
    }
  })
  child.stdout!.on('data', scan)
  child.stderr!.on('data', scan)
  const seconds = Math.round(options.apiTimeoutMs / 1000)
  const result = await firstOf<string | Exit>(run, [listening, exit], options.apiTimeoutMs)
  child.stdout!.off('data', scan)
  child.stderr!.off('data', scan)
  if (typeof result === 'string') return result
  if (result === TIMED_OUT) throw new Failure(`The API was not ready after ${seconds} s: its messages are above.`)
  if (output.includes('EADDRINUSE')) {
    throw new Failure(
      `The API could not listen on port ${options.port}: another program took it. ` +
        `Free it, or start on another port: DARSI_API_PORT=${otherPort(options.port)} npm start`
    )
  }
  throw new Failure(`The API stopped before it was ready (${describeExit(result)}): its messages are above.`)
}

/** Known causes of a crash at launch, found in the app's output. */
const LAUNCH_HINTS: { pattern: RegExp; hint: (match: RegExpExecArray) => string }[] = [
  {
    pattern: /error while loading shared libraries: ([^:\s]+)/,
    hint: (match) => `Electron needs ${match[1]}, missing on this system: install it with the system's package manager.`
  },
  {
    pattern: /SUID sandbox helper binary was found, but is not configured correctly/,
    hint: () =>
      "Electron's sandbox helper is not set up: sudo chown root node_modules/electron/dist/chrome-sandbox " +
      '&& sudo chmod 4755 node_modules/electron/dist/chrome-sandbox'
  },
  {
    pattern: /Missing X server or \$DISPLAY|cannot open display/i,
    hint: () => 'There is no display: run npm start from a desktop session.'
  }
]

async function runApp(run: Run, electronPath: string, apiUrl: string): Promise<number> {
  const { options, io } = run
  const logName = relative(options.root, options.appLog)
  mkdirSync(dirname(options.appLog), { recursive: true })
  const log = createWriteStream(options.appLog)
  const { child, exit } = launch(run, { command: electronPath, args: options.appArgs }, { ...options.env, DARSI_API_URL: apiUrl })
  const closed = new Promise<void>((resolveClosed) => child.once('close', () => resolveClosed()))
  let output = ''
  let shown = false
  let onShown = () => {}
  const ready = new Promise<'ready'>((resolveReady) => {
    onShown = () => resolveReady('ready')
  })
  const watch = (stream: NodeJS.ReadableStream, target: Writable) =>
    stream.on('data', (chunk: Buffer) => {
      target.write(chunk)
      if (!log.writableEnded) log.write(chunk)
      if (shown) return
      output += chunk.toString()
      if (output.includes(APP_READY_LINE)) {
        shown = true
        onShown()
      }
    })
  watch(child.stdout!, io.stdout)
  watch(child.stderr!, io.stderr)
  /** The app's whole output, once its pipes are closed (a moment at most after it exits). */
  const endLog = async () => {
    let timer: NodeJS.Timeout | undefined
    await Promise.race([
      closed,
      new Promise<void>((resolveWait) => {
        timer = setTimeout(resolveWait, 500)
      })
    ])
    clearTimeout(timer)
    await new Promise<void>((resolveEnd) => log.end(resolveEnd))
  }
  try {
    const launched = await firstOf<'ready' | Exit>(run, [ready, exit], options.launchTimeoutMs)
    if (launched === TIMED_OUT) {
      throw new Failure(
        `The app did not open its window within ${Math.round(options.launchTimeoutMs / 1000)} s, ` +
          `so it was stopped. Its output is in ${logName}.`
      )
    }
    if (launched !== 'ready') {
      await endLog()
      if (launched.error) throw new Failure(`Electron could not be run (${electronPath}): ${launched.error.message}`)
      if (launched.code === 0) {
        throw new Failure(
          'The app closed without opening its window: another Darsi app is probably open (one at a time). ' +
            'Close it and run npm start again.'
        )
      }
      const hints = LAUNCH_HINTS.flatMap(({ pattern, hint }) => {
        const match = pattern.exec(output)
        return match ? [hint(match)] : []
      })
      throw new Failure(
        [`The app closed at launch (${describeExit(launched)}). Its output, above, is kept in ${logName}.`, ...hints].join('\n')
      )
    }
    const ended = (await firstOf(run, [exit])) as Exit
    await endLog()
    if (ended.code === 0) return 0
    throw new Failure(`The app stopped (${describeExit(ended)}). Its output is in ${logName}.`, ended.code ?? 1)
  } finally {
    if (!log.writableEnded) log.end()
  }
}

// --- npm start -----------------------------------------------------------------------------------

export function defaultOptions(root: string, env: NodeJS.ProcessEnv): StartOptions {
  const port = Number(env.DARSI_API_PORT ?? '4000')
  const dataDir = resolve(root, env.DARSI_DATA_DIR ?? join('.data', 'api'))
  const electronDir = join(root, 'node_modules', 'electron')
  const node = process.execPath
  return {
    root,
    host: '127.0.0.1',
    port,
    dataDir,
    appLog: join(root, '.data', 'app.log'),
    electronDir,
    installElectron: { command: node, args: [join(electronDir, 'install.js')] },
    build: { command: node, args: [join(root, 'node_modules', 'electron-vite', 'bin', 'electron-vite.js'), 'build'] },
    api: {
      command: node,
      args: ['server/src/index.ts', '--port', String(port), '--host', '127.0.0.1', '--data-dir', dataDir, '--seed', 'demo', '--dev']
    },
    appArgs: ['.'],
    env,
    apiTimeoutMs: 120_000,
    launchTimeoutMs: 60_000,
    stopTimeoutMs: 10_000
  }
}

const invokedDirectly = process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(import.meta.url)
if (invokedDirectly) {
  process.exitCode = await start(defaultOptions(join(import.meta.dirname, '..'), process.env), {
    print: (message) => console.error(message),
    stdout: process.stdout,
    stderr: process.stderr,
    signals: process
  })
}
