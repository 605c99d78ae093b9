import { describe, expect, it } from 'vitest'
import { ApiError } from '../../../../../../src/renderer/src/api/errors.ts'
import type { Subscription } from '../../../../../../src/renderer/src/features/wallet/api.ts'
import { HistoryStore } from '../../../../../../src/renderer/src/features/wallet/stores/HistoryStore.ts'
import { SubscriptionCancelStore } from '../../../../../../src/renderer/src/features/wallet/stores/SubscriptionCancelStore.ts'
import { fakeWalletApi } from './walletFakes.ts'

const row = (overrides: Partial<Subscription> = {}): Subscription => ({
  id: 9,
  name: 'Gold',
  group: { id: 112, name: 'Gold' },
  amount_paid: 45,
  start_date: '2026-11-01',
  end_date: '2026-11-30',
  cancelled_at: null,
  ...overrides
})

describe('SubscriptionCancelStore', () => {
  // 30 November 2026, 23:30 in Tunis (22:30 UTC): the subscription's last day.
  const lastDay = Date.parse('2026-11-30T22:30:00Z')

  it('offers the cancellation of a running subscription only: not an ended nor a cancelled one (days in Tunis)', () => {
    const store = new SubscriptionCancelStore({
      cancel: () => Promise.reject(new Error('no')),
      onCancelled: () => undefined,
      now: () => lastDay
    })
    expect(store.cancellable(row())).toBe(true)
    expect(store.cancellable(row({ end_date: null }))).toBe(true)
    expect(store.cancellable(row({ cancelled_at: '2026-11-20T10:00:00.000Z' }))).toBe(false)
    // Midnight in Tunis: it has ended.
    const after = new SubscriptionCancelStore({
      cancel: () => Promise.reject(new Error('no')),
      onCancelled: () => undefined,
      now: () => lastDay + 3_600_000
    })
    expect(after.cancellable(row())).toBe(false)
    after.ask(row())
    expect(after.target).toBeNull()
  })

  it('asks, confirms, cancels through the API and loads the list again', async () => {
    const api = fakeWalletApi({
      subscriptions: () => Promise.resolve([row({ cancelled_at: '2026-11-30T22:30:00.000Z' })]),
      cancelSubscription: (id) =>
        Promise.resolve({ message: 'Abonnement résilié', subscription: { ...row({ id }), cancelled_at: '2026-11-30T22:30:00.000Z' } })
    })
    const history = new HistoryStore(() => api)
    history.cancel.ask(row({ end_date: '2099-06-30' }))
    expect(history.cancel.target?.id).toBe(9)
    expect(await history.cancel.confirm()).toBe(true)
    expect(history.cancel.target).toBeNull()
    expect(api.calls.filter((call) => call.name === 'cancelSubscription').map((call) => call.args)).toEqual([[9]])
    expect(api.calls.some((call) => call.name === 'subscriptions')).toBe(true)
    expect(history.subscriptions.rows.rows[0]?.cancelled_at).toBe('2026-11-30T22:30:00.000Z')
  })

  it('keeps the dialog open with the refusal worded when the server refuses', async () => {
    let reloaded = 0
    const store = new SubscriptionCancelStore({
      cancel: () => Promise.reject(new ApiError('subscription_ended', 'Cet abonnement est déjà terminé', { status: 409 })),
      onCancelled: () => {
        reloaded++
      },
      now: () => Date.parse('2026-11-01T10:00:00Z')
    })
    store.ask(row())
    expect(await store.confirm()).toBe(false)
    expect(store.target?.id).toBe(9)
    expect(store.error).toEqual({ key: 'auth:errors.purchase.subscriptionEnded' })
    expect(reloaded).toBe(0)
    store.dismiss()
    expect(store.target).toBeNull()
    expect(store.error).toBeNull()
  })
})
