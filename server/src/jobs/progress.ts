/** The progress service's periodic work. */
import type { Services } from '../services.ts'
import { pruneViews } from '../services/progress.ts'
import type { Job } from './runner.ts'

export const PROGRESS_VIEWS_PRUNE_JOB = 'progress.prune-views'

export function progressJobs(services: Services): Job[] {
  const { db } = services.database
  return [
    {
      // Forgets the viewings no tick can reach any more (a journalled tick is refused past its age).
      name: PROGRESS_VIEWS_PRUNE_JOB,
      schedule: { at: '03:30' },
      run: async ({ now }) => ({ pruned: await pruneViews(db, now) })
    }
  ]
}
