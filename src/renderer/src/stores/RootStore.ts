import type { Platform } from '../platform/bridge.ts'
import { DeepLinkStore } from './DeepLinkStore.ts'
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

  constructor(platform: Platform) {
    this.platform = platform
    this.ui = new UiStore()
    this.settings = new SettingsStore(this)
    this.user = new UserStore()
    this.deepLinks = new DeepLinkStore()
  }

  dispose(): void {
    this.ui.dispose()
  }
}
