import { describe, expect, it } from 'vitest'
import { freeHoursStoreOf, homeStoreOf } from '../../../../../../src/renderer/src/features/home/stores/homeStores.ts'
import type { SessionStore } from '../../../../../../src/renderer/src/stores/SessionStore.ts'
import { StoreRegistry } from '../../../../../../src/renderer/src/stores/StoreRegistry.ts'

/** The part of the session the home's stores read: who is signed in, and the scope of their data. */
function rootOf(userId: number) {
  const session = { userScope: 1, me: { user: { id: userId }, permissions: { has_forum: false } }, baseUrls: null, storageWarning: false }
  return { root: { session: session as unknown as SessionStore, stores: new StoreRegistry(() => session.userScope) }, session }
}

describe('the home stores of a session', () => {
  it('are kept while the user stays, and built again after a sign-out, even for the same user', () => {
    const { root, session } = rootOf(7)
    const home = homeStoreOf(root)
    const hours = freeHoursStoreOf(root)
    expect(homeStoreOf(root)).toBe(home)
    expect(freeHoursStoreOf(root)).toBe(hours)
    // Signed out and in again within the minute the home keeps its answers: nothing is carried over.
    session.userScope += 1
    expect(homeStoreOf(root)).not.toBe(home)
    expect(freeHoursStoreOf(root)).not.toBe(hours)
  })
})
