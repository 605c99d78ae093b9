/**
 * The class's offers catalogue kept in memory (server/src/services/offerList.ts, answerCache.ts,
 * docs/decisions/0030-lists-at-the-p8-bar.md): once read, the offers page runs only the pupil's
 * statement and answers the same bytes; an operator's edit, a subject renamed and the pupil's own
 * orders are seen at once; a new day changes no figure of the list (the rest of the year is priced
 * by the engine, at the quote); on PostgreSQL a change by plain SQL on another connection reaches
 * the server (migration 0027).
 */
import { eq, sql } from 'drizzle-orm'
import { describe, expect, inject, it } from 'vitest'
import { runAdmin } from '../../server/src/admin.ts'
import { offerDivisions, offerOrders, subjects } from '../../server/src/db/schema.ts'
import { changesTables } from '../../server/src/services/answerCache.ts'
import { OFFER_CATALOGUE_TABLES } from '../../server/src/services/offerList.ts'
import type { OfferCard } from '../../src/shared/api/offers.ts'
import { call, listening, newPupil, until, useTestServer, type Pupil, onAnotherConnection } from './harness.ts'

const onPostgres = inject('backend') === 'postgres'
const DAY_MS = 24 * 60 * 60 * 1000

describe('the tables of the offers catalogue', () => {
  const changes = changesTables(OFFER_CATALOGUE_TABLES)
  it('count every write to one of them, no read and no write of a pupil’s orders', () => {
    expect(changes('update "offer_prices" set "final_price" = $1')).toBe(true)
    expect(changes('insert into "offers" ("id") values ($1)')).toBe(true)
    expect(changes('delete from "offer_subject_details" where "offer_division_id" = $1')).toBe(true)
    expect(changes('update "subjects" set "name" = $1')).toBe(true)
    expect(changes('update "offer_divisions" set "disabled" = $1')).toBe(true)
    expect(changes('select "json" from "offers" join "offer_prices" on true')).toBe(false)
    expect(changes('insert into "offer_orders" ("user_id") values ($1)')).toBe(false)
    expect(changes('insert into "user_offers" ("user_id") values ($1)')).toBe(false)
  })
})

