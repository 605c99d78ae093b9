/**
 * Builds the main-process services and their IPC handlers from injected primitives. The app
 * (`index.ts`) passes Electron's objects; the end-to-end harness (`tests/e2e/harness.ts`) passes
 * fakes and runs the same code in plain Node. Both wire it alike: the services, then their
 * handlers, then a dispatcher that admits the page's origin only, as `harness()` of
 * tests/unit/main/composition.test.ts does under test.
 *
 * Every export is documented where it is declared, and only there (the unit test
 * tests/unit/main/compositionExports.test.ts requires it): the declarations are the list.
 */
import { join } from 'node:path'
import { Worker } from 'node:worker_threads'
import { AppInfoSchema, eventChannels, type AppInfo, type EventChannel } from '../shared/ipc.ts'
import { Logger } from './logger.ts'
import { buildContentSecurityPolicy } from './services/rendererProtocol.ts'
import { createDeepLinkQueue, type DeepLinkQueue } from './services/deepLinks.ts'
import { createExternalLinks, type ExternalLinks } from './services/externalLinks.ts'
import { DEFAULT_EXTERNAL_HOSTS, DEFAULT_MAIL_DOMAINS } from '../shared/externalLinks.ts'
import { createWorkerMarksheetMerger, type MarksheetMerger } from './services/marksheet.ts'
import { createNotifier, type Notifier, type NotifierPrimitive } from './services/notifier.ts'
import { createSecureStore, type SafeStorageLike, type SecureStore, type SecureStoreData } from './services/secureStore.ts'
import { createSettingsService, type SettingsService, type SettingsStoreData } from './services/settings.ts'
import type { StoreLike } from './services/store.ts'
import type { IpcHandlers } from './ipc/dispatch.ts'

/**
 * The dispatcher of ipc/dispatch.ts, for the app: it loads this module lazily once ready and
 * builds the dispatcher of these handlers from it.
 */
export { allowOrigins, createIpcDispatcher } from './ipc/dispatch.ts'
/** A store of `MainPrimitives.createStore` (services/store.ts), for the harness's own stores. */
export type { StoreLike } from './services/store.ts'

/** What the main process is built from: Electron's objects in the app, fakes in the harness and tests. */
export interface MainPrimitives {
  safeStorage: SafeStorageLike
  createStore: <T extends Record<string, unknown>>(options: { name: string; defaults: T }) => StoreLike<T>
  shell: { openExternal(url: string): Promise<void> }
  notifications: NotifierPrimitive
  app: { name: string; version: string; platform: NodeJS.Platform; locale: string }
  env?: Record<string, string | undefined>
  /** The app's logger (src/main/logger.ts); each service logs under a scope of it. None: nothing is logged. */
  logger?: Logger
  /**
   * The marksheet worker script. Defaults to the TypeScript source next to this file, which
   * Node 24 runs directly (tests, the harness); the app passes its built `marksheetWorker.js`.
   */
  marksheetWorkerPath?: string
}

/** The services of the main process, built once by `createMainServices`. */
export interface MainServices {
  settings: SettingsService
  secureStore: SecureStore
  deepLinks: DeepLinkQueue
  notifier: Notifier
  externalLinks: ExternalLinks
  marksheet: MarksheetMerger
  appInfo: AppInfo
  /** Origins of the API services at start: the CSP and the link allowlist are built from them. */
  apiOrigins: readonly string[]
  /** The CSP header for the renderer's HTML responses. */
  contentSecurityPolicy: string
}

/** Sends an event to the page (`webContents.send` in the app). */
export type EmitEvent = (channel: EventChannel, payload: unknown) => void

function appInfoOf(app: MainPrimitives['app']): AppInfo {
  const platform = app.platform === 'win32' || app.platform === 'darwin' || app.platform === 'linux' ? app.platform : 'other'
  return AppInfoSchema.parse({ name: app.name, version: app.version, platform, locale: app.locale })
}

