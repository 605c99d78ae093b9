/** The catalogue key of the unit after a points figure. */
export type BalanceUnit = 'unitOne' | 'unitTwo' | 'unitOther'

const arabicPlural = new Intl.PluralRules('ar')

/**
 * The points balance label (specification part 1, §9). In French and English: the singular unit
 * for 1 to 10 points inclusive, the plural otherwise (the first of the specification's two
 * readings, as the wallet screen reads it). In Arabic the noun after a figure follows the
 * language's own counting (decision 0015): the dual for 2, the plural for 3 to 10 (and 103 to
 * 110…), the singular otherwise (0, 1, 11 to 102…).
 */
export function balanceUnit(points: number, language: string): BalanceUnit {
  if (language === 'ar') {
    const form = arabicPlural.select(points)
    return form === 'two' ? 'unitTwo' : form === 'few' ? 'unitOther' : 'unitOne'
  }
  return points >= 1 && points <= 10 ? 'unitOne' : 'unitOther'
}

/**
 * The unit after a figure inside a sentence (« 10 points transférés ») — not the balance label,
 * whose 1–10 rule is the specification's: the language's own counting. Arabic as above; French
 * takes the singular for 0 and 1, English for 1 alone.
 */
export function pointsNoun(points: number, language: string): BalanceUnit {
  if (language === 'ar') return balanceUnit(points, language)
  if (language === 'fr') return points < 2 ? 'unitOne' : 'unitOther'
  return points === 1 ? 'unitOne' : 'unitOther'
}
