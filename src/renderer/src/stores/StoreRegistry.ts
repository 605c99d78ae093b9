/**
 * The one registry of the areas' stores, on the RootStore (docs/decisions/0029-store-registry.md).
 * An area names its set of stores with a `StoreKey` in its own code, and asks the registry for it
 * with the function that builds it: the set is built the first time, then the same instance is
 * given back while the same user is signed in. A sign-out, a new sign-in or an administrator's
 * switch (the session's `userScope`) clears every set, so nothing of the previous user is carried
 * over; the session, settings and UI stores are not in it and stay. The area's store classes load
 * with the area's code, never with the app's first page.
 */
export class StoreKey<T> {
  readonly name: string
  /** What a set does when it is cleared (a poll stopped, a stream closed). */
  readonly dispose: ((stores: T) => void) | undefined

  constructor(name: string, dispose?: (stores: T) => void) {
    this.name = name
    this.dispose = dispose
  }
}

export class StoreRegistry {
  private readonly built = new Map<StoreKey<never>, unknown>()
  private readonly currentScope: () => unknown
  private scope: unknown

  /** `scope`: whose stores these are (the session's `userScope`). */
  constructor(scope: () => unknown) {
    this.currentScope = scope
    this.scope = scope()
  }

  /** The area's stores for the signed-in user: built by `build` the first time, the same instance afterwards. */
  get<T>(key: StoreKey<T>, build: () => T): T {
    this.followScope()
    if (this.built.has(key as StoreKey<never>)) return this.built.get(key as StoreKey<never>) as T
    const stores = build()
    this.built.set(key as StoreKey<never>, stores)
    return stores
  }

  /** The area's stores when they were built for the signed-in user, without building them. */
  peek<T>(key: StoreKey<T>): T | undefined {
    this.followScope()
    return this.built.get(key as StoreKey<never>) as T | undefined
  }

  /** The names of the sets built (for tests and diagnostics). */
  get names(): string[] {
    return [...this.built.keys()].map((key) => key.name)
  }

  /** Forgets every set (a sign-out): each is disposed, the next `get` builds a new one. */
  clear(): void {
    const built = [...this.built.entries()]
    this.built.clear()
    this.scope = this.currentScope()
    for (const [key, stores] of built) (key.dispose as ((stores: unknown) => void) | undefined)?.(stores)
  }

  private followScope(): void {
    if (this.currentScope() !== this.scope) this.clear()
  }
}
