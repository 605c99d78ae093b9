import { describe, expect, it } from 'vitest'
import {
  apiOriginFromEnv,
  createSettingsService,
  DEFAULT_SETTINGS,
  type SettingsStoreData
} from '../../../../src/main/services/settings.ts'
import { createMemoryStore, type StoreLike } from '../../../../src/main/services/store.ts'

function storeWith(data: Record<string, unknown>) {
  return createMemoryStore<SettingsStoreData>(data as SettingsStoreData)
}

describe('SettingsService', () => {
  it('has the documented defaults', () => {
    const settings = createSettingsService({ store: storeWith({}) })
    expect(settings.get()).toEqual({
      language: 'fr',
      theme: 'system',
      sidebarMode: 'mini',
      apiBaseUrls: {
        api: 'http://127.0.0.1:4000/api',
        notify: 'http://127.0.0.1:4000/notify',
        progress: 'http://127.0.0.1:4000/progress-service',
        analytics: 'http://127.0.0.1:4000/analytics',
        sandbox: 'http://127.0.0.1:4000/sandbox'
      }
    })
    expect(settings.apiOrigins()).toEqual(['http://127.0.0.1:4000'])
  })

  it('reads valid stored values', () => {
    const settings = createSettingsService({ store: storeWith({ language: 'ar', theme: 'dark', sidebarMode: 'full' }) })
    expect(settings.get()).toMatchObject({ language: 'ar', theme: 'dark', sidebarMode: 'full' })
  })

  it('falls back field by field on corrupt values', () => {
    const settings = createSettingsService({
      store: storeWith({
        language: 'de',
        theme: 'dark',
        sidebarMode: 42,
        apiBaseUrls: { api: 'javascript:alert(1)', notify: 'https://notify.darsi.tn/notify', progress: null }
      })
    })
    expect(settings.get()).toEqual({
      language: 'fr',
      theme: 'dark',
      sidebarMode: 'mini',
      apiBaseUrls: { ...DEFAULT_SETTINGS.apiBaseUrls, notify: 'https://notify.darsi.tn/notify' }
    })
  })

  it.each([null, 'string', 12, [], { __proto__: { language: 'ar' } }])('survives apiBaseUrls = %j', (value) => {
    const settings = createSettingsService({ store: storeWith({ apiBaseUrls: value }) })
    expect(settings.get().apiBaseUrls).toEqual(DEFAULT_SETTINGS.apiBaseUrls)
  })

  it('survives a store whose reads throw', () => {
    const store: StoreLike<SettingsStoreData> = {
      get: () => {
        throw new SyntaxError('Unexpected token in JSON')
      },
      set: () => undefined,
      delete: () => undefined
    }
    expect(createSettingsService({ store }).get()).toEqual(DEFAULT_SETTINGS)
  })

  it('saves a patch and returns the merged settings', () => {
    const store = storeWith({})
    const settings = createSettingsService({ store })
    expect(settings.set({ theme: 'dark' })).toMatchObject({ theme: 'dark', language: 'fr' })
    expect(settings.update({ language: 'en-US' })).toMatchObject({ theme: 'dark', language: 'en-US' })
    expect(store.data.get('theme')).toBe('dark')
    expect(createSettingsService({ store }).get()).toMatchObject({ theme: 'dark', language: 'en-US' })
  })

  it('refuses an invalid patch without changing anything', () => {
    const store = storeWith({})
    const settings = createSettingsService({ store })
    expect(() => settings.set({ theme: 'neon' } as never)).toThrow()
    expect(settings.get().theme).toBe('system')
    expect(store.data.has('theme')).toBe(false)
  })

  it('does not hand out its internal object', () => {
    const settings = createSettingsService({ store: storeWith({}) })
    const copy = settings.get()
    copy.language = 'ar'
    expect(settings.get().language).toBe('fr')
  })

  it('takes the API origin from DARSI_API_URL for this run without saving it', () => {
    const store = storeWith({})
    const settings = createSettingsService({ store, env: { DARSI_API_URL: 'http://127.0.0.1:5555/ignored/path' } })
    expect(settings.get().apiBaseUrls).toEqual({
      api: 'http://127.0.0.1:5555/api',
      notify: 'http://127.0.0.1:5555/notify',
      progress: 'http://127.0.0.1:5555/progress-service',
      analytics: 'http://127.0.0.1:5555/analytics',
      sandbox: 'http://127.0.0.1:5555/sandbox'
    })
    expect(store.data.has('apiBaseUrls')).toBe(false)
  })

  it.each(['', 'not a url', 'file:///etc', 'javascript:alert(1)', 'https://user:pw@api.darsi.tn'])('ignores DARSI_API_URL=%j', (value) => {
    expect(apiOriginFromEnv({ DARSI_API_URL: value })).toBeNull()
  })
})
