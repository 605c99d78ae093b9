/**
 * The end-to-end harness: the production renderer, preload and main-process handlers, minus the
 * Electron shell.
 *
 *   launchApp({ locale?, seed?, viewport?, apiUrl?, apiEnv?, colorScheme?, secureBackend?, path?, keepWelcome? })
 *     → { page, apiUrl, outbox(to?), deepLink(url), mainHost, close() }
 *
 * - the platform API runs as its CLI on a free loopback port, on a copy of a data directory that
 *   globalSetup initialised once (unless `apiUrl` is given);
 * - the built renderer (out/renderer) is served by the main process's own protocol handler
 *   (traversal checks, history fallback, CSP header) behind a loopback HTTP server;
 * - Debian's Chromium runs the page; the built preload (out/preload/index.cjs) runs in it with
 *   `ipcRenderer`/`contextBridge` stand-ins whose calls reach the REAL main-process dispatcher in
 *   this Node process; only Electron primitives (safeStorage, store files, shell, notifications)
 *   are fakes, and they record what happened in `mainHost`.
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { readFile } from 'node:fs/promises'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chromium, type Browser, type Page } from 'playwright-core'
import {
  createIpcHandlers,
  createMainServices,
  handleSecondInstance,
  type MainPrimitives,
  type StoreLike
} from '../../src/main/composition.ts'
import { allowOrigins, createIpcDispatcher } from '../../src/main/ipc/dispatch.ts'
import { createRendererHandler } from '../../src/main/services/rendererProtocol.ts'
import type { EventChannel, Language } from '../../src/shared/ipc.ts'

export const repoRoot = join(import.meta.dirname, '..', '..')
export const artifactsDir = join(repoRoot, 'tests', '.artifacts')
/** The built app; `DARSI_E2E_OUT` names another build directory (two builds side by side in one tree). */
export const buildDir = process.env.DARSI_E2E_OUT ? join(repoRoot, process.env.DARSI_E2E_OUT) : join(repoRoot, 'out')
export const templateDataDir = join(artifactsDir, 'api-template')

/**
 * The template of this run: globalSetup makes one per run (several runs may share the tree) and
 * names it in DARSI_E2E_TEMPLATE, which Playwright hands to its workers.
 */
export function runTemplateDir(): string {
  return process.env.DARSI_E2E_TEMPLATE ?? templateDataDir
}
export const screenshotsDir = join(artifactsDir, 'screenshots')

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync'
]

export function chromiumExecutable(): string | undefined {
  if (process.env.CHROMIUM_PATH) return process.env.CHROMIUM_PATH
  if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium'
  return undefined // Playwright's own browser, on machines that have one
}

export interface LaunchOptions {
  locale?: Language
  seed?: 'demo' | 'none'
  viewport?: { width: number; height: number }
  colorScheme?: 'light' | 'dark'
  /** Use an API that is already running instead of starting one. */
  apiUrl?: string
  /** Extra environment of the API started for this app (e.g. `DARSI_ACCESS_TOKEN_TTL_SECONDS`). */
  apiEnv?: Record<string, string>
  /** The safeStorage backend the fake reports ('gnome_libsecret' encrypts; 'basic_text' does not). */
  secureBackend?: string
  /** The route opened first. */
  path?: string
  /**
   * The home greets a pupil the first time with a modal welcome (decision 0006), whose backdrop
   * takes every click beside it: by default, whenever it stands in the way of an action of the
   * test, it is closed first with its button, as the pupil would. `keepWelcome` leaves it to the
   * test (the tests of the welcome itself).
   */
  keepWelcome?: boolean
}

export interface MainHost {
  openedExternal: string[]
  /** Native notifications shown; `click()` does what a click on the OS notification does. */
  notifications: { title: string; body: string; click: () => void }[]
  /** Everything the fake safeStorage was asked to write, to check nothing leaks in clear. */
  storeFiles(): Record<string, unknown>
  emitted: { channel: EventChannel; payload: unknown }[]
}

export interface AppHandle {
  page: Page
  apiUrl: string
  rendererUrl: string
  mainHost: MainHost
  outbox(to?: string): Promise<OutboxEntry[]>
  deepLink(url: string): Promise<void>
  screenshot(name: string): Promise<string>
  close(): Promise<void>
}

export interface OutboxEntry {
  channel: string
  to: string
  subject: string | null
  body: string
  code: string | null
  created_at: string
}

