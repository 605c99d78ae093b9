import { makeAutoObservable, reaction, runInAction, type IReactionDisposer } from 'mobx'
import type { SessionStore } from '../../../stores/SessionStore.ts'
import { offerPermissions } from '../../../stores/permissions.ts'
import { lazyClient } from '../../../api/lazyClient.ts'
import { openEventStream, type EventStream, type StreamMessage } from '../../../api/eventStream.ts'
import { createHttp, endpointUrl } from '../../../api/http.ts'
import { createNotificationsApi, type NotificationsApi } from '../api.ts'
import { InboxMessageSchema, NotificationSchema, PopupSchema, notificationEndpoints } from '../../../../../shared/api/notifications.ts'
import type { Platform } from '../../../platform/bridge.ts'
import { MessageStore } from './MessageStore.ts'
import { NotificationStore } from './NotificationStore.ts'
import { PopupStore } from './PopupStore.ts'
import { SearchStore } from './SearchStore.ts'

export type StreamFactory = typeof openEventStream

export interface InboxStoresOptions {
  platform: Platform
  session: SessionStore
  /** The calls (a fake in tests); built from the session's base URLs otherwise. */
  createApi?: () => NotificationsApi
  openStream?: StreamFactory
  /** The window's focus when the app starts. */
  initiallyFocused?: () => boolean
  /** The clock (a fixed one in tests). */
  now?: () => number
}

export type RealtimeState = 'off' | 'connecting' | 'live' | 'reconnecting'

/**
 * What reaches the pupil from the platform — notifications, messages, popups — and the lesson
 * search, with the realtime connection that keeps them live while a verified user is signed in.
 */
export class InboxStores {
  readonly notifications: NotificationStore
  readonly messages: MessageStore
  readonly popups: PopupStore
  readonly search: SearchStore
  realtime: RealtimeState = 'off'
  windowFocused: boolean

  private readonly options: InboxStoresOptions
  private readonly api: () => NotificationsApi
  private stream: EventStream | null = null
  private readonly disposers: Array<IReactionDisposer | (() => void)> = []

  constructor(options: InboxStoresOptions) {
    this.options = options
    this.windowFocused =
      options.initiallyFocused?.() ??
      (typeof document !== 'undefined' && typeof document.hasFocus === 'function' ? document.hasFocus() : true)
    const created = options.createApi
    let given: NotificationsApi | null = null
    this.api = created
      ? () => (given ??= created())
      : lazyClient(options.session, (baseUrls) => createNotificationsApi(createHttp(baseUrls, options.session)))
    const api = () => this.client()
    const userId = () => this.userId
    this.notifications = new NotificationStore({
      api,
      preferences: () => options.session.me?.user.notification_preferences ?? null,
      windowFocused: () => this.windowFocused,
      showNative: (notification) => {
        options.platform.notificationShow(notification).catch(() => undefined)
      }
    })
    this.messages = new MessageStore(api, userId)
    this.popups = new PopupStore(api, userId)
    this.search = new SearchStore(api)
    makeAutoObservable<InboxStores, 'options' | 'api' | 'stream' | 'disposers'>(
      this,
      { notifications: false, messages: false, popups: false, search: false, options: false, api: false, stream: false, disposers: false },
      { autoBind: true }
    )
    this.disposers.push(options.platform.onWindowFocus(({ focused }) => this.setWindowFocused(focused)))
    this.disposers.push(
      reaction(
        () => this.userId,
        (id) => (id === null ? this.stop() : this.start()),
        { fireImmediately: true }
      )
    )
  }

  /** The signed-in user the service answers: verified, with a current password. */
  get userId(): number | null {
    const { session } = this.options
    const me = session.me
    if (!session.signedIn || !me || !me.user.verified || me.permissions.changePassword) return null
    return me.user.id
  }

  /** Search is closed to pupils holding a running offer of group 104 (specification, §6). */
  get searchDisabled(): boolean {
    return offerPermissions(this.options.session.me?.user.offers, this.options.now?.() ?? Date.now()).searchClosed
  }

  setWindowFocused(focused: boolean): void {
    this.windowFocused = focused
  }

  private client(): NotificationsApi {
    return this.api()
  }

  private start(): void {
    this.stop()
    this.realtime = 'connecting'
    void this.connect()
  }

  private async connect(): Promise<void> {
    const userId = this.userId
    // The count first: the stream then resumes after the newest notification it saw. Without a
    // count (the service did not answer), it resumes from nothing, so nothing old comes back as
    // new; the count is asked for again once the stream is open.
    const counted = await this.notifications.refreshCount().then(
      () => true,
      () => false
    )
    void this.messages.load()
    void this.popups.load()
    if (userId === null || userId !== this.userId || this.stream) return
    const baseUrls = this.options.session.baseUrls
    if (!baseUrls) return
    const open = this.options.openStream ?? openEventStream
    this.stream = open({
      url: endpointUrl(baseUrls, notificationEndpoints.stream),
      tokens: this.options.session,
      ...(counted ? { resumeFrom: String(this.notifications.latestId) } : {}),
      onMessage: (message) => this.dispatch(message),
      onNetworkBack: (listener) => {
        if (typeof window === 'undefined') return () => undefined
        window.addEventListener('online', listener)
        return () => window.removeEventListener('online', listener)
      },
      onOpen: () => {
        runInAction(() => {
          const reconnected = this.realtime === 'reconnecting'
          this.realtime = 'live'
          // Back after a cut, the lists may have changed meanwhile (seen elsewhere …); without a
          // count yet, this is the moment to ask again.
          if (reconnected || !this.notifications.counted) void this.notifications.refreshCount().catch(() => undefined)
          if (reconnected) void this.messages.load()
        })
      },
      onDisconnect: () => {
        runInAction(() => {
          this.realtime = 'reconnecting'
        })
      },
      onUnauthorized: () => {
        runInAction(() => {
          this.realtime = 'off'
          this.stream = null
        })
      }
    })
  }

  /** One pushed event, checked against the contract before it reaches a store. */
  dispatch(message: StreamMessage): void {
    let data: unknown
    try {
      data = JSON.parse(message.data)
    } catch {
      return
    }
    if (message.event === 'notification') {
      const parsed = NotificationSchema.safeParse(data)
      if (parsed.success) this.notifications.receive(parsed.data)
    } else if (message.event === 'message') {
      const parsed = InboxMessageSchema.safeParse(data)
      if (parsed.success) this.messages.receive(parsed.data)
    } else if (message.event === 'popup') {
      const parsed = PopupSchema.safeParse(data)
      if (parsed.success) this.popups.receive(parsed.data)
    }
  }

  private stop(): void {
    this.stream?.close()
    this.stream = null
    this.realtime = 'off'
    this.notifications.clear()
    this.messages.clear()
    this.popups.clear()
    this.search.clear()
  }

  dispose(): void {
    for (const dispose of this.disposers.splice(0)) dispose()
    this.stop()
  }
}
