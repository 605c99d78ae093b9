/**
 * The operator's return links (specification part 1, §4 payment return: an operator success
 * return confirms then goes to /; a failure return posts failure then goes to /): the app asks the
 * server what the operator's notification did — the return itself starts nothing (decision 0046)
 * — and shows the result: 'Abonnement activé', or 'Une erreur est survenue' with 'La transaction
 * n’a pas pu aboutir, veuillez réessayer plus tard'.
 */
import { makeAutoObservable, runInAction } from 'mobx'
import type { OperatorPlanResponse, OperatorVisitorReturnResponse } from '../../../../../shared/api/operatorBilling.ts'
import type { DeepLink } from '../../../../../shared/deepLink.ts'
import type { OperatorReturnQuery } from './api.ts'

export type OperatorReturnLink = Extract<DeepLink, { kind: 'operator-return' }>
export type OperatorReturnResult = 'activated' | 'failed'

/**
 * What a return asks the server: a signed-in pupil's success return answers the plan; a visitor's
 * (the landing, signed out) answers only whether it is active.
 */
export interface OperatorReturnApi {
  success(query: OperatorReturnQuery): Promise<OperatorPlanResponse | OperatorVisitorReturnResponse>
  failure(query: OperatorReturnQuery): Promise<void>
}

export interface OperatorReturnDeps {
  api(): OperatorReturnApi
  /** The plan may have opened lessons: the user again (offers, permissions). */
  onActivated(): void
}

export class OperatorReturnStore {
  /** The result dialog's outcome, null when none is shown. */
  result: OperatorReturnResult | null = null
  handling = false

  private readonly deps: OperatorReturnDeps

  constructor(deps: OperatorReturnDeps) {
    this.deps = deps
    makeAutoObservable<OperatorReturnStore, 'deps'>(this, { deps: false }, { autoBind: true })
  }

  async handle(link: OperatorReturnLink): Promise<OperatorReturnResult> {
    this.handling = true
    let result: OperatorReturnResult = 'failed'
    try {
      if (link.outcome === 'success') {
        const answer = await this.deps.api().success(link.query)
        const active = 'activated' in answer ? answer.activated : answer.subscription?.status === 'active'
        result = active ? 'activated' : 'failed'
      } else {
        await this.deps.api().failure(link.query)
      }
    } catch {
      result = 'failed'
    }
    if (result === 'activated') this.deps.onActivated()
    runInAction(() => {
      this.handling = false
      this.result = result
    })
    return result
  }

  dismiss(): void {
    this.result = null
  }
}
