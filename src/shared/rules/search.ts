import { SEARCH_DISABLED_GROUP_ID } from '../constants.ts'

interface HeldOffer {
  group_id: number
  /** `yyyy-mm-dd`, the last day of the offer; null when it does not end. */
  end_date: string | null
}

/**
 * The lesson search is closed to a pupil holding an offer of group 104 that is still running on
 * `today` (`yyyy-mm-dd` in Tunis): one that ended no longer closes it. The server refuses the
 * search with the same rule; the app disables the box with it.
 */
export function searchClosed(offers: readonly HeldOffer[], today: string): boolean {
  return offers.some(
    (offer) => offer.group_id === SEARCH_DISABLED_GROUP_ID && (offer.end_date === null || offer.end_date.slice(0, 10) >= today)
  )
}
