import { createHttp } from '../../../api/http.ts'
import { lazyClient } from '../../../api/lazyClient.ts'
import type { SessionStore } from '../../../stores/SessionStore.ts'
import { StoreKey, type StoreRegistry } from '../../../stores/StoreRegistry.ts'
import { createLearningApi, type LearningApi } from '../api.ts'
import { SubjectDetailsStore } from './SubjectDetailsStore.ts'
import { SubjectsStore } from './SubjectsStore.ts'

type Root = { session: SessionStore; stores: StoreRegistry }

export interface LearningStores {
  api: () => LearningApi
  subjects: SubjectsStore
  /** One store per subject page visited, kept while the user stays. */
  details: Map<string, SubjectDetailsStore>
}

/**
 * The learning area's stores in the root's registry: kept while the user stays, new ones after a
 * sign-out or for another user (docs/decisions/0029-store-registry.md).
 */
export const learningStoresKey = new StoreKey<LearningStores>('learning')

function learningStoresOf(root: Root): LearningStores {
  return root.stores.get(learningStoresKey, () => {
    const api = lazyClient(root.session, (baseUrls) => createLearningApi(createHttp(baseUrls, root.session, { language: root.session.apiLanguage })))
    return { api, subjects: new SubjectsStore(api), details: new Map() }
  })
}

export function subjectsStoreOf(root: Root): SubjectsStore {
  return learningStoresOf(root).subjects
}

/** The store of one subject's page (its route's `subject_id`, an id or a slug). */
export function subjectDetailsStoreOf(root: Root, subjectId: string): SubjectDetailsStore {
  const stores = learningStoresOf(root)
  let store = stores.details.get(subjectId)
  if (!store) {
    store = new SubjectDetailsStore(subjectId, stores.api, stores.subjects)
    stores.details.set(subjectId, store)
  }
  return store
}
