/** The wallet's periodic work. */
import type { Services } from '../services.ts'
import { createIdempotencyService } from '../services/idempotency.ts'
import { releaseExpiredTransfers } from '../services/wallet.ts'
import type { Job } from './runner.ts'

export const TRANSFER_EXPIRY_JOB = 'wallet.expire-transfers'
export const IDEMPOTENCY_PRUNE_JOB = 'wallet.prune-idempotency-keys'

export function walletJobs(services: Services): Job[] {
  const { db } = services.database
  const idempotency = createIdempotencyService(db, services.clock)
  return [
    {
      // Gives back the points of the transfers nobody confirmed within their hold (24 hours).
      name: TRANSFER_EXPIRY_JOB,
      schedule: { every: 60_000 },
      run: async ({ now }) => ({ released: await releaseExpiredTransfers(db, now) })
    },
    {
      // Forgets the Idempotency-Key answers past their retention.
      name: IDEMPOTENCY_PRUNE_JOB,
      schedule: { every: 60_000 },
      run: async () => ({ pruned: await idempotency.prune() })
    }
  ]
}
