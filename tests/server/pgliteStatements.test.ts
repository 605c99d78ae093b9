/**
 * PGlite with prepared statements (server/src/db/pgliteStatements.ts) answers exactly as
 * `PGlite.query` does: same rows and types, same errors, same transaction behaviour; each SQL
 * text is prepared once, the number kept is bounded, and statement listeners see every statement.
 * Runs on an in-memory PGlite whatever the backend of the suite.
 */
import { PGlite, types } from '@electric-sql/pglite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { withPreparedStatements, type PreparedPglite } from '../../server/src/db/pgliteStatements.ts'

let raw: PGlite
let prepared: PreparedPglite

beforeAll(async () => {
  raw = await PGlite.create()
  await raw.exec(`
    create table things (id serial primary key, name text not null unique, size int8, flags jsonb, seen timestamptz, day date, tags text[], ok boolean);
    insert into things (name, size, flags, seen, day, tags, ok) values
      ('a', 9007199254740993, '{"x": true}', '2026-01-15T09:00:00Z', '2026-01-15', '{one,two}', true),
      ('b', null, null, null, null, null, null);
  `)
  prepared = withPreparedStatements(raw, { maxStatements: 4 })
})
afterAll(async () => {
  await raw?.close()
})

const preparedNames = async () =>
  (await raw.query<{ name: string }>('select name from pg_prepared_statements order by name')).rows.map((row) => row.name)

describe('withPreparedStatements', () => {
  it('gives the same rows and types as PGlite.query, with parameters of every kind', async () => {
    const cases: Array<[string, unknown[]]> = [
      ['select * from things order by id', []],
      ['select * from things where name = $1', ['a']],
      ['select * from things where size = $1', [9007199254740993n]],
      ['select * from things where flags = $1', [{ x: true }]],
      ['select * from things where seen = $1', [new Date('2026-01-15T09:00:00Z')]],
      ['select * from things where tags = $1', [['one', 'two']]],
      ['select * from things where ok = $1', [true]],
      ['select $1::text is null as missing', [null]],
      ['select count(*) from things where name = any($1)', [['a', 'b', 'c']]]
    ]
    for (const [text, params] of cases) {
      const expected = await raw.query(text, params)
      // Twice: the first run prepares the statement, the second reuses it.
      for (let i = 0; i < 2; i++) {
        const got = await prepared.client.query(text, params)
        expect(got.rows, text).toEqual(expected.rows)
        expect(got.fields, text).toEqual(expected.fields)
      }
    }
  })

  it("applies a caller's row mode and parsers as PGlite does", async () => {
    const options = {
      rowMode: 'array' as const,
      parsers: { [types.TIMESTAMPTZ]: (value: string) => value, [types.INT8]: (value: string) => `#${value}` }
    }
    const text = 'select name, size, seen from things order by id'
    expect((await prepared.client.query(text, [], options)).rows).toEqual((await raw.query(text, [], options)).rows)
    expect((await prepared.client.query(text, [], options)).rows[0]).toEqual(['a', '#9007199254740993', '2026-01-15 09:00:00+00'])
  })

  it('reports writes as PGlite does', async () => {
    const inserted = await prepared.client.query<{ id: number }>('insert into things (name) values ($1), ($2) returning id', ['c', 'd'])
    expect(inserted.rows).toHaveLength(2)
    expect(inserted.affectedRows).toBe(2)
    const removed = await prepared.client.query('delete from things where name in ($1, $2)', ['c', 'd'])
    expect(removed.affectedRows).toBe(2)
    expect(removed.rows).toEqual([])
  })

  it("leaves COPY to PGlite's own path (its /dev/blob)", async () => {
    const copied = await prepared.client.query("copy (select name from things where id = 1) to '/dev/blob'")
    expect(await copied.blob?.text()).toBe('a\n')
  })

  it('throws the database error with its code and query, and keeps working after it', async () => {
    const duplicate = await prepared.client.query('insert into things (name) values ($1)', ['a']).catch((error: unknown) => error)
    expect(duplicate).toMatchObject({ code: '23505', query: 'insert into things (name) values ($1)', params: ['a'] })
    const syntax = await prepared.client.query('selec 1').catch((error: unknown) => error)
    expect(syntax).toMatchObject({ code: '42601' })
    const typed = await prepared.client.query('select * from things where id = $1', ['not a number']).catch((error: unknown) => error)
    expect(typed).toMatchObject({ code: '22P02' })
    expect((await prepared.client.query('select name from things where id = $1', [1])).rows).toEqual([{ name: 'a' }])
  })

  it('prepares each text once and keeps at most maxStatements', async () => {
    const texts = [1, 2, 3, 4, 5, 6].map((n) => `select ${n} as n, name from things where id = $1`)
    for (const text of texts) await prepared.client.query(text, [1])
    const names = await preparedNames()
    expect(names.length).toBeLessThanOrEqual(4)
    // The most recent statements are kept and reused: running them again prepares nothing new.
    await prepared.client.query(texts[5]!, [1])
    await prepared.client.query(texts[4]!, [2])
    expect(await preparedNames()).toEqual(names)
  })

  it('keeps room for the statement it runs, whatever the bound', async () => {
    const single = withPreparedStatements(raw, { maxStatements: 0 })
    for (let round = 0; round < 2; round++) {
      expect((await single.client.query('select name from things where id = $1', [1])).rows).toEqual([{ name: 'a' }])
      expect((await single.client.query('select count(*)::int as n from things where id = $1', [1])).rows).toEqual([{ n: 1 }])
    }
  })

  it('runs transactions as PGlite does: inside, its statements; outside, the others wait for its end', async () => {
    const order: string[] = []
    let release!: () => void
    const held = new Promise<void>((resolve) => (release = resolve))
    const tx = prepared.client.transaction(async (t) => {
      await t.query('insert into things (name) values ($1)', ['in-tx'])
      order.push('inserted')
      await held
      await t.rollback()
    })
    await new Promise((resolve) => setTimeout(resolve, 20))
    const outside = prepared.client
      .query<{ n: number }>('select count(*)::int as n from things where name = $1', ['in-tx'])
      .then((result) => {
        order.push('outside')
        return result.rows[0]!.n
      })
    await new Promise((resolve) => setTimeout(resolve, 20))
    release()
    await tx
    expect(await outside).toBe(0)
    expect(order).toEqual(['inserted', 'outside'])
    await expect(
      prepared.client.transaction(async (t) => {
        await t.query('insert into things (name) values ($1)', ['kept'])
        return (await t.query<{ n: number }>('select count(*)::int as n from things where name = $1', ['kept'])).rows[0]!.n
      })
    ).resolves.toBe(1)
    expect((await prepared.client.query('select name from things where name = $1', ['kept'])).rows).toEqual([{ name: 'kept' }])
  })

  it('tells statement listeners of every statement, before and after it runs', async () => {
    const seen: string[] = []
    const stop = prepared.onStatement((statement) => seen.push(statement))
    await prepared.client.query('update things set ok = $1 where name = $2', [false, 'b'])
    await prepared.client.exec('select 1')
    await prepared.client.transaction(async (t) => {
      await t.query('select name from things where id = $1', [1])
    })
    await prepared.client.query('selec broken').catch(() => undefined)
    stop()
    await prepared.client.query('select 2')
    expect(seen).toEqual([
      'update things set ok = $1 where name = $2',
      'update things set ok = $1 where name = $2',
      'select 1',
      'select 1',
      'select name from things where id = $1',
      'select name from things where id = $1'
    ])
  })
})
