import { describe, expect, it } from 'vitest'
import { RootStore } from '../../../../src/renderer/src/stores/RootStore.ts'
import { StoreKey, StoreRegistry } from '../../../../src/renderer/src/stores/StoreRegistry.ts'
import { authResult, fakeAccountsApi } from '../fakeAccountsApi.ts'
import { fakePlatform } from '../fakePlatform.ts'

class AreaStore {
  disposed = false
  readonly id: number
  constructor(id: number) {
    this.id = id
  }
}

describe('StoreRegistry', () => {
  it('builds an area set the first time it is asked for, and gives the same instance afterwards', () => {
    const registry = new StoreRegistry(() => 1)
    const key = new StoreKey<AreaStore>('area')
    let built = 0
    const build = () => new AreaStore(++built)
    expect(registry.peek(key)).toBeUndefined()
    const first = registry.get(key, build)
    expect(registry.get(key, build)).toBe(first)
    expect(registry.peek(key)).toBe(first)
    expect([built, registry.names]).toEqual([1, ['area']])
  })

  it('clears every set, disposing each, and builds new ones for the next user', () => {
    let scope = 1
    const registry = new StoreRegistry(() => scope)
    const key = new StoreKey<AreaStore>('area', (store) => {
      store.disposed = true
    })
    const other = new StoreKey<AreaStore>('other')
    let built = 0
    const first = registry.get(key, () => new AreaStore(++built))
    registry.get(other, () => new AreaStore(++built))
    registry.clear()
    expect(first.disposed).toBe(true)
    expect(registry.names).toEqual([])
    const second = registry.get(key, () => new AreaStore(++built))
    expect(second).not.toBe(first)
    // Another user, even without a clear: the sets of the previous one are not given.
    scope = 2
    const third = registry.get(key, () => new AreaStore(++built))
    expect(third).not.toBe(second)
    expect(second.disposed).toBe(true)
  })

  it('on the root store: a sign-out clears the areas at once, the session and the UI stay', async () => {
    const root = new RootStore(fakePlatform(), { createApi: () => fakeAccountsApi() })
    await root.session.start()
    await root.session.signIn(authResult())
    const key = new StoreKey<AreaStore>('area', (store) => {
      store.disposed = true
    })
    const stores = root.stores.get(key, () => new AreaStore(1))
    const { session, ui, settings } = root
    await root.session.logout()
    expect(stores.disposed).toBe(true)
    expect(root.stores.names).toEqual([])
    expect(root.session).toBe(session)
    expect(root.ui).toBe(ui)
    expect(root.settings).toBe(settings)
    await root.session.signIn(authResult())
    expect(root.stores.get(key, () => new AreaStore(2)).id).toBe(2)
    root.dispose()
  })
})
