/**
 * The ledger service against the real database (PGlite, or PostgreSQL in server-pg): the
 * database refuses to rewrite history (M1), a model-based run over random deposit, spend,
 * transfer, hold, release and refund sequences (M1), and the concurrency bars (M2).
 */
import { eq, sql } from 'drizzle-orm'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../server/src/db/client.ts'
import { ledgerAccounts, ledgerEntries, ledgerTransactions, users } from '../../server/src/db/schema.ts'
import {
  audit,
  ensureAccount,
  InsufficientFundsError,
  inTransaction,
  ledgerTotal,
  move,
  walletBalance,
  type AccountRef
} from '../../server/src/services/ledger.ts'
import { startTestServer, type TestServer } from './harness.ts'

let server: TestServer
let db: Db
beforeAll(async () => {
  server = await startTestServer()
  db = server.app.services.database.db
})
afterAll(async () => {
  await server?.close()
})

let sequence = 0
const ref = (label: string) => `${label}:${++sequence}`

async function newWallets(count: number): Promise<number[]> {
  const rows = await db
    .insert(users)
    .values(Array.from({ length: count }, (_, i) => ({ name: 'Ledger', lastName: `Test${i}`, verified: true })))
    .returning({ id: users.id })
  return rows.map((row) => row.id)
}

async function deposit(userId: number, amount: number): Promise<void> {
  await inTransaction(db, (tx) => move(tx, 'test_deposit', ref('deposit'), { system: 'card' }, { userId }, amount))
}

/** Runs a statement that must be refused by the database; returns the error text. */
async function refused(statement: ReturnType<typeof sql>): Promise<string> {
  try {
    await db.execute(statement)
  } catch (error) {
    const cause = (error as { cause?: { message?: string } }).cause
    return cause?.message ?? (error as Error).message
  }
  throw new Error('the database accepted the statement')
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0)

describe('the database guards the ledger (M1)', () => {
  it('refuses UPDATE, DELETE and TRUNCATE of entries and transactions, and direct balance writes', async () => {
    const [user] = await newWallets(1)
    await deposit(user!, 5_000)
    const before = await db.select().from(ledgerEntries).orderBy(ledgerEntries.id)
    const [entry] = before
    expect(await refused(sql`update ledger_entries set amount = amount + 1 where id = ${entry!.id}`)).toMatch(/append-only/)
    expect(await refused(sql`delete from ledger_entries where id = ${entry!.id}`)).toMatch(/append-only/)
    expect(await refused(sql`truncate ledger_entries`)).toMatch(/append-only|truncate/i)
    expect(await refused(sql`update ledger_transactions set reference = 'x' where id = ${entry!.transactionId}`)).toMatch(/append-only/)
    expect(await refused(sql`delete from ledger_transactions where id = ${entry!.transactionId}`)).toMatch(/append-only/)
    expect(await refused(sql`update ledger_accounts set balance = balance + 1000`)).toMatch(/only through ledger entries/)
    expect(await refused(sql`delete from ledger_accounts`)).toMatch(/append-only/)
    expect(await db.select().from(ledgerEntries).orderBy(ledgerEntries.id)).toEqual(before)
    expect(await walletBalance(db, user!)).toBe(5_000)
  })

  it('refuses an unbalanced transaction at commit and an overdraft even when the service is bypassed', async () => {
    const [user] = await newWallets(1)
    await deposit(user!, 1_000)
    const account = await ensureAccount(db, { userId: user! })
    const revenue = await ensureAccount(db, { system: 'revenue' })
    const unbalanced = inTransaction(db, async (tx) => {
      const [row] = await tx
        .insert(ledgerTransactions)
        .values({ kind: 'test_raw', reference: ref('raw') })
        .returning()
      await tx.insert(ledgerEntries).values({ transactionId: row!.id, accountId: account, amount: -500 })
    })
    await expect(unbalanced).rejects.toThrow()
    const overdraft = inTransaction(db, async (tx) => {
      const [row] = await tx
        .insert(ledgerTransactions)
        .values({ kind: 'test_raw', reference: ref('raw') })
        .returning()
      await tx.insert(ledgerEntries).values([
        { transactionId: row!.id, accountId: account, amount: -1_001 },
        { transactionId: row!.id, accountId: revenue, amount: 1_001 }
      ])
    })
    await expect(overdraft).rejects.toThrow()
    expect(await walletBalance(db, user!)).toBe(1_000)
    expect(await audit(db)).toEqual([])
  })

  it('posts a (kind, reference) once', async () => {
    const [user] = await newWallets(1)
    const reference = ref('once')
    const first = await inTransaction(db, (tx) => move(tx, 'test_once', reference, { system: 'bank' }, { userId: user! }, 700))
    const second = await inTransaction(db, (tx) => move(tx, 'test_once', reference, { system: 'bank' }, { userId: user! }, 700))
    expect(first.posted).toBe(true)
    expect(second).toEqual({ transactionId: first.transactionId, posted: false })
    expect(await walletBalance(db, user!)).toBe(700)
  })
})

