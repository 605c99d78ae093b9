import { describe, expect, it } from 'vitest'
import { OffersStore } from '../../../../../../src/renderer/src/features/offers/stores/OffersStore.ts'
import {
  levelOfCard,
  periodChoices,
  showsMovedContentNotice
} from '../../../../../../src/renderer/src/features/offers/stores/offerRules.ts'
import { fakeOffersApi, gold, mobile, optimum, pack115, recorder, sequentialKeys, standard, top50 } from './offersFakes.ts'

function setup(divisionId: number | null = 14) {
  const api = fakeOffersApi({ offers: () => Promise.resolve([pack115, gold, top50, mobile, optimum, standard]) })
  const record = recorder()
  const store = new OffersStore({
    api: () => api,
    now: () => new Date('2026-01-15T10:00:00+01:00'),
    newKey: sequentialKeys(),
    giftCode: () => null,
    divisionId: () => divisionId,
    notify: record.notify,
    onPurchased: record.onPurchased
  })
  return { api, store }
}

describe('OffersStore (§2 Offres)', () => {
  it("shows the cards by the offer's position", async () => {
    const { store } = setup()
    await store.enter()
    expect(store.cards.map((card) => card.offer_id)).toEqual([33, 102, 122, 112, 80, 115])
  })

  it('opens the purchase dialog of a card, none for a disabled one', async () => {
    const { store } = setup()
    await store.enter()
    expect(store.open(top50)).toBeNull()
    expect(store.purchase).toBeNull()
    const purchase = store.open(gold)
    expect(purchase?.card).toBe(gold)
    expect(store.purchase).toBe(purchase)
    store.close()
    expect(store.purchase).toBeNull()
  })

  it('tells the pupils of divisions 23 to 30, 33 and 34 that their content moved', () => {
    for (const division of [23, 24, 25, 26, 27, 28, 29, 30, 33, 34]) expect(showsMovedContentNotice(division), String(division)).toBe(true)
    for (const division of [14, 22, 31, 32, 35]) expect(showsMovedContentNotice(division), String(division)).toBe(false)
    expect(showsMovedContentNotice(null)).toBe(false)
    expect(setup(29).store.movedContentNotice).toBe(true)
    expect(setup(14).store.movedContentNotice).toBe(false)
  })
})

describe('offer rules', () => {
  it('groups one and seven days under "Par jour", and gives an offer without periods its single price', () => {
    expect(periodChoices(mobile)).toEqual(['day'])
    expect(periodChoices(gold)).toEqual(['month', 'rest_of_year'])
    expect(periodChoices({ periods: [] })).toEqual(['fixed'])
  })

  it("reads the class's level from the rates the card states (§9)", () => {
    expect(levelOfCard({ dailyPrice: 2.3, weeklyPrice: 17.25 })).toBe('bac')
    expect(levelOfCard({ dailyPrice: 0.95, weeklyPrice: 7.75 })).toBe('primary')
    expect(['basic', 'secondary']).toContain(levelOfCard({ dailyPrice: 1.6, weeklyPrice: 12.25 }))
  })
})
