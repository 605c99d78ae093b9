import { describe, expect, it } from 'vitest'
import {
  bridgeName,
  eventBridgeName,
  eventChannels,
  invokeChannels,
  IpcErrorCodeSchema,
  SessionSchema,
  SettingsPatchSchema,
  SettingsSchema
} from '../../../src/shared/ipc.ts'

describe('IPC contract', () => {
  it('names channels domain:action in kebab case', () => {
    for (const channel of [...Object.keys(invokeChannels), ...Object.keys(eventChannels)]) {
      expect(channel).toMatch(/^[a-z]+(-[a-z]+)*:[a-z]+(-[a-z]+)*$/)
    }
  })

  it('gives each invoke channel an argument tuple and a result schema', () => {
    for (const [channel, contract] of Object.entries(invokeChannels)) {
      expect(contract.args.safeParse('not a tuple').success, channel).toBe(false)
      expect(typeof contract.result.safeParse, channel).toBe('function')
    }
  })

  it('derives bridge names', () => {
    expect(bridgeName('session:get')).toBe('sessionGet')
    expect(bridgeName('secure-storage:acknowledge')).toBe('secureStorageAcknowledge')
    expect(bridgeName('shell:open-external')).toBe('shellOpenExternal')
    expect(eventBridgeName('deep-link:open')).toBe('onDeepLinkOpen')
    expect(eventBridgeName('notification:clicked')).toBe('onNotificationClicked')
  })

  it('gives every channel a distinct bridge name', () => {
    const names = [...Object.keys(invokeChannels).map(bridgeName), ...Object.keys(eventChannels).map(eventBridgeName)]
    expect(new Set(names).size).toBe(names.length)
  })

  it('refuses sessions with unknown fields or a wrong token type', () => {
    const session = { token: 't', refreshToken: null, tokenType: 'Bearer', expiresAt: null, userType: null }
    expect(SessionSchema.safeParse(session).success).toBe(true)
    expect(SessionSchema.safeParse({ ...session, tokenType: 'Basic' }).success).toBe(false)
    expect(SessionSchema.safeParse({ ...session, password: 'x' }).success).toBe(false)
    expect(SessionSchema.safeParse({ ...session, token: '' }).success).toBe(false)
  })

  it('refuses API base URLs that are not http(s) or carry credentials', () => {
    const base = {
      api: 'http://127.0.0.1:4000/api',
      notify: 'http://127.0.0.1:4000/notify',
      progress: 'http://127.0.0.1:4000/p',
      analytics: 'http://127.0.0.1:4000/a',
      sandbox: 'http://127.0.0.1:4000/s'
    }
    const settings = { language: 'fr', theme: 'system', sidebarMode: 'mini', apiBaseUrls: base }
    expect(SettingsSchema.safeParse(settings).success).toBe(true)
    for (const api of ['javascript:alert(1)', 'file:///etc', 'https://u:p@x.tn', 'nope']) {
      expect(SettingsSchema.safeParse({ ...settings, apiBaseUrls: { ...base, api } }).success, api).toBe(false)
    }
    expect(SettingsPatchSchema.safeParse({ theme: 'dark' }).success).toBe(true)
    expect(SettingsPatchSchema.safeParse({ extra: true }).success).toBe(false)
    expect(SettingsPatchSchema.safeParse({ apiBaseUrls: base }).success).toBe(false)
  })

  it('has the stable error codes', () => {
    expect(IpcErrorCodeSchema.options).toEqual([
      'unknown-channel',
      'invalid-arguments',
      'forbidden-sender',
      'not-allowed',
      'unavailable',
      'failed'
    ])
  })

  it('only sends notification routes inside the app', () => {
    expect(invokeChannels['notification:show'].args.safeParse([{ title: 't', body: 'b', route: 'https://evil' }]).success).toBe(false)
    expect(eventChannels['notification:clicked'].safeParse({ route: '/inbox/1' }).success).toBe(true)
    expect(eventChannels['notification:clicked'].safeParse({ id: 3, url: 'https://www.darsi.tn/x' }).success).toBe(true)
    for (const bad of [
      { url: 'http://www.darsi.tn/x' },
      { url: 'javascript:alert(1)' },
      { route: 'https://evil' },
      { id: 0 },
      { id: 1.5 },
      { route: '/a', url: 'https://www.darsi.tn/' },
      { route: '/a', extra: 1 }
    ]) {
      expect(eventChannels['notification:clicked'].safeParse(bad).success, JSON.stringify(bad)).toBe(false)
    }
    expect(
      invokeChannels['notification:show'].args.safeParse([{ title: 't', body: 'b', route: '/a', url: 'https://www.darsi.tn/' }]).success
    ).toBe(false)
  })
})
