/**
 * App-wide security defaults: the options every window is created with, and guards installed on
 * every web contents as it is created (navigation, new windows, webviews, permissions). The page
 * is treated as possibly compromised: it may only stay on the app's own origin.
 */
import type { WebPreferences } from 'electron'
import { originOf } from '../shared/origin.ts'
import { Logger } from './logger.ts'

/** Options for every `BrowserWindow`: the renderer gets no Node and no Electron. */
export function secureWebPreferences(preloadPath: string, options: { devTools?: boolean } = {}): WebPreferences {
  return {
    preload: preloadPath,
    sandbox: true,
    contextIsolation: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    nodeIntegrationInSubFrames: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    webviewTag: false,
    experimentalFeatures: false,
    navigateOnDragDrop: false,
    safeDialogs: true,
    spellcheck: false,
    devTools: options.devTools ?? false
  }
}

/**
 * Permissions the page may get, and only from the app origin: notifications, fullscreen for the
 * lesson video player, and sanitized clipboard writes for the "copy code" buttons.
 */
export const ALLOWED_PERMISSIONS: ReadonlySet<string> = new Set(['notifications', 'fullscreen', 'clipboard-sanitized-write'])

export interface PreventableEvent {
  preventDefault(): void
}

export interface SessionLike {
  setPermissionRequestHandler(
    handler: (webContents: unknown, permission: string, callback: (granted: boolean) => void, details: { requestingUrl?: string }) => void
  ): void
  setPermissionCheckHandler(handler: (webContents: unknown, permission: string, requestingOrigin: string) => boolean): void
}

/** The part of Electron's `WebContents` the guards use. */
export interface GuardedWebContents {
  on(event: 'will-navigate', listener: (event: PreventableEvent, url: string) => void): unknown
  on(event: 'will-redirect', listener: (event: PreventableEvent, url: string) => void): unknown
  on(event: 'will-attach-webview', listener: (event: PreventableEvent) => void): unknown
  setWindowOpenHandler(handler: (details: { url: string }) => { action: 'deny' }): void
  readonly session: SessionLike
}

export interface AppLike {
  on(event: 'web-contents-created', listener: (event: unknown, contents: GuardedWebContents) => void): unknown
}

export interface GuardOptions {
  /** Origins the app's own page may be on (`app://darsi`, the dev server in development). */
  appOrigins: readonly string[]
  /** Opens a URL in the system browser if the external-link allowlist accepts it. */
  openExternal: (url: string) => void
  logger?: Logger
}

export function createOriginCheck(origins: readonly string[]): (url: unknown) => boolean {
  const allowed = new Set(origins.map((origin) => originOf(origin)).filter((origin) => origin !== null))
  return (url) => {
    const origin = originOf(url)
    return origin !== null && allowed.has(origin)
  }
}

/** Installs the guards on one web contents; exported so tests can drive it with a fake. */
export function guardWebContents(
  contents: GuardedWebContents,
  options: GuardOptions,
  guardedSessions: WeakSet<object> = new WeakSet()
): void {
  const isAppUrl = createOriginCheck(options.appOrigins)
  const logger = options.logger ?? Logger.silent

  const keepOnAppOrigin = (event: PreventableEvent, url: string): void => {
    if (isAppUrl(url)) return
    event.preventDefault()
    logger.warn(`blocked navigation to ${String(url).slice(0, 200)}`)
    options.openExternal(url)
  }
  contents.on('will-navigate', keepOnAppOrigin)
  contents.on('will-redirect', (event, url) => {
    if (isAppUrl(url)) return
    event.preventDefault()
    logger.warn(`blocked redirect to ${String(url).slice(0, 200)}`)
  })
  contents.on('will-attach-webview', (event) => {
    event.preventDefault()
  })
  contents.setWindowOpenHandler(({ url }) => {
    options.openExternal(url)
    return { action: 'deny' }
  })

  const session = contents.session
  if (!guardedSessions.has(session)) {
    guardedSessions.add(session)
    session.setPermissionRequestHandler((_webContents, permission, callback, details) => {
      callback(ALLOWED_PERMISSIONS.has(permission) && isAppUrl(details?.requestingUrl))
    })
    session.setPermissionCheckHandler(
      (_webContents, permission, requestingOrigin) => ALLOWED_PERMISSIONS.has(permission) && isAppUrl(requestingOrigin)
    )
  }
}

/** Guards every web contents the app ever creates, windows and anything else. */
export function installAppWideGuards(app: AppLike, options: GuardOptions): void {
  const guardedSessions = new WeakSet<object>()
  app.on('web-contents-created', (_event, contents) => {
    guardWebContents(contents, options, guardedSessions)
  })
}
