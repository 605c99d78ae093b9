/**
 * The demo seed on a database that has it already: one query decides, nothing is written. A
 * missing row (or a reference row without the seed's Arabic name) makes the seed run again and
 * put it back.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type Database } from '../../server/src/db/client.ts'
import { adCards, delegations, divisions, institutes, levels } from '../../server/src/db/schema.ts'
import { isSeeded, seedDemo } from '../../server/src/seed/demo.ts'
import { delegationId } from '../../server/src/seed/geography.ts'
import { adCardRows } from '../../server/src/seed/profile.ts'
import { prepareDatabase, type TestDatabase } from './harness.ts'

const options = { hash: async () => 'not-a-hash', now: new Date() }

describe('seedDemo on a seeded database', () => {
  let prepared: TestDatabase
  let database: Database
  beforeAll(async () => {
    prepared = await prepareDatabase()
    database = await openDatabase({ dataDir: prepared.dataDir, databaseUrl: prepared.databaseUrl })
  })
  afterAll(async () => {
    await database?.close()
    await prepared?.drop()
  })

  it('asks a few queries and writes nothing', async () => {
    expect(await isSeeded(database.db)).toBe(true)
    if (!database.onStatement) return // PostgreSQL: statements are observable on PGlite only
    const statements: string[] = []
    const stop = database.onStatement((statement) => statements.push(statement))
    await seedDemo(database.db, options)
    stop()
    // One query for the reference data and the accounts, then the live schedule's check (full
    // already: the template was seeded moments ago).
    expect(statements.length).toBeGreaterThan(0)
    expect(statements.filter((statement) => !/^\s*select /i.test(statement))).toEqual([])
    expect(new Set(statements).size).toBeLessThanOrEqual(4)
  })

  it('runs again when a seeded row is missing, and puts it back', async () => {
    const card = adCardRows[0]!
    await database.db.delete(adCards).where(eq(adCards.id, card.id!))
    expect(await isSeeded(database.db)).toBe(false)
    await seedDemo(database.db, options)
    expect(await database.db.select({ id: adCards.id }).from(adCards).where(eq(adCards.id, card.id!))).toHaveLength(1)
    expect(await isSeeded(database.db)).toBe(true)
  })

  it('gives the Arabic names to reference rows seeded without them, or with others', async () => {
    // A database seeded before the Arabic names existed (and one name since corrected).
    await database.db.update(divisions).set({ nameAr: null })
    await database.db.update(levels).set({ nameAr: null })
    await database.db.update(institutes).set({ nameAr: null })
    await database.db
      .update(delegations)
      .set({ nameAr: 'قديم' })
      .where(eq(delegations.id, delegationId(1, 'Le Bardo')))
    expect(await isSeeded(database.db)).toBe(false)
    await seedDemo(database.db, options)
    expect(await isSeeded(database.db)).toBe(true)
    const [division] = await database.db.select({ nameAr: divisions.nameAr }).from(divisions).where(eq(divisions.id, 23))
    expect(division?.nameAr).toBe('السنة الأولى ابتدائي')
    expect((await database.db.select({ nameAr: levels.nameAr }).from(levels).where(eq(levels.slug, 'secondary')))[0]?.nameAr).toBe('ثانوي')
    expect((await database.db.select({ nameAr: institutes.nameAr }).from(institutes).where(eq(institutes.id, 6)))[0]?.nameAr).toBe(
      'المعهد النموذجي بأريانة'
    )
    expect(
      (
        await database.db
          .select({ nameAr: delegations.nameAr })
          .from(delegations)
          .where(eq(delegations.id, delegationId(1, 'Le Bardo')))
      )[0]?.nameAr
    ).toBe('باردو')
  })
})

describe('seedDemo on an empty database', () => {
  // A new PGlite directory runs initdb (several seconds on a busy machine).
  it('is not taken for seeded, and seeds it', async () => {
    const root = mkdtempSync(join(tmpdir(), 'darsi-seed-'))
    const database = await openDatabase({ dataDir: join(root, 'api') })
    try {
      expect(await isSeeded(database.db)).toBe(false)
      await seedDemo(database.db, options)
      expect(await isSeeded(database.db)).toBe(true)
    } finally {
      await database.close()
      rmSync(root, { recursive: true, force: true })
    }
  }, 120_000)
})