type Op =
  | { kind: 'deposit'; user: number; amount: number }
  | { kind: 'spend'; user: number; amount: number }
  | { kind: 'transfer'; from: number; to: number; amount: number }
  | { kind: 'hold'; user: number; amount: number }
  | { kind: 'release'; hold: number }
  | { kind: 'refund'; user: number; amount: number }

const WALLETS = 4
const amount = fc.integer({ min: 1, max: 400 })
const who = fc.integer({ min: 0, max: WALLETS - 1 })
const opArbitrary: fc.Arbitrary<Op> = fc.oneof(
  fc.record({ kind: fc.constant('deposit' as const), user: who, amount }),
  fc.record({ kind: fc.constant('spend' as const), user: who, amount }),
  fc.record({ kind: fc.constant('transfer' as const), from: who, to: who, amount }),
  fc.record({ kind: fc.constant('hold' as const), user: who, amount }),
  fc.record({ kind: fc.constant('release' as const), hold: fc.nat({ max: 20 }) }),
  fc.record({ kind: fc.constant('refund' as const), user: who, amount })
)

describe('model-based run over random sequences (M1)', () => {
  it('keeps every balance equal to the model and to its entries, never negative, every transaction at zero', async () => {
    const wallets = await newWallets(WALLETS)
    const refs: AccountRef[] = wallets.map((userId) => ({ userId }))
    await fc.assert(
      fc.asyncProperty(fc.array(opArbitrary, { minLength: 1, maxLength: 25 }), async (ops) => {
        // The model starts from what the database holds now (earlier runs left their balances).
        const model = await Promise.all(wallets.map((id) => walletBalance(db, id)))
        const totalBefore = await ledgerTotal(db)
        let revenue =
          (
            await db
              .select({ balance: ledgerAccounts.balance })
              .from(ledgerAccounts)
              .where(eq(ledgerAccounts.code, 'revenue:subscriptions'))
          )[0]?.balance ?? 0
        const holds: Array<{ user: number; amount: number; reference: string; open: boolean }> = []
        for (const op of ops) {
          let from: AccountRef
          let to: AccountRef
          let value: number
          let canPay: boolean
          let apply: () => void
          let kind: string = `test_${op.kind}`
          let reference = ref(op.kind)
          switch (op.kind) {
            case 'deposit':
              ;[from, to, value, canPay] = [{ system: 'd17' }, refs[op.user]!, op.amount, true]
              apply = () => (model[op.user]! += op.amount)
              break
            case 'spend':
              ;[from, to, value, canPay] = [refs[op.user]!, { system: 'revenue' }, op.amount, model[op.user]! >= op.amount]
              apply = () => {
                model[op.user]! -= op.amount
                revenue += op.amount
              }
              break
            case 'refund':
              ;[from, to, value, canPay] = [{ system: 'revenue' }, refs[op.user]!, op.amount, revenue >= op.amount]
              apply = () => {
                model[op.user]! += op.amount
                revenue -= op.amount
              }
              break
            case 'transfer':
              if (op.from === op.to) continue
              ;[from, to, value, canPay] = [refs[op.from]!, refs[op.to]!, op.amount, model[op.from]! >= op.amount]
              apply = () => {
                model[op.from]! -= op.amount
                model[op.to]! += op.amount
              }
              break
            case 'hold': {
              ;[from, to, value, canPay] = [refs[op.user]!, { system: 'held' }, op.amount, model[op.user]! >= op.amount]
              const hold = { user: op.user, amount: op.amount, reference, open: true }
              apply = () => {
                model[op.user]! -= op.amount
                holds.push(hold)
              }
              break
            }
            case 'release': {
              const hold = holds.filter((h) => h.open)[op.hold]
              if (!hold) continue
              kind = 'test_release'
              reference = hold.reference
              ;[from, to, value, canPay] = [{ system: 'held' }, refs[hold.user]!, hold.amount, true]
              apply = () => {
                model[hold.user]! += hold.amount
                hold.open = false
              }
              break
            }
          }
          try {
            const result = await inTransaction(db, (tx) => move(tx, kind, reference, from, to, value))
            expect(canPay).toBe(true)
            expect(result.posted).toBe(true)
            apply()
          } catch (error) {
            if (!(error instanceof InsufficientFundsError)) throw error
            expect(canPay).toBe(false)
          }
        }
        // Releasing the same hold twice posts nothing the second time.
        const released = holds.find((h) => !h.open)
        if (released) {
          const again = await inTransaction(db, (tx) =>
            move(tx, 'test_release', released.reference, { system: 'held' }, refs[released.user]!, released.amount)
          )
          expect(again.posted).toBe(false)
        }
        for (const [index, id] of wallets.entries()) {
          expect(await walletBalance(db, id)).toBe(model[index])
          expect(model[index]).toBeGreaterThanOrEqual(0)
        }
        expect(await audit(db)).toEqual([])
        expect(await ledgerTotal(db)).toBe(totalBefore)
        expect(totalBefore).toBe(0)
      }),
      { numRuns: 20 }
    )
  }, 60_000)
})

