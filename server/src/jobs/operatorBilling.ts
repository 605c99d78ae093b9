/**
 * The operator plans' renewals (decision 0046): every quarter of an hour, each active plan whose
 * paid period is over is charged its next period by the operator, once — the period's transaction
 * id and key are unique, so a run repeated (or run by two processes) charges nothing twice. Only
 * the sandbox operator exists here: without it there is nothing to renew.
 */
import type { Services } from '../services.ts'
import { ApiError } from '../errors.ts'
import { plansDue } from '../services/operatorBilling.ts'
import { renewPlan } from '../services/operatorSandbox.ts'
import type { Job } from './runner.ts'

export const OPERATOR_RENEWAL_JOB = 'operator-billing.renew-plans'

/** Renews the plans due at `now`; resolves to how many were renewed and how many failed (no credit). */
export async function renewDuePlans(services: Services, now: Date): Promise<{ renewed: number; failed: number; skipped: number }> {
  const result = { renewed: 0, failed: 0, skipped: 0 }
  for (const plan of await plansDue(services.database.db, now)) {
    try {
      const done = await renewPlan(services, plan)
      if (done.status === 'active') result.renewed++
      else result.failed++
    } catch (error) {
      // Renewed meanwhile by another run: its notification was refused, nothing was charged.
      if (error instanceof ApiError) result.skipped++
      else throw error
    }
  }
  return result
}

export function operatorBillingJobs(services: Services): Job[] {
  if (!services.config.sandbox) return []
  return [{ name: OPERATOR_RENEWAL_JOB, schedule: { every: 15 * 60_000 }, run: async ({ now }) => renewDuePlans(services, now) }]
}
