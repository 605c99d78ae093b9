import { describe, expect, it } from 'vitest'
import { quote, type CouponTerms, type OfferDivision } from '../../../../src/shared/pricing/index.ts'
import { AT, division, entry } from './fixtures.ts'

const monthly = division({ pricing: [entry('month', 50, 40), entry('rest_of_year', 400, 303)] })
/** Offer 102: no period selector, its Finalprice. */
const fixed = division({ id: 602, offer_id: 102, Finalprice: 463.25, Baseprice: 500 })
/** Paid in three instalments of 150, 100 and 100 dinars. */
const sliced = division({
  id: 603,
  offer_id: 127,
  Finalprice: 350,
  slices: [{ amount: 150 }, { amount: 100 }, { amount: 100 }],
  indexSliceToPay: 1
})
const tenPercent: CouponTerms = { discountType: 'percentage_discount', discountValue: 10 }

function ok(division: OfferDivision, extra: Partial<Parameters<typeof quote>[0]> = {}) {
  const result = quote({ division, level: 'bac', period: 'fixed', at: AT, ...extra })
  if (!result.ok) throw new Error(`refused: ${result.code}`)
  return result.quote
}

describe('the period price', () => {
  it("prices 'Par mois' per month, labelled multi-month from 3 months, with the period's dates", () => {
    const two = ok(monthly, { period: 'month', quantity: 2 })
    expect(two).toMatchObject({
      base: 80_000,
      listPrice: 100_000,
      total: 80_000,
      period: { quantity: 2, multiMonth: false, startDate: '2026-01-15', endDate: '2026-03-14' }
    })
    const three = ok(monthly, { period: 'month', quantity: 3 })
    expect(three).toMatchObject({ base: 120_000, listPrice: 150_000, period: { quantity: 3, multiMonth: true, endDate: '2026-04-14' } })
    expect(ok(monthly, { period: 'month' }).base).toBe(40_000)
    // Bought on 31 January, a month ends on February's last day.
    expect(ok(monthly, { period: 'month', quantity: 1, at: '2026-01-31T10:00:00+01:00' }).period.endDate).toBe('2026-02-28')
  })

  it('refuses an unknown period, one the pricing list lacks, and a quantity out of range', () => {
    expect(quote({ division: monthly, level: 'bac', period: 'yearly', at: AT })).toEqual({
      ok: false,
      code: 'unknown_period',
      detail: 'yearly'
    })
    expect(quote({ division: monthly, level: 'bac', period: 'week', at: AT })).toEqual({
      ok: false,
      code: 'period_not_offered',
      detail: 'week'
    })
    expect(quote({ division: monthly, level: 'bac', period: 'fixed', at: AT })).toEqual({
      ok: false,
      code: 'period_not_offered',
      detail: 'fixed'
    })
    for (const quantity of [0, 13, -1])
      expect(quote({ division: monthly, level: 'bac', period: 'month', quantity, at: AT })).toEqual({ ok: false, code: 'invalid_quantity' })
    expect(quote({ division: monthly, level: 'bac', period: 'rest_of_year', quantity: 2, at: AT })).toEqual({
      ok: false,
      code: 'invalid_quantity'
    })
  })

  it('sells an offer without a period selector at its Finalprice, the Baseprice crossed out', () => {
    expect(ok(fixed)).toMatchObject({ base: 463_250, listPrice: 500_000, total: 463_250, period: { period: 'fixed', endDate: null } })
    expect(quote({ division: { ...fixed, Finalprice: null }, level: 'bac', period: 'fixed', at: AT })).toEqual({
      ok: false,
      code: 'price_missing',
      detail: 'Finalprice'
    })
    expect(quote({ division: { ...fixed, disabled: true }, level: 'bac', period: 'fixed', at: AT })).toEqual({
      ok: false,
      code: 'division_disabled'
    })
  })

  it('refuses what is not a quote request', () => {
    expect(quote({ division: fixed, level: 'bac', period: 'fixed', at: 'yesterday' })).toMatchObject({
      ok: false,
      code: 'invalid_input',
      detail: 'at'
    })
    expect(quote({ division: { ...fixed, Finalprice: 0.0005 }, level: 'bac', period: 'fixed', at: AT })).toMatchObject({
      ok: false,
      code: 'invalid_input'
    })
    expect(quote({ division: fixed, level: 'college' as 'bac', period: 'fixed', at: AT })).toMatchObject({
      ok: false,
      code: 'invalid_input',
      detail: 'level'
    })
  })
})

