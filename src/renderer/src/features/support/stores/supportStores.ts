import { createHttp } from '../../../api/http.ts'
import { lazyClient } from '../../../api/lazyClient.ts'
import type { RootStore } from '../../../stores/RootStore.ts'
import { StoreKey } from '../../../stores/StoreRegistry.ts'
import { createSupportApi, type SupportApi } from '../api.ts'
import { AssistanceStore } from './AssistanceStore.ts'
import { ReportFormStore } from './ReportFormStore.ts'
import { ReportsStore } from './ReportsStore.ts'

type Root = Pick<RootStore, 'session' | 'stores' | 'ui'>

export interface SupportStores {
  api: () => SupportApi
  reports: ReportsStore
  /** The report dialog's create mode, opened from a lesson. */
  creator: ReportFormStore
  assistance: AssistanceStore
}

/**
 * The support area's stores in the root's registry: kept while the user stays, new ones after a
 * sign-out or for another user (docs/decisions/0029-store-registry.md).
 */
const supportStoresKey = new StoreKey<SupportStores>('support')

export function supportStoresOf(root: Root): SupportStores {
  return root.stores.get(supportStoresKey, () => {
    const { session } = root
    const api = lazyClient(session, (baseUrls) => createSupportApi(createHttp(baseUrls, session, { language: session.apiLanguage })))
    const notify = root.ui.notify.bind(root.ui)
    const language = () => session.apiLanguage()
    const reports = new ReportsStore({ api, notify, language })
    const creator = new ReportFormStore({ api, notify, language, onChanged: () => void reports.list.reload() })
    return { api, reports, creator, assistance: new AssistanceStore(api, (url) => root.session.apiAddress(url)) }
  })
}
