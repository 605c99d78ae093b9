import type { AdCard } from '../../../shared/api/profile.ts'

/** The ad cards to show: the visible ones, by position (§2), the older first among equals. */
export function sortAdCards(cards: readonly AdCard[]): AdCard[] {
  return cards
    .filter((card) => card.visible)
    .slice()
    .sort((a, b) => a.position - b.position || a.id - b.id)
}
