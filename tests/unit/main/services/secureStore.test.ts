import { describe, expect, it } from 'vitest'
import { createSecureStore, type SecureStoreData } from '../../../../src/main/services/secureStore.ts'
import { createMemoryStore } from '../../../../src/main/services/store.ts'
import type { Session } from '../../../../src/shared/ipc.ts'
import { fakeSafeStorage } from '../fakes.ts'

const session: Session = {
  token: 'access-token-canary',
  refreshToken: 'refresh-token-canary',
  tokenType: 'Bearer',
  expiresAt: 1_800_000_000_000,
  userType: 'student'
}

function setup(backend: string, encrypting: boolean, platform: NodeJS.Platform = 'linux', initial: SecureStoreData = {}) {
  const safeStorage = fakeSafeStorage(backend, encrypting)
  const store = createMemoryStore<SecureStoreData>(initial)
  const secureStore = createSecureStore({ safeStorage, store, platform })
  return { safeStorage, store, secureStore }
}

function storedText(store: ReturnType<typeof setup>['store']): string {
  return (
    JSON.stringify([...store.data.entries()]) +
    [...store.data.values()].map((value) => (typeof value === 'string' ? Buffer.from(value, 'base64').toString() : '')).join('')
  )
}

describe('SecureStore with a real backend (E7)', () => {
  it.each([
    ['gnome_libsecret', 'linux'],
    ['kwallet5', 'linux'],
    ['kwallet6', 'linux'],
    ['ignored', 'win32'],
    ['ignored', 'darwin']
  ] as const)('persists the session encrypted with %s on %s', (backend, platform) => {
    const { store, secureStore, safeStorage } = setup(backend, true, platform)
    expect(secureStore.setSession(session)).toEqual({ persisted: true })
    expect(storedText(store)).not.toContain('access-token-canary')
    expect(safeStorage.encrypted).toHaveLength(1)

    const reopened = createSecureStore({ safeStorage, store, platform })
    expect(reopened.getSession()).toEqual(session)
    expect(reopened.status()).toMatchObject({ available: true, backendChanged: false, shouldWarn: false })
  })

  it('reports the platform backend names', () => {
    expect(setup('x', true, 'win32').secureStore.status().backend).toBe('dpapi')
    expect(setup('x', true, 'darwin').secureStore.status().backend).toBe('keychain')
    expect(setup('kwallet5', true, 'linux').secureStore.status().backend).toBe('kwallet5')
  })

  it('clears the session from memory and disk', () => {
    const { store, secureStore, safeStorage } = setup('gnome_libsecret', true)
    secureStore.setSession(session)
    secureStore.clearSession()
    expect(secureStore.getSession()).toBeNull()
    expect(store.data.has('session')).toBe(false)
    expect(createSecureStore({ safeStorage, store, platform: 'linux' }).getSession()).toBeNull()
  })
})

describe('SecureStore without a real backend (E7)', () => {
  it.each([
    ['basic_text', true],
    ['unknown', true],
    ['gnome_libsecret', false]
  ] as const)('keeps the session in memory only with %s (encryption available: %s)', (backend, encrypting) => {
    const { store, secureStore, safeStorage } = setup(backend, encrypting)
    expect(secureStore.setSession(session)).toEqual({ persisted: false })
    expect(secureStore.getSession()).toEqual(session)
    expect(store.data.size).toBe(0)
    expect(safeStorage.encrypted).toEqual([])
    expect(createSecureStore({ safeStorage, store, platform: 'linux' }).getSession()).toBeNull()
  })

  it('asks the page to warn until acknowledged', () => {
    const { secureStore } = setup('basic_text', true)
    expect(secureStore.status()).toEqual({ available: false, backend: 'basic_text', backendChanged: false, shouldWarn: true })
    expect(secureStore.status().shouldWarn).toBe(true)
    secureStore.acknowledgeWarning()
    expect(secureStore.status().shouldWarn).toBe(false)
  })

  it('never warns when storage is real', () => {
    expect(setup('gnome_libsecret', true).secureStore.status().shouldWarn).toBe(false)
  })
})

describe('SecureStore backend changes and corrupt data', () => {
  it('drops the old ciphertext when the backend changed', () => {
    const first = setup('gnome_libsecret', true)
    first.secureStore.setSession(session)
    first.safeStorage.backend = 'kwallet5'
    const reopened = createSecureStore({ safeStorage: first.safeStorage, store: first.store, platform: 'linux' })
    expect(reopened.status()).toMatchObject({ backend: 'kwallet5', backendChanged: true, available: true })
    expect(reopened.getSession()).toBeNull()
    expect(first.store.data.has('session')).toBe(false)
  })

  it('drops the old ciphertext when the backend became basic_text, writing nothing new', () => {
    const first = setup('gnome_libsecret', true)
    first.secureStore.setSession(session)
    first.safeStorage.backend = 'basic_text'
    const reopened = createSecureStore({ safeStorage: first.safeStorage, store: first.store, platform: 'linux' })
    expect(reopened.status()).toMatchObject({ available: false, backendChanged: true, shouldWarn: true })
    expect(reopened.getSession()).toBeNull()
    expect(reopened.setSession(session)).toEqual({ persisted: false })
    expect(first.store.data.size).toBe(0)
  })

  it.each([
    ['not base64 of a ciphertext', 'not-a-ciphertext'],
    ['a number', 42],
    ['an object', { token: 'x' }],
    ['an empty string', ''],
    ['ciphertext of invalid JSON', Buffer.from(`gnome_libsecret:${Buffer.from('{oops').toString('hex')}`).toString('base64')],
    ['ciphertext of a non-session', Buffer.from(`gnome_libsecret:${Buffer.from('{"token":1}').toString('hex')}`).toString('base64')],
    ['a huge value', 'A'.repeat(100_000)]
  ])('treats %s as no session and clears it', (_name, value) => {
    const { store, secureStore } = setup('gnome_libsecret', true, 'linux', { session: value as string, backend: 'gnome_libsecret' })
    expect(secureStore.getSession()).toBeNull()
    expect(store.data.has('session')).toBe(false)
  })

  it('keeps the session in memory when encryption throws', () => {
    const { secureStore, safeStorage, store } = setup('gnome_libsecret', true)
    safeStorage.encryptString = () => {
      throw new Error('keyring locked')
    }
    expect(secureStore.setSession(session)).toEqual({ persisted: false })
    expect(secureStore.getSession()).toEqual(session)
    expect(store.data.has('session')).toBe(false)
  })

  it('treats a throwing safeStorage probe as unavailable', () => {
    const { secureStore, safeStorage } = setup('gnome_libsecret', true)
    safeStorage.isEncryptionAvailable = () => {
      throw new Error('not ready')
    }
    expect(secureStore.status().available).toBe(false)
  })
})
