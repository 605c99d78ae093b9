import { ApiError } from '../../../api/errors.ts'
import { createHomeApi, type HomeApi } from '../api.ts'
import { createHttp } from '../../../api/http.ts'
import { FreeHoursStore } from './FreeHoursStore.ts'
import { browserFlagStorage } from '../../../lib/flagStorage.ts'
import { HomeStore } from './HomeStore.ts'
import type { InboxStores } from '../../inbox/index.ts'
import type { SessionStore } from '../../../stores/SessionStore.ts'

type Root = { session: SessionStore; inbox?: { stores: Pick<InboxStores, 'popups'> | null } }

const apis = new WeakMap<Root, { baseUrls: unknown; client: HomeApi }>()

/** The home calls on the session's API, built on first use (the base URLs arrive with the start-up). */
export function homeApiOf(root: Root): HomeApi {
  const baseUrls = root.session.baseUrls
  if (!baseUrls) throw new ApiError('network', 'the API is not configured yet')
  let entry = apis.get(root)
  if (entry?.baseUrls !== baseUrls) {
    entry = { baseUrls, client: createHomeApi(createHttp(baseUrls, root.session, { language: root.session.apiLanguage })) }
    apis.set(root, entry)
  }
  return entry.client
}

const homes = new WeakMap<Root, { scope: number; store: HomeStore }>()

/**
 * The home's store for the signed-in user: kept while they stay (coming back to the home shows
 * what it had while it refreshes), a new one after a sign-out or for another user
 * (`SessionStore.userScope`): nothing kept is carried over to the next session.
 */
export function homeStoreOf(root: Root): HomeStore {
  const scope = root.session.userScope
  let entry = homes.get(root)
  if (!entry || entry.scope !== scope) {
    entry = {
      scope,
      store: new HomeStore({
        api: () => homeApiOf(root),
        hasForum: () => root.session.me?.permissions.has_forum === true,
        userId: () => root.session.me?.user.id ?? null,
        flags: browserFlagStorage(),
        otherDialogOpen: () => root.session.storageWarning || (root.inbox?.stores?.popups.current ?? null) !== null
      })
    }
    homes.set(root, entry)
  }
  return entry.store
}

const freeHours = new WeakMap<Root, { scope: number; store: FreeHoursStore }>()

export function freeHoursStoreOf(root: Root): FreeHoursStore {
  const scope = root.session.userScope
  let entry = freeHours.get(root)
  if (!entry || entry.scope !== scope) {
    entry = { scope, store: new FreeHoursStore(() => homeApiOf(root)) }
    freeHours.set(root, entry)
  }
  return entry.store
}
