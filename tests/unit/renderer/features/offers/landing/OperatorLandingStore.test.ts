import { describe, expect, it } from 'vitest'
import type { OperatorOffer } from '../../../../../../src/shared/api/operatorBilling.ts'
import { apiErrorFromResponse } from '../../../../../../src/renderer/src/api/errors.ts'
import type { OperatorLandingApi } from '../../../../../../src/renderer/src/features/offers/landing/api.ts'
import {
  OperatorLandingStore,
  visitorReturnStore
} from '../../../../../../src/renderer/src/features/offers/landing/OperatorLandingStore.ts'

const offers: OperatorOffer[] = [
  { id: 1, level: 'Primaire', dailyPrice: 0.95, weeklyPrice: 7.75 },
  { id: 4, level: 'Baccalauréat', dailyPrice: 2.3, weeklyPrice: 17.25 }
]
const bacClasses = [
  { id: 14, name: '4ème Math', level: { id: 4, name: 'Baccalauréat' }, has_optional_subjects: false },
  { id: 15, name: '4ème Sciences', level: { id: 4, name: 'Baccalauréat' }, has_optional_subjects: false }
] as unknown as Awaited<ReturnType<OperatorLandingApi['classes']>>

function setUp(overrides: Partial<OperatorLandingApi> = {}, operator = 'ooredoo') {
  const calls: Array<[string, unknown]> = []
  const opened: string[] = []
  const api: OperatorLandingApi = {
    offers: async () => {
      calls.push(['offers', null])
      return offers
    },
    classes: async (level) => {
      calls.push(['classes', level])
      return bacClasses
    },
    checkout: async (body) => {
      calls.push(['checkout', body])
      return {
        message: 'ok',
        payload: {
          redirectUrl: 'http://127.0.0.1:1/sandbox/operator/abc',
          subscription: { id: 3, phone: '50111222', recurrence: 7, price: 17.25, status: 'pending', paid_until: null, periods_paid: 0 }
        }
      }
    },
    returnSuccess: async (query) => {
      calls.push(['returnSuccess', query])
      return { message: 'Abonnement activé', activated: true }
    },
    ...overrides
  }
  const store = new OperatorLandingStore(operator, {
    api: () => api,
    openExternal: async (url) => {
      opened.push(url)
    }
  })
  return { store, calls, opened }
}

describe('OperatorLandingStore: /offers/{operator} (part 1 §2, part 2 §2, §5)', () => {
  it("opens the operator's external landing page once in the system browser and lists each level's plans", async () => {
    const { store, opened } = setUp()
    await store.start()
    await store.start()
    expect(opened).toEqual(['https://darsi.tn/offers/ooredoo'])
    expect(store.offers).toEqual(offers)
    expect(store.loading).toBe(false)
  })

  it('an operator the platform has no landing with opens nothing and asks nothing', async () => {
    const { store, opened, calls } = setUp({}, 'unknown')
    await store.start()
    expect(store.known).toBe(false)
    expect(opened).toEqual([])
    expect(calls).toEqual([])
  })

  it("the subscribe modal loads the card's level classes, checks the Tunisian pattern and the class before asking the server", async () => {
    const { store, calls } = setUp()
    await store.start()
    await store.openSubscribe(offers[1]!, 1)
    const form = store.form!
    expect(calls).toContainEqual(['classes', 4])
    expect(form.classes).toEqual(bacClasses)
    expect(form.price).toBe(2.3)
    form.setRecurrence(7)
    expect(form.price).toBe(17.25)

    form.setPhone('12345678')
    expect(await store.subscribe()).toBe(false)
    expect(form.fields.error('phone')).toEqual({ key: 'auth:rules.phone.invalid' })
    expect(form.fields.error('division')).toEqual({ key: 'auth:rules.division.required' })
    expect(calls.some(([name]) => name === 'checkout')).toBe(false)
  })

  it("sends recurrence, phone and class, then opens the operator's page", async () => {
    const { store, calls, opened } = setUp()
    await store.start()
    await store.openSubscribe(offers[1]!, 7)
    const form = store.form!
    form.setPhone('+216 50 111 222')
    form.setDivision('14')
    expect(await store.subscribe()).toBe(true)
    expect(calls).toContainEqual(['checkout', { recurrence: '7', phone: '+216 50 111 222', division: 14 }])
    expect(opened).toEqual(['https://darsi.tn/offers/ooredoo', 'http://127.0.0.1:1/sandbox/operator/abc'])
    expect(form.opened).toBe(true)
  })

  it("shows 'Le numéro existe déjà' and a number without an account on the phone field", async () => {
    for (const [code, key] of [
      ['phone_taken', 'phone.operatorTaken'],
      ['operator_no_account', 'phone.operatorNoAccount']
    ] as const) {
      const { store } = setUp({
        checkout: async () => {
          throw apiErrorFromResponse(422, { code, message: 'refusé', errors: { phone: ['refusé'] }, keys: { phone: [key] } })
        }
      })
      await store.openSubscribe(offers[0]!, 1)
      store.form!.setPhone('50111222')
      store.form!.setDivision('1')
      expect(await store.subscribe()).toBe(false)
      expect(store.form!.fields.error('phone')).toEqual({ key: `auth:rules.${key}` })
      expect(store.form!.error).toBeNull()
    }
  })
  it('a refused checkout keeps the phone and the class as typed; editing the phone takes its message away', async () => {
    const { store } = setUp({
      checkout: async () => {
        throw apiErrorFromResponse(422, {
          code: 'phone_taken',
          message: 'refusé',
          errors: { phone: ['refusé'] },
          keys: { phone: ['phone.operatorTaken'] }
        })
      }
    })
    await store.openSubscribe(offers[1]!, 1)
    const form = store.form!
    form.setPhone('50111222')
    form.setDivision('15')
    expect(await store.subscribe()).toBe(false)
    expect(form.submitting).toBe(false)
    expect([form.phone, form.division]).toEqual(['50111222', '15'])
    form.setPhone('50111223')
    expect(form.fields.error('phone')).toBeNull()
  })
})

