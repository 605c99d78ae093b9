import type { Platform } from '../platform/bridge.ts'
import { DeepLinkStore } from './DeepLinkStore.ts'
import { SessionStore, type SessionStoreOptions } from './SessionStore.ts'
import { SettingsStore } from './SettingsStore.ts'
import { UiStore } from './UiStore.ts'
import { UserStore } from './UserStore.ts'

/** Builds every store once; stores reach each other through it. */
export class RootStore {
  readonly platform: Platform
  readonly ui: UiStore
  readonly settings: SettingsStore
  readonly user: UserStore
  readonly deepLinks: DeepLinkStore
  readonly session: SessionStore

  constructor(platform: Platform, sessionOptions: Omit<SessionStoreOptions, 'platform' | 'user'> = {}) {
    this.platform = platform
    this.ui = new UiStore()
    this.settings = new SettingsStore(this)
    this.user = new UserStore()
    this.deepLinks = new DeepLinkStore()
    this.session = new SessionStore({ ...sessionOptions, platform, user: this.user })
  }

  dispose(): void {
    this.ui.dispose()
    this.session.dispose()
  }
}
