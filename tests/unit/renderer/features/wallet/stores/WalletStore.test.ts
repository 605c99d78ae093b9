import { describe, expect, it } from 'vitest'
import { ApiError } from '../../../../../../src/renderer/src/api/errors.ts'
import type { PaymentResult, WalletApi } from '../../../../../../src/renderer/src/features/wallet/api.ts'
import { createWalletFlows } from '../../../../../../src/renderer/src/features/wallet/stores/walletFlows.ts'
import { code, fakeWalletApi, flush, manualTimers, networkError, sequentialKeys } from './walletFakes.ts'

/** The platform's word on a paid order: the subscription is active, `points` credited. */
const paidReturn = (orderId: string, amount = 50, points = 200): PaymentResult => ({
  order_id: orderId,
  status: 'paid',
  success: true,
  message: 'Abonnement activé',
  detail: null,
  amount,
  points
})

function setup(overrides: Partial<WalletApi> = {}) {
  const api = fakeWalletApi(overrides)
  const opened: string[] = []
  const timers = manualTimers()
  let balanceChanges = 0
  const store = createWalletFlows({
    api: () => api,
    openExternal: (url) => {
      opened.push(url)
      return Promise.resolve()
    },
    language: () => 'ar',
    onBalanceChanged: () => {
      balanceChanges++
    },
    newKey: sequentialKeys(),
    timers
  })
  return { api, store, opened, timers, balanceChanges: () => balanceChanges }
}

describe('WalletStore loading', () => {
  it('a reload behind the screen keeps its status, and the same answer leaves what is shown as it is', async () => {
    let points = 150
    const row = {
      id: 7,
      code: 'VIR123',
      method: 'transfer' as const,
      amount: 50,
      description: 'Virement',
      date: '2026-11-21T10:00:00Z',
      status: 'pending' as const
    }
    const { store } = setup({
      summary: () => Promise.resolve({ points, held_points: 0, currency: 'TND' }),
      codes: () => Promise.resolve([{ ...row }])
    })
    await store.wallet.load()
    const summary = store.wallet.summary
    const rows = store.wallet.history.rows
    // Coming back: no 'loading' over what is on screen, and equal answers (new objects) replace nothing.
    const again = store.wallet.load()
    expect([store.wallet.summaryStatus, store.wallet.historyStatus]).toEqual(['succeeded', 'succeeded'])
    await again
    expect(store.wallet.summary).toBe(summary)
    expect(store.wallet.history.rows).toBe(rows)
    // A balance that moved is taken.
    points = 200
    await store.wallet.load()
    expect(store.wallet.balance).toBe(200)
  })
})

describe('WalletStore overlapping loads', () => {
  it('asks for the bank accounts once when the screen is entered again while they load', async () => {
    let asked = 0
    const answers: Array<() => void> = []
    const { store } = setup({
      bankAccounts: () => {
        asked++
        return new Promise((resolve) =>
          answers.push(() => resolve([{ id: 1, bank: 'BIAT', rib: '08 006 0123456789012 34', owner: 'Darsi' }] as never))
        )
      }
    })
    const first = store.wallet.loadBankAccounts()
    const second = store.wallet.loadBankAccounts()
    expect(asked).toBe(1)
    answers[0]!()
    await Promise.all([first, second])
    expect([store.wallet.bankAccountsStatus, store.wallet.bankAccounts.length]).toEqual(['succeeded', 1])
    await store.wallet.loadBankAccounts()
    expect(asked).toBe(1)
  })

  it('shows the answer of the latest load when an older one arrives after it', async () => {
    const answers: Array<(points: number) => void> = []
    const row = (id: number) => ({
      id,
      code: `VIR${id}`,
      method: 'transfer' as const,
      amount: 50,
      description: 'Virement',
      date: '2026-11-21T10:00:00Z',
      status: 'pending' as const
    })
    const rows: Array<(value: Array<ReturnType<typeof row>>) => void> = []
    const { store } = setup({
      summary: () => new Promise((resolve) => answers.push((points) => resolve({ points, held_points: 0, currency: 'TND' }))),
      codes: () => new Promise((resolve) => rows.push(resolve))
    })
    const visit = Promise.all([store.wallet.loadSummary(), store.wallet.loadHistory()])
    // A transfer confirmed meanwhile: the refresh asks again, and its answer comes first.
    const refresh = Promise.all([store.wallet.loadSummary(), store.wallet.loadHistory()])
    answers[1]!(90)
    rows[1]!([row(2)])
    await refresh
    answers[0]!(150)
    rows[0]!([row(1)])
    await visit
    expect(store.wallet.balance).toBe(90)
    expect(store.wallet.history.rows.map((row) => row.id)).toEqual([2])
  })

  it('does not show a failure of an older load over the answer of a newer one', async () => {
    const answers: Array<{ resolve: (points: number) => void; reject: (error: unknown) => void }> = []
    const { store } = setup({
      summary: () =>
        new Promise((resolve, reject) =>
          answers.push({ resolve: (points) => resolve({ points, held_points: 0, currency: 'TND' }), reject })
        )
    })
    const first = store.wallet.loadSummary()
    const second = store.wallet.loadSummary()
    answers[1]!.resolve(90)
    await second
    answers[0]!.reject(networkError())
    await first
    expect([store.wallet.summaryStatus, store.wallet.balance]).toEqual(['succeeded', 90])
  })
})

