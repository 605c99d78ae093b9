import { makeAutoObservable, runInAction } from 'mobx'
import type { NotificationsApi, SearchResult } from '../api.ts'
import { SEARCH_MIN_CHARS } from '../../../../../shared/constants.ts'
import type { LoadStatus } from '../../../stores/status.ts'

export const SEARCH_DEBOUNCE_MS = 250

export interface SearchTimers {
  setTimeout(handler: () => void, ms: number): unknown
  clearTimeout(handle: unknown): void
}

const defaultTimers: SearchTimers = {
  setTimeout: (handler, ms) => setTimeout(handler, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>)
}

/**
 * The header's lesson search: asks the server only from 3 characters, after a pause in typing,
 * and shows only the answer to the latest text.
 */
export class SearchStore {
  term = ''
  results: SearchResult[] = []
  status: LoadStatus = 'idle'

  private readonly api: () => NotificationsApi
  private readonly timers: SearchTimers
  private timer: unknown = null
  private controller: AbortController | null = null

  constructor(api: () => NotificationsApi, timers: SearchTimers = defaultTimers) {
    this.api = api
    this.timers = timers
    makeAutoObservable<SearchStore, 'api' | 'timers' | 'timer' | 'controller'>(
      this,
      { api: false, timers: false, timer: false, controller: false },
      { autoBind: true }
    )
  }

  /** True when the text is long enough to be searched. */
  get searchable(): boolean {
    return this.term.trim().length >= SEARCH_MIN_CHARS
  }

  setTerm(term: string): void {
    this.term = term
    this.cancel()
    if (!this.searchable) {
      this.results = []
      this.status = 'idle'
      return
    }
    this.status = 'loading'
    this.timer = this.timers.setTimeout(() => {
      this.timer = null
      void this.run(term.trim())
    }, SEARCH_DEBOUNCE_MS)
  }

  private async run(term: string): Promise<void> {
    const controller = new AbortController()
    this.controller = controller
    try {
      const results = await this.api().search(term, controller.signal)
      runInAction(() => {
        if (this.controller !== controller) return
        this.results = results
        this.status = 'succeeded'
      })
    } catch {
      runInAction(() => {
        if (this.controller !== controller) return
        this.results = []
        this.status = 'failed'
      })
    }
  }

  private cancel(): void {
    if (this.timer !== null) this.timers.clearTimeout(this.timer)
    this.timer = null
    this.controller?.abort()
    this.controller = null
  }

  clear(): void {
    this.cancel()
    this.term = ''
    this.results = []
    this.status = 'idle'
  }
}
