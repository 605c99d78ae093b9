/**
 * The pack rules (specification part 1, §9). Pack 115: every subject at the division's
 * Finalprice; 2 subjects 10 % off, 3 or more 15 %, and 25 % for the 3 subjects of a pack that has
 * exactly 3. Offers 84 (revision pack) and 119: each subject at its own price, 25 % off when every
 * subject of the pack is chosen. Other packs: the sum of their subjects' prices.
 */

export const PACK_115_OFFER_ID = 115
export const ALL_SUBJECTS_OFFER_IDS: readonly number[] = [84, 119]

export type PackRuleId = 'pack115_two_subjects' | 'pack115_three_or_more' | 'pack115_whole_pack_of_three' | 'all_subjects'

export type PackRule = { id: PackRuleId; basisPoints: number }

/** How a pack's subjects are priced: at their own price, or all at the division's Finalprice (pack 115). */
export function packSubjectPrice(offerId: number): 'own' | 'Finalprice' {
  return offerId === PACK_115_OFFER_ID ? 'Finalprice' : 'own'
}

/** The rule that applies to `chosen` distinct subjects of a pack of `packSize`, or null for none. */
export function packRule(offerId: number, chosen: number, packSize: number): PackRule | null {
  if (offerId === PACK_115_OFFER_ID) {
    if (chosen === 3 && packSize === 3) return { id: 'pack115_whole_pack_of_three', basisPoints: 2500 }
    if (chosen >= 3) return { id: 'pack115_three_or_more', basisPoints: 1500 }
    if (chosen === 2) return { id: 'pack115_two_subjects', basisPoints: 1000 }
    return null
  }
  if (ALL_SUBJECTS_OFFER_IDS.includes(offerId) && chosen > 0 && chosen === packSize) return { id: 'all_subjects', basisPoints: 2500 }
  return null
}
