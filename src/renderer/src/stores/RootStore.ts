import type { Platform } from '../platform/bridge.ts'
import { DeepLinkStore } from './DeepLinkStore.ts'
import { InboxHost } from './InboxHost.ts'
import type { InboxStoresOptions } from './InboxStores.ts'
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
  readonly inbox: InboxHost

  constructor(
    platform: Platform,
    sessionOptions: Omit<SessionStoreOptions, 'platform' | 'user'> = {},
    inboxOptions: Omit<InboxStoresOptions, 'platform' | 'session'> = {}
  ) {
    this.platform = platform
    this.ui = new UiStore()
    this.settings = new SettingsStore(this)
    this.user = new UserStore()
    this.deepLinks = new DeepLinkStore()
    this.session = new SessionStore({ ...sessionOptions, platform, user: this.user })
    this.inbox = new InboxHost({ ...inboxOptions, platform, session: this.session })
  }

  dispose(): void {
    this.ui.dispose()
    this.inbox.dispose()
    this.session.dispose()
  }
}