describe('the offers page, its class catalogue kept in memory', () => {
  const server = useTestServer()

  async function offers(who: Pupil, language = 'fr'): Promise<{ cards: OfferCard[]; text: string; statements: string[] }> {
    const statements: string[] = []
    const stop = server.app.services.database.onStatement!((statement) => statements.push(statement))
    try {
      const reply = await server.app.inject({
        method: 'GET',
        url: '/api/student/offers',
        headers: { authorization: `Bearer ${who.token}`, 'accept-language': language }
      })
      expect(reply.statusCode).toBe(200)
      return { cards: (JSON.parse(reply.body) as { payload: OfferCard[] }).payload, text: reply.body, statements: [...new Set(statements)] }
    } finally {
      stop()
    }
  }

  /** Whether the catalogue is answered from memory, once the notifications of earlier commits have arrived. */
  const fromMemory = (who: Pupil) =>
    until(async () => !(await offers(who)).statements.some((statement) => statement.includes('offer_prices')), 1_000)

  it('answers a second read with the pupil’s statement alone, the same bytes in every language', async () => {
    await listening(server.app)
    expect(server.app.services.answers.offers.enabled).toBe(true)
    const pupil = await newPupil(server.app)
    // Once uncounted: the session is read and kept.
    await offers(pupil)
    server.app.services.answers.offers.clear()
    const first = await offers(pupil)
    expect(first.statements).toHaveLength(1)
    expect(first.statements[0]).toContain('offer_prices')
    expect(await fromMemory(pupil)).toBe(true)
    const second = await offers(pupil)
    expect(second.statements).toHaveLength(1)
    expect(second.statements[0]).toContain('offer_orders')
    expect(second.statements[0]).not.toMatch(/offer_prices|offer_subject_details|"offers"|"subjects"/)
    expect(second.text).toBe(first.text)
    for (const language of ['en', 'ar']) {
      server.app.services.answers.offers.clear()
      const read = await offers(pupil, language)
      expect((await offers(pupil, language)).text).toBe(read.text)
    }
  })

  it('an operator’s edit of an offer and of its prices, and a renamed subject, are seen at once', async () => {
    await listening(server.app)
    const api = await server.app.listen({ port: 0, host: '127.0.0.1' })
    const admin = (...args: string[]) => runAdmin(['--api', api, ...args], { DARSI_OPERATOR_KEY: server.app.services.secrets.operatorKey })
    const pupil = await newPupil(server.app)
    const [primary] = (await offers(pupil)).cards.filter(
      (card) => card.type === 'primary' && card.pricing.some((entry) => entry.period === 'month')
    )
    expect(await fromMemory(pupil)).toBe(true)
    await admin('offer', 'edit', String(primary!.id), '--prices', 'month=41.5', '--name', 'Gold édité')
    const edited = (await offers(pupil)).cards.find((card) => card.id === primary!.id)!
    expect(edited.name).toBe('Gold édité')
    expect(edited.pricing.map((entry) => [entry.period, entry.price, entry.final_price])).toEqual([['month', 41.5, 41.5]])

    const pack = (await offers(pupil)).cards.find((card) => card.subject_details.length > 0)!
    expect(await fromMemory(pupil)).toBe(true)
    const subject = pack.subject_details[0]!
    const db = server.app.services.database.db
    const [before] = await db.select({ name: subjects.name }).from(subjects).where(eq(subjects.id, subject.subjectId))
    try {
      await db.update(subjects).set({ name: 'Matière renommée' }).where(eq(subjects.id, subject.subjectId))
      const renamed = (await offers(pupil)).cards.find((card) => card.id === pack.id)!
      expect(renamed.subject_details.find((detail) => detail.id === subject.id)!.subject).toBe('Matière renommée')
    } finally {
      await db.update(subjects).set({ name: before!.name }).where(eq(subjects.id, subject.subjectId))
    }
  })

  it('the pupil’s own orders in instalments are read each time; a refunded one waits for no slice', async () => {
    await listening(server.app)
    const pupil = await newPupil(server.app)
    const db = server.app.services.database.db
    const card = (await offers(pupil)).cards.find((item) => item.slices.length === 0)!
    expect(card.indexSliceToPay).toBeNull()
    expect(await fromMemory(pupil)).toBe(true)
    const [division] = await db.select().from(offerDivisions).where(eq(offerDivisions.id, card.id))
    const order = { userId: pupil.id, offerDivisionId: card.id, offerId: division!.offerId, period: 'month', total: 90_000, quote: {} }
    const [refunded] = await db
      .insert(offerOrders)
      .values({ ...order, paid: 30_000, sliceIndex: 1, sliceCount: 3, slicesPaid: 1, refundedAt: new Date() })
      .returning({ id: offerOrders.id })
    expect(refunded).toBeDefined()
    expect((await offers(pupil)).cards.find((item) => item.id === card.id)!.indexSliceToPay).toBeNull()
    await db.insert(offerOrders).values({ ...order, paid: 30_000, sliceIndex: 1, sliceCount: 3, slicesPaid: 1 })
    const read = await offers(pupil)
    expect(read.statements.some((statement) => statement.includes('offer_prices'))).toBe(false)
    expect(read.cards.find((item) => item.id === card.id)!.indexSliceToPay).toBe(2)
  })

  it('a new day changes no figure of the list: the rest of the year is priced again by the quote', async () => {
    await listening(server.app)
    let pupil = await newPupil(server.app, { points: 1000 })
    const before = await offers(pupil)
    const card = before.cards.find(
      (item) =>
        item.slices.length === 0 &&
        item.subject_details.length === 0 &&
        item.pricing.some((entry) => entry.period === 'rest_of_year' && entry.final_price! > 0)
    )!
    const quote = async () =>
      (
        await call<{ total: number }>(server.app, 'POST', '/api/student/checkout/quote', {
          token: pupil.token,
          body: { offerDivisionDetail: card.id, period: 'rest_of_year' }
        })
      ).body.total
    const today = await quote()
    expect(await fromMemory(pupil)).toBe(true)
    server.clock.advance(DAY_MS)
    pupil = { id: pupil.id, token: (await server.app.services.sessions.start(pupil.id)).token }
    const kept = await offers(pupil)
    expect(kept.statements.some((statement) => statement.includes('offer_prices'))).toBe(false)
    server.app.services.answers.offers.clear()
    expect(kept.text).toBe((await offers(pupil)).text)
    expect(kept.text).toBe(before.text)
    expect(await quote()).toBeLessThan(today)
  })
})

