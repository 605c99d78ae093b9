/**
 * The main process's composition root: the only module with import-time effects. `initialize()`
 * lists the start-up steps in the order they must happen. Only what must exist before `ready`
 * is loaded eagerly; the services (zod and the rest) are imported once the app is ready.
 */
import { app, BrowserWindow, ipcMain, protocol, safeStorage, screen, shell } from 'electron'
import { readFile } from 'node:fs/promises'
import { join, resolve } from 'node:path'
import type { EventChannel } from '../shared/ipc.ts'
import type { MainServices } from './composition.ts'
import { originOf } from '../shared/origin.ts'
import { Logger, stderrSink } from './logger.ts'
import { APP_HOST, APP_ORIGIN, APP_SCHEME, DEEP_LINK_PROTOCOL } from './origin.ts'
import { installAppWideGuards, secureWebPreferences } from './security.ts'
import type { WindowStateStoreData } from './services/windowState.ts'

// `[main] window shown` is the line npm start waits for (scripts/start.ts, APP_READY_LINE).
const logger = new Logger('main', { sink: stderrSink() })

const rendererDir = join(import.meta.dirname, '../renderer')
const preloadPath = join(import.meta.dirname, '../preload/index.cjs')

let services: MainServices | null = null
let mainWindow: BrowserWindow | null = null
/** Links and command lines that arrive before the services exist. */
const earlyLinks: string[] = []
const earlyArgv: string[][] = []

/** The Vite dev server in development, only if it is on this machine. */
function developmentRendererUrl(): string | null {
  if (app.isPackaged) return null
  const raw = process.env['ELECTRON_RENDERER_URL']
  if (!raw) return null
  try {
    const url = new URL(raw)
    const loopback = url.hostname === 'localhost' || url.hostname === '127.0.0.1' || url.hostname === '[::1]'
    return url.protocol === 'http:' && loopback ? url.href : null
  } catch {
    return null
  }
}

const devServerUrl = developmentRendererUrl()
const devServerOrigin = devServerUrl ? originOf(devServerUrl) : null
const pageOrigins = devServerOrigin ? [APP_ORIGIN, devServerOrigin] : [APP_ORIGIN]

async function initialize(): Promise<void> {
  if (!acquireSingleInstanceLock()) return
  app.enableSandbox()
  registerAppScheme()
  registerDeepLinkScheme()
  listenForDeepLinks()
  installSecurityGuards()
  const modules = await app.whenReady().then(loadModules)
  startWhenReady(modules)
}

function acquireSingleInstanceLock(): boolean {
  if (app.requestSingleInstanceLock()) return true
  // Another instance owns the window; it receives our argv through `second-instance`.
  app.quit()
  return false
}

/** Must run before `ready`: the page origin `app://darsi` is a standard, secure origin. */
function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true } }
  ])
}

function registerDeepLinkScheme(): void {
  // In development Electron runs as `electron path/to/app`: the OS must launch it the same way.
  if (process.defaultApp && process.argv.length >= 2) {
    app.setAsDefaultProtocolClient(DEEP_LINK_PROTOCOL, process.execPath, [resolve(process.argv[1] ?? '.')])
  } else {
    app.setAsDefaultProtocolClient(DEEP_LINK_PROTOCOL)
  }
}

/** `open-url` (macOS) may fire before `ready`, so both listeners are in place from the start. */
function listenForDeepLinks(): void {
  app.on('open-url', (event, url) => {
    event.preventDefault()
    if (services) services.deepLinks.push(url)
    else earlyLinks.push(url)
    focusMainWindow()
  })
  app.on('second-instance', (_event, argv) => {
    if (services) services.deepLinks.pushFromArgv(argv)
    else earlyArgv.push(argv)
    focusMainWindow()
  })
}

function installSecurityGuards(): void {
  installAppWideGuards(app, {
    appOrigins: pageOrigins,
    openExternal: (url) => {
      services?.externalLinks.open(url).catch(() => logger.scope('security').warn('refused to open an external link'))
    },
    logger: logger.scope('security')
  })
}

/** Loaded after `ready`: nothing here is needed earlier, and the bundle itself stays small. */
async function loadModules() {
  const [composition, register, rendererProtocol, windowState, adapters] = await Promise.all([
    import('./composition.ts'),
    import('./ipc/register.ts'),
    import('./services/rendererProtocol.ts'),
    import('./services/windowState.ts'),
    import('./adapters/electron.ts')
  ])
  return { composition, register, rendererProtocol, windowState, adapters }
}

