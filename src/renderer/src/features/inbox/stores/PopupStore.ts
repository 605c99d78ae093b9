import { makeAutoObservable, runInAction } from 'mobx'
import type { NotificationsApi, Popup } from '../api.ts'

/**
 * Popups shown at start, one at a time: "close" hides one until the next start, "never show
 * again" tells the service, which stops sending it to this user.
 */
export class PopupStore {
  queue: Popup[] = []
  hiding = false
  failed = false

  private readonly dismissed = new Set<string>()
  private readonly api: () => NotificationsApi
  private readonly userId: () => number | null

  constructor(api: () => NotificationsApi, userId: () => number | null) {
    this.api = api
    this.userId = userId
    makeAutoObservable<PopupStore, 'api' | 'userId' | 'dismissed'>(
      this,
      { api: false, userId: false, dismissed: false },
      { autoBind: true }
    )
  }

  get current(): Popup | null {
    return this.queue[0] ?? null
  }

  async load(): Promise<void> {
    const userId = this.userId()
    if (userId === null) return
    try {
      const popups = await this.api().popups(userId)
      runInAction(() => {
        // Asked for by the user before a switch of account: not this user's popups.
        if (this.userId() !== userId) return
        for (const popup of popups) this.receive(popup)
      })
    } catch {
      // Popups are announcements: none shown is better than an error on start.
    }
  }

  receive(popup: Popup): void {
    if (this.dismissed.has(popup._id) || this.queue.some((p) => p._id === popup._id)) return
    this.queue.push(popup)
  }

  /** Until the next start. Not while "never show again" is on its way: it ends this popup itself. */
  close(): void {
    const popup = this.current
    if (!popup || this.hiding) return
    this.dismiss(popup._id)
  }

  private dismiss(popupId: string): void {
    this.dismissed.add(popupId)
    this.queue = this.queue.filter((p) => p._id !== popupId)
    this.failed = false
  }

  async neverShowAgain(): Promise<void> {
    const popup = this.current
    const userId = this.userId()
    if (!popup || userId === null || this.hiding) return
    this.hiding = true
    this.failed = false
    try {
      await this.api().hidePopup(userId, popup._id)
      runInAction(() => {
        this.hiding = false
        this.dismiss(popup._id)
      })
    } catch {
      runInAction(() => {
        this.hiding = false
        this.failed = true
      })
    }
  }

  clear(): void {
    this.queue = []
    this.dismissed.clear()
    this.hiding = false
    this.failed = false
  }
}
