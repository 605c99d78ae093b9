/**
 * Every rule of the specification that looks at the pupil's offer groups (search closed by 104,
 * attachments blocked by 83 and 84, events of 107 and 112, the purchased-all groups 85, 122 and
 * 127) reads the pupil's **active** offers only: started and not ended on the day, both dates
 * counted in Africa/Tunis and included (decision 0045). The app's permissions and the server use
 * this one function.
 */
import { tunisDate } from '../tunisDate.ts'

export interface DatedOffer {
  group_id: number
  /** `yyyy-mm-dd` (or an ISO instant: its first 10 characters), the first day; null: already running. */
  start_date?: string | null
  /** `yyyy-mm-dd` (or an ISO instant), the last day; null: it does not end. */
  end_date?: string | null
}

/** The offer groups of the rules not kept elsewhere (104: constants.ts; 83 and 84: rules/attachments.ts). */
export const EVENT_GROUPS: readonly number[] = [107, 112]
export const PURCHASED_ALL_GROUPS: readonly number[] = [85, 122, 127]

const YMD = /^\d{4}-\d{2}-\d{2}$/

/** The day a rule is read on: a `yyyy-mm-dd` Tunis day as given, or an instant's day in Tunis. */
export function tunisDay(now: Date | number | string): string {
  return typeof now === 'string' && YMD.test(now) ? now : tunisDate(typeof now === 'string' ? Date.parse(now) : now)
}

/** Whether an offer runs on `today` (a Tunis day): started, and not ended. */
export function isActiveOffer(offer: DatedOffer, today: string): boolean {
  const start = offer.start_date?.slice(0, 10) ?? null
  const end = offer.end_date?.slice(0, 10) ?? null
  return (start === null || start <= today) && (end === null || end >= today)
}

/** The groups of the pupil's offers active at `now` (an instant, or a Tunis day `yyyy-mm-dd`). */
export function activeGroups(offers: readonly DatedOffer[], now: Date | number | string): Set<number> {
  const today = tunisDay(now)
  return new Set(offers.filter((offer) => isActiveOffer(offer, today)).map((offer) => offer.group_id))
}

/** Whether one of `groups` is among the active ones. */
export function holdsAny(active: ReadonlySet<number>, groups: readonly number[]): boolean {
  return groups.some((group) => active.has(group))
}

/**
 * Whether the pupil may cancel a subscription on `today` (a Tunis day): not cancelled already and
 * not ended (one not started yet may be cancelled too). Cancelling keeps its dates: access stays
 * to its last day, and it is not renewed (decision 0045).
 */
export function subscriptionCancellable(subscription: { end_date?: string | null; cancelled_at?: string | null }, today: string): boolean {
  const end = subscription.end_date?.slice(0, 10) ?? null
  return subscription.cancelled_at == null && (end === null || end >= today)
}