/** Starts the API CLI and resolves with its base URL once it prints its listening line. */
/** Starts the API on a data directory (on `port`, or any free one: an API stopped mid-test comes back on its own). */
export async function startApi(
  dataDir: string,
  seed: 'demo' | 'none' = 'demo',
  env: Record<string, string> = {},
  port = 0
): Promise<{ url: string; child: ChildProcess }> {
  const child = spawn(
    process.execPath,
    ['server/src/index.ts', '--port', String(port), '--host', '127.0.0.1', '--data-dir', dataDir, '--seed', seed, '--dev'],
    { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, NODE_ENV: 'test', DARSI_LOG_LEVEL: 'warn', ...env } }
  )
  let output = ''
  const url = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`API did not start in time:\n${output}`)), 45_000)
    const onData = (chunk: Buffer) => {
      output += chunk.toString()
      const match = /Darsi API listening on (http:\/\/[^\s]+)/.exec(output)
      if (match) {
        clearTimeout(timer)
        resolve(match[1]!)
      }
    }
    child.stdout!.on('data', onData)
    child.stderr!.on('data', (chunk: Buffer) => {
      output += chunk.toString()
    })
    child.on('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`API exited (${code}) before listening:\n${output}`))
    })
  })
  child.removeAllListeners('exit')
  return { url, child }
}

export async function stopProcess(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  await new Promise<void>((resolve) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL')
    }, 5_000)
    child.once('exit', () => {
      clearTimeout(timer)
      resolve()
    })
    child.kill('SIGTERM')
  })
}

function toRequest(req: IncomingMessage, origin: string): Request {
  return new Request(new URL(req.url ?? '/', origin), { method: req.method ?? 'GET' })
}

async function sendResponse(res: ServerResponse, response: Response): Promise<void> {
  res.statusCode = response.status
  response.headers.forEach((value, key) => res.setHeader(key, value))
  res.end(Buffer.from(await response.arrayBuffer()))
}

/** Where the preload stand-in sends `ipcRenderer.invoke` (same origin as the page). */
const IPC_PATH = '/__darsi/ipc'

/**
 * IPC payloads as JSON; byte arrays (marksheet photos, the merged PDF) travel as base64, as
 * Electron's structured clone would carry them as bytes.
 */
function ipcReplacer(this: Record<string, unknown>, key: string, value: unknown): unknown {
  const raw = this[key]
  return raw instanceof Uint8Array ? { __bytes: Buffer.from(raw).toString('base64') } : value
}
function ipcReviver(_key: string, value: unknown): unknown {
  return typeof value === 'object' && value !== null && typeof (value as { __bytes?: unknown }).__bytes === 'string'
    ? new Uint8Array(Buffer.from((value as { __bytes: string }).__bytes, 'base64'))
    : value
}

type IpcEndpoint = (sender: { url: string; isMainFrame: boolean }, channel: string, args: unknown[]) => Promise<unknown>

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}

/**
 * The renderer, served by the main process's own protocol handler, and the IPC endpoint. Electron
 * carries `invoke` between processes in well under a millisecond; a same-origin request to this
 * endpoint (about a millisecond on loopback) stands in for it. The frame's address and whether
 * it is the top frame come with each call, as Electron's sender frame would give them.
 */
