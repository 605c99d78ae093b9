import { makeAutoObservable, runInAction } from 'mobx'
import type { InboxMessage, MessagesResponse, NotificationsApi } from '../api.ts'
import { Resource } from '../../../lib/loadable.ts'
import type { LoadStatus } from '../../../stores/status.ts'

export type MessageTab = 'all' | 'unread'

/** The inbox: its messages (newest first), the unread badge, and one opened message. */
export class MessageStore {
  tab: MessageTab = 'all'
  messages: InboxMessage[] = []
  unread = 0
  opened: InboxMessage | null = null
  openStatus: LoadStatus = 'idle'

  private readonly api: () => NotificationsApi
  private readonly userId: () => number | null
  /**
   * The inbox as the server gives it (lib/loadable.ts), for the signed-in user: the latest load's
   * answer is shown, one asked for another user (before a switch of account) is dropped.
   */
  private readonly inbox: Resource<MessagesResponse>

  constructor(api: () => NotificationsApi, userId: () => number | null) {
    this.api = api
    this.userId = userId
    this.inbox = new Resource(() => api().messages(this.signedInUser()), {
      scope: userId,
      // The list on screen takes each answer: messages pushed or opened since changed it.
      onAnswer: (inbox) => {
        this.messages = inbox.data
        this.unread = inbox.unread
      }
    })
    makeAutoObservable<MessageStore, 'api' | 'userId' | 'inbox'>(this, { api: false, userId: false, inbox: false }, { autoBind: true })
  }

  private signedInUser(): number {
    const userId = this.userId()
    if (userId === null) throw new Error('No user signed in')
    return userId
  }

  get status(): LoadStatus {
    return this.inbox.status
  }

  get visible(): InboxMessage[] {
    return this.tab === 'unread' ? this.messages.filter((m) => !m.seen) : this.messages
  }

  setTab(tab: MessageTab): void {
    this.tab = tab
  }

  async load(): Promise<void> {
    if (this.userId() === null) return
    await this.inbox.reload()
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
    this.inbox.reset()
    this.opened = null
    this.openStatus = 'idle'
  }
}
