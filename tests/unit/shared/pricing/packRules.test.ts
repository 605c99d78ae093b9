import { describe, expect, it } from 'vitest'
import { quote, type PackRuleId } from '../../../../src/shared/pricing/index.ts'
import { AT, pack } from './fixtures.ts'

type Row = {
  name: string
  offerId: number
  /** Subject prices in dinars (pack 115: its Finalprice, the price of every subject). */
  prices: number[]
  finalPrice?: number
  chosen: number
  period?: 'fixed' | 'month'
  months?: number
  rule: PackRuleId | null
  base: number
  discount: number
  total: number
}

// Expected figures worked out by hand, in millimes.
const ROWS: Row[] = [
  {
    name: '115, 1 of 4: no discount',
    offerId: 115,
    prices: [1, 2, 3, 4],
    finalPrice: 30.5,
    chosen: 1,
    rule: null,
    base: 30_500,
    discount: 0,
    total: 30_500
  },
  {
    name: '115, 2 of 4: 10 %',
    offerId: 115,
    prices: [1, 2, 3, 4],
    finalPrice: 30.5,
    chosen: 2,
    rule: 'pack115_two_subjects',
    base: 61_000,
    discount: 6_100,
    total: 54_900
  },
  {
    name: '115, 3 of 4: 15 %',
    offerId: 115,
    prices: [1, 2, 3, 4],
    finalPrice: 30.5,
    chosen: 3,
    rule: 'pack115_three_or_more',
    base: 91_500,
    discount: 13_725,
    total: 77_775
  },
  {
    name: '115, 4 of 4: 15 %',
    offerId: 115,
    prices: [1, 2, 3, 4],
    finalPrice: 30.5,
    chosen: 4,
    rule: 'pack115_three_or_more',
    base: 122_000,
    discount: 18_300,
    total: 103_700
  },
  {
    name: '115, 3 of 3: 25 %',
    offerId: 115,
    prices: [1, 2, 3],
    finalPrice: 30.5,
    chosen: 3,
    rule: 'pack115_whole_pack_of_three',
    base: 91_500,
    discount: 22_875,
    total: 68_625
  },
  {
    name: '115, 2 of 3: 10 %',
    offerId: 115,
    prices: [1, 2, 3],
    finalPrice: 30.5,
    chosen: 2,
    rule: 'pack115_two_subjects',
    base: 61_000,
    discount: 6_100,
    total: 54_900
  },
  {
    name: '115, 3 of 4 at 0.010: 4.5 rounds up to 5',
    offerId: 115,
    prices: [1, 2, 3, 4],
    finalPrice: 0.01,
    chosen: 3,
    rule: 'pack115_three_or_more',
    base: 30,
    discount: 5,
    total: 25
  },
  {
    name: '115, 3 months of 2 of 4',
    offerId: 115,
    prices: [1, 2, 3, 4],
    finalPrice: 30.5,
    chosen: 2,
    period: 'month',
    months: 3,
    rule: 'pack115_two_subjects',
    base: 183_000,
    discount: 18_300,
    total: 164_700
  },
  {
    name: '84, all 3: 25 % (18 874.75 → 18 875)',
    offerId: 84,
    prices: [25.5, 30, 19.999],
    chosen: 3,
    rule: 'all_subjects',
    base: 75_499,
    discount: 18_875,
    total: 56_624
  },
  { name: '84, 2 of 3: none', offerId: 84, prices: [25.5, 30, 19.999], chosen: 2, rule: null, base: 55_500, discount: 0, total: 55_500 },
  {
    name: '84, 3 months of all 3 (56 624.25 → 56 624)',
    offerId: 84,
    prices: [25.5, 30, 19.999],
    chosen: 3,
    period: 'month',
    months: 3,
    rule: 'all_subjects',
    base: 226_497,
    discount: 56_624,
    total: 169_873
  },
  {
    name: '119, both of 2: 25 % (5 586.25 → 5 586)',
    offerId: 119,
    prices: [12.345, 10],
    chosen: 2,
    rule: 'all_subjects',
    base: 22_345,
    discount: 5_586,
    total: 16_759
  },
  { name: '119, 1 of 2: none', offerId: 119, prices: [12.345, 10], chosen: 1, rule: null, base: 12_345, discount: 0, total: 12_345 },
  {
    name: 'another pack, all 3: the sum, no rule',
    offerId: 200,
    prices: [25.5, 30, 19.999],
    chosen: 3,
    rule: null,
    base: 75_499,
    discount: 0,
    total: 75_499
  },
  {
    name: '115 ignores the subjects’ own prices',
    offerId: 115,
    prices: [99, 99],
    finalPrice: 20,
    chosen: 2,
    rule: 'pack115_two_subjects',
    base: 40_000,
    discount: 4_000,
    total: 36_000
  }
]

describe('the pack rules', () => {
  it.each(ROWS)('$name', (row) => {
    const division = pack(row.offerId, row.prices, row.finalPrice ?? null)
    const chosen = division.subject_details!.slice(0, row.chosen).map((detail) => detail.id)
    const result = quote({ division, level: 'bac', period: row.period ?? 'fixed', quantity: row.months, subjectIds: chosen, at: AT })
    expect(result.ok).toBe(true)
    if (!result.ok) return
    expect(result.quote.base).toBe(row.base)
    expect(result.quote.pack?.id ?? null).toBe(row.rule)
    expect(result.quote.pack?.discount ?? 0).toBe(row.discount)
    expect(result.quote.total).toBe(row.total)
    expect(result.quote.snapshot.packRule?.id ?? null).toBe(row.rule)
  })

  it('refuses a pack without subjects, with an unknown or repeated subject, and subjects outside a pack', () => {
    const division = pack(84, [10, 20])
    expect(quote({ division, level: 'bac', period: 'fixed', subjectIds: [], at: AT })).toEqual({ ok: false, code: 'subjects_required' })
    expect(quote({ division, level: 'bac', period: 'fixed', subjectIds: [900, 42], at: AT })).toEqual({
      ok: false,
      code: 'unknown_subject',
      detail: '42'
    })
    // The same subject twice must not reach the "all subjects" discount of a pack of two.
    expect(quote({ division, level: 'bac', period: 'fixed', subjectIds: [900, 900], at: AT })).toEqual({
      ok: false,
      code: 'duplicate_subject'
    })
    // Pack 115 prices every subject at its Finalprice: without one it cannot be priced.
    expect(quote({ division: pack(115, [1, 2, 3]), level: 'bac', period: 'fixed', subjectIds: [900], at: AT })).toEqual({
      ok: false,
      code: 'price_missing',
      detail: 'Finalprice'
    })
    const primary = { ...division, type: 'primary' as const, Finalprice: 10 }
    expect(quote({ division: primary, level: 'bac', period: 'fixed', subjectIds: [900], at: AT })).toEqual({
      ok: false,
      code: 'subjects_not_sold_separately'
    })
  })
})
