import { describe, expect, it } from 'vitest'
import { internalRoute, NotificationStore } from '../../../../../../src/renderer/src/features/inbox/stores/NotificationStore.ts'
import type { NativeNotification } from '../../../../../../src/shared/ipc.ts'
import { FakeInboxApi, notification } from './inboxFakes.ts'

function setup(options: { focused?: boolean; preferences?: Record<string, boolean> } = {}) {
  const api = new FakeInboxApi()
  const shown: NativeNotification[] = []
  let focused = options.focused ?? true
  const store = new NotificationStore({
    api: () => api,
    preferences: () => options.preferences ?? null,
    windowFocused: () => focused,
    showNative: (n) => shown.push(n)
  })
  return {
    api,
    store,
    shown,
    setFocused: (value: boolean) => {
      focused = value
    }
  }
}

describe('NotificationStore', () => {
  it('counts the unread ones and remembers the newest id', async () => {
    const { api, store } = setup()
    api.items = [notification(1, { seen: true }), notification(2), notification(3)]
    await store.refreshCount()
    expect(store.unreadCount).toBe(2)
    expect(store.latestId).toBe(3)
  })

  it('loads 24 a page and appends the next while current_page < last_page', async () => {
    const { api, store } = setup()
    api.items = Array.from({ length: 60 }, (_, i) => notification(i + 1))
    await store.load()
    expect(store.items).toHaveLength(24)
    expect(store.items[0]!.id).toBe(60)
    expect(store.hasMore).toBe(true)
    await store.loadMore()
    await store.loadMore()
    expect(store.items).toHaveLength(60)
    expect(store.hasMore).toBe(false)
    await store.loadMore()
    expect(api.calls.filter((c) => c.startsWith('list'))).toHaveLength(3)
    expect(new Set(store.items.map((n) => n.id)).size).toBe(60)
  })

  it('prepends a pushed notification and counts it once, however often it arrives', async () => {
    const { api, store } = setup()
    api.items = [notification(1), notification(2)]
    await store.refreshCount()
    await store.load()
    store.receive(notification(3))
    store.receive(notification(3))
    expect(store.items.map((n) => n.id)).toEqual([3, 2, 1])
    expect(store.unreadCount).toBe(3)
    // A replay of something already counted changes nothing.
    store.receive(notification(2))
    expect(store.unreadCount).toBe(3)
    expect(store.items).toHaveLength(3)
  })

  it('does not duplicate an item when a page shifted by live ones is loaded', async () => {
    const { api, store } = setup()
    api.items = Array.from({ length: 30 }, (_, i) => notification(i + 1))
    await store.load()
    const live = notification(31)
    api.items.push(live)
    store.receive(live)
    await store.loadMore()
    expect(store.items).toHaveLength(31)
    expect(new Set(store.items.map((n) => n.id)).size).toBe(31)
  })

  it('marks as seen at once and tells the server; the unread tab drops it', async () => {
    const { api, store } = setup()
    api.items = [notification(1), notification(2)]
    await store.refreshCount()
    store.setTab('unread')
    await store.load()
    await store.markSeen(2)
    expect(store.unreadCount).toBe(1)
    expect(store.items.map((n) => n.id)).toEqual([1])
    expect(api.items.find((n) => n.id === 2)!.seen).toBe(true)
  })

  it('shows a native notification only when the window is in the background and the family is not turned off', async () => {
    const { store, shown, setFocused } = setup({ preferences: { transferPoint: false } })
    store.receive(notification(1, { link: '/porte-monnaie' }))
    expect(shown).toEqual([])
    setFocused(false)
    store.receive(notification(2, { link: '/porte-monnaie' }))
    store.receive(notification(3, { type: 'transferPoint' }))
    store.receive(notification(4, { link: 'https://darsi.tn/offres' }))
    expect(shown).toEqual([
      { id: 2, title: 'Titre 2', body: 'Corps 2', route: '/porte-monnaie' },
      { id: 4, title: 'Titre 4', body: 'Corps 4', url: 'https://darsi.tn/offres' }
    ])
    // Counted all the same: the preference governs the native notification, not the list.
    expect(store.unreadCount).toBe(4)
  })

  it('skips none in the Unread tab when one opened there leaves it before the next page', async () => {
    const { api, store } = setup()
    api.items = Array.from({ length: 50 }, (_, i) => notification(i + 1))
    await store.refreshCount()
    store.setTab('unread')
    await store.load()
    expect(store.items).toHaveLength(24)
    // Opened without leaving the dropdown (no link): the server's unread pages move up by one.
    await store.markSeen(40)
    await store.markSeen(45)
    while (store.hasMore) await store.loadMore()
    const shown = store.items.map((n) => n.id)
    expect(new Set(shown).size).toBe(shown.length)
    expect(shown.sort((a, b) => b - a)).toEqual(
      api.items
        .filter((n) => !n.seen)
        .map((n) => n.id)
        .sort((a, b) => b - a)
    )
    expect(shown).toHaveLength(48)
  })

  it('counts both of two notifications committed out of order, and files the late one in its place', async () => {
    const { api, store, shown, setFocused } = setup()
    api.items = Array.from({ length: 3 }, (_, i) => notification(i + 1))
    await store.refreshCount()
    await store.load()
    setFocused(false)
    store.receive(notification(5))
    store.receive(notification(4))
    store.receive(notification(4))
    expect(store.unreadCount).toBe(5)
    expect(store.items.map((n) => n.id)).toEqual([5, 4, 3, 2, 1])
    expect(shown.map((n) => n.id)).toEqual([5, 4])
    // What the count already held is not counted again when it comes in a replay.
    store.receive(notification(3))
    expect(store.unreadCount).toBe(5)
  })

  it('counts and shows one that belongs to a page not loaded yet, and lists it when that page comes', async () => {
    const { api, store, shown, setFocused } = setup()
    api.items = Array.from({ length: 30 }, (_, i) => notification(i * 2 + 1))
    // The list came, the count did not (it is asked for again later).
    await store.load()
    expect(store.items.at(-1)!.id).toBe(13)
    setFocused(false)
    // Committed late, below everything on screen: it is on page 2.
    const late = notification(12)
    api.items.push(late)
    store.receive(late)
    expect(store.unreadCount).toBe(1)
    expect(shown.map((n) => n.id)).toEqual([12])
    expect(store.items.some((n) => n.id === 12)).toBe(false)
    await store.loadMore()
    expect(store.items.filter((n) => n.id === 12)).toHaveLength(1)
  })

  it('asks for the count again when one opened from the system notification is not in the list', async () => {
    const { api, store } = setup()
    api.items = Array.from({ length: 30 }, (_, i) => notification(i + 1, { seen: i === 2 }))
    await store.refreshCount()
    expect(store.unreadCount).toBe(29)
    // Seen already (elsewhere): not counted down twice.
    await store.markSeen(3)
    expect(store.unreadCount).toBe(29)
    await store.markSeen(4)
    expect(store.unreadCount).toBe(28)
    expect(api.calls.filter((c) => c === 'list 1 true 1')).toHaveLength(3)
  })

  it('drops a count asked for by the previous user', async () => {
    const { api, store } = setup()
    api.items = [notification(1), notification(2)]
    const asked = store.refreshCount()
    store.clear()
    await asked
    expect(store.unreadCount).toBe(0)
    expect(store.latestId).toBe(0)
    expect(store.counted).toBe(false)
  })

  it('keeps the list on a failed page and lets it be retried', async () => {
    const { api, store } = setup()
    api.items = Array.from({ length: 30 }, (_, i) => notification(i + 1))
    await store.load()
    api.failNext = true
    await store.loadMore()
    expect(store.moreStatus).toBe('failed')
    expect(store.items).toHaveLength(24)
    await store.loadMore()
    expect(store.items).toHaveLength(30)
  })

  it("the count brings the All tab's first page: the dropdown opens on it, and keeps it while asking again", async () => {
    const { api, store } = setup()
    api.items = Array.from({ length: 30 }, (_, i) => notification(i + 1))
    await store.refreshCount()
    expect(store.status).toBe('succeeded')
    expect(store.items.map((n) => n.id).slice(0, 2)).toEqual([30, 29])
    expect(store.items).toHaveLength(24)
    expect(store.hasMore).toBe(true)

    // Opening: the list stays on screen (no spinner) while page 1 is asked for again.
    api.items.push(notification(31))
    const reload = store.load({ keepShown: true })
    expect(store.status).toBe('succeeded')
    expect(store.items[0]!.id).toBe(30)
    await reload
    expect(store.items[0]!.id).toBe(31)

    // That second request failing leaves the list as it was.
    api.failNext = true
    await store.load({ keepShown: true })
    expect(store.status).toBe('succeeded')
    expect(store.items[0]!.id).toBe(31)

    // Without a list to keep (a tab change), the load shows its progress and its failure.
    store.clear()
    api.failNext = true
    const failing = store.load({ keepShown: true })
    expect(store.status).toBe('loading')
    await failing
    expect(store.status).toBe('failed')
  })

  it('leaves the list on screen as it is when the page asked for again has not changed', async () => {
    const { api, store } = setup()
    api.items = Array.from({ length: 30 }, (_, i) => notification(i + 1))
    await store.load()
    const shown = store.items
    const firstRow = store.items[0]
    // The same page again, as new objects (a new answer from the server): nothing is replaced.
    api.items = api.items.map((n) => ({ ...n }))
    await store.load({ keepShown: true })
    expect(store.items).toBe(shown)
    expect(store.items[0]).toBe(firstRow)
    // One of them read elsewhere: the page is taken.
    api.items = api.items.map((n) => (n.id === 29 ? { ...n, seen: true } : n))
    await store.load({ keepShown: true })
    expect(store.items).not.toBe(shown)
    expect(store.items.find((n) => n.id === 29)?.seen).toBe(true)
  })

  it('the count leaves alone the Unread tab, a list being loaded and pages scrolled into', async () => {
    const { api, store } = setup()
    api.items = Array.from({ length: 60 }, (_, i) => notification(i + 1, { seen: i % 2 === 0 }))
    store.setTab('unread')
    await store.load()
    const unreadIds = store.items.map((n) => n.id)
    await store.refreshCount()
    expect(store.items.map((n) => n.id)).toEqual(unreadIds)

    store.setTab('all')
    await store.load()
    await store.loadMore()
    expect(store.items).toHaveLength(48)
    await store.refreshCount()
    expect(store.items).toHaveLength(48)

    // An answer that comes back after a load has started does not overwrite it.
    store.clear()
    const count = store.refreshCount()
    const load = store.load()
    await Promise.all([count, load])
    expect(store.items).toHaveLength(24)
    expect(api.calls.filter((c) => c === 'list 1 false 24').length).toBeGreaterThanOrEqual(2)
  })

  it('follows only app routes inside the app', () => {
    expect(internalRoute('/porte-monnaie')).toBe('/porte-monnaie')
    expect(internalRoute('//evil.example/x')).toBeNull()
    expect(internalRoute('https://darsi.tn')).toBeNull()
    expect(internalRoute(null)).toBeNull()
  })
})
