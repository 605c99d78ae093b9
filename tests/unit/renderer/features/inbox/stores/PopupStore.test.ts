import { describe, expect, it } from 'vitest'
import { MessageStore } from '../../../../../../src/renderer/src/features/inbox/stores/MessageStore.ts'
import { PopupStore } from '../../../../../../src/renderer/src/features/inbox/stores/PopupStore.ts'
import { FakeInboxApi } from './inboxFakes.ts'

const popup = (id: string) => ({ _id: id, popup: { name: `Popup ${id}`, body: 'Corps' } })

/** User 7's popups, loaded: one for each id, in this order. */
async function loadedPopups(...ids: string[]) {
  const api = new FakeInboxApi()
  api.popupList = ids.map(popup)
  const store = new PopupStore(
    () => api,
    () => 7
  )
  await store.load()
  return { api, store }
}

describe('PopupStore', () => {
  it('shows popups one at a time; close keeps it for the next start, never show again tells the service', async () => {
    const { api, store } = await loadedPopups('a', 'b')
    expect(store.current?._id).toBe('a')
    await store.neverShowAgain()
    expect(api.hidden).toEqual(['a'])
    expect(store.current?._id).toBe('b')
    store.close()
    expect(store.current).toBeNull()
    // Closed popups do not come back in this run, even pushed again.
    store.receive(popup('b'))
    expect(store.current).toBeNull()
  })

  it('keeps the popup and says so when hiding fails', async () => {
    const { api, store } = await loadedPopups('a')
    api.failNext = true
    await store.neverShowAgain()
    expect(store.current?._id).toBe('a')
    expect(store.failed).toBe(true)
  })
})

describe('MessageStore', () => {
  it('counts unread messages, adds pushed ones once, and opening one marks it seen', async () => {
    const api = new FakeInboxApi()
    api.messagesList = [{ _id: 'm1', seen: false, message: { name: 'A', body: 'a' }, created_at: '2026-11-22T10:00:00Z' }]
    const store = new MessageStore(
      () => api,
      () => 7
    )
    await store.load()
    expect(store.unread).toBe(1)
    const pushed = { _id: 'm2', seen: false, message: { name: 'B', body: 'b' }, created_at: '2026-11-22T11:00:00Z' }
    store.receive(pushed)
    store.receive(pushed)
    expect(store.unread).toBe(2)
    expect(store.messages.map((m) => m._id)).toEqual(['m2', 'm1'])
    store.setTab('unread')
    expect(store.visible).toHaveLength(2)
    api.messagesList.unshift({ ...pushed })
    await store.open('m2')
    expect(store.opened?.seen).toBe(true)
    expect(store.unread).toBe(1)
    expect(store.visible.map((m) => m._id)).toEqual(['m1'])
  })

  it('"never show again" ends the popup it was asked for, and Close waits for it', async () => {
    const { api, store } = await loadedPopups('a', 'b')
    const hiding = store.neverShowAgain()
    expect(store.hiding).toBe(true)
    // Close (or Escape) while the service is being told: nothing happens to either popup.
    store.close()
    expect(store.current?._id).toBe('a')
    await hiding
    expect(api.hidden).toEqual(['a'])
    expect(store.current?._id).toBe('b')
    store.close()
    expect(store.current).toBeNull()
  })

  it('leaves out what was asked for before the account changed', async () => {
    const api = new FakeInboxApi()
    api.popupList = [popup('a')]
    api.messagesList = [{ _id: 'm1', seen: false, message: { name: 'A', body: 'a' }, created_at: '2026-11-22T10:00:00Z' }]
    let user: number | null = 7
    const popups = new PopupStore(
      () => api,
      () => user
    )
    const messages = new MessageStore(
      () => api,
      () => user
    )
    const asked = [popups.load(), messages.load()]
    user = 8
    popups.clear()
    messages.clear()
    await Promise.all(asked)
    expect(popups.current).toBeNull()
    expect(messages.messages).toEqual([])
    expect(messages.unread).toBe(0)
  })

  it('opening a message not in the list yet brings the list and its badge again', async () => {
    const api = new FakeInboxApi()
    api.messagesList = [
      { _id: 'm2', seen: false, message: { name: 'B', body: 'b' }, created_at: '2026-11-22T11:00:00Z' },
      { _id: 'm1', seen: false, message: { name: 'A', body: 'a' }, created_at: '2026-11-22T10:00:00Z' }
    ]
    const store = new MessageStore(
      () => api,
      () => 7
    )
    // A link to the message opened before the inbox was loaded.
    await store.open('m1')
    expect(store.opened?._id).toBe('m1')
    expect(store.unread).toBe(1)
    expect(store.messages.map((m) => [m._id, m.seen])).toEqual([
      ['m2', false],
      ['m1', true]
    ])
  })
})
