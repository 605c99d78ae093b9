import { describe, expect, it } from 'vitest'
import type { OperatorPlan } from '../../../../../../src/shared/api/operatorBilling.ts'
import { apiErrorFromResponse } from '../../../../../../src/renderer/src/api/errors.ts'
import type { OperatorBillingApi } from '../../../../../../src/renderer/src/features/offers/operator/api.ts'
import { OperatorCheckoutStore } from '../../../../../../src/renderer/src/features/offers/operator/OperatorCheckoutStore.ts'
import { OperatorPlanStore } from '../../../../../../src/renderer/src/features/offers/operator/OperatorPlanStore.ts'
import { OperatorReturnStore } from '../../../../../../src/renderer/src/features/offers/operator/OperatorReturnStore.ts'

const plan = (status: OperatorPlan['status']): OperatorPlan => ({
  id: 7,
  phone: '50111222',
  recurrence: 1,
  price: 2.3,
  status,
  paid_until: status === 'pending' ? null : '2026-03-10',
  periods_paid: status === 'pending' ? 0 : 1
})

function fakeApi(overrides: Partial<OperatorBillingApi> = {}) {
  const calls: Array<[string, unknown]> = []
  const api: OperatorBillingApi = {
    checkout: async (body) => {
      calls.push(['checkout', body])
      return { message: 'ok', payload: { redirectUrl: 'http://127.0.0.1:1/sandbox/operator/abc', subscription: plan('pending') } }
    },
    plan: async () => ({ message: 'OK', subscription: null }),
    unsubscribe: async () => ({ message: 'ok', subscription: plan('cancelled') }),
    success: async (query) => {
      calls.push(['success', query])
      return { message: 'Abonnement activé', subscription: plan('active') }
    },
    failure: async (query) => {
      calls.push(['failure', query])
    },
    ...overrides
  }
  return { api, calls }
}

describe('OperatorCheckoutStore: the operator step of a plan per day (§4, part 2 §5)', () => {
  it('refuses a phone outside the Tunisian pattern before asking the server', async () => {
    const { api, calls } = fakeApi()
    const store = new OperatorCheckoutStore(7, { api: () => api, divisionId: () => 14, openExternal: async () => undefined })
    store.setPhone('12345678')
    expect(await store.submit()).toBe(false)
    expect(store.form.error('phone')).toEqual({ key: 'auth:rules.phone.invalid' })
    store.setPhone('')
    expect(await store.submit()).toBe(false)
    expect(store.form.error('phone')).toEqual({ key: 'auth:rules.phone.required' })
    expect(calls).toEqual([])
  })

  it('sends recurrence, phone and the class, then opens the operator page in the browser', async () => {
    const { api, calls } = fakeApi()
    const opened: string[] = []
    const store = new OperatorCheckoutStore(1, {
      api: () => api,
      divisionId: () => 14,
      openExternal: async (url) => {
        opened.push(url)
      }
    })
    store.setPhone('+216 50 111 222')
    expect(await store.submit()).toBe(true)
    expect(calls).toEqual([['checkout', { recurrence: '1', phone: '+216 50 111 222', division: 14 }]])
    expect(opened).toEqual(['http://127.0.0.1:1/sandbox/operator/abc'])
    expect(store.opened).toBe(true)
  })

  it("shows 'Le numéro existe déjà' on the phone field, and a 'Server' message as the generic one", async () => {
    const taken = apiErrorFromResponse(422, {
      code: 'phone_taken',
      message: 'Le numéro existe déjà',
      errors: { phone: ['Le numéro existe déjà'] },
      keys: { phone: ['phone.operatorTaken'] }
    })
    const { api } = fakeApi({
      checkout: async () => {
        throw taken
      }
    })
    const store = new OperatorCheckoutStore(1, { api: () => api, divisionId: () => 14, openExternal: async () => undefined }, '50111222')
    expect(await store.submit()).toBe(false)
    expect(store.form.error('phone')).toEqual({ key: 'auth:rules.phone.operatorTaken' })
    expect(store.error).toBeNull()

    const server = apiErrorFromResponse(422, { code: 'operation_impossible', message: 'Server unavailable' })
    const failing = fakeApi({
      checkout: async () => {
        throw server
      }
    })
    const other = new OperatorCheckoutStore(
      1,
      { api: () => failing.api, divisionId: () => 14, openExternal: async () => undefined },
      '50111222'
    )
    expect(await other.submit()).toBe(false)
    expect(other.error).toEqual({ key: 'auth:errors.server' })
  })
})

describe('OperatorReturnStore: the return links (§4)', () => {
  it('a success return asks the server and shows the activation only when the plan is active', async () => {
    let activated = 0
    const { api, calls } = fakeApi()
    const store = new OperatorReturnStore({ api: () => api, onActivated: () => activated++ })
    const query = { subscriptionId: '7', transactionId: 'sbx-7-1', status: 'charged' }
    expect(await store.handle({ kind: 'operator-return', outcome: 'success', query })).toBe('activated')
    expect(calls).toEqual([['success', query]])
    expect(store.result).toBe('activated')
    expect(activated).toBe(1)

    const pending = fakeApi({ success: async () => ({ message: 'Une erreur est survenue', subscription: plan('pending') }) })
    const early = new OperatorReturnStore({ api: () => pending.api, onActivated: () => activated++ })
    expect(await early.handle({ kind: 'operator-return', outcome: 'success', query })).toBe('failed')
    expect(activated).toBe(1)
  })

  it('a failure return posts the failure and shows the error', async () => {
    const { api, calls } = fakeApi()
    const store = new OperatorReturnStore({ api: () => api, onActivated: () => undefined })
    const query = { subscriptionId: '7', status: 'insufficient_credit' }
    expect(await store.handle({ kind: 'operator-return', outcome: 'echec', query })).toBe('failed')
    expect(calls).toEqual([['failure', query]])
    store.dismiss()
    expect(store.result).toBeNull()
  })
})

describe("OperatorPlanStore: offer 33's unsubscribe menu reads /auth/me's isOperatorClient (§4 Subscription)", () => {
  it('a pupil without a client record sees no menu and the plan is not asked for', async () => {
    let asked = 0
    const { api } = fakeApi({
      plan: async () => {
        asked += 1
        return { message: 'OK', subscription: plan('active') }
      }
    })
    const store = new OperatorPlanStore({ api: () => api, isClient: () => false, notify: () => undefined })
    await store.load()
    expect(asked).toBe(0)
    expect(store.canUnsubscribe).toBe(false)
    store.ask()
    expect(store.confirming).toBe(false)
  })

  it("a client's renewing plan shows the menu; an ended one does not", async () => {
    let status: OperatorPlan['status'] = 'active'
    const { api } = fakeApi({ plan: async () => ({ message: 'OK', subscription: plan(status) }) })
    const store = new OperatorPlanStore({ api: () => api, isClient: () => true, notify: () => undefined })
    await store.load()
    expect(store.canUnsubscribe).toBe(true)
    status = 'ended'
    await store.load()
    expect(store.canUnsubscribe).toBe(false)
  })
})