describe('the code: one coupon or one referral code', () => {
  it('gives the friend 5 % off with a CP code, rounded half up', () => {
    // 5 % of 463 250 = 23 162.5 → 23 163
    const referral = ok(fixed, { codes: [{ code: ' cpAmine7 ' }] })
    expect(referral.code).toMatchObject({ kind: 'referral', code: 'CPAMINE7', basisPoints: 500, discount: 23_163 })
    expect(referral.total).toBe(440_087)
    expect(referral.snapshot.code).toEqual({
      kind: 'referral',
      code: 'CPAMINE7',
      discountType: 'percentage_discount',
      basisPoints: 500,
      fixedAmount: null
    })
  })

  it('takes a coupon as a percentage or a fixed amount, never above the amount it comes off', () => {
    expect(ok(fixed, { codes: [{ code: 'RENTREE', coupon: tenPercent }] })).toMatchObject({
      code: { kind: 'coupon', discount: 46_325 },
      total: 416_925
    })
    expect(
      ok(fixed, { codes: [{ code: 'RENTREE', coupon: { discountType: 'percentage_discount', discountValue: 12.5 } }] }).code?.discount
    ).toBe(57_906) // 57 906.25
    expect(ok(fixed, { codes: [{ code: 'MOINS20', coupon: { discountType: 'fixed', discountValue: 20 } }] })).toMatchObject({
      code: { discount: 20_000, fixedAmount: 20_000 },
      total: 443_250
    })
    expect(ok(fixed, { codes: [{ code: 'MOINS500', coupon: { discountType: 'fixed', discountValue: 500 } }] })).toMatchObject({
      code: { discount: 463_250 },
      total: 0,
      dueNow: 0
    })
    expect(
      quote({
        division: fixed,
        level: 'bac',
        period: 'fixed',
        at: AT,
        codes: [{ code: 'TROP', coupon: { discountType: 'percentage_discount', discountValue: 150 } }]
      })
    ).toEqual({ ok: false, code: 'invalid_coupon' })
  })

  it('comes after the pack rule', () => {
    const pack84 = division({
      offer_id: 84,
      type: 'pack',
      pricing: [entry('fixed', 0, 0)],
      subject_details: [
        { id: 1, subjectId: 1, subject: 'Maths', price: 40 },
        { id: 2, subjectId: 2, subject: 'Physique', price: 40 }
      ]
    })
    // 80 000 − 25 % = 60 000; 5 % of 60 000 = 3 000.
    expect(ok(pack84, { subjectIds: [1, 2], codes: [{ code: 'CPFRIEND' }] })).toMatchObject({
      base: 80_000,
      pack: { discount: 20_000 },
      afterPack: 60_000,
      code: { discount: 3_000 },
      total: 57_000
    })
  })

  it('refuses two codes, the same code twice, an empty or short code and one’s own code', () => {
    const refusal = (codes: Array<{ code: string; coupon?: CouponTerms }>, buyerGiftCode?: string) =>
      quote({ division: fixed, level: 'bac', period: 'fixed', at: AT, codes, buyerGiftCode })
    expect(refusal([{ code: 'CPONE' }, { code: 'RENTREE', coupon: tenPercent }])).toEqual({ ok: false, code: 'two_codes' })
    expect(
      refusal([
        { code: 'RENTREE', coupon: tenPercent },
        { code: 'rentree', coupon: tenPercent }
      ])
    ).toEqual({ ok: false, code: 'code_already_added' })
    expect(refusal([{ code: '  ' }])).toEqual({ ok: false, code: 'code_required' })
    expect(refusal([{ code: 'AB' }])).toEqual({ ok: false, code: 'code_too_short' })
    expect(refusal([{ code: 'CPAMINE7' }], 'cpamine7')).toEqual({ ok: false, code: 'own_code' })
    expect(refusal([{ code: 'NOTACOUPON' }])).toEqual({ ok: false, code: 'unknown_code' })
  })

  it('refuses a coupon that is inactive, expired, or for another offer, class or period', () => {
    const refusal = (terms: Partial<CouponTerms>, on: OfferDivision = fixed, period = 'fixed') =>
      quote({ division: on, level: 'bac', period, at: AT, codes: [{ code: 'RENTREE', coupon: { ...tenPercent, ...terms } }] })
    expect(refusal({ active: false })).toEqual({ ok: false, code: 'code_inactive' })
    expect(refusal({ expiresAt: '2026-01-15T09:00:00+01:00' })).toEqual({ ok: false, code: 'code_expired' })
    expect(refusal({ expiresAt: '2026-01-15T09:00:01+01:00' }).ok).toBe(true)
    expect(refusal({ offerIds: [80, 84] })).toEqual({ ok: false, code: 'code_not_applicable', detail: 'offer' })
    expect(refusal({ offerIds: [102] }).ok).toBe(true)
    expect(refusal({ offerDivisionIds: [601] })).toEqual({ ok: false, code: 'code_not_applicable', detail: 'division' })
    expect(refusal({ periods: ['rest_of_year'] }, monthly, 'month')).toEqual({ ok: false, code: 'code_not_applicable', detail: 'period' })
    expect(refusal({ periods: ['rest_of_year'] }, monthly, 'rest_of_year').ok).toBe(true)
  })
})

