import type { RootStore } from '../../stores/RootStore.ts'
import { useStores } from '../../stores/StoreContext.tsx'
import { createWalletStores, type WalletStores } from '../../stores/walletStores.ts'

// One set per root store, built the first time a wallet or history screen opens: the stores and
// their schemas then load with those screens, not with the app's first page.
const built = new WeakMap<RootStore, WalletStores>()

export function walletStoresOf(root: RootStore): WalletStores {
  let stores = built.get(root)
  if (!stores) {
    stores = createWalletStores(root)
    built.set(root, stores)
  }
  return stores
}

export function useWalletStores(): WalletStores {
  return walletStoresOf(useStores())
}
