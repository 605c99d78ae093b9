import { makeAutoObservable, observable, runInAction } from 'mobx'
import type { IdName } from '../../../../../shared/api/common.ts'
import type { ProfileApi } from '../api.ts'

/**
 * The governorates' Arabic names for the profile page: the user's governorate comes with its
 * Latin name only, so in Arabic the country's list (the one the edit form offers) is read once
 * and the page shows the same Arabic name as the form. Until it arrives, or if it cannot be
 * read, the Latin name is shown.
 */
export class StateNamesStore {
  private readonly arabic = observable.map<number, string>()
  /** Countries read or being read; a failed read is tried again on the next visit. */
  private readonly requested = new Set<number>()

  private readonly deps: { api: () => ProfileApi }

  constructor(deps: { api: () => ProfileApi }) {
    this.deps = deps
    makeAutoObservable<StateNamesStore, 'deps' | 'requested'>(this, { deps: false, requested: false }, { autoBind: true })
  }

  async load(countryId: number): Promise<void> {
    if (this.requested.has(countryId)) return
    this.requested.add(countryId)
    try {
      const states = await this.deps.api().states(countryId)
      runInAction(() => {
        for (const state of states) if (state.name_ar) this.arabic.set(state.id, state.name_ar)
      })
    } catch {
      this.requested.delete(countryId)
    }
  }

  /** The governorate's name in the interface language: the Arabic one in Arabic when known. */
  name(state: IdName, language: string): string {
    return (language === 'ar' ? this.arabic.get(state.id) : undefined) ?? state.name
  }
}