describe('WalletStore top-up validation (§5)', () => {
  it('requires an amount above 0 and at most 9999, with the specification message', async () => {
    const { store, api } = setup()
    for (const amount of ['', '0', '-5', '10000', 'abc']) {
      store.topUp.setAmount(amount)
      store.topUp.setReference('REF1')
      expect(await store.topUp.submitTopUp()).toBe(false)
      expect(store.topUp.fieldErrors.amount).toEqual({ key: 'wallet:rules.payment.amount' })
    }
    expect(api.calls.filter((call) => call.name === 'createCode')).toEqual([])
  })

  it('requires a bank-transfer reference without spaces, and no reference for the card', async () => {
    const { store } = setup()
    store.topUp.setAmount('50')
    expect(await store.topUp.submitTopUp()).toBe(false)
    expect(store.topUp.fieldErrors.reference).toEqual({ key: 'wallet:rules.payment.referenceRequired' })
    store.topUp.setReference('AB 12')
    expect(await store.topUp.submitTopUp()).toBe(false)
    expect(store.topUp.fieldErrors.reference).toEqual({ key: 'wallet:rules.payment.referenceSpaces' })
    store.topUp.setMethod('online')
    expect(store.topUp.validateTopUp()).toBe(true)
  })
})

describe('WalletStore top-up flows', () => {
  it('reads an amount typed in Arabic-Indic digits, with the Arabic decimal separator, as the number it is', async () => {
    const { store, api } = setup({ createCode: () => Promise.resolve(code({ method: 'transfer', reference: 'VIR-AR' })) })
    store.topUp.setAmount('١٥٫٥')
    expect(store.topUp.amount).toBe('15.5')
    store.topUp.setReference('VIR-AR')
    expect(await store.topUp.submitTopUp()).toBe(true)
    expect(api.calls.find((call) => call.name === 'createCode')!.args[0]).toMatchObject({ amount: 15.5 })
  })

  it('declares a bank transfer, clears the form and reloads the history', async () => {
    const { store, api } = setup({
      createCode: () => Promise.resolve(code({ method: 'transfer', reference: 'VIR123' })),
      codes: () =>
        Promise.resolve([
          {
            id: 7,
            code: 'VIR123',
            method: 'transfer',
            amount: 50,
            description: 'Virement',
            date: '2026-11-21T10:00:00Z',
            status: 'pending'
          }
        ])
    })
    store.topUp.setAmount('50,5')
    store.topUp.setReference(' VIR123 ')
    expect(await store.topUp.submitTopUp()).toBe(true)
    const create = api.calls.find((call) => call.name === 'createCode')!
    expect(create.args).toEqual([{ amount: 50.5, reference: 'VIR123', comment: null, paymentMethod: 'transfer' }, 'key-1'])
    expect(store.topUp.notice).toEqual({ key: 'wallet:topUp.transferPending', values: { reference: 'VIR123' } })
    expect([store.topUp.amount, store.topUp.reference]).toEqual(['', ''])
    await flush()
    expect(store.wallet.history.rows.map((row) => row.code)).toEqual(['VIR123'])
  })

  it('keeps what was typed after a failure and reuses the Idempotency-Key only when retrying after a network error', async () => {
    let attempt = 0
    const { store, api } = setup({
      createCode: () => {
        attempt++
        if (attempt === 1) return Promise.reject(networkError())
        if (attempt === 2) return Promise.reject(new ApiError('server_error', 'boom', { status: 500 }))
        return Promise.resolve(code({ method: 'transfer' }))
      }
    })
    store.topUp.setAmount('20')
    store.topUp.setReference('R1')
    expect(await store.topUp.submitTopUp()).toBe(false)
    expect(store.topUp.submitError).toEqual({ key: 'wallet:errors.network' })
    expect([store.topUp.amount, store.topUp.reference]).toEqual(['20', 'R1'])
    expect(await store.topUp.submitTopUp()).toBe(false)
    expect(await store.topUp.submitTopUp()).toBe(true)
    const keys = api.calls.filter((call) => call.name === 'createCode').map((call) => call.args[1])
    // Same key for the retry after the network failure; a fresh one after a real answer.
    expect(keys).toEqual(['key-1', 'key-1', 'key-2'])
  })

  it('shows the server field message on its field', async () => {
    const { store } = setup({
      createCode: () =>
        Promise.reject(new ApiError('validation_failed', 'Validation', { status: 422, keys: { reference: ['payment.referenceSpaces'] } }))
    })
    store.topUp.setAmount('20')
    store.topUp.setReference('R1')
    await store.topUp.submitTopUp()
    expect(store.topUp.fieldErrors.reference).toEqual({ key: 'wallet:rules.payment.referenceSpaces' })
    expect(store.topUp.submitError).toBeNull()
  })

  it('opens the card gateway in the system browser and waits for its return', async () => {
    const { store, opened } = setup({
      createCode: () => Promise.resolve(code()),
      paymentRedirect: (id) => Promise.resolve({ url: `http://127.0.0.1:4000/sandbox/pay/order-${id}`, order_id: `order-${id}` })
    })
    store.topUp.setMethod('online')
    store.topUp.setAmount('50')
    expect(await store.topUp.submitTopUp()).toBe(true)
    expect(opened).toEqual(['http://127.0.0.1:4000/sandbox/pay/order-7'])
    expect(store.card.onlineWaiting).toEqual({ orderId: 'order-7', url: 'http://127.0.0.1:4000/sandbox/pay/order-7', codeId: 7 })
  })

  it('back in the app, shows the result of a card payment the history says was settled', async () => {
    let status: 'pending' | 'paid' = 'pending'
    const { store, api } = setup({
      createCode: () => Promise.resolve(code()),
      paymentRedirect: () => Promise.resolve({ url: 'http://127.0.0.1:4000/sandbox/pay/order-7', order_id: 'order-7' }),
      codes: () =>
        Promise.resolve([{ id: 7, code: '#7', method: 'online', amount: 50, description: 'Carte', date: '2026-11-21T10:00:00Z', status }]),
      paymentReturn: () => Promise.resolve(paidReturn('order-7'))
    })
    store.topUp.setMethod('online')
    store.topUp.setAmount('50')
    await store.topUp.submitTopUp()
    await store.card.checkCardPayment()
    expect(store.card.onlineWaiting).not.toBeNull()
    expect(api.calls.some((call) => call.name === 'paymentReturn')).toBe(false)
    status = 'paid'
    await store.card.checkCardPayment()
    expect(api.calls.find((call) => call.name === 'paymentReturn')?.args).toEqual(['success', 'order-7', 'ar'])
    expect(store.payments.paymentResult?.state).toBe('success')
    expect(store.card.onlineWaiting).toBeNull()
  })
})

