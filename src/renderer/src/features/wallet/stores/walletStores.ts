import { lazyClient, lazyLoadedClient } from '../../../api/lazyClient.ts'
import { shortLanguage } from '../../../i18n/languages.ts'
import { createHttp } from '../../../api/http.ts'
import { createWalletApi, type WalletApi } from '../api.ts'
import type { Platform } from '../../../platform/bridge.ts'
import { loadProfileApi } from '../../profile/index.ts'
import { HistoryStore, type ClassChangeRow } from './HistoryStore.ts'
import type { SessionStore } from '../../../stores/SessionStore.ts'
import type { SettingsStore } from '../../../stores/SettingsStore.ts'
import { TransferStore } from './TransferStore.ts'
import { createWalletFlows, type WalletFlows } from './walletFlows.ts'

/** The wallet screen's flows (walletFlows.ts), the transfer dialog and the history screen. */
export interface WalletStores extends WalletFlows {
  transfer: TransferStore
  history: HistoryStore
}

/** Wires the wallet, transfer and history stores to the session's API and the platform. */
export function createWalletStores(root: { platform: Platform; session: SessionStore; settings: SettingsStore }): WalletStores {
  // Built on first use: the base URLs arrive with the session's start-up.
  const walletApi: () => WalletApi = lazyClient(root.session, (baseUrls) => createWalletApi(createHttp(baseUrls, root.session)))
  const refreshUser = () => {
    if (root.session.signedIn) root.session.loadUser().catch(() => undefined)
  }
  const newKey = () => crypto.randomUUID()
  const flows = createWalletFlows({
    api: walletApi,
    openExternal: (url) => root.platform.shellOpenExternal(url),
    language: () => root.settings.language,
    onBalanceChanged: refreshUser,
    newKey
  })
  const transfer = new TransferStore({
    api: walletApi,
    adminUserId: () => root.session.session?.adminUserId ?? root.session.me?.admin_user_id ?? null,
    onTransferred: () => {
      void flows.wallet.refreshAfterPayment()
    },
    newKey
  })
  // The profile area's calls load with its chunk, the first time the list is asked for.
  const profileApi = lazyLoadedClient(root.session, async (baseUrls) => {
    const { createProfileApi } = await loadProfileApi()
    return createProfileApi(createHttp(baseUrls, root.session))
  })
  const classChanges = async (): Promise<ClassChangeRow[]> => {
    const requests = await (await profileApi()).divisionRequests(shortLanguage(root.settings.language))
    return requests.map((request) => ({
      id: request.id,
      old_division: request.old_division?.name ?? '',
      new_division: request.new_division.name,
      reason: request.reason,
      other_reason: request.reason2,
      status: request.status
    }))
  }
  return { ...flows, transfer, history: new HistoryStore(walletApi, classChanges) }
}
