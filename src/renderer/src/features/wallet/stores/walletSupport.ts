/**
 * Pieces the wallet, transfer and history stores share: messages in the user's language, the
 * `Idempotency-Key` of a money-moving submit, and client-side paging of a table.
 */
import { makeAutoObservable } from 'mobx'
import { TABLE_PAGE_SIZES } from '../../../../../shared/constants.ts'
import { isMessageKey, type MessageKey } from '../../../../../shared/rules/messages.ts'
import { isApiError } from '../../../api/errors.ts'
import { codeMessage, firstRuleKey, ruleKeyOfText, type Message } from '../../../forms/messages.ts'
import type { TranslationKey } from '../../../i18n/keys.ts'

export type WalletKey =
  | Extract<TranslationKey, `wallet:${string}`>
  | Extract<TranslationKey, `auth:rules.${string}`>
  | Extract<TranslationKey, `auth:errors.${string}`>

/** The rule keys the wallet screens translate themselves (`wallet:rules.…`). */
const WALLET_RULE_KEYS = new Set<MessageKey>([
  'common.required',
  'common.invalid',
  'common.tooLong',
  'common.fillFields',
  'code.required',
  'code.invalid',
  'payment.amount',
  'payment.methodRequired',
  'payment.referenceRequired',
  'payment.referenceSpaces',
  'payment.methodUnavailable',
  'transfer.amountRange',
  'transfer.wholePoints',
  'transfer.recipientUnknown',
  'transfer.self',
  'transfer.insufficient',
  'transfer.codeInvalid'
])

/** A rule key in the user's language: the wallet's own wording, otherwise the shared rules catalogue. */
export function ruleMessage(key: MessageKey): Message {
  return { key: (WALLET_RULE_KEYS.has(key) ? `wallet:rules.${key}` : `auth:rules.${key}`) as WalletKey }
}

const CODE_MESSAGES: Partial<Record<string, WalletKey>> = {
  network: 'wallet:errors.network',
  server_error: 'wallet:errors.server',
  invalid_response: 'wallet:errors.server',
  rate_limited: 'wallet:errors.rateLimited',
  insufficient_points: 'wallet:rules.transfer.insufficient',
  request_in_progress: 'wallet:errors.inProgress',
  not_found: 'wallet:errors.notFound',
  forbidden: 'wallet:errors.forbidden',
  operation_impossible: 'wallet:errors.closed',
  test_account: 'wallet:errors.forbidden'
}

/**
 * The general message of a failure, always in the user's language: a rule the server named, the
 * wallet's own wording of a code, otherwise the general wording of the code.
 */
export function errorMessage(error: unknown): Message {
  if (!isApiError(error)) return { key: 'wallet:errors.server' }
  const ruleKey = firstRuleKey(error)
  if (ruleKey) return ruleMessage(ruleKey)
  const key = CODE_MESSAGES[error.code]
  if (key) return { key }
  const general = codeMessage(error.code)
  return { key: isWalletKey(general) ? general : 'wallet:errors.server' }
}

function isWalletKey(key: TranslationKey): key is WalletKey {
  return key.startsWith('wallet:') || key.startsWith('auth:rules.') || key.startsWith('auth:errors.')
}

/**
 * The server's first message for a field, in the user's language: by its rule key, else by the
 * rule its text is, else by the failure's code (the server's sentence is never shown).
 */
export function fieldMessage(error: unknown, field: string): Message | null {
  if (!isApiError(error)) return null
  const key = error.keys[field]?.[0]
  if (key && isMessageKey(key)) return ruleMessage(key)
  const text = error.fields[field]?.[0]
  if (!text) return null
  const rule = ruleKeyOfText(text)
  return rule ? ruleMessage(rule) : errorMessage(error)
}

export function isNetworkError(error: unknown): boolean {
  return isApiError(error) && error.isNetwork
}

/** The key of a money-moving submit, shared with the other areas' purchases. */
export { RetryKey } from '../../../api/retryKey.ts'

export type PageSize = (typeof TABLE_PAGE_SIZES)[number]
export const PAGE_SIZES: readonly PageSize[] = TABLE_PAGE_SIZES

/** A table's rows cut into pages of 10, 25 or 100 (§9). */
export class PagedRows<T> {
  rows: T[] = []
  pageSize: PageSize = PAGE_SIZES[0]
  /** Zero-based. */
  page = 0

  constructor() {
    makeAutoObservable(this, {}, { autoBind: true })
  }

  get pageCount(): number {
    return Math.max(1, Math.ceil(this.rows.length / this.pageSize))
  }

  get pageRows(): T[] {
    const start = this.page * this.pageSize
    return this.rows.slice(start, start + this.pageSize)
  }

  /** 1-based bounds of the page shown, for "11–20 of 42". */
  get range(): { from: number; to: number; total: number } {
    const total = this.rows.length
    if (total === 0) return { from: 0, to: 0, total }
    const from = this.page * this.pageSize + 1
    return { from, to: Math.min(total, from + this.pageSize - 1), total }
  }

  setRows(rows: T[]): void {
    this.rows = rows
    this.page = Math.min(this.page, this.pageCount - 1)
  }

  setPageSize(size: PageSize): void {
    // Keep the first row shown in view.
    const first = this.page * this.pageSize
    this.pageSize = size
    this.page = Math.floor(first / size)
  }

  setPage(page: number): void {
    this.page = Math.max(0, Math.min(this.pageCount - 1, Math.trunc(page)))
  }
}
