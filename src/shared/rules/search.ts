import { SEARCH_DISABLED_GROUP_ID } from '../constants.ts'
import { activeGroups, type DatedOffer } from './activeOffers.ts'

/**
 * The lesson search is closed to a pupil holding an **active** offer of group 104 on `today`
 * (`yyyy-mm-dd` in Tunis, src/shared/rules/activeOffers.ts): one that ended, or has not started,
 * does not close it. The server refuses the search with the same rule; the app disables the box
 * with it.
 */
export function searchClosed(offers: readonly DatedOffer[], today: string): boolean {
  return activeGroups(offers, today).has(SEARCH_DISABLED_GROUP_ID)
}
