import { observable, runInAction } from 'mobx'
import { describe, expect, it } from 'vitest'
import { InboxHost } from '../../../../src/renderer/src/stores/InboxHost.ts'
import type { InboxStores, InboxStoresOptions } from '../../../../src/renderer/src/features/inbox/stores/InboxStores.ts'

function setup(signedIn: boolean) {
  const session = observable({ signedIn })
  const built: unknown[] = []
  class FakeInboxStores {
    userId = 7
    constructor(options: unknown) {
      built.push(options)
    }
    dispose() {}
  }
  const queued: Array<() => void> = []
  let loads = 0
  const host = new InboxHost(
    { session } as unknown as InboxStoresOptions,
    () => {
      loads++
      return Promise.resolve({ InboxStores: FakeInboxStores as unknown as typeof InboxStores })
    },
    (work) => queued.push(work)
  )
  const runQueued = async () => {
    for (const work of queued.splice(0)) work()
    await Promise.resolve()
    await Promise.resolve()
  }
  return { session, host, built, queued, runQueued, loads: () => loads }
}

describe('the inbox host', () => {
  it('builds the inbox stores in the quiet moment after sign-in, not before', async () => {
    const { host, built, queued, runQueued, loads } = setup(true)
    expect(queued).toHaveLength(1)
    expect(loads()).toBe(0)
    expect(host.stores).toBeNull()
    await runQueued()
    expect(loads()).toBe(1)
    expect(built).toHaveLength(1)
    expect(host.userId).toBe(7)
  })

  it('builds nothing when the user signed out before that moment, and builds once signed in again', async () => {
    const { session, host, built, queued, runQueued } = setup(true)
    runInAction(() => (session.signedIn = false))
    await runQueued()
    expect(built).toHaveLength(0)
    runInAction(() => (session.signedIn = true))
    expect(queued).toHaveLength(1)
    await runQueued()
    expect(host.stores).not.toBeNull()
  })

  it('waits for a sign-in, and builds nothing after being disposed', async () => {
    const { session, host, built, queued, runQueued } = setup(false)
    expect(queued).toHaveLength(0)
    runInAction(() => (session.signedIn = true))
    host.dispose()
    await runQueued()
    expect(built).toHaveLength(0)
  })
})
