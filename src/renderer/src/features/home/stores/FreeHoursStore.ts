/**
 * The wallet widget's free-hours indicator (specification part 1, §2): how much of the account's
 * free playback time is used, from the progress service's `used-duration`.
 */
import { makeAutoObservable } from 'mobx'
import { FREE_PLAYBACK_REPORT_SECONDS } from '../../../../../shared/api/home.ts'
import type { HomeApi, UsedDuration } from '../api.ts'
import type { LoadStatus } from '../../../stores/status.ts'
import { Resource } from '../../../lib/loadable.ts'

export class FreeHoursStore {
  /** Asks as the player does (whether one more reporting period fits), so both read the same figures. */
  private readonly resource: Resource<UsedDuration>

  constructor(api: () => HomeApi) {
    this.resource = new Resource(() => api().usedDuration(FREE_PLAYBACK_REPORT_SECONDS))
    makeAutoObservable<FreeHoursStore, 'resource'>(this, { resource: false }, { autoBind: true })
  }

  get status(): LoadStatus {
    return this.resource.status
  }

  get usage(): UsedDuration | null {
    return this.resource.data
  }

  /** A load; one already running is joined. */
  load(): Promise<void> {
    return this.resource.load()
  }

  /** Used share of the free time, 0–100; null until known. */
  get percentage(): number | null {
    return this.usage ? Math.round(Math.min(100, Math.max(0, this.usage.percentage))) : null
  }

  get expired(): boolean {
    return this.usage?.expired === true
  }
}
