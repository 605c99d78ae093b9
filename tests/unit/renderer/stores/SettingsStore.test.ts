import { afterEach, describe, expect, it, vi } from 'vitest'
import { RootStore } from '../../../../src/renderer/src/stores/RootStore.ts'
import { fakePlatform } from '../fakePlatform.ts'

/** What the window shows of the settings. */
function shown(settings: RootStore['settings']) {
  const { status, language, sidebarMode, resolvedTheme, direction } = settings
  return { status, language, sidebarMode, resolvedTheme, direction }
}

describe('SettingsStore', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  it('starts idle with the defaults of the specification', () => {
    const { settings } = new RootStore(fakePlatform())
    expect(shown(settings)).toEqual({ status: 'idle', language: 'fr', sidebarMode: 'mini', resolvedTheme: 'light', direction: 'ltr' })
  })

  it('loads the stored settings', async () => {
    const { settings } = new RootStore(fakePlatform({ language: 'ar', theme: 'dark', sidebarMode: 'full' }))
    const loading = settings.load()
    expect(settings.status).toBe('loading')
    await loading
    expect(shown(settings)).toEqual({ status: 'succeeded', language: 'ar', sidebarMode: 'full', resolvedTheme: 'dark', direction: 'rtl' })
  })

  it('falls back to the OS locale when the settings cannot be read', async () => {
    const platform = fakePlatform()
    platform.failSettingsGet = true
    platform.locale = 'en-GB'
    const { settings } = new RootStore(platform)
    await settings.load()
    expect(settings.status).toBe('failed')
    expect(settings.language).toBe('en-US')
  })

  it('follows the OS colour scheme when the theme is "system"', async () => {
    const { settings } = new RootStore(fakePlatform({ theme: 'system' }))
    await settings.load()
    settings.setSystemPrefersDark(true)
    expect(settings.resolvedTheme).toBe('dark')
    settings.setSystemPrefersDark(false)
    expect(settings.resolvedTheme).toBe('light')
  })

  it('applies a change at once and saves it through the bridge', async () => {
    const platform = fakePlatform()
    const { settings } = new RootStore(platform)
    await settings.load()
    const saving = settings.setLanguage('ar')
    expect(settings.direction).toBe('rtl')
    await saving
    await settings.toggleSidebarMode()
    settings.setSystemPrefersDark(true)
    await settings.toggleTheme()
    expect(settings.resolvedTheme).toBe('light')
    expect(platform.saved).toEqual([{ language: 'ar' }, { sidebarMode: 'full' }, { theme: 'light' }])
    expect(platform.settings).toMatchObject({ language: 'ar', sidebarMode: 'full', theme: 'light' })
  })

  it('saves a change only once the page has painted it', async () => {
    const frames: FrameRequestCallback[] = []
    vi.stubGlobal('document', { visibilityState: 'visible' })
    vi.stubGlobal('requestAnimationFrame', (callback: FrameRequestCallback) => frames.push(callback))
    const platform = fakePlatform()
    const { settings } = new RootStore(platform)
    await settings.load()
    const saving = settings.setLanguage('ar')
    expect(settings.direction).toBe('rtl')
    await new Promise((resolve) => setTimeout(resolve, 20))
    expect(platform.saved).toEqual([])
    expect(frames).toHaveLength(1)
    frames.shift()!(performance.now())
    await saving
    expect(platform.saved).toEqual([{ language: 'ar' }])
  })

  it('keeps the value for the session and tells the user when saving fails', async () => {
    const platform = fakePlatform()
    const store = new RootStore(platform)
    await store.settings.load()
    platform.failSettingsSet = true
    await store.settings.setTheme('dark')
    expect(store.settings.theme).toBe('dark')
    expect(store.settings.lastSaveFailed).toBe('theme')
    expect(store.ui.snackbars).toEqual([expect.objectContaining({ intent: 'error', key: 'shell:settings.saveFailed' })])
    platform.failSettingsSet = false
    await store.settings.setTheme('light')
    expect(store.settings.lastSaveFailed).toBeNull()
    store.dispose()
  })
})
