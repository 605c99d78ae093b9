import type { RootStore } from '../../stores/RootStore.ts'
import { useStores } from '../../stores/StoreContext.tsx'
import { createProfileStores, type ProfileStores } from './stores/profileStores.ts'
import { StoreKey } from '../../stores/StoreRegistry.ts'

// One set in the root's registry per signed-in user, built the first time a profile screen opens:
// the stores and their schemas then load with those screens, not with the app's first page.
// Another user (a sign-out, a new sign-in, an administrator's switch) gets a new set: nothing of
// the previous user's data is carried over.
const profileStoresKey = new StoreKey<ProfileStores>('profile')

export function profileStoresOf(root: RootStore): ProfileStores {
  return root.stores.get(profileStoresKey, () => createProfileStores(root))
}

export function useProfileStores(): ProfileStores {
  return profileStoresOf(useStores())
}
