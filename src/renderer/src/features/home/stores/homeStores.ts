import { lazyClient } from '../../../api/lazyClient.ts'
import { createHomeApi, type HomeApi } from '../api.ts'
import { createHttp } from '../../../api/http.ts'
import { FreeHoursStore } from './FreeHoursStore.ts'
import { browserFlagStorage } from '../../../lib/flagStorage.ts'
import { HomeStore } from './HomeStore.ts'
import type { InboxStores } from '../../inbox/index.ts'
import type { SessionStore } from '../../../stores/SessionStore.ts'
import { StoreKey, type StoreRegistry } from '../../../stores/StoreRegistry.ts'

type Root = { session: SessionStore; stores: StoreRegistry; inbox?: { stores: Pick<InboxStores, 'popups'> | null } }

export interface HomeStores {
  api: () => HomeApi
  home: HomeStore
  freeHours: FreeHoursStore
}

/**
 * The home area's stores in the root's registry: kept while the user stays (coming back to the
 * home shows what it had while it refreshes), new ones after a sign-out or for another user
 * (`SessionStore.userScope`): nothing kept is carried over to the next session.
 */
export const homeStoresKey = new StoreKey<HomeStores>('home')

function homeStoresOf(root: Root): HomeStores {
  return root.stores.get(homeStoresKey, () => {
    // The home calls on the session's API, built on first use (the base URLs arrive with the start-up).
    const api = lazyClient(root.session, (baseUrls) =>
      createHomeApi(createHttp(baseUrls, root.session, { language: root.session.apiLanguage }))
    )
    return {
      api,
      home: new HomeStore({
        api,
        hasForum: () => root.session.me?.permissions.has_forum === true,
        userId: () => root.session.me?.user.id ?? null,
        flags: browserFlagStorage(),
        otherDialogOpen: () => root.session.storageWarning || (root.inbox?.stores?.popups.current ?? null) !== null
      }),
      freeHours: new FreeHoursStore(api)
    }
  })
}

/** The home calls on the session's API. */
export function homeApiOf(root: Root): HomeApi {
  return homeStoresOf(root).api()
}

/** The home's store for the signed-in user. */
export function homeStoreOf(root: Root): HomeStore {
  return homeStoresOf(root).home
}

export function freeHoursStoreOf(root: Root): FreeHoursStore {
  return homeStoresOf(root).freeHours
}
