import type {
  InboxMessage,
  Notification,
  NotificationPage,
  NotificationsApi,
  Popup,
  SearchResult
} from '../../../../../../src/renderer/src/features/inbox/api.ts'

export function notification(id: number, extra: Partial<Notification> = {}): Notification {
  return {
    id,
    title: `Titre ${id}`,
    body: `Corps ${id}`,
    link: null,
    url: null,
    type: null,
    seen: false,
    created_at: '2026-11-22T10:00:00.000Z',
    ...extra
  }
}

/** An in-memory notification service with the server's paging and filtering. */
export class FakeInboxApi implements NotificationsApi {
  items: Notification[] = []
  messagesList: InboxMessage[] = []
  popupList: Popup[] = []
  hidden: string[] = []
  searches: string[] = []
  searchResults: SearchResult[] = []
  failNext = false
  calls: string[] = []

  async notifications(page: number, unreadOnly: boolean, perPage = 24): Promise<NotificationPage> {
    this.calls.push(`list ${page} ${unreadOnly} ${perPage}`)
    if (this.failNext) {
      this.failNext = false
      throw new Error('network')
    }
    const all = [...this.items].filter((n) => !unreadOnly || !n.seen).sort((a, b) => b.id - a.id)
    const lastPage = Math.max(1, Math.ceil(all.length / perPage))
    return {
      data: all.slice((page - 1) * perPage, page * perPage),
      meta: { current_page: page, last_page: lastPage, total: all.length, per_page: perPage }
    }
  }

  async markSeen(id: number): Promise<Notification> {
    this.calls.push(`seen ${id}`)
    const item = this.items.find((n) => n.id === id)
    if (!item) throw new Error('404')
    item.seen = true
    return { ...item }
  }

  async messages() {
    return { data: this.messagesList.map((m) => ({ ...m })), unread: this.messagesList.filter((m) => !m.seen).length }
  }

  async message(_userId: number, id: string) {
    const found = this.messagesList.find((m) => m._id === id)
    if (!found) throw new Error('404')
    found.seen = true
    return { ...found }
  }

  async popups() {
    return this.popupList.filter((p) => !this.hidden.includes(p._id))
  }

  async hidePopup(_userId: number, id: string) {
    if (this.failNext) {
      this.failNext = false
      throw new Error('network')
    }
    this.hidden.push(id)
  }

  async search(term: string) {
    this.searches.push(term)
    return this.searchResults
  }
}
