import { describe, expect, it } from 'vitest'
import { ApiError } from '../../../../../../src/renderer/src/api/errors.ts'
import type { OfferCard, OffersApi } from '../../../../../../src/renderer/src/features/offers/api.ts'
import { PurchaseStore, type SavedCode } from '../../../../../../src/renderer/src/features/offers/stores/PurchaseStore.ts'
import {
  fakeOffersApi,
  gold,
  mobile,
  optimum,
  pack115,
  purchaseResponse,
  quoteAnswer,
  recorder,
  sequentialKeys,
  standard,
  tenPercent
} from './offersFakes.ts'

/** 15 January 2026 in Tunis: 167 days of the school year (303) are left, 15 January to 30 June. */
const NOW = new Date('2026-01-15T10:00:00+01:00')

function setup(card: OfferCard, overrides: Partial<OffersApi> = {}, giftCode: string | null = null) {
  const api = fakeOffersApi(overrides)
  const record = recorder()
  const store = new PurchaseStore(card, {
    api: () => api,
    now: () => NOW,
    newKey: sequentialKeys(),
    giftCode: () => giftCode,
    notify: record.notify,
    onPurchased: record.onPurchased
  })
  return { api, store, ...record }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('PurchaseStore: the choice priced by the shared engine (§4, §9)', () => {
  it('prices a month, then 3 months labelled multi-month, then the rest of the school year', () => {
    const { store } = setup(gold)
    expect(store.periodChoices).toEqual(['month', 'rest_of_year'])
    expect(store.quote).toMatchObject({
      base: 45_000,
      total: 45_000,
      dueNow: 45_000,
      period: { period: 'month', quantity: 1, endDate: '2026-02-14' }
    })
    expect(store.multiMonth).toBe(false)
    store.setMonths(3)
    expect(store.quote).toMatchObject({ base: 135_000, total: 135_000, period: { multiMonth: true, endDate: '2026-04-14' } })
    expect(store.multiMonth).toBe(true)
    expect(store.request).toMatchObject({ offerDivisionDetail: gold.id, period: 'month', quantity: 3, code: null, sliceIndex: -1 })
    store.setPeriodChoice('rest_of_year')
    // 290 dinars × 167 / 303 days, rounded half up once: 159.835.
    expect(store.quote).toMatchObject({ base: 159_835, total: 159_835, period: { period: 'rest_of_year', endDate: '2026-06-30' } })
    expect(store.request).toMatchObject({ period: 'rest_of_year', quantity: null })
  })

  it('sells a day or seven at the level rate of the card (bac: 2.3 and 17.25 dinars)', () => {
    const { store } = setup(mobile)
    expect(store.periodChoices).toEqual(['day'])
    expect(store.dayCounts).toEqual([1, 7])
    expect(store.quote).toMatchObject({ base: 2_300, period: { period: 'day', endDate: '2026-01-15' } })
    store.setDays(7)
    expect(store.quote).toMatchObject({ base: 17_250, period: { period: 'week', endDate: '2026-01-21' } })
    expect(store.request.period).toBe('week')
  })

  it('takes the Finalprice of an offer without a period selector (offer 102)', () => {
    const { store } = setup(standard)
    expect(store.showsPeriodSelector).toBe(false)
    expect(store.quote).toMatchObject({ listPrice: 150_000, base: 120_000, total: 120_000, period: { period: 'fixed' } })
  })

  it('toggles pack subjects and "all": 10 % for two, 25 % for the three of a pack of three; none has no price', () => {
    const { store } = setup(pack115)
    expect(store.quote).toBeNull()
    expect(store.refusal).toEqual({ key: 'auth:errors.purchase.subjectsRequired' })
    expect(store.canConfirm).toBe(false)
    store.toggleSubject(102)
    expect(store.quote).toMatchObject({ base: 30_000, pack: null, total: 30_000 })
    store.toggleSubject(101)
    expect(store.subjectIds).toEqual([101, 102])
    expect(store.quote).toMatchObject({ base: 60_000, pack: { basisPoints: 1000, discount: 6_000 }, total: 54_000 })
    store.toggleAllSubjects()
    expect(store.allSubjectsChosen).toBe(true)
    expect(store.quote).toMatchObject({ base: 90_000, pack: { id: 'pack115_whole_pack_of_three', discount: 22_500 }, total: 67_500 })
    expect(store.request.offer_subject_details).toEqual([101, 102, 103])
    store.toggleAllSubjects()
    expect(store.subjectIds).toEqual([])
    expect(store.quote).toBeNull()
  })

  it('pays the first of three instalments, or the whole price at once', () => {
    const { store } = setup(optimum)
    expect(store.sellsInSlices).toBe(true)
    // 390 dinars × 167 / 303 days = 214.950, in three equal instalments.
    expect(store.quote).toMatchObject({ total: 214_950, slices: [71_650, 71_650, 71_650], sliceIndex: 1, dueNow: 71_650 })
    expect(store.request.sliceIndex).toBe(1)
    store.setPayInSlices(false)
    expect(store.quote).toMatchObject({ total: 214_950, slices: [214_950], sliceIndex: -1, dueNow: 214_950 })
    expect(store.request.sliceIndex).toBe(-1)
  })

  it("shows a later instalment at the order's stored figure, the server's quote, not the engine's figure of today", async () => {
    // Bought on 15 October: 390 dinars × 258 / 303 days = 332.079, in slices of 110.693, 110.693 and 110.693.
    const stored = [110_693, 110_693, 110_693]
    const second = { ...optimum, indexSliceToPay: 2 }
    const { store, api } = setup(second, {
      quote: async (body) => ({
        ...quoteAnswer(null),
        total: 332_079,
        slices: stored,
        sliceIndex: body.sliceIndex ?? 2,
        dueNow: stored[1]!
      })
    })
    expect(store.sliceIndex).toBe(2)
    // Today's engine would split 214.950 (167 days left): 71.650 a slice. Until the server answers, no figure.
    expect(store.quote).toBeNull()
    expect(store.canConfirm).toBe(false)
    await settle()
    expect(api.calls).toEqual([{ name: 'quote', args: [expect.objectContaining({ offerDivisionDetail: second.id, sliceIndex: 2 })] }])
    expect(store.quote).toMatchObject({ slices: stored, sliceIndex: 2, dueNow: 110_693 })
    expect(store.canConfirm).toBe(true)
    // The whole price at once is a new order: the engine's, at once.
    store.setPayInSlices(false)
    expect(store.quote).toMatchObject({ total: 214_950, sliceIndex: -1, dueNow: 214_950 })
    store.setPayInSlices(true)
    expect(store.quote).toMatchObject({ sliceIndex: 2, dueNow: 110_693 })
  })

  it("says why when the server cannot give the later instalment's figure", async () => {
    const { store } = setup({ ...optimum, indexSliceToPay: 2 }, { quote: () => Promise.reject(new TypeError('offline')) })
    await settle()
    expect(store.quote).toBeNull()
    expect(store.refusal).toEqual({ key: 'auth:errors.server' })
    expect(store.canConfirm).toBe(false)
  })
})

describe('PurchaseStore: one code, checked by the server, removable (§4 Coupons, §5)', () => {
  it('applies a coupon through the quote call, then prices it at once and keeps the field closed until removed', async () => {
    const { store, api } = setup(gold, { quote: (body) => Promise.resolve(quoteAnswer(tenPercent(body.code!))) })
    store.setCodeInput(' bienvenue10 ')
    expect(await store.applyCode()).toBe(true)
    expect(api.calls).toEqual([
      {
        name: 'quote',
        args: [
          { offerDivisionDetail: gold.id, period: 'month', quantity: 1, offer_subject_details: null, code: 'BIENVENUE10', sliceIndex: -1 }
        ]
      }
    ])
    expect(store.appliedCode?.code).toBe('BIENVENUE10')
    expect(store.codeMessage).toEqual({ message: { key: 'offers:code.applied' }, intent: 'success' })
    expect(store.quote).toMatchObject({ base: 45_000, code: { kind: 'coupon', discount: 4_500 }, total: 40_500 })
    expect(store.request.code).toBe('BIENVENUE10')
    // The input is closed while a code is applied.
    store.setCodeInput('AUTRE')
    expect(store.codeInput).toBe(' bienvenue10 ')
    expect(await store.applyCode()).toBe(false)
    store.removeCode()
    expect(store.appliedCode).toBeNull()
    expect(store.codeInput).toBe('')
    expect(store.quote).toMatchObject({ code: null, total: 45_000 })
    expect(store.request.code).toBeNull()
  })

  it('gives a CP referral code its 5 %', async () => {
    const { store } = setup(gold, {
      quote: (body) =>
        Promise.resolve(
          quoteAnswer({
            kind: 'referral',
            code: body.code!,
            discountType: 'percentage_discount',
            basisPoints: 500,
            fixedAmount: null,
            discount: 2_250
          })
        )
    })
    store.setCodeInput('cpsami01')
    expect(await store.applyCode()).toBe(true)
    expect(store.quote).toMatchObject({ code: { kind: 'referral', code: 'CPSAMI01', discount: 2_250 }, total: 42_750 })
  })

  it("refuses an empty or short code without asking the server, and words the server's refusal", async () => {
    const { store, api } = setup(gold, { quote: () => Promise.reject(new ApiError('code_expired', 'Ce code a expiré', { status: 422 })) })
    expect(await store.applyCode()).toBe(false)
    expect(store.codeMessage).toEqual({ message: { key: 'auth:errors.purchase.codeRequired' }, intent: 'warning' })
    store.setCodeInput('ab')
    expect(await store.applyCode()).toBe(false)
    expect(store.codeMessage).toEqual({ message: { key: 'auth:errors.purchase.codeTooShort' }, intent: 'warning' })
    expect(api.calls).toEqual([])
    store.setCodeInput('EXPIRE2025')
    expect(await store.applyCode()).toBe(false)
    expect(store.codeMessage).toEqual({ message: { key: 'auth:errors.purchase.codeExpired' }, intent: 'warning' })
    expect(store.appliedCode).toBeNull()
    expect(store.quote).toMatchObject({ code: null, total: 45_000 })
  })

  it('checks the code again when the choice changes, and drops a coupon that does not fit the new period', async () => {
    let refuse = false
    const { store, api } = setup(gold, {
      quote: (body) =>
        refuse
          ? Promise.reject(new ApiError('code_not_applicable', 'Ce code n’est pas valable', { status: 422 }))
          : Promise.resolve(quoteAnswer(tenPercent(body.code!)))
    })
    store.setCodeInput('ANNEE20')
    await store.applyCode()
    refuse = true
    store.setPeriodChoice('rest_of_year')
    await settle()
    expect(api.calls).toHaveLength(2)
    expect(api.calls[1]!.args[0]).toMatchObject({ period: 'rest_of_year', code: 'ANNEE20' })
    expect(store.appliedCode).toBeNull()
    expect(store.codeInput).toBe('')
    expect(store.codeMessage).toEqual({ message: { key: 'auth:errors.purchase.codeNotApplicable' }, intent: 'warning' })
  })
})

describe('PurchaseStore: a code applied earlier, as /auth/me gives it', () => {
  function withSaved(saved: SavedCode, overrides: Partial<OffersApi> = {}) {
    const api = fakeOffersApi(overrides)
    const record = recorder()
    let removed = 0
    const store = new PurchaseStore(gold, {
      api: () => api,
      now: () => NOW,
      newKey: sequentialKeys(),
      giftCode: () => null,
      notify: record.notify,
      onPurchased: record.onPurchased,
      savedCode: () => saved,
      onCodeRemoved: () => removed++
    })
    return { api, store, removed: () => removed }
  }
  const saved: SavedCode = { discountCode: 'BIENVENUE10', discountType: 'percentage_discount', discountAmount: 10 }

  it('opens with it applied and priced (the field closed), checks it for this choice, and removes it from the server', async () => {
    const { store, api, removed } = withSaved(saved, {
      quote: (body) => Promise.resolve(quoteAnswer(tenPercent(body.code!))),
      removeAppliedCode: () => Promise.resolve()
    })
    expect(store.appliedCode).toMatchObject({ code: 'BIENVENUE10', kind: 'coupon' })
    expect(store.quote).toMatchObject({ code: { kind: 'coupon', basisPoints: 1000, discount: 4_500 }, total: 40_500 })
    expect(store.request.code).toBe('BIENVENUE10')
    store.setCodeInput('AUTRE')
    expect(store.codeInput).toBe('')
    await settle()
    expect(api.calls).toEqual([{ name: 'quote', args: [expect.objectContaining({ offerDivisionDetail: gold.id, code: 'BIENVENUE10' })] }])
    expect(store.appliedCode?.terms).toEqual(tenPercent('BIENVENUE10'))
    store.removeCode()
    expect(store.appliedCode).toBeNull()
    expect(store.quote).toMatchObject({ code: null, total: 45_000 })
    await settle()
    expect(api.calls[1]).toEqual({ name: 'removeAppliedCode', args: ['BIENVENUE10'] })
    expect(removed()).toBe(1)
    expect(store.checkingCode).toBe(false)
  })

  it('prices a saved CP referral code at 5 % and a fixed coupon at its dinars before the server answers', () => {
    const never = { quote: () => new Promise<never>(() => undefined) }
    const referral = withSaved({ discountCode: 'cpami042', discountType: 'percentage_discount', discountAmount: 5 }, never).store
    expect(referral.appliedCode).toMatchObject({ code: 'CPAMI042', kind: 'referral' })
    expect(referral.quote).toMatchObject({ code: { kind: 'referral', discount: 2_250 }, total: 42_750 })
    const fixed = withSaved({ discountCode: 'MOINS5', discountType: 'fixed', discountAmount: 5 }, never).store
    expect(fixed.quote).toMatchObject({ code: { discountType: 'fixed', fixedAmount: 5_000, discount: 5_000 }, total: 40_000 })
    expect(withSaved({ discountCode: null, discountType: null, discountAmount: null }, never).store.appliedCode).toBeNull()
  })

  it('shows it again when the server cannot remove it, and drops it (on the server too) when it does not fit this offer', async () => {
    const failing = withSaved(saved, {
      quote: (body) => Promise.resolve(quoteAnswer(tenPercent(body.code!))),
      removeAppliedCode: () => Promise.reject(new ApiError('server_error', 'Erreur', { status: 500 }))
    })
    await settle()
    failing.store.removeCode()
    await settle()
    expect(failing.store.appliedCode?.code).toBe('BIENVENUE10')
    expect(failing.store.codeMessage?.intent).toBe('warning')
    expect(failing.removed()).toBe(0)

    const other = withSaved(saved, {
      quote: () => Promise.reject(new ApiError('code_not_applicable', 'Ce code n’est pas valable', { status: 422 })),
      removeAppliedCode: () => Promise.resolve()
    })
    await settle()
    await settle()
    expect(other.store.appliedCode).toBeNull()
    expect(other.store.codeMessage).toEqual({ message: { key: 'auth:errors.purchase.codeNotApplicable' }, intent: 'warning' })
    expect(other.api.calls.map((call) => call.name)).toEqual(['quote', 'removeAppliedCode'])
    expect(other.removed()).toBe(1)
  })
})

describe('PurchaseStore: confirmation and purchase (§4, §8)', () => {
  it('confirms, buys once with an Idempotency-Key, refreshes the user, shows the 3-second snackbar and goes to /subjects', async () => {
    const { store, api, notes, purchases } = setup(gold, { buy: (body) => Promise.resolve(purchaseResponse(body)) })
    expect(await store.buy()).toBeNull()
    expect(store.confirm()).toBe(true)
    expect(store.step).toBe('confirm')
    const outcome = await store.buy()
    expect(outcome).toEqual({ kind: 'purchased', path: '/subjects' })
    expect(api.calls).toEqual([
      {
        name: 'buy',
        args: [
          { offerDivisionDetail: gold.id, period: 'month', quantity: 1, offer_subject_details: null, code: null, sliceIndex: -1 },
          'k1'
        ]
      }
    ])
    expect(purchases).toHaveLength(1)
    expect(notes).toEqual([{ intent: 'success', key: 'offers:purchase.success' }])
  })

  it('sends one purchase for a double click', async () => {
    let answer: (value: ReturnType<typeof purchaseResponse>) => void = () => undefined
    const { store, api } = setup(gold, { buy: () => new Promise((resolve) => (answer = resolve)) })
    store.confirm()
    const first = store.buy()
    const second = store.buy()
    expect(store.submitting).toBe(true)
    expect(store.canConfirm).toBe(false)
    answer(purchaseResponse(store.request))
    expect(await second).toBeNull()
    expect(await first).toEqual({ kind: 'purchased', path: '/subjects' })
    expect(api.calls.filter((call) => call.name === 'buy')).toHaveLength(1)
  })

  it('retries a purchase whose answer was lost with the same key, a new choice with a new one', async () => {
    let fail = true
    const { store, api } = setup(gold, {
      buy: (body) => (fail ? Promise.reject(new ApiError('network', 'offline')) : Promise.resolve(purchaseResponse(body)))
    })
    store.confirm()
    expect(await store.buy()).toBeNull()
    expect(store.error).toEqual({ key: 'auth:errors.network' })
    fail = false
    expect(await store.buy()).toMatchObject({ kind: 'purchased' })
    expect(api.calls.map((call) => call.args[1])).toEqual(['k1', 'k1'])
  })

  it('goes to the wallet with the points missing on a 402, and on a 401', async () => {
    const short = setup(optimum, {
      buy: () => Promise.reject(new ApiError('insufficient_points', 'Solde de points insuffisant', { status: 402, missingPoints: 92.5 }))
    })
    short.store.confirm()
    expect(await short.store.buy()).toEqual({ kind: 'wallet', path: '/porte-monnaie?missing_points=92.5', missingPoints: 92.5 })
    expect(short.notes).toEqual([{ intent: 'warning', key: 'auth:errors.insufficientPoints' }])
    expect(short.purchases).toEqual([])

    const signedOut = setup(gold, { buy: () => Promise.reject(new ApiError('unauthenticated', 'Unauthorized', { status: 401 })) })
    signedOut.store.confirm()
    expect(await signedOut.store.buy()).toEqual({ kind: 'wallet', path: '/porte-monnaie', missingPoints: null })
  })

  it('says a daily or weekly plan is bought through the operator when the server refuses it for points', async () => {
    const { store, notes } = setup(mobile, {
      buy: () => Promise.reject(new ApiError('period_not_offered', 'Durée non proposée', { status: 422 }))
    })
    store.confirm()
    expect(await store.buy()).toBeNull()
    expect(store.error).toEqual({ key: 'offers:purchase.operatorOnly' })
    expect(notes).toEqual([{ intent: 'warning', key: 'offers:purchase.operatorOnly' }])
  })
})