describe('concurrency (M2)', () => {
  it('lets exactly 10 of 50 parallel spends of 10 through a balance of 100', async () => {
    const [user] = await newWallets(1)
    await deposit(user!, 100)
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, (_, i) =>
        inTransaction(db, (tx) => move(tx, 'test_spend', `parallel:${user}:${i}`, { userId: user! }, { system: 'revenue' }, 10))
      )
    )
    const failures = results.filter((r) => r.status === 'rejected')
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(10)
    for (const failure of failures) expect((failure as PromiseRejectedResult).reason).toBeInstanceOf(InsufficientFundsError)
    expect(await walletBalance(db, user!)).toBe(0)
    expect(await audit(db)).toEqual([])
  })

  it('keeps the total of 8 accounts through 1,000 random concurrent transfers, none below zero', async () => {
    const wallets = await newWallets(8)
    for (const id of wallets) await deposit(id, 500)
    const start = sum(await Promise.all(wallets.map((id) => walletBalance(db, id))))
    const random = fc.sample(fc.record({ from: fc.nat({ max: 7 }), to: fc.nat({ max: 7 }), amount: fc.integer({ min: 1, max: 300 }) }), {
      numRuns: 1000,
      seed: 42
    })
    const results = await Promise.allSettled(
      random.map((t, i) =>
        t.from === t.to
          ? Promise.resolve(null)
          : inTransaction(db, (tx) =>
              move(tx, 'test_bank', `bank:${wallets[0]}:${i}`, { userId: wallets[t.from]! }, { userId: wallets[t.to]! }, t.amount)
            )
      )
    )
    const unexpected = results.filter(
      (r) => r.status === 'rejected' && !((r as PromiseRejectedResult).reason instanceof InsufficientFundsError)
    )
    expect(unexpected).toEqual([])
    const moved = results.filter((r) => r.status === 'fulfilled' && r.value !== null).length
    expect(moved).toBeGreaterThan(500)
    const balances = await Promise.all(wallets.map((id) => walletBalance(db, id)))
    expect(sum(balances)).toBe(start)
    for (const balance of balances) expect(balance).toBeGreaterThanOrEqual(0)
    expect(await audit(db)).toEqual([])
  }, 60_000)
})