describe("the operator's return of a visitor (signed out, decision 0046)", () => {
  const query = { subscriptionId: '3', transactionId: 'sbx-3-1', status: 'charged', reference: 'ab'.repeat(32) }

  it('back from the operator, the landing does not send the visitor to the external page again', async () => {
    const { store, opened } = setUp()
    await store.start({ redirect: false })
    expect(opened).toEqual([])
    expect(store.offers).toEqual(offers)
  })

  it('a success return asks the public return check with the reference and shows what it answers', async () => {
    const calls: Array<[string, unknown]> = []
    const returns = visitorReturnStore(() => apiWith(calls, true))
    expect(await returns.handle({ kind: 'operator-return', outcome: 'success', query })).toBe('activated')
    expect(calls).toEqual([['returnSuccess', query]])
    expect(returns.result).toBe('activated')

    const refused: Array<[string, unknown]> = []
    const inactive = visitorReturnStore(() => apiWith(refused, false))
    expect(await inactive.handle({ kind: 'operator-return', outcome: 'success', query })).toBe('failed')
    expect(inactive.result).toBe('failed')
  })

  it('a failure return shows the failure without asking anything', async () => {
    const calls: Array<[string, unknown]> = []
    const returns = visitorReturnStore(() => apiWith(calls, true))
    expect(await returns.handle({ kind: 'operator-return', outcome: 'echec', query: { subscriptionId: '3', status: 'cancelled' } })).toBe(
      'failed'
    )
    expect(calls).toEqual([])
    returns.dismiss()
    expect(returns.result).toBeNull()
  })

  it('an unreachable server shows the failure', async () => {
    const returns = visitorReturnStore(() => ({
      ...apiWith([], true),
      returnSuccess: () => Promise.reject(new TypeError('offline'))
    }))
    expect(await returns.handle({ kind: 'operator-return', outcome: 'success', query })).toBe('failed')
  })
})

function apiWith(calls: Array<[string, unknown]>, activated: boolean): OperatorLandingApi {
  return {
    offers: async () => offers,
    classes: async () => bacClasses,
    checkout: () => Promise.reject(new Error('not asked')),
    returnSuccess: async (query) => {
      calls.push(['returnSuccess', query])
      return { message: activated ? 'Abonnement activé' : 'Une erreur est survenue', activated }
    }
  }
}