type Modules = Awaited<ReturnType<typeof loadModules>>

function startWhenReady(modules: Modules): void {
  const ready = createServices(modules)
  services = ready
  serveRenderer(modules, ready)
  registerIpc(modules, ready)
  deliverEarlyLinks(ready)
  createMainWindow(modules, ready)
  keepAppLifecycle(modules, ready)
}

function createServices({ composition, adapters }: Modules): MainServices {
  return composition.createMainServices({
    safeStorage,
    createStore: (options) => adapters.createUserDataStore(options, logger.scope('store')),
    shell: { openExternal: (url) => shell.openExternal(url, { activate: true }) },
    notifications: adapters.createElectronNotifications(),
    app: { name: app.getName(), version: app.getVersion(), platform: process.platform, locale: app.getLocale() },
    env: process.env,
    logger,
    marksheetWorkerPath: join(import.meta.dirname, 'marksheetWorker.js')
  })
}

function serveRenderer({ rendererProtocol }: Modules, ready: MainServices): void {
  const handler = rendererProtocol.createRendererHandler(rendererDir, (path) => readFile(path), ready.contentSecurityPolicy)
  protocol.handle(APP_SCHEME, (request) => {
    if (originOf(request.url) !== APP_ORIGIN) return new Response('Not found', { status: 404 })
    return handler(request)
  })
}

function registerIpc({ composition, register }: Modules, ready: MainServices): void {
  const handlers = composition.createIpcHandlers(ready, emitToPage, { focusWindow: focusMainWindow })
  const dispatch = composition.createIpcDispatcher({
    handlers,
    isTrustedSender: composition.allowOrigins(pageOrigins),
    log: ({ channel, code, detail }) => logger.scope('ipc').warn(`${channel}: ${code}`, detail === undefined ? undefined : { detail })
  })
  register.registerIpcHandlers(ipcMain, dispatch)
}

function deliverEarlyLinks(ready: MainServices): void {
  for (const url of earlyLinks.splice(0)) ready.deepLinks.push(url)
  for (const argv of earlyArgv.splice(0)) ready.deepLinks.pushFromArgv(argv)
  // A cold start from a link on Windows and Linux carries it on our own command line.
  ready.deepLinks.pushFromArgv(process.argv)
}

function createMainWindow({ windowState, adapters }: Modules, ready: MainServices): void {
  const windowStore = adapters.createUserDataStore<WindowStateStoreData>({ name: 'window-state', defaults: {} }, logger.scope('store'))
  const restored = windowState.restoreWindowState(windowStore.get('windowState'), screen)
  const window = new BrowserWindow({
    ...restored.bounds,
    minWidth: windowState.MIN_WINDOW_SIZE.width,
    minHeight: windowState.MIN_WINDOW_SIZE.height,
    show: false,
    title: ready.appInfo.name,
    autoHideMenuBar: true,
    backgroundColor: '#ffffff',
    webPreferences: secureWebPreferences(preloadPath, { devTools: !app.isPackaged })
  })
  mainWindow = window
  windowState.trackWindowState(window, windowStore)
  window.once('ready-to-show', () => {
    if (restored.maximized) window.maximize()
    window.show()
    // npm start waits for this line to know the app opened (scripts/start.ts, APP_READY_LINE).
    logger.info('window shown')
  })
  window.on('focus', () => emitToPage('window:focus', { focused: true }))
  window.on('blur', () => emitToPage('window:focus', { focused: false }))
  window.webContents.on('did-start-navigation', (details) => {
    // A reload means a new page that has not yet said it listens.
    if (details.isMainFrame && !details.isSameDocument) ready.deepLinks.markNotReady()
  })
  window.on('closed', () => {
    if (mainWindow === window) mainWindow = null
  })
  void window.loadURL(devServerUrl ?? `${APP_SCHEME}://${APP_HOST}/`)
}

function keepAppLifecycle(modules: Modules, ready: MainServices): void {
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit()
  })
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) createMainWindow(modules, ready)
  })
}

function emitToPage(channel: EventChannel, payload: unknown): void {
  const window = mainWindow
  if (!window || window.isDestroyed() || window.webContents.isDestroyed()) return
  window.webContents.send(channel, payload)
}

function focusMainWindow(): void {
  const window = mainWindow
  if (!window || window.isDestroyed()) return
  if (window.isMinimized()) window.restore()
  window.show()
  window.focus()
}

initialize().catch((error: unknown) => {
  logger.error(`start-up failed: ${error instanceof Error ? error.message : String(error)}`)
  app.exit(1)
})
