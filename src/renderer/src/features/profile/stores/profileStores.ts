import { lazyClient } from '../../../api/lazyClient.ts'
import { createHttp } from '../../../api/http.ts'
import { createProfileApi, type AdCard, type ProfileApi } from '../api.ts'
import { shortLanguage } from '../../../i18n/languages.ts'
import { toTunis } from '../../../lib/time.ts'
import { BridgeError, type Platform } from '../../../platform/bridge.ts'
import { AvatarStore } from './AvatarStore.ts'
import { DivisionChangeStore } from './DivisionChangeStore.ts'
import { MarksheetsStore, MergeError, type MergeImages } from './MarksheetsStore.ts'
import { AddEmailStore, NotificationPreferencesStore, ParentPhoneStore, type DialogDeps } from './ProfileDialogStores.ts'
import { ProfileEditStore } from './ProfileEditStore.ts'
import type { SessionStore } from '../../../stores/SessionStore.ts'
import { StateNamesStore } from './StateNamesStore.ts'
import type { SettingsStore } from '../../../stores/SettingsStore.ts'
import type { UiStore } from '../../../stores/UiStore.ts'

export interface ProfileStores {
  deps: DialogDeps
  addEmail: AddEmailStore
  parentPhone: ParentPhoneStore
  preferences: NotificationPreferencesStore
  divisionChange: DivisionChangeStore
  marksheets: MarksheetsStore
  avatar: AvatarStore
  /** The governorates' Arabic names, for the profile page. */
  stateNames: StateNamesStore
  /** The profile's side column of ad cards (asked for on each visit). */
  adCards(): Promise<AdCard[]>
  /** A fresh form, filled from the current user (each visit of the edit screen). */
  newEditForm(): ProfileEditStore | null
}

/** The main process's merge of several photos into one PDF, with its progress events. */
export function platformMerge(platform: Pick<Platform, 'marksheetMerge' | 'onMarksheetProgress'>): MergeImages {
  return async (files, onProgress) => {
    // The page reads the picked files itself: main is never handed a path to open.
    let images: { name: string; bytes: Uint8Array<ArrayBuffer> }[]
    try {
      images = await Promise.all(files.map(async (file) => ({ name: file.name, bytes: new Uint8Array(await file.arrayBuffer()) })))
    } catch {
      throw new MergeError('failed')
    }
    const unsubscribe = platform.onMarksheetProgress(onProgress)
    try {
      const result = await platform.marksheetMerge({ files: images })
      return { fileName: result.fileName, bytes: result.bytes }
    } catch (error) {
      if (error instanceof BridgeError) {
        if (error.code === 'unavailable') throw new MergeError('unavailable')
        // A photo the merge could not use: main names it in the message.
        const named = files.find((file) => file.name === error.message)
        if (named) throw new MergeError('file', named.name)
      }
      throw new MergeError('failed')
    } finally {
      unsubscribe()
    }
  }
}

/** Wires the profile stores to the session's API and the platform. */
export function createProfileStores(root: {
  session: SessionStore
  ui: UiStore
  settings: SettingsStore
  platform: Platform
}): ProfileStores {
  // Built on first use: the base URLs arrive with the session's start-up.
  const profileApi: () => ProfileApi = lazyClient(root.session, (baseUrls) =>
    createProfileApi(createHttp(baseUrls, root.session, { language: root.session.apiLanguage }))
  )
  const deps: DialogDeps = { api: profileApi, session: root.session, ui: root.ui }
  return {
    deps,
    addEmail: new AddEmailStore(deps),
    parentPhone: new ParentPhoneStore(deps),
    preferences: new NotificationPreferencesStore(deps),
    divisionChange: new DivisionChangeStore({ ...deps, language: () => shortLanguage(root.settings.language) }),
    marksheets: new MarksheetsStore({ ...deps, merge: platformMerge(root.platform) }),
    avatar: new AvatarStore(deps),
    stateNames: new StateNamesStore(deps),
    adCards: () => profileApi().adCards(),
    newEditForm: () => {
      const user = root.session.me?.user
      return user
        ? new ProfileEditStore(
            {
              api: profileApi,
              session: root.session,
              ui: root.ui,
              language: root.session.apiLanguage,
              today: () => toTunis(Date.now())?.toISODate() ?? new Date().toISOString().slice(0, 10)
            },
            user
          )
        : null
    }
  }
}
