import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { quote, type AppliedCode, type OfferDivision, type Period, type QuoteRequest } from '../../../../src/shared/pricing/index.ts'

const PERIODS: Period[] = ['day', 'week', 'month', 'rest_of_year', 'fixed']
const dinars = fc.integer({ min: 0, max: 2_000_000 }).map((millimes) => millimes / 1000)

const divisionArb: fc.Arbitrary<OfferDivision> = fc
  .record({
    id: fc.integer({ min: 1, max: 1000 }),
    offer_id: fc.constantFrom(33, 80, 84, 102, 115, 119, 127, 200),
    type: fc.constantFrom('primary' as const, 'pack' as const),
    disabled: fc.constant(false),
    pricing: fc.uniqueArray(fc.record({ period: fc.constantFrom(...PERIODS), price: dinars, final_price: dinars }), {
      selector: (e) => e.period,
      maxLength: 5
    }),
    Finalprice: fc.option(dinars, { nil: null }),
    Baseprice: fc.option(dinars, { nil: null }),
    slices: fc.array(fc.record({ amount: fc.integer({ min: 0, max: 500_000 }).map((m) => m / 1000) }), { maxLength: 4 }),
    indexSliceToPay: fc.option(fc.constantFrom(-1, 1, 2, 3), { nil: null }),
    subject_details: fc
      .array(fc.record({ subjectId: fc.integer({ min: 1, max: 20 }), price: dinars }), { maxLength: 5 })
      .map((details) => details.map((detail, i) => ({ id: 900 + i, subject: `Matière ${i}`, ...detail })))
  })
  .map((division) => ({ ...division, name: 'Division', offer: { is_free: false, position: 1 } }))

const codeArb: fc.Arbitrary<AppliedCode> = fc.oneof(
  fc.stringMatching(/^CP[A-Z0-9]{1,8}$/).map((code) => ({ code })),
  fc.record({
    code: fc.stringMatching(/^[A-Z0-9]{3,10}$/),
    coupon: fc.record({
      discountType: fc.constantFrom('percentage_discount' as const, 'fixed' as const),
      discountValue: fc.integer({ min: 0, max: 1_000_000 }).map((n) => n / 1000),
      periods: fc.subarray(PERIODS)
    })
  })
)

/** Mostly what the dialog would send for the division, sometimes anything: both must hold the properties. */
const plausibly = <T, U>(likely: fc.Arbitrary<T>, wild: fc.Arbitrary<U>) =>
  fc.oneof({ arbitrary: likely, weight: 4 }, { arbitrary: wild, weight: 1 })

const requestArb: fc.Arbitrary<QuoteRequest> = divisionArb.chain((division) =>
  fc.record({
    division: fc.constant(division),
    level: fc.constantFrom('primary' as const, 'basic' as const, 'secondary' as const, 'bac' as const),
    period: plausibly(
      fc.constantFrom(...(division.pricing.length > 0 ? division.pricing.map((e) => e.period) : ['fixed' as const])),
      fc.constantFrom(...PERIODS, 'bogus')
    ),
    quantity: plausibly(fc.constantFrom(undefined, 1, 3), fc.integer({ min: -1, max: 13 })),
    subjectIds: plausibly(
      division.type === 'pack' && division.subject_details!.length > 0
        ? fc.subarray(
            division.subject_details!.map((detail) => detail.id),
            { minLength: 1 }
          )
        : fc.constant([]),
      fc.subarray([...division.subject_details!.map((detail) => detail.id), 999])
    ),
    codes: plausibly(fc.array(codeArb, { maxLength: 1 }), fc.array(codeArb, { maxLength: 2 })),
    sliceIndex: plausibly(fc.constantFrom(undefined, -1, 1), fc.integer({ min: -1, max: 5 })),
    at: fc.date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2035-12-31T23:59:59Z'), noInvalidDate: true })
  })
)

const RUNS = { numRuns: 2000 }

describe('pricing properties', () => {
  it('accepts enough generated requests for the properties below to mean something', () => {
    const accepted = fc.sample(requestArb, { numRuns: 2000, seed: 28 }).filter((request) => quote(request).ok).length
    expect(accepted).toBeGreaterThan(200)
  })

  it('the parts add up: base − pack − code = total = the slices’ sum, and the slice due now is one of them', () => {
    fc.assert(
      fc.property(requestArb, (request) => {
        const result = quote(request)
        if (!result.ok) return
        const q = result.quote
        expect(q.base - (q.pack?.discount ?? 0)).toBe(q.afterPack)
        expect(q.afterPack - (q.code?.discount ?? 0)).toBe(q.total)
        expect(q.slices.reduce((a, b) => a + b, 0)).toBe(q.total)
        expect(q.dueNow).toBe(q.sliceIndex === -1 ? q.total : q.slices[q.sliceIndex - 1])
      }),
      RUNS
    )
  })

  it('no figure is negative or a fraction of a millime; no discount is above its base', () => {
    fc.assert(
      fc.property(requestArb, (request) => {
        const result = quote(request)
        if (!result.ok) return
        const q = result.quote
        const figures = [q.listPrice, q.base, q.afterPack, q.total, q.dueNow, q.pack?.discount ?? 0, q.code?.discount ?? 0, ...q.slices]
        for (const figure of figures) {
          expect(Number.isSafeInteger(figure)).toBe(true)
          expect(figure).toBeGreaterThanOrEqual(0)
        }
        expect(q.pack?.discount ?? 0).toBeLessThanOrEqual(q.base)
        expect(q.code?.discount ?? 0).toBeLessThanOrEqual(q.afterPack)
        expect(q.listPrice).toBeGreaterThanOrEqual(q.base)
        expect(q.total).toBeLessThanOrEqual(q.base)
        if (q.code) expect([1, -1]).toContain(q.sliceIndex)
      }),
      RUNS
    )
  })

  it('is deterministic: the same request, sent as JSON as the client sends it to the server, gives the same quote', () => {
    fc.assert(
      fc.property(requestArb, (request) => {
        const first = quote(request)
        const overTheWire = quote(JSON.parse(JSON.stringify(request)) as QuoteRequest)
        expect(overTheWire).toEqual(first)
        expect(quote(request)).toEqual(first)
      }),
      { numRuns: 500 }
    )
  })

  it('never throws: anything that is not a request is refused as invalid input', () => {
    fc.assert(
      fc.property(fc.anything(), (junk) => {
        const result = quote(junk as QuoteRequest)
        expect(result).toMatchObject({ ok: false, code: 'invalid_input' })
      }),
      { numRuns: 500 }
    )
    fc.assert(
      fc.property(requestArb, fc.string(), fc.anything(), (request, key, value) => {
        const tampered = { ...request, division: { ...request.division, [key]: value } }
        expect(() => quote(tampered)).not.toThrow()
      }),
      { numRuns: 500 }
    )
  })
})
