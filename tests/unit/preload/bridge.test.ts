import { describe, expect, it } from 'vitest'
import { createBridge, type IpcRendererLike } from '../../../src/preload/bridge.ts'
import { bridgeName, eventBridgeName, eventChannels, invokeChannels } from '../../../src/shared/ipc.ts'

type Listener = (event: unknown, ...args: unknown[]) => void

function fakeIpc() {
  const invoked: Array<{ channel: string; args: unknown[] }> = []
  const listeners = new Map<string, Set<Listener>>()
  const ipc: IpcRendererLike = {
    invoke: async (channel, ...args) => {
      invoked.push({ channel, args })
      return { ok: true, data: null }
    },
    on: (channel, listener) => {
      if (!listeners.has(channel)) listeners.set(channel, new Set())
      listeners.get(channel)?.add(listener)
    },
    removeListener: (channel, listener) => {
      listeners.get(channel)?.delete(listener)
    }
  }
  const emit = (channel: string, payload: unknown) => {
    for (const listener of listeners.get(channel) ?? []) listener({ sender: 'electron-internals' }, payload)
  }
  return { ipc, invoked, listeners, emit }
}

describe('createBridge', () => {
  it('exposes exactly one function per channel and nothing else', () => {
    const bridge = createBridge(fakeIpc().ipc) as unknown as Record<string, unknown>
    const expected = [...Object.keys(invokeChannels).map(bridgeName), ...Object.keys(eventChannels).map(eventBridgeName)].sort()
    expect(Object.keys(bridge).sort()).toEqual(expected)
    for (const name of expected) expect(typeof bridge[name]).toBe('function')
    expect(Object.isFrozen(bridge)).toBe(true)
  })

  it('invokes the channel with the arguments', async () => {
    const { ipc, invoked } = fakeIpc()
    const bridge = createBridge(ipc)
    await expect(bridge.settingsSet({ theme: 'dark' })).resolves.toEqual({ ok: true, data: null })
    await bridge.shellOpenExternal('https://www.darsi.tn/')
    expect(invoked).toEqual([
      { channel: 'settings:set', args: [{ theme: 'dark' }] },
      { channel: 'shell:open-external', args: ['https://www.darsi.tn/'] }
    ])
  })

  it('strips the Electron event and unsubscribes', () => {
    const { ipc, emit, listeners } = fakeIpc()
    const bridge = createBridge(ipc)
    const received: unknown[][] = []
    const off = bridge.onDeepLinkOpen((...args: unknown[]) => received.push(args))
    emit('deep-link:open', { kind: 'open', path: '/offres' })
    expect(received).toEqual([[{ kind: 'open', path: '/offres' }]])
    off()
    emit('deep-link:open', { kind: 'open', path: '/x' })
    expect(received).toHaveLength(1)
    expect(listeners.get('deep-link:open')?.size).toBe(0)
  })

  it('refuses a listener that is not a function', () => {
    const bridge = createBridge(fakeIpc().ipc)
    expect(() => bridge.onWindowFocus('nope' as never)).toThrow(TypeError)
  })
})
