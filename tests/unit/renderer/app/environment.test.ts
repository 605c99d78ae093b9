import { afterEach, describe, expect, it, vi } from 'vitest'
import { syncEnvironment } from '../../../../src/renderer/src/app/environment.ts'
import { createI18n } from '../../../../src/renderer/src/i18n/index.ts'
import { RootStore } from '../../../../src/renderer/src/stores/RootStore.ts'
import { fakePlatform } from '../fakePlatform.ts'

type Listener = (event: { matches: boolean }) => void

/** Just enough of `window.matchMedia` and `document` to drive the sync from a test. */
function fakeBrowser(initial: { dark: boolean; mobile: boolean }) {
  const listeners = new Map<string, Set<Listener>>()
  const state = new Map<string, boolean>()
  const mediaQuery = (query: string) => {
    if (!state.has(query)) state.set(query, query.includes('dark') ? initial.dark : initial.mobile)
    return {
      get matches() {
        return state.get(query) ?? false
      },
      addEventListener: (_type: string, listener: Listener) => {
        if (!listeners.has(query)) listeners.set(query, new Set())
        listeners.get(query)!.add(listener)
      },
      removeEventListener: (_type: string, listener: Listener) => listeners.get(query)?.delete(listener)
    }
  }
  const documentElement = { lang: '', dir: '', style: { colorScheme: '' } }
  vi.stubGlobal('window', { matchMedia: mediaQuery })
  vi.stubGlobal('document', { documentElement })
  return {
    documentElement,
    change(match: string, matches: boolean) {
      for (const [query, set] of listeners) {
        if (!query.includes(match)) continue
        state.set(query, matches)
        for (const listener of set) listener({ matches })
      }
    },
    listenerCount: () => [...listeners.values()].reduce((total, set) => total + set.size, 0)
  }
}

describe('syncEnvironment', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  it('sets lang and dir on the page and flips them live with the language', async () => {
    const browser = fakeBrowser({ dark: false, mobile: false })
    const store = new RootStore(fakePlatform({ language: 'fr' }))
    await store.settings.load()
    const i18n = createI18n(store.settings.language)
    const stop = syncEnvironment(store, i18n)
    expect(browser.documentElement).toMatchObject({ lang: 'fr', dir: 'ltr' })

    await store.settings.setLanguage('ar')
    expect(browser.documentElement).toMatchObject({ lang: 'ar', dir: 'rtl' })
    expect(i18n.language).toBe('ar')
    stop()
    expect(browser.listenerCount()).toBe(0)
  })

  it('follows the OS colour scheme and the mobile breakpoint', async () => {
    const browser = fakeBrowser({ dark: true, mobile: true })
    const store = new RootStore(fakePlatform({ theme: 'system' }))
    await store.settings.load()
    const stop = syncEnvironment(store, createI18n('fr'))
    expect(store.settings.resolvedTheme).toBe('dark')
    expect(browser.documentElement.style.colorScheme).toBe('dark')
    expect(store.ui.isMobile).toBe(true)

    browser.change('dark', false)
    browser.change('max-width', false)
    expect(store.settings.resolvedTheme).toBe('light')
    expect(browser.documentElement.style.colorScheme).toBe('light')
    expect(store.ui.isMobile).toBe(false)
    stop()
  })
})
