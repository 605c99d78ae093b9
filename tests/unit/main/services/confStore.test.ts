import { chmodSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import Conf from 'conf'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { confStoreOptions, createConfStore, type ConfStoreOptions } from '../../../../src/main/services/confStore.ts'

// electron-store is `conf` with Electron's user-data directory as its folder: the same options
// opened with conf itself, in a temporary folder.
type Data = { theme: string; nested?: { a: number } }
let dir: string
const openIn = (folder: string) => (options: ConfStoreOptions<Data>) =>
  new Conf<Data>({ ...options, cwd: folder, configName: options.name, projectName: 'darsi-test' })

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'darsi-conf-'))
})
afterEach(() => {
  rmSync(dir, { recursive: true, force: true })
})

describe('createConfStore', () => {
  it('keeps values across reopening, in a file only the user can read', () => {
    const store = createConfStore(openIn(dir), 'settings', { theme: 'system' })
    expect(store.get('theme')).toBe('system')
    store.set('theme', 'dark')
    const reopened = createConfStore(openIn(dir), 'settings', { theme: 'system' })
    expect(reopened.get('theme')).toBe('dark')
    expect(statSync(join(dir, 'settings.json')).mode & 0o777).toBe(0o600)
  })

  it('resets a corrupt file to the defaults instead of failing', () => {
    writeFileSync(join(dir, 'settings.json'), '{"theme": "dark", oops')
    const store = createConfStore(openIn(dir), 'settings', { theme: 'system' })
    expect(store.get('theme')).toBe('system')
    store.set('theme', 'light')
    expect(JSON.parse(readFileSync(join(dir, 'settings.json'), 'utf8'))).toMatchObject({ theme: 'light' })
  })

  it('treats dots in keys as plain characters', () => {
    const store = createConfStore(openIn(dir), 'settings', { theme: 'system' })
    store.set('theme', 'a.b')
    expect(store.get('theme')).toBe('a.b')
  })

  it('keeps working in memory when the folder cannot be written', () => {
    if (process.getuid?.() === 0) {
      // root writes anywhere: make opening fail instead.
      const log = vi.fn()
      const store = createConfStore(
        () => {
          throw new Error('EACCES')
        },
        'settings',
        { theme: 'system' },
        log
      )
      store.set('theme', 'dark')
      expect(store.get('theme')).toBe('dark')
      expect(log).toHaveBeenCalledOnce()
      return
    }
    const locked = join(dir, 'locked')
    writeFileSync(locked, '')
    chmodSync(dir, 0o500)
    const log = vi.fn()
    const store = createConfStore(openIn(join(dir, 'sub')), 'settings', { theme: 'system' }, log)
    store.set('theme', 'dark')
    expect(store.get('theme')).toBe('dark')
    expect(log).toHaveBeenCalled()
    chmodSync(dir, 0o700)
  })

  it('falls back to memory when a write fails after opening', () => {
    const log = vi.fn()
    const store = createConfStore(
      () => ({
        get: () => undefined,
        set: () => {
          throw new Error('ENOSPC')
        },
        delete: () => undefined
      }),
      'settings',
      { theme: 'system' },
      log
    )
    store.set('theme', 'dark')
    expect(store.get('theme')).toBe('dark')
    expect(log).toHaveBeenCalledWith(expect.stringContaining('could not be written'))
  })

  it('refuses store names that could escape the folder', () => {
    expect(() => confStoreOptions('../x', {})).toThrow()
    expect(() => confStoreOptions('a/b', {})).toThrow()
    expect(confStoreOptions('secure-session', {})).toMatchObject({ clearInvalidConfig: true, configFileMode: 0o600 })
  })
})
