import type { PaymentCode, Transfer, WalletApi } from '../../../../../../src/renderer/src/features/wallet/api.ts'
import { ApiError } from '../../../../../../src/renderer/src/api/errors.ts'
import type { Timers } from '../../../../../../src/renderer/src/features/wallet/stores/WalletStore.ts'

export type Call = { name: keyof WalletApi; args: unknown[] }

/** A wallet API whose answers each test sets; it records every call with its arguments. */
export function fakeWalletApi(overrides: Partial<WalletApi> = {}): WalletApi & { calls: Call[] } {
  const calls: Call[] = []
  const fail = (name: string) => () => Promise.reject(new Error(`unexpected call ${name}`))
  const base: WalletApi = {
    summary: () => Promise.resolve({ points: 150, held_points: 0, currency: 'TND' }),
    bankAccounts: () => Promise.resolve([]),
    codes: () => Promise.resolve([]),
    createCode: fail('createCode'),
    paymentRedirect: fail('paymentRedirect'),
    d17: fail('d17'),
    d17Check: fail('d17Check'),
    paymentReturn: fail('paymentReturn'),
    transfer: fail('transfer'),
    confirmTransfer: fail('confirmTransfer'),
    resendTransferCode: fail('resendTransferCode'),
    transferHistory: () => Promise.resolve([]),
    subscriptions: () => Promise.resolve([]),
    cancelSubscription: fail('cancelSubscription'),
    payments: () => Promise.resolve([]),
    bookmarks: () => Promise.resolve([])
  }
  const merged = { ...base, ...overrides }
  const recorded = {} as WalletApi
  for (const name of Object.keys(merged) as (keyof WalletApi)[]) {
    const fn = merged[name] as (...args: unknown[]) => Promise<unknown>
    ;(recorded as unknown as Record<string, unknown>)[name] = (...args: unknown[]) => {
      calls.push({ name, args })
      return fn(...args)
    }
  }
  return Object.assign(recorded, { calls })
}

export function code(overrides: Partial<PaymentCode> = {}): PaymentCode {
  return {
    id: 7,
    reference: null,
    method: 'online',
    payment_method: 'Paiement en ligne',
    amount: 50,
    comment: null,
    status: 'pending',
    order_id: 'order-7',
    created_at: '2026-11-21T10:00:00.000Z',
    ...overrides
  }
}

export function transfer(overrides: Partial<Transfer> = {}): Transfer {
  return {
    id: 3,
    from_user: { id: 1, name: 'Sami Trabelsi' },
    to_user: { id: 2, name: 'Lina Haddad' },
    points: 10,
    status: 'waiting_confirmation',
    is_confirmed: false,
    from_parent_user: null,
    admin_id: null,
    created_at: '2026-11-21T10:00:00.000Z',
    updated_at: '2026-11-21T10:00:00.000Z',
    expires_at: '2026-11-22T10:00:00.000Z',
    ...overrides
  }
}

export const networkError = () => new ApiError('network', 'Network Error')

/** Timers the test advances by hand. */
export function manualTimers(): Timers & { pending(): number; fire(): void } {
  const handles = new Map<number, () => void>()
  let next = 1
  return {
    setTimeout: (handler) => {
      const id = next++
      handles.set(id, handler)
      return id
    },
    clearTimeout: (handle) => {
      handles.delete(handle as number)
    },
    pending: () => handles.size,
    fire: () => {
      const due = [...handles.entries()]
      handles.clear()
      for (const [, handler] of due) handler()
    }
  }
}

export function sequentialKeys(): () => string {
  let n = 0
  return () => `key-${++n}`
}

export const flush = () => new Promise((resolve) => setTimeout(resolve, 0))