describe('the offers page with the lists’ cache turned off', () => {
  const server = useTestServer({ listCacheEntries: 0 })

  it('reads the catalogue each time, and answers the same', async () => {
    expect(server.app.services.answers.offers.enabled).toBe(false)
    const pupil = await newPupil(server.app)
    const read = async () => {
      const statements: string[] = []
      const stop = server.app.services.database.onStatement!((statement) => statements.push(statement))
      try {
        return {
          text: (
            await server.app.inject({ method: 'GET', url: '/api/student/offers', headers: { authorization: `Bearer ${pupil.token}` } })
          ).body,
          statements
        }
      } finally {
        stop()
      }
    }
    const first = await read()
    const second = await read()
    expect(second.statements.some((statement) => statement.includes('offer_prices'))).toBe(true)
    expect(second.text).toBe(first.text)
  })
})

describe.skipIf(!onPostgres)('the offers catalogue on PostgreSQL', () => {
  const server = useTestServer()

  it('the database notifies every change of the catalogue’s tables (migrations 0004 and 0027)', async () => {
    const result = await server.app.services.database.db.execute(
      sql`select distinct c.relname from pg_trigger t join pg_class c on c.oid = t.tgrelid join pg_proc p on p.oid = t.tgfoid where p.proname = 'darsi_auth_changed'`
    )
    const notified = (result as unknown as { rows: Array<{ relname: string }> }).rows.map((row) => row.relname)
    for (const table of OFFER_CATALOGUE_TABLES) expect([table, notified.includes(table)]).toEqual([table, true])
  })

  it('a price changed by plain SQL on another connection is seen as soon as the notification arrives', async () => {
    const feed = server.app.services.database.authChanges!
    expect(await until(async () => feed.ready)).toBe(true)
    const pupil = await newPupil(server.app)
    const read = async () =>
      (await server.app.inject({ method: 'GET', url: '/api/student/offers', headers: { authorization: `Bearer ${pupil.token}` } })).body
    // Kept: a second read, once the earlier commits' notifications have arrived, runs no catalogue statement.
    let catalogueReads = 0
    const stop = server.app.services.database.onStatement!((statement) => {
      if (statement.includes('offer_prices')) catalogueReads += 1
    })
    try {
      expect(
        await until(async () => {
          catalogueReads = 0
          await read()
          return catalogueReads === 0
        }, 1_000)
      ).toBe(true)
    } finally {
      stop()
    }
    const first = await read()
    const card = (JSON.parse(first) as { payload: OfferCard[] }).payload.find((item) =>
      item.pricing.some((entry) => entry.period === 'month')
    )!
    await onAnotherConnection(server.app.services.config.databaseUrl!, (outsider) =>
      outsider.query(`UPDATE offer_prices SET final_price = 12345 WHERE offer_division_id = $1 AND period = 'month'`, [card.id])
    )
    expect(await until(async () => (await read()).includes('"final_price":12.345'), 1_000)).toBe(true)
  })
})
