/** The operator landing's calls, signed out (decision 0046): entries of the shared operator-billing and pickers tables. */
import {
  operatorBillingEndpoints,
  type OperatorCheckoutRequest,
  type OperatorCheckoutResponse,
  type OperatorOffer,
  type OperatorVisitorReturnResponse
} from '../../../../../shared/api/operatorBilling.ts'
import { pickersEndpoints, type Division } from '../../../../../shared/api/pickers.ts'
import type { HttpClient } from '../../../api/http.ts'

export interface OperatorLandingApi {
  /** Each level's daily and weekly plan prices. */
  offers(): Promise<OperatorOffer[]>
  /** The classes of a level (GET {level}/divisions). */
  classes(level: number): Promise<Division[]>
  /** The visitor's checkout: answers the operator's page to open. */
  checkout(body: OperatorCheckoutRequest): Promise<OperatorCheckoutResponse>
  /** The operator's success return, signed out: whether the plan is active (nothing else about it). */
  returnSuccess(query: Record<string, string>): Promise<OperatorVisitorReturnResponse>
}

export function createOperatorLandingApi(http: HttpClient): OperatorLandingApi {
  return {
    offers: async () => (await http.call(operatorBillingEndpoints.offers)).payload,
    classes: (level) => http.call(pickersEndpoints.levelDivisions, { params: { level } }),
    checkout: (body) => http.call(operatorBillingEndpoints.landingCheckout, { body }),
    // The return's own fields only (an unknown one is refused), and the app's front flag.
    returnSuccess: (query) =>
      http.call(operatorBillingEndpoints.landingSuccess, {
        query: {
          ...(query.subscriptionId ? { subscriptionId: query.subscriptionId } : {}),
          ...(query.transactionId ? { transactionId: query.transactionId } : {}),
          ...(query.status ? { status: query.status } : {}),
          ...(query.reference ? { reference: query.reference } : {}),
          front: '1'
        }
      })
  }
}
