import { ApiError } from '../api/errors.ts'
import { createHttp } from '../api/http.ts'
import { createProfileApi, type ProfileApi } from '../api/profile.ts'
import { toTunis } from '../lib/time.ts'
import { AddEmailStore, NotificationPreferencesStore, ParentPhoneStore, type DialogDeps } from './ProfileDialogStores.ts'
import { ProfileEditStore } from './ProfileEditStore.ts'
import type { SessionStore } from './SessionStore.ts'
import type { UiStore } from './UiStore.ts'

export interface ProfileStores {
  deps: DialogDeps
  addEmail: AddEmailStore
  parentPhone: ParentPhoneStore
  preferences: NotificationPreferencesStore
  /** A fresh form, filled from the current user (each visit of the edit screen). */
  newEditForm(): ProfileEditStore | null
}

/** Wires the profile stores to the session's API. */
export function createProfileStores(root: { session: SessionStore; ui: UiStore }): ProfileStores {
  let api: { baseUrls: unknown; client: ProfileApi } | null = null
  // Built on first use: the base URLs arrive with the session's start-up.
  const profileApi = (): ProfileApi => {
    const baseUrls = root.session.baseUrls
    if (!baseUrls) throw new ApiError('network', 'the API is not configured yet')
    if (api?.baseUrls !== baseUrls) api = { baseUrls, client: createProfileApi(createHttp(baseUrls, root.session)) }
    return api.client
  }
  const deps: DialogDeps = { api: profileApi, session: root.session, ui: root.ui }
  return {
    deps,
    addEmail: new AddEmailStore(deps),
    parentPhone: new ParentPhoneStore(deps),
    preferences: new NotificationPreferencesStore(deps),
    newEditForm: () => {
      const user = root.session.me?.user
      return user ? new ProfileEditStore({ api: profileApi, session: root.session, ui: root.ui, today: () => toTunis(Date.now())?.toISODate() ?? new Date().toISOString().slice(0, 10) }, user) : null
    }
  }
}
