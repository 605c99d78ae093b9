/**
 * The one door to the main process. Every other module talks to `platform`, never to
 * `window.darsi`: results are unwrapped into data or a typed `BridgeError`, and a page opened
 * outside the desktop app (no preload) gets a bridge that answers `unavailable` instead of
 * crashing.
 *
 * Only types are imported from the IPC contract so that its zod schemas stay out of the
 * initial bundle.
 */
import type { DeepLink } from '../../../shared/deepLink.ts'
import type {
  AppInfo,
  DarsiBridge,
  InvokeArgs,
  InvokeData,
  IpcErrorCode,
  IpcResult,
  MarksheetProgress,
  NativeNotification,
  NativeNotificationClick,
  SecureStorageStatus,
  Session,
  Settings,
  SettingsPatch
} from '../../../shared/ipc.ts'

export class BridgeError extends Error {
  readonly code: IpcErrorCode
  readonly channel: string

  constructor(channel: string, code: IpcErrorCode, message?: string) {
    super(message ?? `${channel} failed: ${code}`)
    this.name = 'BridgeError'
    this.code = code
    this.channel = channel
  }
}

type Unsubscribe = () => void
type MarksheetMergeRequest = InvokeArgs<'marksheet:merge'>[0]
type MarksheetMergeResult = InvokeData<'marksheet:merge'>

export interface Platform {
  readonly available: boolean
  sessionGet(): Promise<Session | null>
  sessionSet(session: Session): Promise<{ persisted: boolean }>
  sessionClear(): Promise<void>
  secureStorageStatus(): Promise<SecureStorageStatus>
  secureStorageAcknowledge(): Promise<void>
  settingsGet(): Promise<Settings>
  settingsSet(patch: SettingsPatch): Promise<Settings>
  shellOpenExternal(url: string): Promise<void>
  notificationShow(notification: NativeNotification): Promise<{ shown: boolean }>
  marksheetMerge(request: MarksheetMergeRequest): Promise<MarksheetMergeResult>
  appInfo(): Promise<AppInfo>
  appReady(): Promise<void>
  onDeepLinkOpen(listener: (link: DeepLink) => void): Unsubscribe
  onNotificationClicked(listener: (click: NativeNotificationClick) => void): Unsubscribe
  onMarksheetProgress(listener: (progress: MarksheetProgress) => void): Unsubscribe
  onWindowFocus(listener: (payload: { focused: boolean }) => void): Unsubscribe
}

async function unwrap<T>(channel: string, call: () => Promise<IpcResult<T>>): Promise<T> {
  let result: IpcResult<T>
  try {
    result = await call()
  } catch (error) {
    throw new BridgeError(channel, 'failed', error instanceof Error ? error.message : undefined)
  }
  if (!result || typeof result !== 'object') throw new BridgeError(channel, 'failed')
  if (result.ok) return result.data
  throw new BridgeError(channel, result.code, result.message)
}

/** Wraps a bridge (the real `window.darsi`, or a fake in tests). */
export function createPlatform(bridge: DarsiBridge | undefined): Platform {
  if (!bridge) return unavailablePlatform()
  return {
    available: true,
    sessionGet: () => unwrap('session:get', () => bridge.sessionGet()),
    sessionSet: (session) => unwrap('session:set', () => bridge.sessionSet(session)),
    sessionClear: async () => {
      await unwrap('session:clear', () => bridge.sessionClear())
    },
    secureStorageStatus: () => unwrap('secure-storage:status', () => bridge.secureStorageStatus()),
    secureStorageAcknowledge: async () => {
      await unwrap('secure-storage:acknowledge', () => bridge.secureStorageAcknowledge())
    },
    settingsGet: () => unwrap('settings:get', () => bridge.settingsGet()),
    settingsSet: (patch) => unwrap('settings:set', () => bridge.settingsSet(patch)),
    shellOpenExternal: async (url) => {
      await unwrap('shell:open-external', () => bridge.shellOpenExternal(url))
    },
    notificationShow: (notification) => unwrap('notification:show', () => bridge.notificationShow(notification)),
    marksheetMerge: (request) => unwrap('marksheet:merge', () => bridge.marksheetMerge(request)),
    appInfo: () => unwrap('app:info', () => bridge.appInfo()),
    appReady: async () => {
      await unwrap('app:ready', () => bridge.appReady())
    },
    onDeepLinkOpen: (listener) => bridge.onDeepLinkOpen(listener),
    onNotificationClicked: (listener) => bridge.onNotificationClicked(listener),
    onMarksheetProgress: (listener) => bridge.onMarksheetProgress(listener),
    onWindowFocus: (listener) => bridge.onWindowFocus(listener)
  }
}

function unavailablePlatform(): Platform {
  const fail = (channel: string) => () => Promise.reject(new BridgeError(channel, 'unavailable'))
  const noop = () => () => undefined
  return {
    available: false,
    sessionGet: fail('session:get'),
    sessionSet: fail('session:set'),
    sessionClear: fail('session:clear'),
    secureStorageStatus: fail('secure-storage:status'),
    secureStorageAcknowledge: fail('secure-storage:acknowledge'),
    settingsGet: fail('settings:get'),
    settingsSet: fail('settings:set'),
    shellOpenExternal: fail('shell:open-external'),
    notificationShow: fail('notification:show'),
    marksheetMerge: fail('marksheet:merge'),
    appInfo: fail('app:info'),
    appReady: fail('app:ready'),
    onDeepLinkOpen: noop,
    onNotificationClicked: noop,
    onMarksheetProgress: noop,
    onWindowFocus: noop
  }
}

let shared: Platform | undefined

/** The platform of this page, built on first use from `window.darsi`. */
export function getPlatform(): Platform {
  shared ??= createPlatform(typeof window === 'undefined' ? undefined : window.darsi)
  return shared
}
