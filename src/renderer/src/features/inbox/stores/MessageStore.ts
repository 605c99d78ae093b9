import { makeAutoObservable, runInAction } from 'mobx'
import type { InboxMessage, NotificationsApi } from '../api.ts'
import type { LoadStatus } from '../../../stores/status.ts'

export type MessageTab = 'all' | 'unread'

/** The inbox: its messages (newest first), the unread badge, and one opened message. */
export class MessageStore {
  tab: MessageTab = 'all'
  messages: InboxMessage[] = []
  unread = 0
  status: LoadStatus = 'idle'
  opened: InboxMessage | null = null
  openStatus: LoadStatus = 'idle'

  private readonly api: () => NotificationsApi
  private readonly userId: () => number | null

  constructor(api: () => NotificationsApi, userId: () => number | null) {
    this.api = api
    this.userId = userId
    makeAutoObservable<MessageStore, 'api' | 'userId'>(this, { api: false, userId: false }, { autoBind: true })
  }

  get visible(): InboxMessage[] {
    return this.tab === 'unread' ? this.messages.filter((m) => !m.seen) : this.messages
  }

  setTab(tab: MessageTab): void {
    this.tab = tab
  }

  async load(): Promise<void> {
    const userId = this.userId()
    if (userId === null) return
    this.status = 'loading'
    try {
      const inbox = await this.api().messages(userId)
      runInAction(() => {
        // Asked for by the user before a switch of account: not this user's inbox.
        if (this.userId() !== userId) return
        this.messages = inbox.data
        this.unread = inbox.unread
        this.status = 'succeeded'
      })
    } catch {
      runInAction(() => {
        if (this.userId() === userId) this.status = 'failed'
      })
    }
  }

  /**
   * The detail page: fetching it marks it seen on the server. One not in the list (a link opened
   * before the list came, or an older one) brings the list and its badge again.
   */
  async open(messageId: string): Promise<void> {
    const userId = this.userId()
    if (userId === null) return
    this.openStatus = 'loading'
    this.opened = this.messages.find((m) => m._id === messageId) ?? null
    try {
      const message = await this.api().message(userId, messageId)
      const listed = runInAction(() => {
        if (this.userId() !== userId) return true
        const found = this.messages.find((m) => m._id === messageId)
        if (found && !found.seen) this.unread = Math.max(0, this.unread - 1)
        if (found) found.seen = true
        this.opened = message
        this.openStatus = 'succeeded'
        return found !== undefined
      })
      if (!listed) await this.load()
    } catch {
      runInAction(() => {
        this.opened = null
        this.openStatus = 'failed'
      })
    }
  }

  receive(message: InboxMessage): void {
    if (this.messages.some((m) => m._id === message._id)) return
    this.messages.unshift(message)
    if (!message.seen) this.unread += 1
  }

  clear(): void {
    this.tab = 'all'
    this.messages = []
    this.unread = 0
    this.status = 'idle'
    this.opened = null
    this.openStatus = 'idle'
  }
}
