/**
 * The points balance label (specification part 1, §9): the singular unit for 1 to 10 points
 * inclusive, the plural otherwise (the first of the specification's two readings, as the
 * wallet screen reads it).
 */
export function balanceUnit(points: number): 'unitOne' | 'unitOther' {
  return points >= 1 && points <= 10 ? 'unitOne' : 'unitOther'
}
