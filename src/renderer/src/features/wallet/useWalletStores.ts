import type { i18n as I18n } from 'i18next'
import type { RootStore } from '../../stores/RootStore.ts'
import { useStores } from '../../stores/StoreContext.tsx'
import { createWalletStores, type WalletStores } from './stores/walletStores.ts'
import { StoreKey } from '../../stores/StoreRegistry.ts'
import { ensureWalletCatalogue } from '../../i18n/walletCatalogue.ts'

// One set in the root's registry per signed-in user, built the first time a wallet or history screen
// opens: the stores and their schemas then load with those screens, not with the app's first page.
// Another user (a sign-out, a new sign-in, an administrator's switch) gets a new set: nothing of
// the previous user's data is carried over, and the previous user's D17 check stops polling.
const walletStoresKey = new StoreKey<WalletStores>('wallet', (stores) => stores.d17.dispose())

export function walletStoresOf(root: RootStore): WalletStores {
  return root.stores.get(walletStoresKey, () => createWalletStores(root))
}

export function useWalletStores(): WalletStores {
  return walletStoresOf(useStores())
}

/** In idle time, for a signed-in pupil: the wallet and history screens' stores and texts (see app/routes.ts). */
export function prepareWallet(root: RootStore, i18n: I18n): void {
  ensureWalletCatalogue(i18n)
  if (root.user.user) walletStoresOf(root)
}