/** The services, each logging under its own scope of the primitives' logger. */
export function createMainServices(primitives: MainPrimitives): MainServices {
  const logger = primitives.logger ?? Logger.silent
  const settings = createSettingsService({
    store: primitives.createStore<SettingsStoreData>({ name: 'settings', defaults: {} }),
    env: primitives.env,
    logger: logger.scope('settings')
  })
  const secureStore = createSecureStore({
    safeStorage: primitives.safeStorage,
    store: primitives.createStore<SecureStoreData>({ name: 'secure-session', defaults: {} }),
    platform: primitives.app.platform,
    logger: logger.scope('secureStore')
  })
  const apiOrigins = settings.apiOrigins()
  const externalLinks = createExternalLinks(
    { hosts: DEFAULT_EXTERNAL_HOSTS, origins: apiOrigins, mailDomains: DEFAULT_MAIL_DOMAINS },
    (url) => primitives.shell.openExternal(url)
  )
  return {
    settings,
    secureStore,
    deepLinks: createDeepLinkQueue({ logger: logger.scope('deepLinks') }),
    notifier: createNotifier(primitives.notifications, logger.scope('notifier'), { bodyIsMarkup: primitives.app.platform === 'linux' }),
    externalLinks,
    marksheet: createWorkerMarksheetMerger({
      createWorker: () => new Worker(primitives.marksheetWorkerPath ?? join(import.meta.dirname, 'workers', 'marksheetWorker.ts')),
      logger: logger.scope('marksheet')
    }),
    appInfo: appInfoOf(primitives.app),
    apiOrigins,
    contentSecurityPolicy: buildContentSecurityPolicy(apiOrigins)
  }
}

/** Sends an event only when its payload matches the contract. */
function checkedEmit(emit: EmitEvent): EmitEvent {
  return (channel, payload) => {
    const parsed = eventChannels[channel].safeParse(payload)
    if (parsed.success) emit(channel, parsed.data)
  }
}

/** What `createIpcHandlers` may do besides answering. */
export interface IpcHandlerOptions {
  /** Brings the app window forward (restore if minimized, show, focus). */
  focusWindow?: () => void
}

/**
 * One async function per invoke channel of the contract (src/shared/ipc.ts). Also sends the page
 * the deep links (once it called `app:ready`), the notification clicks and the marksheet merge's
 * progress (`deep-link:open`, `notification:clicked`, `marksheet:progress`), each payload checked
 * against the contract, bringing the window forward for links and clicks. Call it once per
 * services object: each call subscribes `emit` to their events.
 */
export function createIpcHandlers(services: MainServices, emit: EmitEvent, options: IpcHandlerOptions = {}): IpcHandlers {
  const send = checkedEmit(emit)
  connectEvents(services, send, options.focusWindow)
  return {
    'session:get': async () => services.secureStore.getSession(),
    'session:set': async (session) => services.secureStore.setSession(session),
    'session:clear': async () => {
      services.secureStore.clearSession()
      return null
    },
    'secure-storage:status': async () => services.secureStore.status(),
    'secure-storage:acknowledge': async () => {
      services.secureStore.acknowledgeWarning()
      return null
    },
    'settings:get': async () => services.settings.get(),
    'settings:set': async (patch) => services.settings.set(patch),
    'shell:open-external': async (url) => {
      await services.externalLinks.open(url)
      return null
    },
    'notification:show': async (notification) => services.notifier.show(notification),
    'marksheet:merge': async (request) => services.marksheet.merge(request.files, (progress) => send('marksheet:progress', progress)),
    'app:info': async () => services.appInfo,
    'app:ready': async () => {
      services.deepLinks.markReady()
      return null
    }
  }
}

/** Routes deep links and notification clicks to the page. */
function connectEvents(services: MainServices, send: EmitEvent, focusWindow: (() => void) | undefined): void {
  const focus = (): void => {
    try {
      focusWindow?.()
    } catch {
      // The window may be gone; the event is still worth sending.
    }
  }
  services.deepLinks.onDeliver((link) => {
    focus()
    send('deep-link:open', link)
  })
  services.notifier.onClicked((click) => {
    focus()
    if (click.id !== undefined || click.route !== undefined || click.url !== undefined) send('notification:clicked', click)
  })
}

/** What `second-instance` does: take the link from the command line and bring the window up. */
export function handleSecondInstance(services: MainServices, argv: readonly unknown[], focusWindow?: () => void): boolean {
  const queued = services.deepLinks.pushFromArgv(argv)
  try {
    focusWindow?.()
  } catch {
    // Nothing to focus yet.
  }
  return queued
}
