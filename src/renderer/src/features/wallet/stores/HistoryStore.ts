import { makeAutoObservable } from 'mobx'
import { Resource } from '../../../lib/loadable.ts'
import type { PaymentReceipt, Subscription, Transfer, WalletApi } from '../api.ts'
import type { LoadStatus } from '../../../stores/status.ts'
import { errorMessage, PagedRows } from './walletSupport.ts'
import { SubscriptionCancelStore } from './SubscriptionCancelStore.ts'
import type { Message } from '../../../forms/messages.ts'

/**
 * One list of the history screen, loaded through a `Resource` (lib/loadable.ts). `source` null:
 * the platform API has no endpoint for it yet, so the list is empty (never invented rows) and
 * nothing is requested.
 */
export class HistoryList<T> {
  readonly rows = new PagedRows<T>()
  private readonly resource: Resource<T[]> | null
  private readonly source: (() => Promise<T[]>) | null

  constructor(source: (() => Promise<T[]>) | null) {
    this.source = source
    this.resource = source ? new Resource(source, { onData: (rows) => this.rows.setRows(rows) }) : null
    makeAutoObservable<HistoryList<T>, 'source' | 'resource'>(this, { source: false, resource: false, rows: false }, { autoBind: true })
  }

  get available(): boolean {
    return this.source !== null
  }

  /** A list the API does not serve yet is there at once, empty. */
  get status(): LoadStatus {
    return this.resource ? this.resource.status : 'succeeded'
  }

  get error(): Message | null {
    return this.resource?.status === 'failed' ? errorMessage(this.resource.error) : null
  }

  get empty(): boolean {
    return this.status === 'succeeded' && this.rows.rows.length === 0
  }

  /**
   * Asks for the list. A first load shows its progress; a load behind rows already on screen (the
   * list asked again in another language) keeps them there until its answer replaces them. A load
   * asked for while another runs (the language switched meanwhile) supersedes it.
   */
  async load(): Promise<void> {
    await this.resource?.reload()
  }
}

/** A bookmarked lesson as the history lists it (§2: name, marked_bookmarked_at, subject_name). */
export interface BookmarkRow {
  id: number
  name: string
  marked_bookmarked_at: string
  subject_name: string
}
/** Rows of lists whose server side does not exist yet; typed after the specification's fields (§2). */
export interface ClassChangeRow {
  id: number
  old_division: string
  new_division: string
  reason: string
  other_reason: string | null
  status: 'pending' | 'approved' | 'rejected'
}
export interface AttendanceRow {
  id: number
  session_start_date: string
  title: string
  attendance_duration: number
}

/** The history screen (§2): bookmarks, subscriptions, class changes, transfers, attendance, payments. */
export class HistoryStore {
  readonly bookmarks: HistoryList<BookmarkRow>
  readonly subscriptions: HistoryList<Subscription>
  readonly classChanges: HistoryList<ClassChangeRow>
  readonly transfers: HistoryList<Transfer>
  readonly attendance: HistoryList<AttendanceRow>
  readonly payments: HistoryList<PaymentReceipt>
  /** The cancellation of a subscription of the list, with its confirmation (decision 0045). */
  readonly cancel: SubscriptionCancelStore

  constructor(api: () => WalletApi, classChanges: (() => Promise<ClassChangeRow[]>) | null = null) {
    // The analytics attendance history is not served by the platform API yet: that list stays empty until it is.
    this.bookmarks = new HistoryList<BookmarkRow>(() =>
      api()
        .bookmarks()
        .then((rows) =>
          rows.map((row) => ({
            id: row.id,
            name: row.content.name,
            marked_bookmarked_at: row.marked_bookmarked_at,
            subject_name: row.subject_name
          }))
        )
    )
    this.subscriptions = new HistoryList(() => api().subscriptions())
    this.classChanges = new HistoryList<ClassChangeRow>(classChanges)
    this.transfers = new HistoryList(() => api().transferHistory())
    this.attendance = new HistoryList<AttendanceRow>(null)
    this.payments = new HistoryList(() => api().payments())
    this.cancel = new SubscriptionCancelStore({
      cancel: (id) => api().cancelSubscription(id),
      onCancelled: () => this.subscriptions.load()
    })
    makeAutoObservable(this, {}, { autoBind: true })
  }

  get lists(): HistoryList<unknown>[] {
    return [this.bookmarks, this.subscriptions, this.classChanges, this.transfers, this.attendance, this.payments] as HistoryList<unknown>[]
  }

  async load(): Promise<void> {
    await Promise.all(this.lists.map((list) => list.load()))
  }
}
