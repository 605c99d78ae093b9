/**
 * One loading primitive for every part of a screen that loads with a status: a `Resource` holds
 * one answer and its `LoadStatus`. It joins a load already in flight (`load`), asks again with the
 * latest answer winning (`reload`), leaves an equal answer in place (structural equality: nothing
 * is drawn again), knows how fresh its answer is (a clock set back makes it stale), and drops what
 * belongs to another user of the session (`scope`, the session's `userScope`).
 */
import { compareStructural, makeAutoObservable, observableRef, runInAction } from 'mobx'
import type { LoadStatus } from '../stores/status.ts'

/** Applies a new state (by default at once; the home batches its sections per frame). */
export type ApplyUpdate = (update: () => void) => Promise<void>

const applyNow: ApplyUpdate = (update) => {
  runInAction(update)
  return Promise.resolve()
}

export interface ResourceOptions<T> {
  /** How answers reach the screen: by default at once. */
  apply?: ApplyUpdate
  /** The clock the answer's age is read against. */
  clock?: () => number
  /** Whose data this is (the session's `userScope`): an answer asked for another scope is dropped. */
  scope?: () => unknown
  /** Called (within the update) each time a different answer replaces the one held. */
  onData?: (data: T) => void
  /**
   * Called (within the update) with every answer the latest load brings, equal to the one held or
   * not: for a store that builds more on the answer (a first page that later pages and live
   * arrivals extend) and compares it with what it shows itself.
   */
  onAnswer?: (data: T) => void
}

/** What a screen that loads several resources together needs of each, whatever its answer's type. */
export interface Loadable {
  readonly status: LoadStatus
  load(): Promise<void>
  refresh(maxAgeMs: number): Promise<void>
}

export class Resource<T> implements Loadable {
  status: LoadStatus = 'idle'
  /** The answer held; replaced whole, never changed in place (no deep observable copy). */
  data: T | null = null
  /** The failure of the latest load, while the status is 'failed'. */
  error: unknown = null

  private readonly fetch: () => Promise<T>
  private readonly apply: ApplyUpdate
  private readonly clock: () => number
  private readonly scope: () => unknown
  private readonly onData: ((data: T) => void) | undefined
  private readonly onAnswer: ((data: T) => void) | undefined
  /** The load in flight, which `load` joins. */
  private running: Promise<void> | null = null
  /** The number of the latest load: an older answer arriving after a newer one is dropped. */
  private latest = 0
  /** When the answer held arrived (the resource's clock), and for which scope. */
  private answeredAt: number | null = null
  private answeredScope: unknown = undefined

  constructor(fetch: () => Promise<T>, options: ResourceOptions<T> = {}) {
    this.fetch = fetch
    this.apply = options.apply ?? applyNow
    this.clock = options.clock ?? Date.now
    this.scope = options.scope ?? (() => undefined)
    this.onData = options.onData
    this.onAnswer = options.onAnswer
    makeAutoObservable<
      Resource<T>,
      'fetch' | 'apply' | 'clock' | 'scope' | 'onData' | 'onAnswer' | 'running' | 'latest' | 'answeredAt' | 'answeredScope'
    >(
      this,
      {
        data: observableRef,
        error: observableRef,
        fetch: false,
        apply: false,
        clock: false,
        scope: false,
        onData: false,
        onAnswer: false,
        asked: false,
        running: false,
        latest: false,
        answeredAt: false,
        answeredScope: false
      },
      { autoBind: true }
    )
  }

  /**
   * How many loads (and resets) were asked for so far. What a store asks beside the resource (the
   * next page of a list, a count that brings the first page) is still current while it is unchanged.
   */
  get asked(): number {
    return this.latest
  }

  /** Nothing to show yet: the first load has not answered. */
  get pending(): boolean {
    return this.data === null && (this.status === 'idle' || this.status === 'loading')
  }

  /** Failed with nothing to show: the screen offers a retry. */
  get failed(): boolean {
    return this.data === null && this.status === 'failed'
  }

  /** Its last load succeeded less than `maxAgeMs` ago, for this scope (a clock set back since is not taken on trust). */
  isFresh(maxAgeMs: number): boolean {
    if (this.status !== 'succeeded' || this.answeredAt === null || this.answeredScope !== this.scope()) return false
    const age = this.clock() - this.answeredAt
    return age >= 0 && age < maxAgeMs
  }

  /** Joins the load in flight, or starts one. */
  load(): Promise<void> {
    return this.running ?? this.reload()
  }

  /** A load unless the answer held is fresh (or one is in flight, which it joins). */
  refresh(maxAgeMs: number): Promise<void> {
    return this.running ?? (this.isFresh(maxAgeMs) ? Promise.resolve() : this.reload())
  }

  /** Loads once: joins the load in flight, asks nothing more once an answer for this scope is held. */
  ensure(): Promise<void> {
    return this.running ?? (this.status === 'succeeded' && this.answeredScope === this.scope() ? Promise.resolve() : this.reload())
  }

  /**
   * Asks again now, even while a load runs: the answer of the latest load is the one kept. A reload
   * behind an answer held keeps the status 'succeeded' until it settles.
   */
  reload(): Promise<void> {
    const load = ++this.latest
    const scope = this.scope()
    // Another user's answer is never shown while this one's is asked for.
    if (this.answeredScope !== scope && this.answeredAt !== null) this.forget()
    if (this.status !== 'succeeded') this.status = 'loading'
    this.error = null
    const current = () => load === this.latest && this.scope() === scope
    const run: Promise<void> = (async () => {
      try {
        const data = await this.fetch()
        if (!current()) return
        this.answeredAt = this.clock()
        this.answeredScope = scope
        await this.apply(() => {
          if (load !== this.latest) return
          if (this.data === null || !compareStructural(this.data, data)) {
            this.data = data
            this.onData?.(data)
          }
          this.onAnswer?.(data)
          this.status = 'succeeded'
        })
      } catch (error) {
        if (!current()) return
        await this.apply(() => {
          if (load !== this.latest) return
          this.status = 'failed'
          this.error = error
        })
      } finally {
        runInAction(() => {
          if (this.running === run) this.running = null
          // The scope changed while asking: what was asked belongs to no one now.
          if (load === this.latest && this.scope() !== scope) this.forget()
        })
      }
    })()
    this.running = run
    return run
  }

  /** A change made here (a balance a payment's answer gives): it replaces the answer held. */
  replace(data: T): void {
    this.data = data
    this.onData?.(data)
  }

  /** Back to nothing loaded (a load in flight is dropped). */
  reset(): void {
    this.latest++
    this.running = null
    this.forget()
  }

  private forget(): void {
    this.data = null
    this.error = null
    this.status = 'idle'
    this.answeredAt = null
    this.answeredScope = undefined
  }
}
