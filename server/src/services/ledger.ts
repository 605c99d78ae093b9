/**
 * The points ledger: append-only, double-entry, in integer millimes (1 point = 1000). Every
 * movement is a transaction whose entries sum to zero; a balance is the sum of its account's
 * entries. The database enforces the rest (migration 0001): entries and transactions cannot be
 * updated or deleted, the cached `balance` moves only through an entry, a wallet cannot go
 * below zero, and an unbalanced transaction cannot commit.
 *
 * Concurrency: `post` locks the accounts it touches (`SELECT … FOR UPDATE`, in id order so two
 * transfers in opposite directions cannot deadlock) before reading balances. PGlite runs one
 * transaction at a time anyway. `inTransaction` retries serialization failures and deadlocks.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm'
import type { Db, Executor, Tx } from '../db/client.ts'
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from '../db/schema.ts'

export const MILLIMES_PER_POINT = 1000

/** System accounts: where points come from and where they wait. */
export const SYSTEM_ACCOUNTS = {
  /** Bank transfers approved by an operator. */
  bank: { code: 'clearing:bank', allowNegative: true },
  /** Online card payments confirmed by the gateway. */
  card: { code: 'clearing:card', allowNegative: true },
  /** D17 payments confirmed by the wallet operator. */
  d17: { code: 'clearing:d17', allowNegative: true },
  /** Opening balances brought in by the seed or a migration of old wallets. */
  opening: { code: 'equity:opening', allowNegative: true },
  /** Points of transfers waiting for their confirmation code. */
  held: { code: 'held:transfers', allowNegative: false },
  /** Points spent on subscriptions. */
  revenue: { code: 'revenue:subscriptions', allowNegative: false }
} as const
export type SystemAccount = keyof typeof SYSTEM_ACCOUNTS

export type AccountRef = { userId: number } | { system: SystemAccount }

export type Posting = { account: AccountRef; amount: number }

export type PostInput = {
  kind: string
  /** Unique per kind: posting the same (kind, reference) twice records it once. */
  reference: string
  memo?: string
  entries: Posting[]
}

export type PostResult = { transactionId: number; posted: boolean }

/** A wallet would go below zero. */
export class InsufficientFundsError extends Error {
  readonly accountId: number
  readonly balance: number
  readonly needed: number
  constructor(accountId: number, balance: number, needed: number) {
    super(`Account ${accountId} holds ${balance} and cannot give ${needed}`)
    this.name = 'InsufficientFundsError'
    this.accountId = accountId
    this.balance = balance
    this.needed = needed
  }
}

export function toMillimes(points: number): number {
  return Math.round(points * MILLIMES_PER_POINT)
}

export function toPoints(millimes: number): number {
  return millimes / MILLIMES_PER_POINT
}

function accountCode(ref: AccountRef): string {
  return 'userId' in ref ? `wallet:${ref.userId}` : SYSTEM_ACCOUNTS[ref.system].code
}

/** The account of a wallet or system account, created on first use. */
export async function ensureAccount(executor: Executor, ref: AccountRef): Promise<number> {
  const code = accountCode(ref)
  const [existing] = await executor.select({ id: ledgerAccounts.id }).from(ledgerAccounts).where(eq(ledgerAccounts.code, code)).limit(1)
  if (existing) return existing.id
  const values =
    'userId' in ref
      ? { code, userId: ref.userId, allowNegative: false }
      : { code, allowNegative: SYSTEM_ACCOUNTS[ref.system].allowNegative }
  await executor.insert(ledgerAccounts).values(values).onConflictDoNothing()
  const [row] = await executor.select({ id: ledgerAccounts.id }).from(ledgerAccounts).where(eq(ledgerAccounts.code, code)).limit(1)
  return row!.id
}

/**
 * Records a balanced transaction inside the caller's database transaction. Already posted
 * (same kind and reference): nothing is written and `posted` is false.
 */
