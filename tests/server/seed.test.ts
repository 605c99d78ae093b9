/**
 * The demo seed on a database that has it already: one query decides, nothing is written. A
 * missing row makes the seed run again and put it back.
 */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openDatabase, type Database } from '../../server/src/db/client.ts'
import { adCards } from '../../server/src/db/schema.ts'
import { isSeeded, seedDemo } from '../../server/src/seed/demo.ts'
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
