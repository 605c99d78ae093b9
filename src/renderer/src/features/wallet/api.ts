/** The wallet and history calls, typed by the shared contract and parsed with its schemas. */
import { z } from 'zod'
import { MessageResponseSchema } from '../../../../shared/api/common.ts'
import {
  BankAccountSchema,
  D17CheckResponseSchema,
  D17PaymentSchema,
  PaymentCodeSchema,
  PaymentHistoryRowSchema,
  PaymentReceiptSchema,
  PaymentRedirectResponseSchema,
  PaymentResultSchema,
  SubscriptionSchema,
  TransferResponseSchema,
  TransferSchema,
  WalletSummarySchema,
  type BankAccount,
  type PaymentCode,
  type PaymentHistoryRow,
  type PaymentMethod,
  type PaymentResult,
  type Transfer
} from '../../../../shared/api/wallet.ts'
import type { HttpClient } from '../../api/http.ts'

export type WalletSummary = z.infer<typeof WalletSummarySchema>
export type D17Payment = z.infer<typeof D17PaymentSchema>
export type D17Check = z.infer<typeof D17CheckResponseSchema>
export type PaymentRedirect = z.infer<typeof PaymentRedirectResponseSchema>
export type Subscription = z.infer<typeof SubscriptionSchema>
export type PaymentReceipt = z.infer<typeof PaymentReceiptSchema>
export type TransferResponse = z.infer<typeof TransferResponseSchema>
export type { BankAccount, PaymentCode, PaymentHistoryRow, PaymentMethod, PaymentResult, Transfer }

export interface CreateCodeBody {
  reference: string | null
  amount: number
  comment: string | null
  paymentMethod: PaymentMethod
}

export interface TransferBody {
  toUser: string
  points: number
  /** The impersonating administrator (§6), when there is one. */
  admin?: number
}

export type PaymentOutcome = 'success' | 'echec'
export type ResultLanguage = 'fr' | 'en-US' | 'ar'

export interface WalletApi {
  summary(): Promise<WalletSummary>
  bankAccounts(): Promise<BankAccount[]>
  codes(): Promise<PaymentHistoryRow[]>
  /** Money-moving: `idempotencyKey` is the same for retries of one submit. */
  createCode(body: CreateCodeBody, idempotencyKey: string): Promise<PaymentCode>
  paymentRedirect(id: number): Promise<PaymentRedirect>
  d17(id: number): Promise<D17Payment>
  d17Check(id: number): Promise<D17Check>
  paymentReturn(outcome: PaymentOutcome, orderId: string, lang: ResultLanguage): Promise<PaymentResult>
  transfer(body: TransferBody, idempotencyKey: string): Promise<TransferResponse>
  confirmTransfer(code: string, idempotencyKey: string): Promise<TransferResponse>
  resendTransferCode(id: number): Promise<string>
  transferHistory(): Promise<Transfer[]>
  subscriptions(): Promise<Subscription[]>
  payments(): Promise<PaymentReceipt[]>
}

const idempotent = (key: string) => ({ 'Idempotency-Key': key })

export function createWalletApi(http: HttpClient): WalletApi {
  return {
    summary: () => http.request({ method: 'GET', path: '/student/wallet', schema: WalletSummarySchema }),
    bankAccounts: () => http.request({ method: 'GET', path: '/payment/bank-accounts', schema: z.array(BankAccountSchema) }),
    codes: () => http.request({ method: 'GET', path: '/codes', schema: z.array(PaymentHistoryRowSchema) }),
    createCode: (body, key) =>
      http.request({ method: 'POST', path: '/student/codes', body, headers: idempotent(key), schema: PaymentCodeSchema }),
    paymentRedirect: (id) => http.request({ method: 'GET', path: `/payment/redirect/${id}`, schema: PaymentRedirectResponseSchema }),
    d17: (id) => http.request({ method: 'GET', path: `/payment/d17/${id}`, schema: D17PaymentSchema }),
    d17Check: (id) => http.request({ method: 'GET', path: `/payment/d17/check/${id}`, schema: D17CheckResponseSchema }),
    paymentReturn: (outcome, orderId, lang) =>
      http.request({ method: 'POST', path: `/payment/${outcome}`, query: { orderId, lang }, schema: PaymentResultSchema }),
    transfer: (body, key) =>
      http.request({ method: 'POST', path: '/student/transfer-points', body, headers: idempotent(key), schema: TransferResponseSchema }),
    confirmTransfer: (code, key) =>
      http.request({
        method: 'POST',
        path: '/student/confirm-transfer-points',
        query: { confirmationToken: code },
        headers: idempotent(key),
        schema: TransferResponseSchema
      }),
    resendTransferCode: (id) =>
      http.request({ method: 'GET', path: `/student/confirm-transfer-points/${id}`, schema: MessageResponseSchema }).then((answer) => answer.message),
    transferHistory: () => http.request({ method: 'GET', path: '/student/transfer-points-history', schema: z.array(TransferSchema) }),
    subscriptions: () => http.request({ method: 'GET', path: '/student/history/subscriptions', schema: z.array(SubscriptionSchema) }),
    payments: () => http.request({ method: 'GET', path: '/student/history/payments', schema: z.array(PaymentReceiptSchema) })
  }
}
