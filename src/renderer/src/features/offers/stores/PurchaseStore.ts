/**
 * The purchase dialog of one offer card (specification part 1, §4 Buy offer, Coupons; §5 Coupon
 * and referral; §8 402/401 → wallet): the period (per day 1 or 7 days, per month with a number of
 * months, 3 or more labelled multi-month, rest of the year, or the single price of an offer without
 * a period selector), a pack's subjects (each toggled, or all), instalments or the whole price, one
 * code (a coupon or a CP referral code, checked by the server's quote, then fixed until removed),
 * a confirmation step, then the purchase with an Idempotency-Key.
 *
 * The price follows each choice at once: the shared pricing engine computes it here from the card
 * (decision 0032); the server computes it again at purchase and alone decides what is charged.
 */
import { makeAutoObservable, runInAction } from 'mobx'
import {
  CODE_ERROR_CODES,
  checkDiscountCode,
  codeKind,
  normalizeDiscountCode,
  quote as priceQuote,
  REFERRAL_BASIS_POINTS,
  type AppliedCode,
  type Period,
  type PricingErrorCode,
  type QuoteResult
} from '../../../../../shared/pricing/index.ts'
import { isApiError } from '../../../api/errors.ts'
import { RetryKey } from '../../../api/retryKey.ts'
import { codeMessage, type Message } from '../../../forms/messages.ts'
import type { SnackbarInput } from '../../../stores/UiStore.ts'
import { walletPathForMissingPoints } from '../../wallet/index.ts'
import { failureMessage } from '../failures.ts'
import type { OfferCard, OffersApi, PurchaseRequest, PurchaseResponse, QuoteAnswer } from '../api.ts'
import { dayCounts, enginePeriod, levelOfCard, periodChoices, sellsInSlices, type DayCount, type PeriodChoice } from './offerRules.ts'

export interface PurchaseDeps {
  api(): OffersApi
  /** The instant prices are read at (the rest of the year, a coupon's expiry). */
  now(): Date
  newKey(): string
  /** The pupil's own referral code, which the engine refuses as a code of their own. */
  giftCode(): string | null
  /** A purchase went through: the user again (points, offers), wherever the app shows them. */
  onPurchased(response: PurchaseResponse): void
  /** The 3-second snackbar (§4, §8). */
  notify(input: SnackbarInput): void
  /** The code the pupil applied earlier and has not used yet (/auth/me's discountCode, discountType, discountAmount). */
  savedCode?(): SavedCode | null
  /** That code was removed on the server: the user again, whose discountCode it was. */
  onCodeRemoved?(): void
}

/** A code applied on the server and not used yet, as /auth/me gives it (an amount in percent or dinars). */
export interface SavedCode {
  discountCode: string | null
  discountType: 'percentage_discount' | 'fixed' | null
  discountAmount: number | null
}

export type PurchaseStep = 'choose' | 'confirm'

/** Where the app goes after the purchase button: /subjects after a purchase, the wallet when points are missing. */
export type PurchaseOutcome = { kind: 'purchased'; path: string } | { kind: 'wallet'; path: string; missingPoints: number | null }

/** The code applied: as the server accepted it, with what it takes off. */
export interface AppliedDiscount {
  code: string
  kind: 'referral' | 'coupon'
  terms: NonNullable<QuoteAnswer['code']>
}

/**
 * A refusal of the server that concerns the code itself, which then cannot stay applied: the
 * engine's, and the two about use counts, which the server alone knows.
 */
const CODE_REFUSALS = new Set<string>([...CODE_ERROR_CODES, 'code_max_uses_reached', 'code_already_used'])

export class PurchaseStore {
  readonly card: OfferCard
  step: PurchaseStep = 'choose'
  periodChoice: PeriodChoice
  days: DayCount
  months = 1
  /** A pack's chosen subject details (their ids), in the order of the pack. */
  subjectIds: number[] = []
  /** Instalments (the division's slice to pay) or the whole price at once. */
  payInSlices = true
  codeInput = ''
  appliedCode: AppliedDiscount | null = null
  checkingCode = false
  /** The code field's message: why a code was refused or dropped (warning), or that it was applied. */
  codeMessage: { message: Message; intent: 'warning' | 'success' } | null = null
  submitting = false
  /** The purchase's failure, shown in the dialog (the snackbar shows it too). */
  error: Message | null = null
  /**
   * A later instalment of an order (the card's indexSliceToPay from 2 on) as the server stores and
   * charges it: the engine's figures of the day the order was made, which the server's quote gives.
   */
  laterSlice: QuoteAnswer | null = null
  laterSliceError: Message | null = null

