/** The operator plans' calls (decision 0046): entries of the shared operator-billing table. */
import {
  operatorBillingEndpoints,
  type OperatorCheckoutRequest,
  type OperatorCheckoutResponse,
  type OperatorPlanResponse
} from '../../../../../shared/api/operatorBilling.ts'
import type { HttpClient } from '../../../api/http.ts'

export type OperatorReturnQuery = Record<string, string>

export interface OperatorBillingApi {
  /** Opens a pending plan; its answer names the operator's page to open. */
  checkout(body: OperatorCheckoutRequest): Promise<OperatorCheckoutResponse>
  /** The pupil's latest plan. */
  plan(): Promise<OperatorPlanResponse>
  unsubscribe(): Promise<OperatorPlanResponse>
  /** The success return: the plan as the operator's notification left it. */
  success(query: OperatorReturnQuery): Promise<OperatorPlanResponse>
  /** The failure return, recorded. */
  failure(query: OperatorReturnQuery): Promise<void>
}

export function createOperatorBillingApi(http: HttpClient): OperatorBillingApi {
  const returnQuery = (query: OperatorReturnQuery) => ({
    ...(query.subscriptionId ? { subscriptionId: query.subscriptionId } : {}),
    ...(query.transactionId ? { transactionId: query.transactionId } : {}),
    ...(query.status ? { status: query.status } : {})
  })
  return {
    checkout: (body) => http.call(operatorBillingEndpoints.checkout, { body }),
    plan: () => http.call(operatorBillingEndpoints.plan),
    unsubscribe: () => http.call(operatorBillingEndpoints.unsubscribe),
    success: (query) => http.call(operatorBillingEndpoints.success, { query: { ...returnQuery(query), front: '1' } }),
    failure: (query) => http.call(operatorBillingEndpoints.failure, { query: returnQuery(query) }).then(() => undefined)
  }
}
