import { describe, expect, it } from 'vitest'
import { StateNamesStore } from '../../../../../../src/renderer/src/features/profile/stores/StateNamesStore.ts'
import { isolate } from '../../../../../../src/renderer/src/lib/bidi.ts'
import { fakeApi, networkError } from './profileFakes.ts'

describe('StateNamesStore: the governorate on the profile page', () => {
  it('shows the Arabic name in Arabic, as the edit form lists it, and the Latin name otherwise', async () => {
    const asked: number[] = []
    const api = fakeApi({
      states: (countryId) => {
        asked.push(countryId)
        return Promise.resolve([{ id: 2, name: 'Ariana', name_ar: 'أريانة', country_id: 1 }])
      }
    })
    const store = new StateNamesStore({ api: () => api })
    const ariana = { id: 2, name: 'Ariana' }
    // Until the list arrives the Latin name stands in.
    expect(store.name(ariana, 'ar')).toBe('Ariana')
    await store.load(1)
    await store.load(1)
    expect(asked).toEqual([1])
    expect(store.name(ariana, 'ar')).toBe('أريانة')
    expect(store.name(ariana, 'fr')).toBe('Ariana')
    expect(store.name(ariana, 'en-US')).toBe('Ariana')
    expect(store.name({ id: 9, name: 'Sfax' }, 'ar')).toBe('Sfax')
  })

  it('reads the list again on the next visit after a failure', async () => {
    let calls = 0
    const api = fakeApi({
      states: () =>
        ++calls === 1 ? Promise.reject(networkError()) : Promise.resolve([{ id: 2, name: 'Ariana', name_ar: 'أريانة', country_id: 1 }])
    })
    const store = new StateNamesStore({ api: () => api })
    await store.load(1)
    expect(store.name({ id: 2, name: 'Ariana' }, 'ar')).toBe('Ariana')
    await store.load(1)
    expect(store.name({ id: 2, name: 'Ariana' }, 'ar')).toBe('أريانة')
  })
})

describe('isolate: values inside a translated sentence keep their direction', () => {
  it('wraps an e-mail left to right and a class name by its first letter', () => {
    expect(isolate('a@b.tn', 'ltr')).toBe('\u2066a@b.tn\u2069')
    expect(isolate('7e année')).toBe('\u20687e année\u2069')
  })
})
