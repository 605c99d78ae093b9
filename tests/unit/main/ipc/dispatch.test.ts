import { describe, expect, it, vi } from 'vitest'
import fc from 'fast-check'
import { createIpcHandlers, createMainServices } from '../../../../src/main/composition.ts'
import { allowOrigins, createIpcDispatcher, type IpcHandlers, type SenderInfo } from '../../../../src/main/ipc/dispatch.ts'
import { IpcFailure } from '../../../../src/main/ipc/errors.ts'
import { IpcErrorCodeSchema, invokeChannels } from '../../../../src/shared/ipc.ts'
import { fakePrimitives } from '../fakes.ts'

const APP: SenderInfo = { url: 'app://darsi/offres', isMainFrame: true }
const session = { token: 'access', refreshToken: 'refresh', tokenType: 'Bearer', expiresAt: null, userType: 'student' } as const

function setup(overrides: Partial<IpcHandlers> = {}) {
  const primitives = fakePrimitives()
  const services = createMainServices(primitives)
  const emitted: Array<{ channel: string; payload: unknown }> = []
  const handlers = { ...createIpcHandlers(services, (channel, payload) => emitted.push({ channel, payload })), ...overrides }
  const log = vi.fn()
  const dispatch = createIpcDispatcher({ handlers, isTrustedSender: allowOrigins(['app://darsi']), log })
  return { dispatch, services, emitted, primitives, log }
}

describe('createIpcDispatcher', () => {
  it('answers a valid call from the app page with the handler result', async () => {
    const { dispatch } = setup()
    expect(await dispatch(APP, 'app:info', [])).toEqual({
      ok: true,
      data: { name: 'Darsi', version: '0.1.0', platform: 'linux', locale: 'fr' }
    })
  })

  it('refuses an unknown channel, including prototype names', async () => {
    const { dispatch } = setup()
    for (const channel of ['nope', '__proto__', 'constructor', 'toString', 'hasOwnProperty', '']) {
      expect(await dispatch(APP, channel, [])).toEqual({ ok: false, code: 'unknown-channel' })
    }
  })

  it('refuses senders that are not the main frame of the app origin', async () => {
    const { dispatch } = setup()
    const senders: SenderInfo[] = [
      { url: 'app://darsi/', isMainFrame: false },
      { url: 'https://evil.example/', isMainFrame: true },
      { url: 'app://evil/', isMainFrame: true },
      { url: 'app://darsi.evil/', isMainFrame: true },
      { url: 'file:///etc/passwd', isMainFrame: true },
      { url: 'http://127.0.0.1:4000/', isMainFrame: true },
      { url: 'app://user@darsi/', isMainFrame: true },
      { url: undefined, isMainFrame: true },
      { url: '', isMainFrame: true }
    ]
    for (const sender of senders) {
      expect(await dispatch(sender, 'session:get', [])).toEqual({ ok: false, code: 'forbidden-sender' })
    }
  })

  it('refuses arguments that do not match the channel schema', async () => {
    const { dispatch } = setup()
    expect(await dispatch(APP, 'session:set', [])).toEqual({ ok: false, code: 'invalid-arguments' })
    expect(await dispatch(APP, 'session:set', [{ ...session, extra: 1 }])).toEqual({ ok: false, code: 'invalid-arguments' })
    expect(await dispatch(APP, 'app:info', ['surplus'])).toEqual({ ok: false, code: 'invalid-arguments' })
    expect(await dispatch(APP, 'settings:set', [{ language: 'de' }])).toEqual({ ok: false, code: 'invalid-arguments' })
    expect(await dispatch(APP, 'settings:get', 'not-an-array' as unknown as unknown[])).toEqual({ ok: false, code: 'invalid-arguments' })
  })

  it('maps a typed failure to its code and anything else to failed, without stack or message', async () => {
    const { dispatch, log } = setup({
      'app:info': async () => {
        throw new IpcFailure('unavailable')
      },
      'settings:get': async () => {
        throw new Error('secret path /home/user/.config')
      }
    })
    expect(await dispatch(APP, 'app:info', [])).toEqual({ ok: false, code: 'unavailable' })
    const failed = await dispatch(APP, 'settings:get', [])
    expect(failed).toEqual({ ok: false, code: 'failed' })
    expect(JSON.stringify(failed)).not.toContain('secret')
    expect(log).toHaveBeenCalled()
  })

  it('refuses a handler result that breaks the contract', async () => {
    const { dispatch } = setup({ 'app:info': async () => ({ name: 'x' }) as never })
    expect(await dispatch(APP, 'app:info', [])).toEqual({ ok: false, code: 'failed' })
  })

  it('survives a throwing sender check and a throwing logger', async () => {
    const primitives = fakePrimitives()
    const handlers = createIpcHandlers(createMainServices(primitives), () => undefined)
    const dispatch = createIpcDispatcher({
      handlers,
      isTrustedSender: () => {
        throw new Error('boom')
      },
      log: () => {
        throw new Error('log boom')
      }
    })
    expect(await dispatch(APP, 'app:info', [])).toEqual({ ok: false, code: 'forbidden-sender' })
    expect(await dispatch(APP, 'nope', [])).toEqual({ ok: false, code: 'unknown-channel' })
  })

  it('accepts the harness origin when it is in the allowed list', async () => {
    const primitives = fakePrimitives()
    const handlers = createIpcHandlers(createMainServices(primitives), () => undefined)
    const dispatch = createIpcDispatcher({ handlers, isTrustedSender: allowOrigins(['http://127.0.0.1:5173']) })
    expect((await dispatch({ url: 'http://127.0.0.1:5173/login', isMainFrame: true }, 'app:info', [])).ok).toBe(true)
    expect((await dispatch({ url: 'http://127.0.0.1:5174/login', isMainFrame: true }, 'app:info', [])).ok).toBe(false)
  })

  it('gives a typed answer and never throws for random channels, arguments and senders (E4)', async () => {
    const { dispatch } = setup()
    const channels = [...Object.keys(invokeChannels), 'unknown:x', '__proto__']
    const sender = fc.oneof(
      fc.constant(APP),
      fc.record({ url: fc.oneof(fc.string(), fc.webUrl(), fc.constant(undefined)), isMainFrame: fc.boolean() }),
      fc.anything() as fc.Arbitrary<SenderInfo>
    )
    const channel = fc.oneof(fc.constantFrom(...channels), fc.string(), fc.anything() as fc.Arbitrary<string>)
    const args = fc.oneof(
      fc.array(fc.anything({ withNullPrototype: true, withBigInt: true, withMap: true })),
      fc.anything() as fc.Arbitrary<unknown[]>
    )
    await fc.assert(
      fc.asyncProperty(sender, channel, args, async (s, c, a) => {
        const result = await dispatch(s, c, a)
        if (result.ok) {
          expect(Object.hasOwn(invokeChannels, c)).toBe(true)
        } else {
          expect(IpcErrorCodeSchema.safeParse(result.code).success).toBe(true)
          expect(JSON.stringify(result)).not.toMatch(/at .*\.ts:\d+/)
        }
      }),
      { numRuns: 500 }
    )
  })
})
