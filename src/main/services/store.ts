/**
 * The part of a persistent key-value store (a JSON file in the app, a Map in tests) the
 * services use. Values read back are `unknown`: the file on disk may be stale, edited or corrupt,
 * so every reader parses what it gets.
 */
export interface StoreLike<T> {
  get<K extends keyof T & string>(key: K): unknown
  set<K extends keyof T & string>(key: K, value: T[K]): void
  delete<K extends keyof T & string>(key: K): void
}

export type CreateStore = <T extends Record<string, unknown>>(options: { name: string; defaults: T }) => StoreLike<T>

/** An in-memory store: for tests, the harness, and as the fallback when the disk store fails. */
export function createMemoryStore<T extends Record<string, unknown>>(defaults: T): StoreLike<T> & { readonly data: Map<string, unknown> } {
  const data = new Map<string, unknown>(Object.entries(defaults))
  return {
    data,
    get: (key) => data.get(key),
    set: (key, value) => {
      data.set(key, value)
    },
    delete: (key) => {
      data.delete(key)
    }
  }
}
