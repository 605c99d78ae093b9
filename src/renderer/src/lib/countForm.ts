/**
 * One, two, a few or any other count (docs/decisions/0015-arabic-counts.md): Arabic has a plural
 * of its own for 3 to 10, and for 103 to 110, 203 to 210 … (the last two digits; Unicode's plural
 * rules), a dual for 2, and the singular for 11 to 99 and 0; French and English word 2 and a few
 * like any other count. The catalogues carry one text per form (`xOne`, `xTwo`, `xFew`, `xOther`).
 */
export type CountForm = 'One' | 'Two' | 'Few' | 'Other'

export function countForm(count: number): CountForm {
  if (count === 1) return 'One'
  if (count === 2) return 'Two'
  const lastTwo = count % 100
  return Number.isInteger(count) && lastTwo >= 3 && lastTwo <= 10 ? 'Few' : 'Other'
}
