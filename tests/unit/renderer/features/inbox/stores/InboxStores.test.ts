import { observable } from 'mobx'
import { describe, expect, it } from 'vitest'
import type { EventStreamOptions } from '../../../../../../src/renderer/src/api/eventStream.ts'
import { InboxStores, type InboxStoresOptions } from '../../../../../../src/renderer/src/features/inbox/stores/InboxStores.ts'
import { fakePlatform } from '../../../fakePlatform.ts'
import { FakeInboxApi, notification } from './inboxFakes.ts'

const settle = async () => {
  for (let i = 0; i < 10; i++) await Promise.resolve()
}

function setup(api: FakeInboxApi) {
  const session = observable({
    signedIn: true,
    me: { user: { id: 7, verified: true, offers: [], notification_preferences: null }, permissions: { changePassword: false } },
    baseUrls: { api: 'http://127.0.0.1:1/api', notify: 'http://127.0.0.1:1/notify' },
    accessToken: () => 'token',
    canRefresh: () => false,
    refresh: async () => 'token'
  })
  const streams: EventStreamOptions[] = []
  const stores = new InboxStores({
    platform: fakePlatform(),
    session: session as unknown as InboxStoresOptions['session'],
    createApi: () => api,
    initiallyFocused: () => true,
    openStream: (options) => {
      streams.push(options)
      return { close: () => undefined, lastEventId: null }
    }
  } as InboxStoresOptions)
  return { stores, streams }
}

describe('the inbox stores’ realtime connection', () => {
  it('resumes after the newest notification the count brought', async () => {
    const api = new FakeInboxApi()
    api.items = [notification(1), notification(2), notification(3, { seen: true })]
    const { stores, streams } = setup(api)
    await settle()
    expect(streams).toHaveLength(1)
    expect(streams[0]!.resumeFrom).toBe('3')
    expect(stores.notifications.unreadCount).toBe(2)
    stores.dispose()
  })

  it('with no notification yet, resumes from the start, so one made meanwhile still comes', async () => {
    const { stores, streams } = setup(new FakeInboxApi())
    await settle()
    expect(streams[0]!.resumeFrom).toBe('0')
    stores.dispose()
  })

  it('without a count, asks for no replay (nothing old comes back as new) and counts again once connected', async () => {
    const api = new FakeInboxApi()
    api.items = Array.from({ length: 5 }, (_, i) => notification(i + 1))
    api.failNext = true
    const { stores, streams } = setup(api)
    await settle()
    expect(streams).toHaveLength(1)
    expect(streams[0]!.resumeFrom).toBeUndefined()
    expect(stores.notifications.counted).toBe(false)
    streams[0]!.onOpen?.({ resumed: false })
    await settle()
    expect(stores.notifications.counted).toBe(true)
    expect(stores.notifications.unreadCount).toBe(5)
    stores.dispose()
  })
})
