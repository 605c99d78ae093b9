/** The operator plans' answers (decision 0046): a plan as its holder sees it, the price in dinars. */
import type { OperatorPlan } from '../../../src/shared/api/operatorBilling.ts'
import { toPoints } from '../services/ledger.ts'
import type { PlanRow } from '../services/operatorBilling.ts'

export function presentPlan(row: PlanRow): OperatorPlan {
  return {
    id: row.id,
    phone: row.phone,
    recurrence: row.recurrence,
    price: toPoints(row.price),
    status: row.status as OperatorPlan['status'],
    paid_until: row.paidUntil,
    periods_paid: row.periodsPaid
  }
}