  private readonly deps: PurchaseDeps
  private readonly purchaseKey: RetryKey
  /** The number of the latest code check: an older answer arriving last is dropped. */
  private codeChecks = 0
  /** The code applied is the one the server keeps for the pupil (/student/discount-code): removing it removes it there. */
  private codeOnServer = false

  constructor(card: OfferCard, deps: PurchaseDeps) {
    this.card = card
    this.deps = deps
    this.purchaseKey = new RetryKey(deps.newKey)
    this.periodChoice = periodChoices(card)[0] ?? 'fixed'
    this.days = dayCounts(card)[0] ?? 1
    // A code applied earlier is shown applied (removable), then checked for this choice (decision 0047).
    const saved = savedDiscount(deps.savedCode?.() ?? null)
    if (saved) {
      this.appliedCode = saved
      this.codeOnServer = true
    }
    makeAutoObservable<PurchaseStore, 'deps' | 'purchaseKey' | 'codeChecks' | 'codeOnServer'>(
      this,
      { card: false, deps: false, purchaseKey: false, codeChecks: false, codeOnServer: false },
      { autoBind: true }
    )
    if (saved) void this.checkCode(saved.code, 'recheck')
    if (this.paysLaterSlice) void this.loadLaterSlice()
  }

  // ——— what the dialog offers ———

  get periodChoices(): PeriodChoice[] {
    return periodChoices(this.card)
  }

  /** A period selector only when there is a choice (offer 102 has none). */
  get showsPeriodSelector(): boolean {
    return this.periodChoices.length > 1 || this.periodChoice === 'day'
  }

  get dayCounts(): DayCount[] {
    return dayCounts(this.card)
  }

  get period(): Period {
    return enginePeriod(this.periodChoice, this.days)
  }

  get isPack(): boolean {
    return this.card.type === 'pack'
  }

  get subjects(): OfferCard['subject_details'] {
    return this.card.subject_details
  }

  get allSubjectsChosen(): boolean {
    return this.subjects.length > 0 && this.subjects.every((subject) => this.subjectIds.includes(subject.id))
  }

  get sellsInSlices(): boolean {
    return sellsInSlices(this.card, this.period)
  }

  /** The slice paid now: the division's first instalment, or -1 for the whole price at once. */
  get sliceIndex(): number {
    return this.sellsInSlices && this.payInSlices ? (this.card.indexSliceToPay ?? 1) : -1
  }

  /**
   * Whether the choice pays a later instalment of an order already made: its amount is the order's
   * (the engine's split of that day's total), not today's engine figure, whose rest of the year is shorter.
   */
  get paysLaterSlice(): boolean {
    return this.sliceIndex >= 2
  }

  /** 3 months or more are labelled multi-month (§4). */
  get multiMonth(): boolean {
    return this.period === 'month' && this.months >= 3
  }

  // ——— the price ———

  /** What the purchase asks the server for (never a price: the server prices it). */
  get request(): PurchaseRequest {
    return {
      offerDivisionDetail: this.card.id,
      period: this.period,
      quantity: this.period === 'month' ? this.months : null,
      offer_subject_details: this.isPack ? this.subjectIds : null,
      code: this.appliedCode?.code ?? null,
      sliceIndex: this.sliceIndex
    }
  }

  /** The engine's quote of the choice, with the code applied at the terms the server gave. */
  get result(): QuoteResult {
    const applied = this.appliedCode
    const codes: AppliedCode[] =
      applied === null ? [] : [{ code: applied.code, coupon: applied.kind === 'coupon' ? couponTerms(applied.terms) : null }]
    return priceQuote({
      division: this.card,
      level: levelOfCard(this.card),
      period: this.period,
      quantity: this.period === 'month' ? this.months : null,
      subjectIds: this.isPack ? this.subjectIds : null,
      codes,
      sliceIndex: this.sliceIndex,
      at: this.deps.now(),
      buyerGiftCode: this.deps.giftCode()
    })
  }

  /** The figures the dialog shows: the engine's, or for a later instalment the server's quote of it. */
  get quote(): QuoteAnswer | null {
    if (this.paysLaterSlice) return this.laterSlice
    const result = this.result
    return result.ok ? result.quote : null
  }

