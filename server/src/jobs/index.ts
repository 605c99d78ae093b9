/**
 * Every job of the server. A job is declared next to the work it does (`jobs/<area>.ts`: a name,
 * a schedule, a run) and listed here; `buildServer` runs them from start to close (decision 0025).
 */
import type { Services } from '../services.ts'
import { operatorBillingJobs } from './operatorBilling.ts'
import { progressJobs } from './progress.ts'
import type { Job } from './runner.ts'
import { walletJobs } from './wallet.ts'

export function serverJobs(services: Services): Job[] {
  return [...walletJobs(services), ...progressJobs(services), ...operatorBillingJobs(services)]
}
