import type { RootStore } from '../../stores/RootStore.ts'
import { useStores } from '../../stores/StoreContext.tsx'
import { createProfileStores, type ProfileStores } from './stores/profileStores.ts'

// One set per root store and signed-in user, built the first time a profile screen opens: the
// stores and their schemas then load with those screens, not with the app's first page. Another
// user (a sign-out, a new sign-in, an administrator's switch) gets a new set: nothing of the
// previous user's data is carried over.
const built = new WeakMap<RootStore, { scope: number; stores: ProfileStores }>()

export function profileStoresOf(root: RootStore): ProfileStores {
  const scope = root.session.userScope
  let entry = built.get(root)
  if (!entry || entry.scope !== scope) {
    entry = { scope, stores: createProfileStores(root) }
    built.set(root, entry)
  }
  return entry.stores
}

export function useProfileStores(): ProfileStores {
  return profileStoresOf(useStores())
}
