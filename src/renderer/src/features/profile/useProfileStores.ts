import type { RootStore } from '../../stores/RootStore.ts'
import { useStores } from '../../stores/StoreContext.tsx'
import { createProfileStores, type ProfileStores } from '../../stores/profileStores.ts'

// One set per root store, built the first time a profile screen opens: the stores and their
// schemas then load with those screens, not with the app's first page.
const built = new WeakMap<RootStore, ProfileStores>()

export function profileStoresOf(root: RootStore): ProfileStores {
  let stores = built.get(root)
  if (!stores) {
    stores = createProfileStores(root)
    built.set(root, stores)
  }
  return stores
}

export function useProfileStores(): ProfileStores {
  return profileStoresOf(useStores())
}
