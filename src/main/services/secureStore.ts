/**
 * Keeps the session tokens for the renderer. They are written only as `safeStorage` ciphertext,
 * and only when the OS offers a real secret store: on Linux the `basic_text` backend encrypts
 * with a hard-coded key, so the session then lives in memory for this run and the user is told.
 */
import { SessionSchema, type SecureStorageStatus, type Session } from '../../shared/ipc.ts'
import type { StoreLike } from './store.ts'
import { Logger } from '../logger.ts'

/** The part of Electron's `safeStorage` used here. */
export interface SafeStorageLike {
  isEncryptionAvailable(): boolean
  encryptString(plainText: string): Buffer
  decryptString(encrypted: Buffer): string
  getSelectedStorageBackend?(): string
}

export interface SecureStoreData extends Record<string, unknown> {
  /** Base64 of the `safeStorage` ciphertext of the session JSON. */
  session?: string
  /** The backend that encrypted `session`; a different one cannot decrypt it. */
  backend?: string
}

export interface SecureStore {
  getSession(): Session | null
  setSession(session: Session): { persisted: boolean }
  clearSession(): void
  status(): SecureStorageStatus
  acknowledgeWarning(): void
}

/** Linux backends that do not protect the data with a user secret. */
const UNSAFE_BACKENDS = new Set(['basic_text', 'unknown'])

function platformBackend(platform: NodeJS.Platform): string {
  if (platform === 'win32') return 'dpapi'
  if (platform === 'darwin') return 'keychain'
  return 'unknown'
}

export interface SecureStoreOptions {
  safeStorage: SafeStorageLike
  store: StoreLike<SecureStoreData>
  platform: NodeJS.Platform
  logger?: Logger
}

/**
 * The backend is read on first use, not at construction: on Linux `safeStorage` answers
 * `unknown` until the app is ready.
 */
export function createSecureStore(options: SecureStoreOptions): SecureStore {
  const { safeStorage, store, platform } = options
  const logger = options.logger ?? Logger.silent
  let memorySession: Session | null = null
  let loaded = false
  let acknowledged = false
  let probe: { available: boolean; backend: string; backendChanged: boolean } | null = null

  const detect = (): { available: boolean; backend: string; backendChanged: boolean } => {
    if (probe) return probe
    let backend = platformBackend(platform)
    let available: boolean
    try {
      if (platform === 'linux' && typeof safeStorage.getSelectedStorageBackend === 'function') {
        backend = String(safeStorage.getSelectedStorageBackend()).slice(0, 64)
      }
      available = safeStorage.isEncryptionAvailable() === true
    } catch {
      available = false
    }
    if (platform === 'linux' && UNSAFE_BACKENDS.has(backend)) available = false

    const recorded = store.get('backend')
    const hasCiphertext = typeof store.get('session') === 'string'
    const backendChanged = (typeof recorded === 'string' && recorded !== backend) || (recorded === undefined && hasCiphertext && !available)
    if (backendChanged) {
      // The old ciphertext is unreadable (or was written under other rules): drop it.
      dropPersisted()
      logger.warn(`secure storage backend changed from ${String(recorded)} to ${backend}`)
    }
    probe = { available, backend, backendChanged }
    return probe
  }

  const dropPersisted = (): void => {
    try {
      store.delete('session')
      store.delete('backend')
    } catch {
      logger.warn('could not delete the stored session')
    }
  }

  const readPersisted = (): Session | null => {
    const { available } = detect()
    const encoded = store.get('session')
    if (encoded === undefined) return null
    if (!available || typeof encoded !== 'string' || encoded.length === 0 || encoded.length > 64_000) {
      dropPersisted()
      return null
    }
    try {
      const plain = safeStorage.decryptString(Buffer.from(encoded, 'base64'))
      const parsed = SessionSchema.safeParse(JSON.parse(plain))
      if (parsed.success) return parsed.data
    } catch {
      // Undecryptable or not JSON: handled as no session below.
    }
    logger.warn('stored session unreadable; cleared')
    dropPersisted()
    return null
  }

  return {
    getSession() {
      if (!loaded) {
        loaded = true
        memorySession = readPersisted()
      }
      return memorySession
    },

    setSession(session) {
      loaded = true
      memorySession = session
      const { available, backend } = detect()
      if (!available) return { persisted: false }
      try {
        const cipher = safeStorage.encryptString(JSON.stringify(session))
        store.set('session', Buffer.from(cipher).toString('base64'))
        store.set('backend', backend)
        return { persisted: true }
      } catch {
        logger.warn('could not encrypt the session; kept in memory')
        dropPersisted()
        return { persisted: false }
      }
    },

    clearSession() {
      loaded = true
      memorySession = null
      dropPersisted()
    },

    status() {
      const { available, backend, backendChanged } = detect()
      return { available, backend, backendChanged, shouldWarn: !available && !acknowledged }
    },

    acknowledgeWarning() {
      acknowledged = true
    }
  }
}