describe('the instalments', () => {
  it('split the total in proportion to the plan by largest remainder, adding up exactly', () => {
    const first = ok(sliced)
    expect(first).toMatchObject({ total: 350_000, slices: [150_000, 100_000, 100_000], sliceIndex: 1, dueNow: 150_000 })
    // 10 % off the order: 315 000 in the plan's proportions.
    expect(ok(sliced, { codes: [{ code: 'RENTREE', coupon: tenPercent }] })).toMatchObject({
      total: 315_000,
      slices: [135_000, 90_000, 90_000],
      dueNow: 135_000
    })
    // 5 % off: 332 500 → 142 500, 95 000, 95 000.
    expect(ok(sliced, { codes: [{ code: 'CPAMINE7' }] }).slices).toEqual([142_500, 95_000, 95_000])
    const thirds = ok(division({ Finalprice: 100, slices: [{ amount: 1 }, { amount: 1 }, { amount: 1 }] }), { sliceIndex: 3 })
    expect(thirds).toMatchObject({ slices: [33_334, 33_333, 33_333], dueNow: 33_333, sliceIndex: 3 })
    expect(ok(sliced, { sliceIndex: -1 })).toMatchObject({ slices: [350_000], dueNow: 350_000, sliceIndex: -1 })
  })

  it('take a code only with the first instalment (slice 1 or -1)', () => {
    expect(ok(sliced, { sliceIndex: 2 }).dueNow).toBe(100_000)
    expect(
      quote({ division: sliced, level: 'bac', period: 'fixed', at: AT, sliceIndex: 2, codes: [{ code: 'RENTREE', coupon: tenPercent }] })
    ).toEqual({ ok: false, code: 'code_first_slice_only' })
    expect(
      quote({ division: { ...sliced, indexSliceToPay: 3 }, level: 'bac', period: 'fixed', at: AT, codes: [{ code: 'CPAMINE7' }] })
    ).toEqual({ ok: false, code: 'code_first_slice_only' })
    expect(ok(sliced, { sliceIndex: -1, codes: [{ code: 'RENTREE', coupon: tenPercent }] }).dueNow).toBe(315_000)
  })

  it('refuse a slice the plan does not have', () => {
    expect(quote({ division: sliced, level: 'bac', period: 'fixed', at: AT, sliceIndex: 4 })).toEqual({
      ok: false,
      code: 'slice_out_of_range',
      detail: '4'
    })
    expect(quote({ division: sliced, level: 'bac', period: 'fixed', at: AT, sliceIndex: 0 })).toEqual({
      ok: false,
      code: 'slice_out_of_range',
      detail: '0'
    })
    expect(quote({ division: fixed, level: 'bac', period: 'fixed', at: AT, sliceIndex: 2 })).toEqual({
      ok: false,
      code: 'slice_out_of_range',
      detail: '2'
    })
  })
})

describe('the snapshot', () => {
  it('keeps the rules and catalogue figures the quote used', () => {
    const result = ok(monthly, { period: 'month', quantity: 3, codes: [{ code: 'CPAMINE7' }] })
    expect(result.snapshot).toEqual({
      engine: 'darsi-pricing/1',
      rounding: 'half_up_once_per_step',
      at: '2026-01-15T08:00:00.000Z',
      timeZone: 'Africa/Tunis',
      offerId: 80,
      offerDivisionId: 501,
      divisionType: 'primary',
      level: 'bac',
      period: 'month',
      quantity: 3,
      unitSource: 'pricing_entry',
      unitPrice: 40_000,
      entry: entry('month', 50, 40),
      subjects: [],
      restOfYear: null,
      packRule: null,
      code: { kind: 'referral', code: 'CPAMINE7', discountType: 'percentage_discount', basisPoints: 500, fixedAmount: null },
      sliceWeights: []
    })
    expect(JSON.parse(JSON.stringify(result.snapshot))).toEqual(result.snapshot)
  })
})