async function serveRenderer(
  contentSecurityPolicy: string,
  ipc: { current: IpcEndpoint | null }
): Promise<{ server: Server; url: string }> {
  const rootDir = join(buildDir, 'renderer')
  if (!existsSync(join(rootDir, 'index.html'))) throw new Error('out/renderer is missing: run `npx electron-vite build` first')
  const handler = createRendererHandler(rootDir, (path: string) => readFile(path), contentSecurityPolicy)
  const answerIpc = async (req: IncomingMessage, res: ServerResponse) => {
    const endpoint = ipc.current
    const { channel, args } = JSON.parse(await readBody(req), ipcReviver) as { channel: string; args: unknown[] }
    const sender = { url: String(req.headers['x-darsi-frame'] ?? ''), isMainFrame: req.headers['x-darsi-main-frame'] === 'true' }
    const result = endpoint ? await endpoint(sender, channel, args) : { ok: false, code: 'unknown-channel' }
    res.setHeader('content-type', 'application/json')
    res.end(JSON.stringify(result, ipcReplacer))
  }
  const server = createServer((req, res) => {
    const origin = `http://${req.headers.host ?? '127.0.0.1'}`
    const answer =
      req.method === 'POST' && req.url === IPC_PATH
        ? answerIpc(req, res)
        : handler(toRequest(req, origin)).then((response) => sendResponse(res, response))
    answer.catch(() => {
      res.statusCode = 500
      res.end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return { server, url: `http://127.0.0.1:${port}` }
}

/** Fakes of the Electron primitives only; everything above them is the production code. */
function fakePrimitives(dir: string, backend: string, apiUrl: string, locale: string, host: MainHost): MainPrimitives {
  const encrypting = backend !== 'basic_text' && backend !== 'unknown'
  return {
    safeStorage: {
      isEncryptionAvailable: () => encrypting,
      getSelectedStorageBackend: () => backend,
      encryptString: (plain: string) => Buffer.from(`enc:${Buffer.from(plain).toString('base64').split('').reverse().join('')}`),
      decryptString: (cipher: Buffer) => {
        const text = cipher.toString()
        if (!text.startsWith('enc:')) throw new Error('cannot decrypt')
        return Buffer.from(text.slice(4).split('').reverse().join(''), 'base64').toString()
      }
    },
    createStore: <T extends Record<string, unknown>>(options: { name: string; defaults: T }): StoreLike<T> => {
      const path = join(dir, `${options.name}.json`)
      const read = (): Record<string, unknown> => {
        try {
          return JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>
        } catch {
          return { ...options.defaults }
        }
      }
      const write = (data: Record<string, unknown>) => writeFileSync(path, JSON.stringify(data))
      return {
        get: (key) => read()[key],
        set: (key, value) => write({ ...read(), [key]: value }),
        delete: (key) => {
          const data = read()
          delete data[key]
          write(data)
        }
      }
    },
    shell: {
      openExternal: async (url: string) => {
        host.openedExternal.push(url)
      }
    },
    notifications: {
      isSupported: () => true,
      show: (options: { title: string; body: string }, onClick: () => void) => {
        host.notifications.push({ title: options.title, body: options.body, click: onClick })
      }
    },
    app: { name: 'Darsi', version: '0.1.0', platform: 'linux', locale },
    env: { DARSI_API_URL: apiUrl }
  }
}

function preloadScript(rendererUrl: string): string {
  const code = readFileSync(join(buildDir, 'preload', 'index.cjs'), 'utf8')
  // The built preload, run with stand-ins for the two Electron objects it uses. `require`,
  // `module` and `exports` are locals of this function: the page itself never gets them.
  return `(() => {
    const listeners = new Map();
    const toBase64 = (bytes) => { let text = ''; for (let i = 0; i < bytes.length; i += 0x8000) text += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000)); return btoa(text); };
    const fromBase64 = (text) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
    const replacer = function (key, value) { const raw = this[key]; return raw instanceof Uint8Array ? { __bytes: toBase64(raw) } : value; };
    const reviver = (key, value) => value !== null && typeof value === 'object' && typeof value.__bytes === 'string' ? fromBase64(value.__bytes) : value;
    const ipcRenderer = {
      invoke: async (channel, ...args) => {
        const response = await fetch(${JSON.stringify(rendererUrl + IPC_PATH)}, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-darsi-frame': location.href, 'x-darsi-main-frame': String(window === window.top) },
          body: JSON.stringify({ channel, args }, replacer)
        });
        if (!response.ok) throw new Error('IPC endpoint answered ' + response.status);
        return JSON.parse(await response.text(), reviver);
      },
      on: (channel, listener) => { if (!listeners.has(channel)) listeners.set(channel, new Set()); listeners.get(channel).add(listener); },
      removeListener: (channel, listener) => { listeners.get(channel)?.delete(listener); }
    };
    const contextBridge = { exposeInMainWorld: (key, api) => Object.defineProperty(window, key, { value: api, enumerable: true }) };
    Object.defineProperty(window, '__darsiEmit', { value: (channel, payload) => { for (const l of listeners.get(channel) ?? []) l({}, payload); } });
    const require = (name) => { if (name === 'electron') return { ipcRenderer, contextBridge }; throw new Error('module not available in a sandboxed preload: ' + name); };
    const module = { exports: {} };
    const exports = module.exports;
    ${code}
  })();`
}

export async function launchApp(options: LaunchOptions = {}): Promise<AppHandle> {
  const locale = options.locale ?? 'fr'
  const workDir = mkdtempSync(join(tmpdir(), 'darsi-e2e-'))
  const cleanups: (() => Promise<void> | void)[] = [() => rmSync(workDir, { recursive: true, force: true })]
  const close = async () => {
    for (const cleanup of cleanups.reverse()) {
      try {
        await cleanup()
      } catch {
        // keep closing the rest
      }
    }
  }
  try {
    let apiUrl = options.apiUrl
    if (!apiUrl) {
      const dataDir = join(workDir, 'api')
      const template = runTemplateDir()
      if (existsSync(template) && (options.seed ?? 'demo') === 'demo') cpSync(template, dataDir, { recursive: true })
      else mkdirSync(dataDir, { recursive: true })
      const api = await startApi(dataDir, options.seed ?? 'demo', options.apiEnv)
      apiUrl = api.url
      cleanups.push(() => stopProcess(api.child))
    }
    const apiOrigin = new URL(apiUrl).origin

    const emitted: MainHost['emitted'] = []
    const mainHost: MainHost = {
      openedExternal: [],
      notifications: [],
      emitted,
      storeFiles: () => {
        const result: Record<string, unknown> = {}
        for (const name of readdirSync(join(workDir, 'userData'))) {
          result[name] = JSON.parse(readFileSync(join(workDir, 'userData', name), 'utf8'))
        }
        return result
      }
    }
    mkdirSync(join(workDir, 'userData'), { recursive: true })
    const primitives = fakePrimitives(join(workDir, 'userData'), options.secureBackend ?? 'gnome_libsecret', apiOrigin, locale, mainHost)
    const services = createMainServices(primitives)
    services.settings.update({ language: locale, theme: options.colorScheme ?? 'light' })

    const ipc: { current: IpcEndpoint | null } = { current: null }
    const renderer = await serveRenderer(services.contentSecurityPolicy, ipc)
    cleanups.push(() => new Promise<void>((resolve) => renderer.server.close(() => resolve())))

    const browser: Browser = await chromium.launch({ executablePath: chromiumExecutable(), args: CHROMIUM_ARGS })
    cleanups.push(() => browser.close())
    const context = await browser.newContext({
      viewport: options.viewport ?? { width: 1280, height: 800 },
      locale: locale === 'en-US' ? 'en-US' : locale === 'ar' ? 'ar-TN' : 'fr-TN',
      colorScheme: options.colorScheme ?? 'light',
      timezoneId: 'Africa/Tunis'
    })
    const page = await context.newPage()
    if (!options.keepWelcome) {
      await page.addLocatorHandler(page.getByTestId('home-welcome'), async (welcome) => {
        // The welcome may leave on its own while its button is reached (a platform popup arriving
        // puts it back in line behind it): then there is nothing left to close.
        await welcome
          .getByTestId('home-welcome-close')
          .click({ timeout: 5_000 })
          .catch(() => undefined)
      })
    }

    const emit = (channel: EventChannel, payload: unknown) => {
      emitted.push({ channel, payload })
      page
        .evaluate(([c, p]) => (window as unknown as { __darsiEmit(c: string, p: unknown): void }).__darsiEmit(c as string, p), [
          channel,
          payload
        ] as const)
        .catch(() => undefined)
    }
    const handlers = createIpcHandlers(services, emit)
    const dispatch = createIpcDispatcher({ handlers, isTrustedSender: allowOrigins([renderer.url]) })
    ipc.current = (sender, channel, args) => dispatch(sender, channel, args)
    await page.addInitScript({ content: preloadScript(renderer.url) })

    await page.goto(`${renderer.url}${options.path ?? '/'}`)
    await page.getByTestId('app-root').waitFor()

    return {
      page,
      apiUrl,
      rendererUrl: renderer.url,
      mainHost,
      async outbox(to?: string) {
        const query = to ? `?${new URLSearchParams({ to })}` : ''
        const response = await fetch(`${apiUrl}/dev/outbox${query}`)
        if (!response.ok) throw new Error(`outbox: ${response.status}`)
        const body = (await response.json()) as { payload?: OutboxEntry[] } | OutboxEntry[]
        return Array.isArray(body) ? body : (body.payload ?? [])
      },
      async deepLink(url: string) {
        // The same path as a second instance started by the OS with the link on its command line.
        handleSecondInstance(services, ['/opt/Darsi/darsi', '--', url])
      },
      async screenshot(name: string) {
        mkdirSync(screenshotsDir, { recursive: true })
        const path = join(screenshotsDir, `${name}.png`)
        // Transitions and motions finished: the picture shows the settled screen.
        await page.screenshot({ path, fullPage: false, animations: 'disabled' })
        return path
      },
      close
    }
  } catch (error) {
    await close()
    throw error
  }
}
