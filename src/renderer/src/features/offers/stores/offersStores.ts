import { createHttp } from '../../../api/http.ts'
import { lazyClient } from '../../../api/lazyClient.ts'
import type { RootStore } from '../../../stores/RootStore.ts'
import { StoreKey } from '../../../stores/StoreRegistry.ts'
import { createOffersApi } from '../api.ts'
import { OffersStore } from './OffersStore.ts'

/**
 * The offers area's store in the root's registry: kept while the user stays, a new one after a
 * sign-out or for another user (docs/decisions/0029-store-registry.md).
 */
const offersStoreKey = new StoreKey<OffersStore>('offers')

type Root = Pick<RootStore, 'session' | 'stores' | 'ui'>

export function offersStoreOf(root: Root): OffersStore {
  return root.stores.get(offersStoreKey, () => {
    const { session } = root
    const api = lazyClient(session, (baseUrls) => createOffersApi(createHttp(baseUrls, session, { language: session.apiLanguage })))
    return new OffersStore({
      api,
      now: () => new Date(),
      newKey: () => crypto.randomUUID(),
      giftCode: () => session.me?.user.gift_code ?? null,
      divisionId: () => session.me?.user.division?.id ?? null,
      // §4: after a purchase the user again (points, offers: the header's balance, the sidebar's permissions).
      onPurchased: () => {
        if (session.signedIn) session.loadUser().catch(() => undefined)
      },
      notify: (input) => root.ui.notify(input),
      // A code applied earlier and not used yet: the dialog opens with it applied (decision 0047).
      savedCode: () => session.me ?? null,
      onCodeRemoved: () => {
        if (session.signedIn) session.loadUser().catch(() => undefined)
      }
    })
  })
}