export async function post(tx: Tx, input: PostInput): Promise<PostResult> {
  if (input.entries.length < 2) throw new Error('A ledger transaction needs at least two entries')
  let total = 0
  for (const entry of input.entries) {
    if (!Number.isSafeInteger(entry.amount) || entry.amount === 0) throw new Error(`Invalid ledger amount ${entry.amount}`)
    total += entry.amount
  }
  if (total !== 0) throw new Error(`Ledger transaction ${input.kind}/${input.reference} does not sum to zero`)

  const ids: number[] = []
  for (const entry of input.entries) ids.push(await ensureAccount(tx, entry.account))
  const locked = await tx
    .select({ id: ledgerAccounts.id, balance: ledgerAccounts.balance, allowNegative: ledgerAccounts.allowNegative })
    .from(ledgerAccounts)
    .where(inArray(ledgerAccounts.id, [...new Set(ids)]))
    .orderBy(asc(ledgerAccounts.id))
    .for('update')

  const [created] = await tx
    .insert(ledgerTransactions)
    .values({ kind: input.kind, reference: input.reference, memo: input.memo ?? null })
    .onConflictDoNothing()
    .returning({ id: ledgerTransactions.id })
  if (!created) {
    const [existing] = await tx
      .select({ id: ledgerTransactions.id })
      .from(ledgerTransactions)
      .where(and(eq(ledgerTransactions.kind, input.kind), eq(ledgerTransactions.reference, input.reference)))
      .limit(1)
    return { transactionId: existing!.id, posted: false }
  }

  const delta = new Map<number, number>()
  input.entries.forEach((entry, index) => delta.set(ids[index]!, (delta.get(ids[index]!) ?? 0) + entry.amount))
  for (const account of locked) {
    const change = delta.get(account.id) ?? 0
    if (!account.allowNegative && account.balance + change < 0) throw new InsufficientFundsError(account.id, account.balance, -change)
  }
  await tx.insert(ledgerEntries).values(
    input.entries.map((entry, index) => ({
      transactionId: created.id,
      accountId: ids[index]!,
      amount: entry.amount
    }))
  )
  return { transactionId: created.id, posted: true }
}

/** Moves `amount` millimes from one account to another as one transaction. */
export function move(
  tx: Tx,
  kind: string,
  reference: string,
  from: AccountRef,
  to: AccountRef,
  amount: number,
  memo?: string
): Promise<PostResult> {
  return post(tx, {
    kind,
    reference,
    memo,
    entries: [
      { account: from, amount: -amount },
      { account: to, amount }
    ]
  })
}

/** A wallet's balance in millimes (0 before its first movement). */
export async function walletBalance(executor: Executor, userId: number): Promise<number> {
  const [row] = await executor
    .select({ balance: ledgerAccounts.balance })
    .from(ledgerAccounts)
    .where(eq(ledgerAccounts.userId, userId))
    .limit(1)
  return row?.balance ?? 0
}

function sqlState(error: unknown): string | undefined {
  let current: unknown = error
  for (let depth = 0; current && depth < 5; depth++) {
    const code = (current as { code?: unknown }).code
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code
    current = (current as { cause?: unknown }).cause
  }
  return undefined
}

/** Serialization failure or deadlock: the transaction may simply be run again. */
export function isRetryable(error: unknown): boolean {
  const state = sqlState(error)
  return state === '40001' || state === '40P01'
}

/** The database refused an overdraft through the account's CHECK (the last line of defence). */
export function isOverdraftViolation(error: unknown): boolean {
  return sqlState(error) === '23514'
}

/** Runs `work` in a database transaction, again (a few times) after a serialization failure or deadlock. */
export async function inTransaction<T>(db: Db, work: (tx: Tx) => Promise<T>, attempts = 5): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(work)
    } catch (error) {
      if (attempt >= attempts || !isRetryable(error)) throw error
      await new Promise((resolve) => setTimeout(resolve, Math.random() * 10 * attempt))
    }
  }
}

export type LedgerProblem =
  | { kind: 'balance_mismatch'; accountId: number; cached: number; entries: number }
  | { kind: 'unbalanced_transaction'; transactionId: number; total: number }
  | { kind: 'negative_wallet'; accountId: number; balance: number }

/** Reconciliation: every cached balance equals its entries, every transaction sums to zero, no wallet below zero. */
export async function audit(executor: Executor): Promise<LedgerProblem[]> {
  const problems: LedgerProblem[] = []
  const sums = await executor
    .select({
      id: ledgerAccounts.id,
      cached: ledgerAccounts.balance,
      allowNegative: ledgerAccounts.allowNegative,
      entries: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)`
    })
    .from(ledgerAccounts)
    .leftJoin(ledgerEntries, eq(ledgerEntries.accountId, ledgerAccounts.id))
    .groupBy(ledgerAccounts.id)
  for (const row of sums) {
    const entries = Number(row.entries)
    if (entries !== row.cached) problems.push({ kind: 'balance_mismatch', accountId: row.id, cached: row.cached, entries })
    if (!row.allowNegative && entries < 0) problems.push({ kind: 'negative_wallet', accountId: row.id, balance: entries })
  }
  const unbalanced = await executor
    .select({ id: ledgerEntries.transactionId, total: sql<string>`sum(${ledgerEntries.amount})` })
    .from(ledgerEntries)
    .groupBy(ledgerEntries.transactionId)
    .having(sql`sum(${ledgerEntries.amount}) <> 0`)
  for (const row of unbalanced) problems.push({ kind: 'unbalanced_transaction', transactionId: row.id, total: Number(row.total) })
  return problems
}

/** Total of all entries: zero in a sound ledger (nothing created or lost). */
export async function ledgerTotal(executor: Executor): Promise<number> {
  const [row] = await executor.select({ total: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)` }).from(ledgerEntries)
  return Number(row?.total ?? 0)
}
