import { compareStructural, makeAutoObservable, runInAction } from 'mobx'
import type { Notification, NotificationPage, NotificationsApi } from '../api.ts'
import { Resource } from '../../../lib/loadable.ts'
import { NOTIFICATION_PAGE_SIZE } from '../../../../../shared/constants.ts'
import type { NativeNotification } from '../../../../../shared/ipc.ts'
import type { LoadStatus } from '../../../stores/status.ts'

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

/** The web page a notification opens (in the browser, through main's allowlist), or null. */
export function externalUrl(link: string | null): string | null {
  return link && link.startsWith('https://') && link.length <= 2048 ? link : null
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
  moreStatus: LoadStatus = 'idle'
  unreadCount = 0
  /** The newest id known (the stream resumes after it). */
  latestId = 0
  /** Whether the unread count has come from the server since sign-in. */
  counted = false

  private readonly deps: NotificationDeps
  /**
   * The current tab's first page (lib/loadable.ts): a load asked for while another runs supersedes
   * it, and what was asked beside it (a next page, a count) is dropped once a newer load was asked.
   */
  private readonly firstPage: Resource<NotificationPage>
  /** A first page is on screen: it stays there while it is asked for again, and if that fails. */
  private shown = false
  /** Bumped when the user's data is dropped: answers asked for before it are not for this user. */
  private session = 0
  /** The newest id when the server last counted: the count includes everything up to it. */
  private countedThrough = 0
  /** Ids above that one counted here as they arrived (a replay or a late commit comes once). */
  private arrived = new Set<number>()
  /** A page that added nothing: the next one is asked for by number, not by what is shown. */
  private stalled = false

  constructor(deps: NotificationDeps) {
    this.deps = deps
    this.firstPage = new Resource(() => deps.api().notifications(1, this.tab === 'unread'), {
      onAnswer: (page) => {
        this.showFirstPage(page)
        if (this.tab === 'unread') this.unreadCount = page.meta.total
      }
    })
    makeAutoObservable<NotificationStore, 'deps' | 'firstPage' | 'session' | 'countedThrough' | 'arrived' | 'stalled' | 'showFirstPage'>(
      this,
      { deps: false, firstPage: false, session: false, countedThrough: false, arrived: false, stalled: false, showFirstPage: false },
      { autoBind: true }
    )
  }

  /** The list's status: a first page on screen is 'succeeded', whatever asking for it again does. */
  get status(): LoadStatus {
    return this.shown ? 'succeeded' : this.firstPage.status
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
    const asked = this.firstPage.asked
    const session = this.session
    const [unread, newest] = await Promise.all([api.notifications(1, true, 1), api.notifications(1, false)])
    runInAction(() => {
      if (session !== this.session) return
      const newestId = newest.data[0]?.id ?? 0
      this.unreadCount = unread.meta.total
      this.counted = true
      this.countedThrough = Math.max(this.countedThrough, newestId)
      for (const id of this.arrived) if (id <= this.countedThrough) this.arrived.delete(id)
      this.latestId = Math.max(this.latestId, newestId)
      // Not over a list being loaded, another tab, or pages scrolled into.
      if (asked === this.firstPage.asked && this.tab === 'all' && this.status !== 'loading' && this.page <= 1) this.showFirstPage(newest)
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
    if (!(options.keepShown && this.status === 'succeeded')) {
      this.shown = false
      this.firstPage.reset()
    }
    this.moreStatus = 'idle'
    await this.firstPage.reload()
  }

  private showFirstPage(page: NotificationPage): void {
    // The page on screen asked for again (the dropdown opening once more): when nothing in it
    // changed, the list is left as it is, and the rows are not drawn again.
    if (!(this.items.length === page.data.length && compareStructural(this.items, page.data))) this.items = page.data
    this.page = page.meta.current_page
    this.lastPage = page.meta.last_page
    this.latestId = Math.max(this.latestId, page.data[0]?.id ?? 0)
    this.stalled = false
    this.shown = true
  }

  /**
   * The next page, appended (infinite scroll). The list shown is the start of the server's, so
   * the page asked for is the one holding the first item not shown: a notification pushed live
   * moves the pages down, one opened in the Unread tab (and so taken out of it) moves them up,
   * and neither makes the list skip or repeat one.
   */
  async loadMore(): Promise<void> {
    if (!this.hasMore || this.status !== 'succeeded' || this.moreStatus === 'loading') return
    const asked = this.firstPage.asked
    const next = this.stalled ? this.page + 1 : Math.min(this.page + 1, Math.floor(this.items.length / NOTIFICATION_PAGE_SIZE) + 1)
    this.moreStatus = 'loading'
    try {
      const page = await this.deps.api().notifications(next, this.tab === 'unread')
      runInAction(() => {
        if (asked !== this.firstPage.asked) return
        const known = new Set(this.items.map((n) => n.id))
        const added = page.data.filter((n) => !known.has(n.id))
        this.items.push(...added)
        this.stalled = added.length === 0
        this.page = page.meta.current_page
        this.lastPage = page.meta.last_page
        this.moreStatus = 'succeeded'
      })
    } catch {
      runInAction(() => {
        if (asked === this.firstPage.asked) this.moreStatus = 'failed'
      })
    }
  }

  /**
   * Opening a notification marks it seen (at once on screen; the server is told). One not in the
   * list (opened from the system's notification) may have been seen already: the count is asked
   * for again rather than guessed.
   */
  async markSeen(id: number): Promise<void> {
    const item = this.items.find((n) => n.id === id)
    if (item && !item.seen) this.unreadCount = Math.max(0, this.unreadCount - 1)
    if (item) item.seen = true
    if (this.tab === 'unread') this.items = this.items.filter((n) => n.id !== id)
    try {
      await this.deps.api().markSeen(id)
    } catch {
      // Seen on this screen; the next count from the server says the truth.
      return
    }
    if (!item) await this.refreshCount().catch(() => undefined)
  }

  /** A notification pushed by the service (or replayed after a reconnect). */
  receive(notification: Notification): void {
    const { id } = notification
    const isNew = id > this.countedThrough && !this.arrived.has(id)
    if (isNew) this.arrived.add(id)
    this.latestId = Math.max(this.latestId, id)
    const listed = this.items.some((n) => n.id === id)
    if (!listed && this.status === 'succeeded' && (this.tab === 'all' || !notification.seen)) {
      // In order: a notification committed late goes below the newer ones already shown (or
      // waits for its page, when that page is not loaded yet).
      const at = this.items.findIndex((n) => n.id < id)
      if (at !== -1) this.items.splice(at, 0, notification)
      else if (!this.hasMore || this.items.length === 0) this.items.push(notification)
    }
    if (!isNew || notification.seen) return
    this.unreadCount += 1
    if (this.deps.windowFocused()) return
    if (notification.type && this.deps.preferences()?.[notification.type] === false) return
    const route = internalRoute(notification.link)
    const url = route ? null : externalUrl(notification.link)
    this.deps.showNative({
      id,
      title: notification.title.slice(0, 256),
      body: notification.body.slice(0, 2000),
      ...(route ? { route } : url ? { url } : {})
    })
  }

  clear(): void {
    this.firstPage.reset()
    this.shown = false
    this.session++
    this.counted = false
    this.countedThrough = 0
    this.arrived.clear()
    this.stalled = false
    this.tab = 'all'
    this.items = []
    this.page = 0
    this.lastPage = 1
    this.moreStatus = 'idle'
    this.unreadCount = 0
    this.latestId = 0
  }
}
