import { createContext, useContext, type ReactNode } from 'react'
import type { InboxStores } from '../features/inbox/index.ts'
import type { RootStore } from './RootStore.ts'

const StoreContext = createContext<RootStore | null>(null)

export function StoreProvider({ store, children }: { store: RootStore; children: ReactNode }) {
  return <StoreContext.Provider value={store}>{children}</StoreContext.Provider>
}

export function useStores(): RootStore {
  const store = useContext(StoreContext)
  if (!store) throw new Error('useStores() needs a <StoreProvider>')
  return store
}

/** The inbox stores, for the parts shown only once they are loaded (a signed-in user). */
export function useInbox(): InboxStores {
  const { inbox } = useStores()
  if (!inbox.stores) throw new Error('useInbox() before the inbox stores are loaded')
  return inbox.stores
}
