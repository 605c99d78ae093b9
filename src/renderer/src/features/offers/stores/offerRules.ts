/**
 * The offers screen's rules (specification part 1: §2 Offers, §4 Buy offer, §9): the cards by
 * position, the moved-content notice, the periods the purchase dialog offers for a card, and the
 * level whose rates price a card's daily and weekly plans.
 */
import { MOVED_CONTENT_DIVISIONS } from '../../../../../shared/constants.ts'
import {
  LEVEL_RATES,
  packSubjectPrice,
  toMillimes,
  type LevelSlug,
  type Millimes,
  type Period
} from '../../../../../shared/pricing/index.ts'
import type { OfferCard } from '../api.ts'

/**
 * What the dialog's period selector offers: 'Par jour' (1 or 7 days: the engine's 'day' and
 * 'week'), 'Par mois' (a number of months), 'reste de l'année', or a single price ('fixed', no
 * selector: offer 102).
 */
export type PeriodChoice = 'day' | 'month' | 'rest_of_year' | 'fixed'

/** The days a 'Par jour' purchase covers: one day or seven (the operator's recurrence 1 or 7). */
export type DayCount = 1 | 7
export const DAY_COUNTS: readonly DayCount[] = [1, 7]

/** The cards by the offer's position (§2), the offer's id breaking a tie. */
export function sortedCards(cards: readonly OfferCard[]): OfferCard[] {
  return [...cards].sort((a, b) => a.offer.position - b.offer.position || a.offer_id - b.offer_id || a.id - b.id)
}

/** §2: pupils of divisions 23–30, 33 and 34 are told their content moved to another platform. */
export function showsMovedContentNotice(divisionId: number | null | undefined): boolean {
  return divisionId != null && (MOVED_CONTENT_DIVISIONS as readonly number[]).includes(divisionId)
}

/** The card's periods as the selector shows them, in the order of its pricing list. */
export function periodChoices(card: Pick<OfferCard, 'periods'>): PeriodChoice[] {
  const choices: PeriodChoice[] = []
  for (const period of card.periods) {
    const choice: PeriodChoice = period === 'week' ? 'day' : period
    if (!choices.includes(choice)) choices.push(choice)
  }
  return choices.length > 0 ? choices : ['fixed']
}

/** The engine's period of a choice ('Par jour' is 'day' for one day, 'week' for seven). */
export function enginePeriod(choice: PeriodChoice, days: DayCount): Period {
  return choice === 'day' ? (days === 7 ? 'week' : 'day') : choice
}

/** The day counts a card sells under 'Par jour' (a card may sell only one of them). */
export function dayCounts(card: Pick<OfferCard, 'periods'>): DayCount[] {
  return DAY_COUNTS.filter((days) => card.periods.includes(days === 7 ? 'week' : 'day'))
}

/**
 * The level whose rate table (§9) gives the card's dailyPrice and weeklyPrice: the server states
 * the pupil's class's rates on every card (decision 0034), the engine prices day and week by level.
 * A card without them sells no daily or weekly plan, where the level does not count.
 */
export function levelOfCard(card: Pick<OfferCard, 'dailyPrice' | 'weeklyPrice'>): LevelSlug {
  const day = card.dailyPrice == null ? null : toMillimes(card.dailyPrice)
  const week = card.weeklyPrice == null ? null : toMillimes(card.weeklyPrice)
  const levels = Object.keys(LEVEL_RATES) as LevelSlug[]
  return levels.find((level) => LEVEL_RATES[level].day === day && (week === null || LEVEL_RATES[level].week === week)) ?? 'secondary'
}

/** Whether the card is paid in instalments for this period (never the daily and weekly plans). */
export function sellsInSlices(card: Pick<OfferCard, 'slices'>, period: Period): boolean {
  return card.slices.length > 1 && period !== 'day' && period !== 'week'
}

/** The card's headline price, in millimes: the lowest period price it shows, with that period. */
export function headlinePrice(card: OfferCard): { period: Period; price: Millimes } | null {
  if (card.type === 'pack') return null
  const day = card.periods.includes('day') && card.dailyPrice != null ? toMillimes(card.dailyPrice) : null
  if (day !== null) return { period: 'day', price: day }
  const entry = card.pricing.find((candidate) => candidate.period === 'month') ?? card.pricing[0]
  if (entry) {
    const price = toMillimes(entry.final_price)
    return price === null ? null : { period: entry.period, price }
  }
  const price = card.Finalprice == null ? null : toMillimes(card.Finalprice)
  return price === null ? null : { period: 'fixed', price }
}

/** A pack's lowest price per subject, in millimes (the card shows "from"). */
export function packFromPrice(card: OfferCard): { period: Period; price: Millimes } | null {
  if (card.type !== 'pack') return null
  const prices = card.subject_details.map((detail) => subjectPrice(card, detail))
  const known = prices.filter((price): price is Millimes => price !== null)
  return known.length > 0 ? { period: card.periods[0] ?? 'fixed', price: Math.min(...known) } : null
}

/** What one subject of a pack costs for one period, in millimes (pack 115: the division's Finalprice). */
export function subjectPrice(card: Pick<OfferCard, 'offer_id' | 'Finalprice'>, detail: { price: number }): Millimes | null {
  const dinars = packSubjectPrice(card.offer_id) === 'Finalprice' ? card.Finalprice : detail.price
  return dinars == null ? null : toMillimes(dinars)
}
