/**
 * Money of the pricing engine: whole millimes (1 dinar = 1 point = 1000 millimes; TND has three
 * decimals), so every figure of a quote is an exact integer. Each step rounds once, half up, and
 * only these helpers round.
 */

/** A non-negative whole number of millimes. */
export type Millimes = number

export const MILLIMES_PER_DINAR = 1000

/** Large enough for any order (a year of the dearest offer), small enough for exact integer sums. */
export const MAX_MILLIMES = 1_000_000_000

/** Dinars as the catalogue gives them (0.95, 463.25) to millimes; null unless whole millimes in range. */
export function toMillimes(dinars: number): Millimes | null {
  if (!Number.isFinite(dinars) || dinars < 0) return null
  const scaled = dinars * MILLIMES_PER_DINAR
  const millimes = Math.round(scaled)
  // 0.95 × 1000 is 949.9999999999999 in binary floating point: within a millionth is whole.
  if (Math.abs(scaled - millimes) > 1e-6 || millimes > MAX_MILLIMES) return null
  return millimes
}

/** Millimes back to dinars for display (exact: three decimals at most). */
export function toDinars(millimes: Millimes): number {
  return millimes / MILLIMES_PER_DINAR
}

/**
 * a × b ÷ denominator rounded half up, for non-negative integers (denominator > 0). The product is
 * taken in BigInt: an order total times a weight can pass 2^53.
 */
export function mulDivHalfUp(a: number, b: number, denominator: number): number {
  const d = BigInt(denominator)
  return Number((2n * BigInt(a) * BigInt(b) + d) / (2n * d))
}

/** Percentages are held in hundredths of a percent (basis points), so 12.5 % stays exact. */
export function toBasisPoints(percent: number): number | null {
  if (!Number.isFinite(percent) || percent < 0 || percent > 100) return null
  const basisPoints = Math.round(percent * 100)
  return Math.abs(percent * 100 - basisPoints) > 1e-6 ? null : basisPoints
}

/** The share of an amount at a percentage in basis points, rounded half up once; never above the amount. */
export function percentOf(amount: Millimes, basisPoints: number): Millimes {
  return Math.min(amount, mulDivHalfUp(amount, basisPoints, 10_000))
}

/** amount × part ÷ whole, rounded half up once (a prorated price). */
export function prorate(amount: Millimes, part: number, whole: number): Millimes {
  return mulDivHalfUp(amount, part, whole)
}

/**
 * Splits a total in proportion to weights by the largest-remainder method: every share is the
 * floor of its exact share, and the millimes left go one each to the largest remainders (the
 * earlier share first on a tie), so the shares add up to the total exactly. Weights that are all
 * zero (or none) split equally.
 */
export function splitLargestRemainder(total: Millimes, weights: readonly number[]): Millimes[] {
  if (weights.length === 0) return [total]
  const sum = weights.reduce((a, b) => a + b, 0)
  const used = (sum > 0 ? weights : weights.map(() => 1)).map(BigInt)
  const whole = BigInt(sum > 0 ? sum : weights.length)
  const exact = used.map((weight) => BigInt(total) * weight)
  const shares = exact.map((product) => Number(product / whole))
  const remainders = exact.map((product, index) => ({ index, remainder: product % whole }))
  let left = total - shares.reduce((a, b) => a + b, 0)
  remainders.sort((a, b) => (a.remainder === b.remainder ? a.index - b.index : a.remainder > b.remainder ? -1 : 1))
  for (const { index } of remainders) {
    if (left === 0) break
    shares[index] += 1
    left -= 1
  }
  return shares
}
