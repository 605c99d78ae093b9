import type { FlagStorage } from '../../../src/renderer/src/lib/flagStorage.ts'

/** The machine's storage of small marks, kept in memory for a test; `values` shows what was written. */
export class MemoryStorage implements FlagStorage {
  values = new Map<string, string>()
  getItem(key: string) {
    return this.values.get(key) ?? null
  }
  setItem(key: string, value: string) {
    this.values.set(key, value)
  }
}
