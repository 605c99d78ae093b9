import { makeAutoObservable, runInAction } from 'mobx'
import type { PaymentReceipt, Subscription, Transfer, WalletApi } from '../api.ts'
import type { LoadStatus } from '../../../stores/status.ts'
import { errorMessage, PagedRows, type WalletMessage } from './walletSupport.ts'

/**
 * One list of the history screen. `source` null: the platform API has no endpoint for it yet, so
 * the list is empty (never invented rows) and nothing is requested.
 */
export class HistoryList<T> {
  readonly rows = new PagedRows<T>()
  status: LoadStatus = 'idle'
  error: WalletMessage | null = null
  private readonly source: (() => Promise<T[]>) | null
  /** The latest load: an older answer arriving after a newer one is dropped. */
  private latest = 0

  constructor(source: (() => Promise<T[]>) | null) {
    this.source = source
    makeAutoObservable<HistoryList<T>, 'source' | 'latest'>(this, { source: false, rows: false, latest: false }, { autoBind: true })
  }

  get available(): boolean {
    return this.source !== null
  }

  get empty(): boolean {
    return this.status === 'succeeded' && this.rows.rows.length === 0
  }

  /**
   * Asks for the list. A first load shows its progress; a load behind rows already on screen (the
   * list asked again in another language) keeps them there until its answer replaces them.
   */
  async load(): Promise<void> {
    if (!this.source) {
      this.status = 'succeeded'
      return
    }
    // A load asked for while another runs (the language switched meanwhile) supersedes it.
    const load = ++this.latest
    if (this.status !== 'succeeded') this.status = 'loading'
    this.error = null
    try {
      const rows = await this.source()
      runInAction(() => {
        if (load !== this.latest) return
        this.rows.setRows(rows)
        this.status = 'succeeded'
      })
    } catch (error) {
      runInAction(() => {
        if (load !== this.latest) return
        this.status = 'failed'
        this.error = errorMessage(error)
      })
    }
  }
}

/** Rows of lists whose server side does not exist yet; typed after the specification's fields (§2). */
export interface BookmarkRow {
  id: number
  name: string
  marked_bookmarked_at: string
  subject_name: string
}
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

  constructor(api: () => WalletApi, classChanges: (() => Promise<ClassChangeRow[]>) | null = null) {
    // GET /student/bookmarked-contents and the analytics attendance history are not served by
    // the platform API yet: those lists stay empty until they are.
    this.bookmarks = new HistoryList<BookmarkRow>(null)
    this.subscriptions = new HistoryList(() => api().subscriptions())
    this.classChanges = new HistoryList<ClassChangeRow>(classChanges)
    this.transfers = new HistoryList(() => api().transferHistory())
    this.attendance = new HistoryList<AttendanceRow>(null)
    this.payments = new HistoryList(() => api().payments())
    makeAutoObservable(this, {}, { autoBind: true })
  }

  get lists(): HistoryList<unknown>[] {
    return [this.bookmarks, this.subscriptions, this.classChanges, this.transfers, this.attendance, this.payments] as HistoryList<unknown>[]
  }

  async load(): Promise<void> {
    await Promise.all(this.lists.map((list) => list.load()))
  }
}
