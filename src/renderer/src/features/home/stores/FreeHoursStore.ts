/**
 * The wallet widget's free-hours indicator (specification part 1, §2): how much of the account's
 * free playback time is used, from the progress service's `used-duration`.
 */
import { makeAutoObservable, runInAction } from 'mobx'
import { FREE_PLAYBACK_REPORT_SECONDS } from '../../../../../shared/api/home.ts'
import type { HomeApi, UsedDuration } from '../api.ts'
import type { LoadStatus } from '../../../stores/status.ts'

export class FreeHoursStore {
  status: LoadStatus = 'idle'
  usage: UsedDuration | null = null
  private readonly api: () => HomeApi

  constructor(api: () => HomeApi) {
    this.api = api
    makeAutoObservable<FreeHoursStore, 'api'>(this, { api: false }, { autoBind: true })
  }

  /** Asks as the player does (whether one more reporting period fits), so both read the same figures. */
  async load(): Promise<void> {
    if (this.status === 'loading') return
    this.status = 'loading'
    try {
      const usage = await this.api().usedDuration(FREE_PLAYBACK_REPORT_SECONDS)
      runInAction(() => {
        this.usage = usage
        this.status = 'succeeded'
      })
    } catch {
      runInAction(() => {
        this.status = 'failed'
      })
    }
  }

  /** Used share of the free time, 0–100; null until known. */
  get percentage(): number | null {
    return this.usage ? Math.round(Math.min(100, Math.max(0, this.usage.percentage))) : null
  }

  get expired(): boolean {
    return this.usage?.expired === true
  }
}
