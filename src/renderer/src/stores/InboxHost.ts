import { makeAutoObservable, observableRef, reaction, runInAction, type IReactionDisposer } from 'mobx'
import { whenIdle } from '../lib/whenIdle.ts'
import { loadInboxStores, type InboxStores, type InboxStoresOptions } from '../features/inbox/index.ts'

type InboxModule = { InboxStores: typeof InboxStores }

/**
 * Holds the inbox stores (notifications, messages, popups, search and their stream), built the
 * first time a user is signed in: their code, their requests and the header parts they bring load
 * in the first quiet moment after the first screen instead of competing with it. Once built they
 * stay, and follow the session themselves.
 */
export class InboxHost {
  stores: InboxStores | null = null

  private readonly disposeReaction: IReactionDisposer
  private disposed = false

  constructor(
    options: InboxStoresOptions,
    load: () => Promise<InboxModule> = loadInboxStores,
    schedule: (work: () => void) => void = whenIdle
  ) {
    makeAutoObservable<InboxHost, 'disposeReaction' | 'disposed'>(
      this,
      { stores: observableRef, disposeReaction: false, disposed: false },
      { autoBind: true }
    )
    this.disposeReaction = reaction(
      () => options.session.signedIn,
      (signedIn) => {
        if (!signedIn || this.stores) return
        schedule(() => this.build(options, load))
      },
      { fireImmediately: true }
    )
  }

  private build(options: InboxStoresOptions, load: () => Promise<InboxModule>): void {
    if (this.disposed || this.stores || !options.session.signedIn) return
    load().then(
      ({ InboxStores }) => {
        if (this.disposed || this.stores) return
        const stores = new InboxStores(options)
        runInAction(() => {
          this.stores = stores
        })
      },
      () => undefined
    )
  }

  /** The signed-in user the notification service answers, or null (also while loading). */
  get userId(): number | null {
    return this.stores?.userId ?? null
  }

  dispose(): void {
    this.disposed = true
    this.disposeReaction()
    this.stores?.dispose()
  }
}
