import { makeAutoObservable, runInAction } from 'mobx'
import type { CancelSubscriptionResponse } from '../../../../../shared/api/offers.ts'
import { subscriptionCancellable } from '../../../../../shared/rules/activeOffers.ts'
import { tunisDate } from '../../../../../shared/tunisDate.ts'
import type { Message } from '../../../forms/messages.ts'
import type { Subscription } from '../api.ts'
import { errorMessage } from './walletSupport.ts'

export type SubscriptionCancelDeps = {
  cancel(id: number): Promise<CancelSubscriptionResponse>
  /** After a cancellation: the list again (its row now cancelled). */
  onCancelled(): Promise<void> | void
  now?: () => number
}

/**
 * A subscription cancelled from the history's list (decision 0045): the row asked about, the
 * confirmation, the call, its failure. Only a subscription that is neither cancelled nor ended
 * (dates in Tunis, the rule the server applies) offers the action; access stays to its end date.
 */
export class SubscriptionCancelStore {
  /** The subscription whose cancellation waits for confirmation. */
  target: Subscription | null = null
  saving = false
  error: Message | null = null

  private readonly deps: SubscriptionCancelDeps

  constructor(deps: SubscriptionCancelDeps) {
    this.deps = deps
    makeAutoObservable<SubscriptionCancelStore, 'deps'>(this, { deps: false }, { autoBind: true })
  }

  cancellable(row: Pick<Subscription, 'end_date' | 'cancelled_at'>): boolean {
    return subscriptionCancellable(row, tunisDate(this.deps.now?.() ?? Date.now()))
  }

  ask(row: Subscription): void {
    if (!this.cancellable(row)) return
    this.target = row
    this.error = null
  }

  dismiss(): void {
    if (this.saving) return
    this.target = null
    this.error = null
  }

  async confirm(): Promise<boolean> {
    const target = this.target
    if (!target || this.saving) return false
    this.saving = true
    this.error = null
    try {
      await this.deps.cancel(target.id)
      runInAction(() => {
        this.saving = false
        this.target = null
      })
      await this.deps.onCancelled()
      return true
    } catch (error) {
      runInAction(() => {
        this.saving = false
        this.error = errorMessage(error)
      })
      return false
    }
  }
}
