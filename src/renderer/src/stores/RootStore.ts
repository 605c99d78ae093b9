import { reaction } from 'mobx'
import type { Platform } from '../platform/bridge.ts'
import { DeepLinkStore } from './DeepLinkStore.ts'
import { InboxHost } from './InboxHost.ts'
import type { InboxStoresOptions } from '../features/inbox/index.ts'
import { SessionStore, type SessionStoreOptions } from './SessionStore.ts'
import { SettingsStore } from './SettingsStore.ts'
import { StoreRegistry } from './StoreRegistry.ts'
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
  /** The areas' stores, for the signed-in user (StoreRegistry.ts): a sign-out clears them. */
  readonly stores: StoreRegistry
  private readonly stopLanguageReaction: () => void
  private readonly stopScopeReaction: () => void

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
    // The server names classes, governorates … in the language it is asked in: the settings' one
    // once read (the session uses the stored one until then).
    this.session = new SessionStore({
      ...sessionOptions,
      platform,
      user: this.user,
      language: () => (this.settings.status === 'idle' || this.settings.status === 'loading' ? null : this.settings.language)
    })
    this.inbox = new InboxHost({ ...inboxOptions, platform, session: this.session })
    this.stopLanguageReaction = reaction(
      () => this.settings.language,
      () => void this.session.languageChanged()
    )
    this.stores = new StoreRegistry(() => this.session.userScope)
    // A sign-out, a new sign-in or a switch: the previous user's stores go at once (a D17 poll stops).
    this.stopScopeReaction = reaction(
      () => this.session.userScope,
      () => this.stores.clear()
    )
  }

  dispose(): void {
    this.stopLanguageReaction()
    this.stopScopeReaction()
    this.stores.clear()
    this.ui.dispose()
    this.inbox.dispose()
    this.session.dispose()
  }
}
