import type { DeepLink } from '../../../src/shared/deepLink.ts'
import type { NativeNotificationClick, Settings, SettingsPatch } from '../../../src/shared/ipc.ts'
import { BridgeError, type Platform } from '../../../src/renderer/src/platform/bridge.ts'

export const DEFAULT_SETTINGS: Settings = {
  language: 'fr',
  theme: 'system',
  sidebarMode: 'mini',
  apiBaseUrls: {
    api: 'http://127.0.0.1:4000',
    notify: 'http://127.0.0.1:4000',
    progress: 'http://127.0.0.1:4000',
    analytics: 'http://127.0.0.1:4000',
    sandbox: 'http://127.0.0.1:4000'
  }
}

export interface FakePlatform extends Platform {
  settings: Settings
  saved: SettingsPatch[]
  opened: string[]
  readyCalls: number
  failSettingsGet: boolean
  failSettingsSet: boolean
  locale: string
  emitDeepLink(link: DeepLink): void
  emitNotificationClick(click: string | NativeNotificationClick): void
  listenerCount(): number
}

/** A platform with the settings kept in memory, and switches to make calls fail. */
export function fakePlatform(initial: Partial<Settings> = {}): FakePlatform {
  const linkListeners = new Set<(link: DeepLink) => void>()
  const clickListeners = new Set<(click: NativeNotificationClick) => void>()
  const fake: FakePlatform = {
    available: true,
    settings: { ...DEFAULT_SETTINGS, ...initial },
    saved: [],
    opened: [],
    readyCalls: 0,
    failSettingsGet: false,
    failSettingsSet: false,
    locale: 'fr-TN',
    sessionGet: async () => null,
    sessionSet: async () => ({ persisted: true }),
    sessionClear: async () => undefined,
    secureStorageStatus: async () => ({ available: true, backend: 'gnome_libsecret', backendChanged: false, shouldWarn: false }),
    secureStorageAcknowledge: async () => undefined,
    settingsGet: async () => {
      if (fake.failSettingsGet) throw new BridgeError('settings:get', 'failed')
      return { ...fake.settings }
    },
    settingsSet: async (patch) => {
      if (fake.failSettingsSet) throw new BridgeError('settings:set', 'failed')
      fake.saved.push(patch)
      fake.settings = { ...fake.settings, ...patch }
      return { ...fake.settings }
    },
    shellOpenExternal: async (url) => {
      fake.opened.push(url)
    },
    notificationShow: async () => ({ shown: true }),
    marksheetMerge: async () => {
      throw new BridgeError('marksheet:merge', 'unavailable')
    },
    appInfo: async () => ({ name: 'Darsi', version: '0.1.0', platform: 'linux', locale: fake.locale }),
    appReady: async () => {
      fake.readyCalls++
    },
    onDeepLinkOpen: (listener) => {
      linkListeners.add(listener)
      return () => linkListeners.delete(listener)
    },
    onNotificationClicked: (listener) => {
      clickListeners.add(listener)
      return () => clickListeners.delete(listener)
    },
    onMarksheetProgress: () => () => undefined,
    onWindowFocus: () => () => undefined,
    emitDeepLink: (link) => {
      for (const listener of linkListeners) listener(link)
    },
    emitNotificationClick: (click) => {
      for (const listener of clickListeners) listener(typeof click === 'string' ? { route: click } : click)
    },
    listenerCount: () => linkListeners.size + clickListeners.size
  }
  return fake
}
