/**
 * The unsubscribe menu of offer 33 (specification part 1, §4 Subscription: users holding a
 * mobile-operator client record see it): the pupil's operator plan, and its unsubscription after a
 * confirmation; the access runs to the end of the period paid (decision 0046).
 */
import { makeAutoObservable, runInAction } from 'mobx'
import type { OperatorPlan } from '../../../../../shared/api/operatorBilling.ts'
import { formatReportDate } from '../../../lib/time.ts'
import type { SnackbarInput } from '../../../stores/UiStore.ts'
import { failureMessage } from '../failures.ts'
import type { OperatorBillingApi } from './api.ts'

export interface OperatorPlanDeps {
  api(): OperatorBillingApi
  /** /auth/me's isOperatorClient: the pupil holds a mobile-operator client record. */
  isClient(): boolean
  notify(input: SnackbarInput): void
}

export class OperatorPlanStore {
  plan: OperatorPlan | null = null
  confirming = false
  submitting = false

  private readonly deps: OperatorPlanDeps

  constructor(deps: OperatorPlanDeps) {
    this.deps = deps
    makeAutoObservable<OperatorPlanStore, 'deps'>(this, { deps: false }, { autoBind: true })
  }

  /** A client record (isOperatorClient) whose plan still renews: the menu offers to stop it. */
  get canUnsubscribe(): boolean {
    return this.deps.isClient() && this.plan?.status === 'active'
  }

  /** The plan's details, asked for a client only. */
  async load(): Promise<void> {
    if (!this.deps.isClient()) return
    try {
      const answer = await this.deps.api().plan()
      runInAction(() => {
        this.plan = answer.subscription
      })
    } catch {
      // Without the plan the menu stays hidden; the offers still show.
    }
  }

  ask(): void {
    if (this.canUnsubscribe) this.confirming = true
  }

  cancel(): void {
    if (!this.submitting) this.confirming = false
  }

  async unsubscribe(): Promise<boolean> {
    if (this.submitting || !this.canUnsubscribe) return false
    this.submitting = true
    try {
      const answer = await this.deps.api().unsubscribe()
      runInAction(() => {
        this.plan = answer.subscription
        this.submitting = false
        this.confirming = false
      })
      this.deps.notify({
        intent: 'success',
        key: 'offers:operator.unsubscribed',
        values: { date: formatReportDate(answer.subscription?.paid_until ?? '') }
      })
      return true
    } catch (error) {
      runInAction(() => {
        this.submitting = false
        this.confirming = false
      })
      const message = failureMessage(error)
      this.deps.notify({ intent: 'warning', key: 'key' in message ? message.key : 'auth:errors.server' })
      return false
    }
  }
}