  /** Why the choice has no price yet (no subject chosen …), in the user's language. */
  get refusal(): Message | null {
    if (this.paysLaterSlice) return this.laterSliceError
    const result = this.result
    return result.ok ? null : { key: codeMessage(result.code as PricingErrorCode) }
  }

  get canConfirm(): boolean {
    return this.quote !== null && !this.checkingCode && !this.submitting
  }

  // ——— choices ———

  setPeriodChoice(choice: PeriodChoice): void {
    if (!this.periodChoices.includes(choice)) return
    this.periodChoice = choice
    this.changed()
  }

  setDays(days: DayCount): void {
    this.days = days
    this.changed()
  }

  setMonths(months: number): void {
    if (!Number.isInteger(months) || months < 1 || months > 12) return
    this.months = months
    this.changed()
  }

  toggleSubject(id: number): void {
    if (!this.subjects.some((subject) => subject.id === id)) return
    const chosen = new Set(this.subjectIds)
    if (chosen.has(id)) chosen.delete(id)
    else chosen.add(id)
    this.subjectIds = this.subjects.map((subject) => subject.id).filter((subjectId) => chosen.has(subjectId))
    this.changed()
  }

  /** 'Tout' (§4): every subject of the pack; again, none. */
  toggleAllSubjects(): void {
    this.subjectIds = this.allSubjectsChosen ? [] : this.subjects.map((subject) => subject.id)
    this.changed()
  }

  setPayInSlices(inSlices: boolean): void {
    this.payInSlices = inSlices
    this.changed()
  }

  setCodeInput(value: string): void {
    if (this.appliedCode) return
    this.codeInput = value
    if (this.codeMessage?.intent === 'warning') this.codeMessage = null
  }

  private changed(): void {
    this.error = null
    if (this.appliedCode) void this.checkCode(this.appliedCode.code, 'recheck')
  }

  // ——— the code ———

  /** Applies the code typed: its own rule (§5), then the server's quote of the choice with it. */
  async applyCode(): Promise<boolean> {
    if (this.appliedCode || this.checkingCode) return false
    const format = checkDiscountCode(this.codeInput)
    if (format) {
      this.codeMessage = { message: { key: codeMessage(format) }, intent: 'warning' }
      return false
    }
    return this.checkCode(normalizeDiscountCode(this.codeInput), 'apply')
  }

  /** Removes the code applied: the field is free again (and the server forgets a code it kept). */
  removeCode(): void {
    const removed = this.appliedCode
    this.codeChecks++
    this.appliedCode = null
    this.checkingCode = false
    this.codeInput = ''
    this.codeMessage = null
    if (removed && this.codeOnServer) void this.removeSavedCode(removed)
  }

  /**
   * Removes the code the server keeps for the pupil, which it would otherwise apply to the purchase;
   * if that fails, the code is shown applied again with the failure.
   */
  private async removeSavedCode(removed: AppliedDiscount): Promise<void> {
    const check = ++this.codeChecks
    this.codeOnServer = false
    this.checkingCode = true
    try {
      await this.deps.api().removeAppliedCode(removed.code)
      runInAction(() => {
        if (check === this.codeChecks) this.checkingCode = false
      })
      this.deps.onCodeRemoved?.()
    } catch (error) {
      runInAction(() => {
        this.codeOnServer = true
        if (check !== this.codeChecks) return
        this.checkingCode = false
        this.appliedCode = removed
        this.codeMessage = { message: failureMessage(error), intent: 'warning' }
      })
    }
  }

  /**
   * Asks the server's quote of the choice with `code`. Applying: accepted, the code is fixed (the
   * field disabled); refused, its message. A change of choice checks the code applied again: a
   * coupon of another period is dropped with its reason.
   */
  private async checkCode(code: string, purpose: 'apply' | 'recheck'): Promise<boolean> {
    const check = ++this.codeChecks
    this.checkingCode = true
    const body = { ...this.request, code }
    try {
      const answer = await this.deps.api().quote(body)
      if (check !== this.codeChecks) return false
      runInAction(() => {
        this.checkingCode = false
        if (answer.code === null) {
          this.dropCode({ key: codeMessage('unknown_code') }, purpose)
          return
        }
        this.appliedCode = { code, kind: codeKind(code), terms: answer.code }
        if (purpose === 'apply') this.codeMessage = { message: { key: 'offers:code.applied' }, intent: 'success' }
      })
      return this.appliedCode !== null
    } catch (error) {
      if (check !== this.codeChecks) return false
      runInAction(() => {
        this.checkingCode = false
        const refusedCode = isApiError(error) && CODE_REFUSALS.has(error.code)
        if (purpose === 'apply' || refusedCode) this.dropCode(failureMessage(error), purpose)
      })
      return false
    }
  }

