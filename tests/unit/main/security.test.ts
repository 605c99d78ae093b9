import { describe, expect, it, vi } from 'vitest'
import {
  ALLOWED_PERMISSIONS,
  guardWebContents,
  installAppWideGuards,
  secureWebPreferences,
  type GuardedWebContents,
  type GuardOptions,
  type PreventableEvent,
  type SessionLike
} from '../../../src/main/security.ts'

type Listener = (event: PreventableEvent, url: string) => void

function fakeSession() {
  const session: SessionLike & {
    request?: Parameters<SessionLike['setPermissionRequestHandler']>[0]
    check?: Parameters<SessionLike['setPermissionCheckHandler']>[0]
    requestCalls: number
  } = {
    requestCalls: 0,
    setPermissionRequestHandler(handler) {
      session.requestCalls += 1
      session.request = handler
    },
    setPermissionCheckHandler(handler) {
      session.check = handler
    }
  }
  return session
}

function fakeContents(session = fakeSession()) {
  const listeners = new Map<string, Listener[]>()
  let openHandler: ((details: { url: string }) => { action: 'deny' }) | undefined
  const contents: GuardedWebContents = {
    session,
    on: ((event: string, listener: Listener) => {
      listeners.set(event, [...(listeners.get(event) ?? []), listener])
    }) as GuardedWebContents['on'],
    setWindowOpenHandler: (handler) => {
      openHandler = handler
    }
  }
  const fire = (event: string, url = ''): boolean => {
    const preventDefault = vi.fn()
    for (const listener of listeners.get(event) ?? []) listener({ preventDefault }, url)
    return preventDefault.mock.calls.length > 0
  }
  return { contents, session, fire, open: (url: string) => openHandler?.({ url }) }
}

function options(): GuardOptions & { opened: string[] } {
  const opened: string[] = []
  return { appOrigins: ['app://darsi'], openExternal: (url) => opened.push(url), opened }
}

describe('secureWebPreferences (E1)', () => {
  it('locks every window down', () => {
    const prefs = secureWebPreferences('/app/out/preload/index.cjs')
    expect(prefs).toMatchObject({
      preload: '/app/out/preload/index.cjs',
      sandbox: true,
      contextIsolation: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      experimentalFeatures: false,
      spellcheck: false,
      devTools: false
    })
    expect(prefs).not.toHaveProperty('enableBlinkFeatures')
  })

  it('enables devtools only when asked (development)', () => {
    expect(secureWebPreferences('/p', { devTools: true }).devTools).toBe(true)
  })
})

describe('guardWebContents (E2)', () => {
  it('keeps navigation on the app origin', () => {
    const opts = options()
    const { contents, fire } = fakeContents()
    guardWebContents(contents, opts)
    expect(fire('will-navigate', 'app://darsi/offres')).toBe(false)
    expect(fire('will-navigate', 'https://evil.example/')).toBe(true)
    expect(fire('will-navigate', 'app://evil/')).toBe(true)
    expect(fire('will-navigate', 'file:///etc/passwd')).toBe(true)
    expect(fire('will-navigate', 'javascript:alert(1)')).toBe(true)
    expect(fire('will-navigate', 'not a url')).toBe(true)
    // The external target is handed to the allowlist-checking opener, never loaded in the app.
    expect(opts.opened).toContain('https://evil.example/')
  })

  it('blocks redirects away from the app origin', () => {
    const { contents, fire } = fakeContents()
    guardWebContents(contents, options())
    expect(fire('will-redirect', 'app://darsi/')).toBe(false)
    expect(fire('will-redirect', 'https://evil.example/')).toBe(true)
  })

  it('allows the dev server origin only when configured', () => {
    const { contents, fire } = fakeContents()
    guardWebContents(contents, { ...options(), appOrigins: ['app://darsi', 'http://localhost:5173'] })
    expect(fire('will-navigate', 'http://localhost:5173/offres')).toBe(false)
    expect(fire('will-navigate', 'http://localhost:5174/')).toBe(true)
  })

  it('denies every new window and passes the URL to the external opener', () => {
    const opts = options()
    const { contents, open } = fakeContents()
    guardWebContents(contents, opts)
    expect(open('https://www.darsi.tn/conditions')).toEqual({ action: 'deny' })
    expect(open('app://darsi/offres')).toEqual({ action: 'deny' })
    expect(opts.opened).toEqual(['https://www.darsi.tn/conditions', 'app://darsi/offres'])
  })

  it('prevents webviews from attaching', () => {
    const { contents, fire } = fakeContents()
    guardWebContents(contents, options())
    expect(fire('will-attach-webview')).toBe(true)
  })

  it('denies permissions except the allowlist, and only for the app origin', () => {
    const { contents, session } = fakeContents()
    guardWebContents(contents, options())
    const decide = (permission: string, requestingUrl: string) => {
      let granted: boolean | undefined
      session.request?.(
        null,
        permission,
        (value) => {
          granted = value
        },
        { requestingUrl }
      )
      return granted
    }
    expect(decide('notifications', 'app://darsi/')).toBe(true)
    expect(decide('fullscreen', 'app://darsi/lesson/1')).toBe(true)
    for (const permission of [
      'media',
      'geolocation',
      'openExternal',
      'clipboard-read',
      'hid',
      'usb',
      'serial',
      'display-capture',
      'unknown'
    ]) {
      expect(decide(permission, 'app://darsi/')).toBe(false)
    }
    expect(decide('notifications', 'https://evil.example/')).toBe(false)
    expect(session.check?.(null, 'notifications', 'app://darsi')).toBe(true)
    expect(session.check?.(null, 'media', 'app://darsi')).toBe(false)
    expect(session.check?.(null, 'notifications', 'https://evil.example')).toBe(false)
    expect([...ALLOWED_PERMISSIONS].sort()).toEqual(['clipboard-sanitized-write', 'fullscreen', 'notifications'])
  })
})

describe('installAppWideGuards', () => {
  it('guards every web contents created, configuring each session once', () => {
    let created: ((event: unknown, contents: GuardedWebContents) => void) | undefined
    installAppWideGuards({ on: (_event, listener) => (created = listener) }, options())
    const session = fakeSession()
    const first = fakeContents(session)
    const second = fakeContents(session)
    created?.({}, first.contents)
    created?.({}, second.contents)
    expect(first.fire('will-navigate', 'https://evil.example/')).toBe(true)
    expect(second.fire('will-attach-webview')).toBe(true)
    expect(session.requestCalls).toBe(1)
  })
})
