import { makeAutoObservable, runInAction } from 'mobx'
import type { Message } from '../../../forms/messages.ts'
import type { D17Payment } from '../api.ts'
import { errorMessage } from './walletSupport.ts'
import { defaultTimers, type Timers, type WalletStore, type WalletStoreDeps } from './WalletStore.ts'

/** How often the D17 dialog asks whether the QR code has been paid. */
export const D17_POLL_MS = 4000

export interface D17View {
  payment: D17Payment
  /** idle: waiting for the payment; checking: a check is running. */
  checking: boolean
  /** A manual check found nothing yet. */
  notYet: boolean
  error: Message | null
}

/** The D17 payment (§4): its QR code in a dialog, checked every few seconds until it is paid. */
export class D17Store {
  d17: D17View | null = null

  private readonly deps: WalletStoreDeps
  private readonly wallet: WalletStore
  private pollHandle: unknown = null

  constructor(deps: WalletStoreDeps, wallet: WalletStore) {
    this.deps = deps
    this.wallet = wallet
    makeAutoObservable<D17Store, 'deps' | 'wallet' | 'pollHandle'>(
      this,
      { deps: false, wallet: false, pollHandle: false },
      { autoBind: true }
    )
  }

  private get timers(): Timers {
    return this.deps.timers ?? defaultTimers
  }

  /** The QR code of a code just created, then a check every D17_POLL_MS. */
  async openD17(codeId: number): Promise<void> {
    const payment = await this.deps.api().d17(codeId)
    runInAction(() => {
      this.d17 = { payment, checking: false, notYet: false, error: null }
    })
    this.schedulePoll()
  }

  /** Asks the server whether the QR code has been paid; `manual` for the check button. */
  async checkD17(manual = false): Promise<void> {
    const view = this.d17
    if (!view || view.checking) return
    view.checking = true
    view.error = null
    if (manual) view.notYet = false
    const id = view.payment.id
    try {
      const check = await this.deps.api().d17Check(id)
      runInAction(() => {
        if (this.d17?.payment.id !== id) return
        this.d17.checking = false
        this.d17.payment = { ...this.d17.payment, status: check.status }
        if (manual && check.status === 'pending') this.d17.notYet = true
        this.wallet.setPoints(check.points)
      })
      if (check.status !== 'pending') {
        this.stopPolling()
        if (check.paid) await this.wallet.refreshAfterPayment()
        else void this.wallet.loadHistory()
      }
    } catch (error) {
      runInAction(() => {
        if (this.d17?.payment.id !== id) return
        this.d17.checking = false
        // Automatic checks retry quietly; a failed manual check says why.
        if (manual) this.d17.error = errorMessage(error)
      })
    }
  }

  closeD17(): void {
    this.stopPolling()
    this.d17 = null
    void this.wallet.loadHistory()
  }

  private schedulePoll(): void {
    this.stopPolling()
    this.pollHandle = this.timers.setTimeout(() => {
      this.pollHandle = null
      if (!this.d17 || this.d17.payment.status !== 'pending') return
      void this.checkD17(false).finally(() => {
        if (this.d17?.payment.status === 'pending') this.schedulePoll()
      })
    }, D17_POLL_MS)
  }

  private stopPolling(): void {
    if (this.pollHandle === null) return
    this.timers.clearTimeout(this.pollHandle)
    this.pollHandle = null
  }

  /** The screen is gone: no dialog keeps polling behind it. */
  dispose(): void {
    this.stopPolling()
    this.d17 = null
  }
}
