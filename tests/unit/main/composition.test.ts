import { describe, expect, it } from 'vitest'
import {
  allowOrigins,
  createIpcDispatcher,
  createIpcHandlers,
  createMainServices,
  handleSecondInstance,
  type MainPrimitives
} from '../../../src/main/composition.ts'
import { invokeChannels, type Session } from '../../../src/shared/ipc.ts'
import { fakePrimitives, fakeSafeStorage } from './fakes.ts'

const PAGE = { url: 'http://127.0.0.1:5173/', isMainFrame: true }
const session: Session = { token: 'tok', refreshToken: 'ref', tokenType: 'Bearer', expiresAt: null, userType: 'student' }

function harness(overrides: Partial<MainPrimitives> = {}) {
  const primitives = fakePrimitives(overrides)
  const services = createMainServices(primitives)
  const emitted: Array<{ channel: string; payload: unknown }> = []
  let focused = 0
  const handlers = createIpcHandlers(services, (channel, payload) => emitted.push({ channel, payload }), {
    focusWindow: () => {
      focused += 1
    }
  })
  const dispatch = createIpcDispatcher({ handlers, isTrustedSender: allowOrigins(['http://127.0.0.1:5173']) })
  const call = (channel: string, ...args: unknown[]) => dispatch(PAGE, channel, args)
  return { primitives, services, handlers, emitted, call, focused: () => focused }
}

describe('createIpcHandlers', () => {
  it('has one handler per invoke channel of the contract', () => {
    expect(Object.keys(harness().handlers).sort()).toEqual(Object.keys(invokeChannels).sort())
  })

  it('stores, returns and clears the session', async () => {
    const { call } = harness()
    expect(await call('session:get')).toEqual({ ok: true, data: null })
    expect(await call('session:set', session)).toEqual({ ok: true, data: { persisted: true } })
    expect(await call('session:get')).toEqual({ ok: true, data: session })
    expect(await call('session:clear')).toEqual({ ok: true, data: null })
    expect(await call('session:get')).toEqual({ ok: true, data: null })
  })

  it('reports and acknowledges memory-only storage', async () => {
    const { call } = harness({ safeStorage: fakeSafeStorage('basic_text', true) })
    expect(await call('session:set', session)).toEqual({ ok: true, data: { persisted: false } })
    expect(await call('secure-storage:status')).toEqual({
      ok: true,
      data: { available: false, backend: 'basic_text', backendChanged: false, shouldWarn: true }
    })
    await call('secure-storage:acknowledge')
    expect(await call('secure-storage:status')).toMatchObject({ ok: true, data: { shouldWarn: false } })
  })

  it('reads and patches settings', async () => {
    const { call } = harness({ env: { DARSI_API_URL: 'http://127.0.0.1:4321' } })
    expect(await call('settings:get')).toMatchObject({
      ok: true,
      data: { language: 'fr', apiBaseUrls: { api: 'http://127.0.0.1:4321/api' } }
    })
    expect(await call('settings:set', { language: 'ar', sidebarMode: 'full' })).toMatchObject({
      ok: true,
      data: { language: 'ar', sidebarMode: 'full' }
    })
  })

  it('opens allowlisted links and answers not-allowed for the rest', async () => {
    const { call, primitives } = harness({ env: { DARSI_API_URL: 'http://127.0.0.1:4321' } })
    expect(await call('shell:open-external', 'https://www.darsi.tn/conditions')).toEqual({ ok: true, data: null })
    expect(await call('shell:open-external', 'http://127.0.0.1:4321/sandbox/card?order=1')).toEqual({ ok: true, data: null })
    expect(await call('shell:open-external', 'file:///etc/passwd')).toEqual({ ok: false, code: 'not-allowed' })
    expect(await call('shell:open-external', 'http://127.0.0.1:4000/sandbox')).toEqual({ ok: false, code: 'not-allowed' })
    expect(primitives.opened).toEqual(['https://www.darsi.tn/conditions', 'http://127.0.0.1:4321/sandbox/card?order=1'])
  })

  it('shows notifications and routes clicks to the page, focusing the window', async () => {
    const h = harness()
    expect(await h.call('notification:show', { id: 7, title: 'Nouveau message', body: 'Bonjour', route: '/inbox/4' })).toEqual({
      ok: true,
      data: { shown: true }
    })
    expect(await h.call('notification:show', { id: 8, title: 'Séance', body: 'En direct', url: 'https://www.darsi.tn/live' })).toEqual({
      ok: true,
      data: { shown: true }
    })
    expect(await h.call('notification:show', { title: 'Bonjour', body: '' })).toEqual({ ok: true, data: { shown: true } })
    h.primitives.shown[0]?.click()
    h.primitives.shown[1]?.click()
    h.primitives.shown[2]?.click()
    expect(h.emitted).toEqual([
      { channel: 'notification:clicked', payload: { id: 7, route: '/inbox/4' } },
      { channel: 'notification:clicked', payload: { id: 8, url: 'https://www.darsi.tn/live' } }
    ])
    expect(h.focused()).toBe(3)
  })

  it('names a marksheet photo it cannot read', async () => {
    const { call, services } = harness()
    const bytes = new TextEncoder().encode('not a photo')
    expect(await call('marksheet:merge', { files: [{ name: 'a.jpg', bytes }] })).toEqual({ ok: false, code: 'failed', message: 'a.jpg' })
    await services.marksheet.dispose()
  }, 30_000)

  it('answers app info from the primitives', async () => {
    const { call } = harness({ app: { name: 'Darsi', version: '1.2.3', platform: 'freebsd', locale: 'ar-TN' } })
    expect(await call('app:info')).toEqual({ ok: true, data: { name: 'Darsi', version: '1.2.3', platform: 'other', locale: 'ar-TN' } })
  })

  it('delivers queued deep links as deep-link:open once the page calls app:ready', async () => {
    const h = harness()
    h.services.deepLinks.push('darsi://payment/success?orderId=A-1')
    handleSecondInstance(h.services, ['/opt/Darsi/darsi', '--', 'darsi://open?path=%2Fporte-monnaie'])
    expect(h.emitted).toEqual([])
    expect(await h.call('app:ready')).toEqual({ ok: true, data: null })
    expect(h.emitted).toEqual([
      { channel: 'deep-link:open', payload: { kind: 'payment-return', outcome: 'success', orderId: 'A-1' } },
      { channel: 'deep-link:open', payload: { kind: 'open', path: '/porte-monnaie' } }
    ])
    h.services.deepLinks.pushFromArgv(['darsi', 'darsi://login/facebook/callback?code=xyz'])
    expect(h.emitted.at(-1)).toEqual({ channel: 'deep-link:open', payload: { kind: 'social-callback', provider: 'facebook', code: 'xyz' } })
    expect(h.focused()).toBe(3)
  })

  it('builds the CSP from the configured API origin', () => {
    const { services } = harness({ env: { DARSI_API_URL: 'https://api.darsi.tn' } })
    expect(services.apiOrigins).toEqual(['https://api.darsi.tn'])
    expect(services.contentSecurityPolicy).toContain("connect-src 'self' https://api.darsi.tn wss://api.darsi.tn")
  })
})
