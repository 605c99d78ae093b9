import { makeAutoObservable, runInAction } from 'mobx'
import type { Language, Settings, SettingsPatch, SidebarMode, Theme } from '../../../shared/ipc.ts'
import { detectLanguage, directionOf } from '../i18n/languages.ts'
import { afterPaint } from '../lib/afterPaint.ts'
import { resolveTheme, type ResolvedTheme } from '../lib/theme.ts'
import type { RootStore } from './RootStore.ts'
import type { LoadStatus } from './status.ts'

/** Language, theme and sidebar mode, kept by the main process through the settings channels. */
export class SettingsStore {
  language: Language = 'fr'
  theme: Theme = 'system'
  sidebarMode: SidebarMode = 'mini'
  /** The OS colour preference; `null` until known. */
  systemPrefersDark: boolean | null = null
  status: LoadStatus = 'idle'
  /** The last save that did not reach the main process (the value still applies this session). */
  lastSaveFailed: keyof SettingsPatch | null = null

  private readonly root: RootStore

  constructor(root: RootStore) {
    this.root = root
    makeAutoObservable<SettingsStore, 'root'>(this, { root: false }, { autoBind: true })
  }

  get resolvedTheme(): ResolvedTheme {
    return resolveTheme(this.theme, this.systemPrefersDark)
  }

  get direction(): 'ltr' | 'rtl' {
    return directionOf(this.language)
  }

  /** Never throws: on failure the defaults stay and the OS locale picks the language. */
  async load(): Promise<void> {
    this.status = 'loading'
    let stored: Settings | null = null
    try {
      stored = await this.root.platform.settingsGet()
    } catch {
      stored = null
    }
    let osLocale: string | null = null
    if (!stored) {
      try {
        osLocale = (await this.root.platform.appInfo()).locale
      } catch {
        osLocale = typeof navigator === 'undefined' ? null : navigator.language
      }
    }
    runInAction(() => {
      if (stored) {
        this.theme = stored.theme
        this.sidebarMode = stored.sidebarMode
      }
      this.language = detectLanguage({ stored: stored?.language ?? null, osLocale })
      this.status = stored ? 'succeeded' : 'failed'
    })
  }

  setLanguage(language: Language): Promise<void> {
    return this.save({ language })
  }

  setTheme(theme: Theme): Promise<void> {
    return this.save({ theme })
  }

  /** Flips what is on screen, storing an explicit choice. */
  toggleTheme(): Promise<void> {
    return this.setTheme(this.resolvedTheme === 'dark' ? 'light' : 'dark')
  }

  setSidebarMode(sidebarMode: SidebarMode): Promise<void> {
    return this.save({ sidebarMode })
  }

  toggleSidebarMode(): Promise<void> {
    return this.setSidebarMode(this.sidebarMode === 'mini' ? 'full' : 'mini')
  }

  setSystemPrefersDark(prefersDark: boolean): void {
    this.systemPrefersDark = prefersDark
  }

  /**
   * Applied at once so the screen answers immediately, then persisted once the page has painted
   * it: the request is not part of the frame that shows the change, nor sent from a timer queued
   * during that frame, which would run before the task that follows it (decision 0011).
   */
  private async save(patch: Pick<SettingsPatch, 'language' | 'theme' | 'sidebarMode'>): Promise<void> {
    Object.assign(this, patch)
    const key = Object.keys(patch)[0] as keyof SettingsPatch
    try {
      await afterPaint()
      await this.root.platform.settingsSet(patch)
      runInAction(() => {
        if (this.lastSaveFailed === key) this.lastSaveFailed = null
      })
    } catch {
      runInAction(() => {
        this.lastSaveFailed = key
      })
      if (this.root.platform.available) this.root.ui.notify({ intent: 'error', key: 'shell:settings.saveFailed' })
    }
  }
}