  private dropCode(message: Message, purpose: 'apply' | 'recheck'): void {
    if (purpose === 'recheck') {
      const dropped = this.appliedCode
      this.appliedCode = null
      this.codeInput = ''
      if (dropped && this.codeOnServer) void this.removeSavedCode(dropped)
    }
    this.codeMessage = { message, intent: 'warning' }
  }

  /** The server's quote of the later instalment: the figure it stores for that slice and charges. */
  private async loadLaterSlice(): Promise<void> {
    try {
      const answer = await this.deps.api().quote(this.request)
      runInAction(() => {
        this.laterSlice = answer
        this.laterSliceError = null
      })
    } catch (error) {
      runInAction(() => {
        this.laterSliceError = failureMessage(error)
      })
    }
  }

  // ——— confirmation and purchase ———

  /** The purchase button opens the confirmation (§4). */
  confirm(): boolean {
    if (!this.canConfirm) return false
    this.step = 'confirm'
    this.error = null
    return true
  }

  back(): void {
    if (this.submitting) return
    this.step = 'choose'
    this.error = null
  }

  /**
   * Buys what the confirmation shows. One purchase at a time (a double click sends one); a retry
   * after a lost answer carries the same Idempotency-Key. A 402 or 401 leads to the wallet with the
   * points missing (§8).
   */
  async buy(): Promise<PurchaseOutcome | null> {
    if (this.submitting || this.step !== 'confirm' || this.quote === null) return null
    this.submitting = true
    this.error = null
    const body = this.request
    try {
      const response = await this.deps.api().buy(body, this.purchaseKey.take(body))
      this.purchaseKey.settle(null)
      runInAction(() => {
        this.submitting = false
      })
      this.deps.notify({ intent: 'success', key: 'offers:purchase.success' })
      this.deps.onPurchased(response)
      return { kind: 'purchased', path: '/subjects' }
    } catch (error) {
      this.purchaseKey.settle(error)
      runInAction(() => {
        this.submitting = false
      })
      if (isApiError(error) && (error.status === 402 || error.status === 401)) {
        this.deps.notify({ intent: 'warning', key: 'auth:errors.insufficientPoints' })
        return { kind: 'wallet', path: walletPathForMissingPoints(error.missingPoints), missingPoints: error.missingPoints }
      }
      // A daily or weekly plan the server does not sell for points is the operator's (§4).
      const message: Message =
        (this.period === 'day' || this.period === 'week') &&
        isApiError(error) &&
        !error.isNetwork &&
        error.status !== null &&
        error.status < 500
          ? { key: 'offers:purchase.operatorOnly' }
          : failureMessage(error)
      runInAction(() => {
        this.error = message
      })
      this.deps.notify({
        intent: 'warning',
        ...('key' in message ? { key: message.key, values: message.values } : { key: 'auth:errors.server' })
      })
      return null
    }
  }
}

/** The code kept on the server as the dialog shows it applied, until the server's quote gives its terms for this choice. */
function savedDiscount(saved: SavedCode | null): AppliedDiscount | null {
  const code = saved?.discountCode ? normalizeDiscountCode(saved.discountCode) : null
  if (!saved || !code) return null
  const kind = codeKind(code)
  const amount = saved.discountAmount ?? 0
  const fixed = kind === 'coupon' && saved.discountType === 'fixed'
  const basisPoints = kind === 'referral' ? REFERRAL_BASIS_POINTS : fixed ? null : Math.round(amount * 100)
  return {
    code,
    kind,
    terms: {
      kind,
      code,
      discountType: fixed ? 'fixed' : 'percentage_discount',
      basisPoints,
      fixedAmount: fixed ? Math.round(amount * 1000) : null,
      discount: 0
    }
  }
}

/** A coupon's terms as the server applied them, for the engine to take off the same share. */
function couponTerms(terms: NonNullable<QuoteAnswer['code']>): NonNullable<AppliedCode['coupon']> {
  return terms.discountType === 'fixed'
    ? { discountType: 'fixed', discountValue: (terms.fixedAmount ?? 0) / 1000 }
    : { discountType: 'percentage_discount', discountValue: (terms.basisPoints ?? 0) / 100 }
}
