import { makeAutoObservable, runInAction } from 'mobx'
import type { Notification, NotificationPage, NotificationsApi } from '../api/notifications.ts'
import type { NativeNotification } from '../../../shared/ipc.ts'
import type { LoadStatus } from './status.ts'

export type NotificationTab = 'all' | 'unread'

export interface NotificationDeps {
  api(): NotificationsApi
  /** The user's preference flags (`transferPoint: false` …). */
  preferences(): Readonly<Record<string, boolean>> | null
  windowFocused(): boolean
  showNative(notification: NativeNotification): void
}

/** The app route a notification opens, or null (external links open in the browser). */
export function internalRoute(link: string | null): string | null {
  return link && /^\/(?!\/)/.test(link) ? link : null
}

/**
 * The bell: the unread count, the dropdown's list for its tab (24 a page, more while
 * `current_page < last_page`), and what arrives live. A notification is counted once, however
 * often it arrives (a reconnect replays; the list may hold it already).
 */
export class NotificationStore {
  tab: NotificationTab = 'all'
  items: Notification[] = []
  page = 0
  lastPage = 1
  status: LoadStatus = 'idle'
  moreStatus: LoadStatus = 'idle'
  unreadCount = 0
  /** The newest id known: anything pushed at or below it was already counted. */
  latestId = 0

  private readonly deps: NotificationDeps
  private generation = 0

  constructor(deps: NotificationDeps) {
    this.deps = deps
    makeAutoObservable<NotificationStore, 'deps' | 'generation' | 'showFirstPage'>(this, { deps: false, generation: false, showFirstPage: false }, { autoBind: true })
  }

  get hasMore(): boolean {
    return this.page < this.lastPage
  }

  /**
   * The unread count and the newest id, from the server. The newest ones come as the All tab's
   * first page, which the dropdown then opens on without waiting (it asks for it again behind).
   */
  async refreshCount(): Promise<void> {
    const api = this.deps.api()
    const generation = this.generation
    const [unread, newest] = await Promise.all([api.notifications(1, true, 1), api.notifications(1, false)])
    runInAction(() => {
      this.unreadCount = unread.meta.total
      this.latestId = Math.max(this.latestId, newest.data[0]?.id ?? 0)
      // Not over a list being loaded, another tab, or pages scrolled into.
      if (generation === this.generation && this.tab === 'all' && this.status !== 'loading' && this.page <= 1) this.showFirstPage(newest)
    })
  }

  setTab(tab: NotificationTab): void {
    if (tab === this.tab && this.status !== 'failed') return
    this.tab = tab
    void this.load()
  }

  /**
   * The first page of the current tab (the dropdown opening, a tab change, a retry). With
   * `keepShown`, a list already on screen stays there while it is asked for again (the dropdown
   * opening once more), and stays if that fails.
   */
  async load(options: { keepShown?: boolean } = {}): Promise<void> {
    const generation = ++this.generation
    if (!(options.keepShown && this.status === 'succeeded')) this.status = 'loading'
    this.moreStatus = 'idle'
    try {
      const page = await this.deps.api().notifications(1, this.tab === 'unread')
      runInAction(() => {
        if (generation !== this.generation) return
        this.showFirstPage(page)
        if (this.tab === 'unread') this.unreadCount = page.meta.total
      })
    } catch {
      runInAction(() => {
        if (generation === this.generation && this.status === 'loading') this.status = 'failed'
      })
    }
  }

  private showFirstPage(page: NotificationPage): void {
    this.items = page.data
    this.page = page.meta.current_page
    this.lastPage = page.meta.last_page
    this.latestId = Math.max(this.latestId, page.data[0]?.id ?? 0)
    this.status = 'succeeded'
  }

  /** The next page, appended (infinite scroll). */
  async loadMore(): Promise<void> {
    if (!this.hasMore || this.status !== 'succeeded' || this.moreStatus === 'loading') return
    const generation = this.generation
    this.moreStatus = 'loading'
    try {
      const page = await this.deps.api().notifications(this.page + 1, this.tab === 'unread')
      runInAction(() => {
        if (generation !== this.generation) return
        const known = new Set(this.items.map((n) => n.id))
        // Items pushed live shift the pages: skip what is on screen already.
        this.items.push(...page.data.filter((n) => !known.has(n.id)))
        this.page = page.meta.current_page
        this.lastPage = page.meta.last_page
        this.moreStatus = 'succeeded'
      })
    } catch {
      runInAction(() => {
        if (generation === this.generation) this.moreStatus = 'failed'
      })
    }
  }

  /** Opening a notification marks it seen (at once on screen; the server is told). */
  async markSeen(id: number): Promise<void> {
    const item = this.items.find((n) => n.id === id)
    const wasUnseen = item ? !item.seen : true
    if (item) item.seen = true
    if (this.tab === 'unread') this.items = this.items.filter((n) => n.id !== id)
    if (wasUnseen) this.unreadCount = Math.max(0, this.unreadCount - 1)
    try {
      await this.deps.api().markSeen(id)
    } catch {
      // Seen on this screen; the next count from the server says the truth.
    }
  }

  /** A notification pushed by the service (or replayed after a reconnect). */
  receive(notification: Notification): void {
    const isNew = notification.id > this.latestId
    if (isNew) this.latestId = notification.id
    const listed = this.items.some((n) => n.id === notification.id)
    if (!listed && this.status === 'succeeded' && (this.tab === 'all' || !notification.seen)) {
      this.items.unshift(notification)
    }
    if (!isNew || notification.seen) return
    this.unreadCount += 1
    if (this.deps.windowFocused()) return
    if (notification.type && this.deps.preferences()?.[notification.type] === false) return
    const route = internalRoute(notification.link)
    this.deps.showNative({ title: notification.title.slice(0, 256), body: notification.body.slice(0, 2000), ...(route ? { route } : {}) })
  }

  clear(): void {
    this.generation++
    this.tab = 'all'
    this.items = []
    this.page = 0
    this.lastPage = 1
    this.status = 'idle'
    this.moreStatus = 'idle'
    this.unreadCount = 0
    this.latestId = 0
  }
}
