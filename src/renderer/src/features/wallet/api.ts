/** The wallet and history calls: entries of the shared wallet table (and the bookmarks the history lists), parsed with their response schemas. */
import { offerEndpoints, type CancelSubscriptionResponse } from '../../../../shared/api/offers.ts'
import { reactionEndpoints, type Bookmark } from '../../../../shared/api/reactions.ts'
import {
  walletEndpoints,
  type BankAccount,
  type CreatePaymentCodeBody,
  type PaymentCode,
  type PaymentHistoryRow,
  type PaymentMethod,
  type PaymentResult,
  type Transfer,
  type TransferPointsBody
} from '../../../../shared/api/wallet.ts'
import type { HttpClient, ResponseOf } from '../../api/http.ts'

type Endpoints = typeof walletEndpoints
export type WalletSummary = ResponseOf<Endpoints['summary']>
export type D17Payment = ResponseOf<Endpoints['d17']>
export type D17Check = ResponseOf<Endpoints['d17Check']>
export type PaymentRedirect = ResponseOf<Endpoints['paymentRedirect']>
export type Subscription = ResponseOf<Endpoints['subscriptions']>[number]
export type PaymentReceipt = ResponseOf<Endpoints['payments']>[number]
export type TransferResponse = ResponseOf<Endpoints['transfer']>
export type {
  BankAccount,
  CreatePaymentCodeBody,
  PaymentCode,
  PaymentHistoryRow,
  PaymentMethod,
  PaymentResult,
  Transfer,
  TransferPointsBody
}

export type PaymentOutcome = 'success' | 'echec'
export type ResultLanguage = 'fr' | 'en-US' | 'ar'

export interface WalletApi {
  summary(): Promise<WalletSummary>
  bankAccounts(): Promise<BankAccount[]>
  codes(): Promise<PaymentHistoryRow[]>
  /** Money-moving: `idempotencyKey` is the same for retries of one submit. */
  createCode(body: CreatePaymentCodeBody, idempotencyKey: string): Promise<PaymentCode>
  paymentRedirect(id: number): Promise<PaymentRedirect>
  d17(id: number): Promise<D17Payment>
  d17Check(id: number): Promise<D17Check>
  paymentReturn(outcome: PaymentOutcome, orderId: string, lang: ResultLanguage): Promise<PaymentResult>
  transfer(body: TransferPointsBody, idempotencyKey: string): Promise<TransferResponse>
  confirmTransfer(code: string, idempotencyKey: string): Promise<TransferResponse>
  resendTransferCode(id: number): Promise<string>
  transferHistory(): Promise<Transfer[]>
  subscriptions(): Promise<Subscription[]>
  /** Cancels a subscription: access stays to its end date, no renewal (decision 0045). */
  cancelSubscription(id: number): Promise<CancelSubscriptionResponse>
  payments(): Promise<PaymentReceipt[]>
  /** The bookmarked lessons, as the history lists them. */
  bookmarks(): Promise<Bookmark[]>
}

const idempotent = (key: string) => ({ 'Idempotency-Key': key })

export function createWalletApi(http: HttpClient): WalletApi {
  const id = (value: number) => ({ params: { id: value } })
  return {
    summary: () => http.call(walletEndpoints.summary),
    bankAccounts: () => http.call(walletEndpoints.bankAccounts),
    codes: () => http.call(walletEndpoints.codes),
    createCode: (body, key) => http.call(walletEndpoints.createCode, { body, headers: idempotent(key) }),
    paymentRedirect: (code) => http.call(walletEndpoints.paymentRedirect, id(code)),
    d17: (code) => http.call(walletEndpoints.d17, id(code)),
    d17Check: (code) => http.call(walletEndpoints.d17Check, id(code)),
    paymentReturn: (outcome, orderId, lang) =>
      http.call(outcome === 'success' ? walletEndpoints.paymentSuccess : walletEndpoints.paymentEchec, { query: { orderId, lang } }),
    transfer: (body, key) => http.call(walletEndpoints.transfer, { body, headers: idempotent(key) }),
    confirmTransfer: (code, key) =>
      http.call(walletEndpoints.confirmTransfer, { query: { confirmationToken: code }, headers: idempotent(key) }),
    resendTransferCode: (transfer) => http.call(walletEndpoints.resendTransferCode, id(transfer)).then((answer) => answer.message),
    transferHistory: () => http.call(walletEndpoints.transferHistory),
    subscriptions: () => http.call(walletEndpoints.subscriptions),
    cancelSubscription: (subscription) => http.call(offerEndpoints.cancelSubscription, id(subscription)),
    payments: () => http.call(walletEndpoints.payments),
    bookmarks: () => http.call(reactionEndpoints.bookmarks)
  }
}