describe('WalletStore D17 polling', () => {
  it('polls while the dialog is open and stops once paid, refreshing the balance', async () => {
    const statuses = ['pending', 'paid'] as const
    let checks = 0
    const { store, timers, balanceChanges } = setup({
      createCode: () => Promise.resolve(code({ method: 'd17' })),
      d17: () =>
        Promise.resolve({ id: 7, order_id: 'order-7', amount: 50, qr: 'http://127.0.0.1:4000/sandbox/d17/order-7', status: 'pending' }),
      d17Check: () => {
        const status = statuses[Math.min(checks++, 1)]!
        return Promise.resolve({ id: 7, status, paid: status === 'paid', points: status === 'paid' ? 200 : 150 })
      },
      summary: () => Promise.resolve({ points: checks > 1 ? 200 : 150, held_points: 0, currency: 'TND' })
    })
    store.topUp.setMethod('d17')
    store.topUp.setAmount('50')
    await store.topUp.submitTopUp()
    expect(store.d17.d17?.payment.qr).toBe('http://127.0.0.1:4000/sandbox/d17/order-7')
    expect(timers.pending()).toBe(1)
    timers.fire()
    await flush()
    expect(store.d17.d17?.payment.status).toBe('pending')
    expect(timers.pending()).toBe(1)
    timers.fire()
    await flush()
    await flush()
    expect(store.d17.d17?.payment.status).toBe('paid')
    expect(timers.pending()).toBe(0)
    expect(store.wallet.balance).toBe(200)
    expect(balanceChanges()).toBe(1)
  })

  it('says "not yet" on a manual check of an unpaid code and stops polling when closed', async () => {
    const { store, timers } = setup({
      createCode: () => Promise.resolve(code({ method: 'd17' })),
      d17: () => Promise.resolve({ id: 7, order_id: 'order-7', amount: 50, qr: 'qr', status: 'pending' }),
      d17Check: () => Promise.resolve({ id: 7, status: 'pending', paid: false, points: 150 })
    })
    store.topUp.setMethod('d17')
    store.topUp.setAmount('50')
    await store.topUp.submitTopUp()
    await store.d17.checkD17(true)
    expect(store.d17.d17?.notYet).toBe(true)
    store.d17.closeD17()
    expect(store.d17.d17).toBeNull()
    expect(timers.pending()).toBe(0)
  })
})

