/** The operator landing's calls, signed out (decision 0046): entries of the shared operator-billing and pickers tables. */
import {
  operatorBillingEndpoints,
  type OperatorCheckoutRequest,
  type OperatorCheckoutResponse,
  type OperatorOffer
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
}

export function createOperatorLandingApi(http: HttpClient): OperatorLandingApi {
  return {
    offers: async () => (await http.call(operatorBillingEndpoints.offers)).payload,
    classes: (level) => http.call(pickersEndpoints.levelDivisions, { params: { level } }),
    checkout: (body) => http.call(operatorBillingEndpoints.landingCheckout, { body })
  }
}
