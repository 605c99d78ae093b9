/**
 * The stores that hold a user's data (wallet, transfers, history, profile dialogs) are rebuilt for
 * every signed-in user: after a sign-out, a new sign-in or an administrator's switch nothing of
 * the previous user is on screen.
 */
import { describe, expect, it } from 'vitest'
import { profileStoresOf } from '../../../../../src/renderer/src/features/profile/useProfileStores.ts'
import { prepareWallet, walletStoresOf } from '../../../../../src/renderer/src/features/wallet/useWalletStores.ts'
import { createI18n } from '../../../../../src/renderer/src/i18n/index.ts'
import { RootStore } from '../../../../../src/renderer/src/stores/RootStore.ts'
import { authResult, fakeAccountsApi, meFixture } from '../../fakeAccountsApi.ts'
import { fakePlatform } from '../../fakePlatform.ts'

describe('user-scoped stores', () => {
  it('are kept while the same user is signed in and rebuilt for the next one', async () => {
    const api = fakeAccountsApi({ switchSession: async () => authResult('pupil-access', 'pupil-refresh') })
    const root = new RootStore(fakePlatform(), { createApi: () => api })
    await root.session.start()
    await root.session.signIn(authResult())
    const wallet = walletStoresOf(root)
    const profile = profileStoresOf(root)
    expect(walletStoresOf(root)).toBe(wallet)
    expect(profileStoresOf(root)).toBe(profile)
    // A reload of the same user (every 80 s) keeps them.
    await root.session.loadUser()
    expect(walletStoresOf(root)).toBe(wallet)

    api.meAnswer = meFixture({ id: 2, name: 'Lina' }, {}, { admin_user_id: 9 })
    await root.session.switchTo({ token: 'switch-token', adminId: '9', userId: '2' })
    const afterSwitch = walletStoresOf(root)
    expect(afterSwitch).not.toBe(wallet)
    expect(profileStoresOf(root)).not.toBe(profile)

    await root.session.logout()
    expect(walletStoresOf(root)).not.toBe(afterSwitch)
    root.dispose()
  })

  it('are built ahead of the first wallet visit for a signed-in pupil only, with the wallet texts', async () => {
    const root = new RootStore(fakePlatform(), { createApi: () => fakeAccountsApi() })
    const i18n = createI18n('fr')
    await root.session.start()
    prepareWallet(root, i18n)
    expect(i18n.hasResourceBundle('ar', 'wallet')).toBe(true)
    // Once a pupil is signed in, the set prepared in idle time is the one the screen uses.
    await root.session.signIn(authResult())
    prepareWallet(root, i18n)
    const prepared = walletStoresOf(root)
    prepareWallet(root, i18n)
    expect(walletStoresOf(root)).toBe(prepared)
    root.dispose()
  })
})
