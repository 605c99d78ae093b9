/** Plain stand-ins for the Electron primitives the main-process services take. */
import type { MainPrimitives } from '../../../src/main/composition.ts'
import type { SafeStorageLike } from '../../../src/main/services/secureStore.ts'
import { createMemoryStore, type StoreLike } from '../../../src/main/services/store.ts'

export interface FakeSafeStorage extends SafeStorageLike {
  backend: string
  encrypting: boolean
  encrypted: string[]
}

/** Reversible "encryption" tagged with the backend, so a changed backend cannot decrypt. */
export function fakeSafeStorage(backend = 'gnome_libsecret', encrypting = true): FakeSafeStorage {
  const fake: FakeSafeStorage = {
    backend,
    encrypting,
    encrypted: [],
    isEncryptionAvailable: () => fake.encrypting,
    getSelectedStorageBackend: () => fake.backend,
    encryptString(plain) {
      if (!fake.encrypting) throw new Error('Encryption is not available.')
      fake.encrypted.push(plain)
      return Buffer.from(`${fake.backend}:${Buffer.from(plain).toString('hex')}`)
    },
    decryptString(cipher) {
      const text = cipher.toString()
      const prefix = `${fake.backend}:`
      if (!text.startsWith(prefix)) throw new Error('Error while decrypting the ciphertext provided to safeStorage.decryptString.')
      return Buffer.from(text.slice(prefix.length), 'hex').toString()
    }
  }
  return fake
}

export interface FakePrimitives extends MainPrimitives {
  stores: Map<string, StoreLike<Record<string, unknown>> & { data: Map<string, unknown> }>
  opened: string[]
  shown: Array<{ title: string; body: string; click: () => void }>
}

export function fakePrimitives(overrides: Partial<MainPrimitives> = {}): FakePrimitives {
  const stores: FakePrimitives['stores'] = new Map()
  const opened: string[] = []
  const shown: FakePrimitives['shown'] = []
  return {
    stores,
    opened,
    shown,
    safeStorage: fakeSafeStorage(),
    createStore: <T extends Record<string, unknown>>(options: { name: string; defaults: T }) => {
      const existing = stores.get(options.name)
      if (existing) return existing as unknown as StoreLike<T>
      const store = createMemoryStore<Record<string, unknown>>(options.defaults)
      stores.set(options.name, store)
      return store as unknown as StoreLike<T>
    },
    shell: {
      openExternal: async (url) => {
        opened.push(url)
      }
    },
    notifications: {
      isSupported: () => true,
      show: (options, onClick) => {
        shown.push({ ...options, click: onClick })
      }
    },
    app: { name: 'Darsi', version: '0.1.0', platform: 'linux', locale: 'fr' },
    env: {},
    ...overrides
  }
}
