import { describe, expect, it } from 'vitest'
import type { DarsiBridge, IpcResult } from '../../../../src/shared/ipc.ts'
import { BridgeError, createPlatform } from '../../../../src/renderer/src/platform/bridge.ts'

function bridgeAnswering(answers: Record<string, () => Promise<IpcResult<unknown>>>): DarsiBridge {
  return new Proxy({} as DarsiBridge, {
    get: (_target, name: string) =>
      name.startsWith('on') ? () => () => undefined : (answers[name] ?? (() => Promise.resolve({ ok: false, code: 'unavailable' })))
  })
}

describe('platform bridge', () => {
  it('unwraps the data of a successful call', async () => {
    const platform = createPlatform(
      bridgeAnswering({ appInfo: async () => ({ ok: true, data: { name: 'Darsi', version: '1', platform: 'linux', locale: 'fr' } }) })
    )
    await expect(platform.appInfo()).resolves.toMatchObject({ locale: 'fr' })
  })

  it('turns a failure into a typed error with its code and channel', async () => {
    const platform = createPlatform(bridgeAnswering({ shellOpenExternal: async () => ({ ok: false, code: 'not-allowed' }) }))
    const error = await platform.shellOpenExternal('https://evil.example').catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(BridgeError)
    expect(error).toMatchObject({ code: 'not-allowed', channel: 'shell:open-external' })
  })

  it('turns a rejected call into a `failed` error', async () => {
    const platform = createPlatform(bridgeAnswering({ settingsGet: () => Promise.reject(new Error('gone')) }))
    await expect(platform.settingsGet()).rejects.toMatchObject({ code: 'failed', channel: 'settings:get' })
  })

  it('answers `unavailable` outside the desktop app instead of crashing', async () => {
    const platform = createPlatform(undefined)
    expect(platform.available).toBe(false)
    await expect(platform.settingsGet()).rejects.toMatchObject({ code: 'unavailable' })
    expect(platform.onDeepLinkOpen(() => undefined)).toEqual(expect.any(Function))
  })
})