describe('WalletStore payment returns (§4)', () => {
  it('posts the return in the user language, shows success and goes to the offers on close', async () => {
    const { store, api, balanceChanges } = setup({
      paymentReturn: () => Promise.resolve(paidReturn('o1'))
    })
    await store.wallet.load()
    await store.payments.handlePaymentReturn({ kind: 'payment-return', outcome: 'success', orderId: 'o1' })
    expect(api.calls.find((call) => call.name === 'paymentReturn')?.args).toEqual(['success', 'o1', 'ar'])
    expect(store.payments.paymentResult).toEqual({ state: 'success', orderId: 'o1', amount: 50 })
    expect(balanceChanges()).toBe(1)
    expect(store.payments.closePaymentResult()).toBe('/offres')
  })

  it('trusts the server over the link: a failed order shows the failure and stays on the wallet', async () => {
    const { store } = setup({
      paymentReturn: () =>
        Promise.resolve({
          order_id: 'o2',
          status: 'failed',
          success: false,
          message: 'Une erreur est survenue',
          detail: 'x',
          amount: 50,
          points: 150
        })
    })
    await store.payments.handlePaymentReturn({ kind: 'payment-return', outcome: 'success', orderId: 'o2' })
    expect(store.payments.paymentResult?.state).toBe('failure')
    expect(store.payments.closePaymentResult()).toBe('/porte-monnaie')
  })

  it('handles the same return link once, and offers a retry after a network error', async () => {
    let calls = 0
    const { store } = setup({
      paymentReturn: () => {
        calls++
        if (calls === 1) return Promise.reject(networkError())
        return Promise.resolve(paidReturn('o3', 5, 155))
      }
    })
    const link = { kind: 'payment-return', outcome: 'success', orderId: 'o3' } as const
    await store.payments.handlePaymentReturn(link)
    expect(store.payments.paymentResult).toMatchObject({ state: 'error', message: { key: 'wallet:errors.network' } })
    await store.payments.handlePaymentReturn(link)
    expect(calls).toBe(1)
    store.payments.retryPaymentReturn()
    await flush()
    await flush()
    expect(store.payments.paymentResult?.state).toBe('success')
    expect(calls).toBe(2)
  })
})

describe('WalletStore balance unit (§9)', () => {
  it('uses the singular from 1 to 10 points and the plural otherwise in French and English', async () => {
    for (const [points, unit] of [
      [0, 'unitOther'],
      [1, 'unitOne'],
      [2, 'unitOne'],
      [10, 'unitOne'],
      [11, 'unitOther'],
      [150, 'unitOther']
    ] as const) {
      const { store } = setup({ summary: () => Promise.resolve({ points, held_points: 0, currency: 'TND' }) })
      await store.wallet.loadSummary()
      expect(store.wallet.balanceUnit('fr'), String(points)).toBe(unit)
      expect(store.wallet.balanceUnit('en-US'), String(points)).toBe(unit)
    }
  })

  it('counts the Arabic way in Arabic: dual for 2, plural for 3 to 10, singular from 11 and for 0 and 1', async () => {
    const cases = [
      [0, 'unitOne'],
      [1, 'unitOne'],
      [2, 'unitTwo'],
      [3, 'unitOther'],
      [10, 'unitOther'],
      [11, 'unitOne'],
      [99, 'unitOne'],
      [100, 'unitOne'],
      [102, 'unitOne'],
      [105, 'unitOther'],
      [150, 'unitOne'],
      [1000, 'unitOne']
    ] as const
    for (const [points, unit] of cases) {
      const { store } = setup({ summary: () => Promise.resolve({ points, held_points: 0, currency: 'TND' }) })
      await store.wallet.loadSummary()
      expect(store.wallet.balanceUnit('ar'), String(points)).toBe(unit)
    }
  })
})
