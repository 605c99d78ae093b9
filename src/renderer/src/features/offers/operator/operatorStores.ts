import { createHttp } from '../../../api/http.ts'
import { lazyClient } from '../../../api/lazyClient.ts'
import type { RootStore } from '../../../stores/RootStore.ts'
import { StoreKey } from '../../../stores/StoreRegistry.ts'
import type { OperatorRecurrence } from '../../../../../shared/api/operatorBilling.ts'
import { createOperatorBillingApi, type OperatorBillingApi } from './api.ts'
import { OperatorCheckoutStore } from './OperatorCheckoutStore.ts'
import { OperatorReturnStore } from './OperatorReturnStore.ts'

type Root = Pick<RootStore, 'session' | 'stores' | 'platform'>

const apiKey = new StoreKey<() => OperatorBillingApi>('operator-billing-api')
const returnKey = new StoreKey<OperatorReturnStore>('operator-return')

function apiOf(root: Root): () => OperatorBillingApi {
  return root.stores.get(apiKey, () =>
    lazyClient(root.session, (baseUrls) =>
      createOperatorBillingApi(createHttp(baseUrls, root.session, { language: root.session.apiLanguage }))
    )
  )
}

/** A new operator step for a plan of `recurrence` days, the account's phone proposed. */
export function operatorCheckoutFor(root: Root, recurrence: OperatorRecurrence): OperatorCheckoutStore {
  return new OperatorCheckoutStore(
    recurrence,
    {
      api: apiOf(root),
      divisionId: () => root.session.me?.user.division?.id ?? null,
      openExternal: (url) => root.platform.shellOpenExternal(url)
    },
    root.session.me?.user.phone ?? ''
  )
}

/** The operator's return links' store, kept while the user stays. */
export function operatorReturnOf(root: Root): OperatorReturnStore {
  return root.stores.get(
    returnKey,
    () =>
      new OperatorReturnStore({
        api: apiOf(root),
        onActivated: () => {
          if (root.session.signedIn) root.session.loadUser().catch(() => undefined)
        }
      })
  )
}

export { apiOf as operatorBillingApiOf }
