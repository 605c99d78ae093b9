/**
 * Lists kept in memory (server/src/services/answerCache.ts), here the transfers a user sees: what
 * empties the cache, that a read racing a write stores nothing, that an answer is read again once
 * a listed transfer passes its hold, and, through the API on both backends, that every change of a
 * transfer or of a person named in it is seen at once. On PostgreSQL two servers on one database
 * follow each other's changes (migration 0026).
 */
import { eq, sql } from 'drizzle-orm'
import { describe, expect, inject, it } from 'vitest'
import type { DarsiServer } from '../../server/src/app.ts'
import { users } from '../../server/src/db/schema.ts'
import { changesTables, createAnswerCache } from '../../server/src/services/answerCache.ts'
import { inTransaction, move } from '../../server/src/services/ledger.ts'
import { TRANSFER_HISTORY_TABLES } from '../../server/src/services/transfers.ts'
import { TRANSFER_HOLD_MS } from '../../server/src/services/wallet.ts'
import {
  call,
  createUser,
  lastCode,
  listening,
  login,
  uniquePhone,
  until,
  useTestServer,
  useTwoServers,
  onAnotherConnection
} from './harness.ts'

const onPostgres = inject('backend') === 'postgres'

describe('changesTables', () => {
  const changes = changesTables(TRANSFER_HISTORY_TABLES)
  it('counts any write naming a table of the list, and no read', () => {
    expect(changes('update "point_transfers" set "status" = $1')).toBe(true)
    expect(changes('insert into "point_transfers" ("from_user_id") values ($1)')).toBe(true)
    expect(changes('  UPDATE users SET name = $1 WHERE id = $2')).toBe(true)
    expect(changes('delete from "users" where "id" = $1')).toBe(true)
    expect(changes('with moved as (update "point_transfers" set "status" = $1 returning *) select * from moved')).toBe(true)
    expect(changes('select "json" from "point_transfers" join "users" on true')).toBe(false)
    expect(changes('update "payment_codes" set "status" = $1')).toBe(false)
    expect(changes('update "users_extra" set "x" = 1')).toBe(false)
  })
})

describe('createAnswerCache', () => {
  const at = new Date('2026-11-26T10:00:00Z')

  it('keeps the most recently used answers within its bound', () => {
    const cache = createAnswerCache({ tables: TRANSFER_HISTORY_TABLES, maxEntries: 2 })
    for (const key of ['a', 'b']) cache.set(cache.begin(), key, `[${key}]`, null)
    expect(cache.get('a', at)).toBe('[a]')
    cache.set(cache.begin(), 'c', '[c]', null)
    expect(cache.get('b', at)).toBeUndefined()
    expect(cache.get('a', at)).toBe('[a]')
    expect(cache.get('c', at)).toBe('[c]')
    expect(cache.size).toBe(2)
  })

  it('keeps at most its number of characters, the least recently used dropped first, a larger answer not at all', () => {
    const cache = createAnswerCache({ tables: TRANSFER_HISTORY_TABLES, maxEntries: 10, maxChars: 10 })
    cache.set(cache.begin(), 'a', '[1,2]', null)
    cache.set(cache.begin(), 'b', '[3,4]', null)
    expect(cache.get('a', at)).toBe('[1,2]')
    cache.set(cache.begin(), 'c', '[5]', null)
    expect(cache.get('b', at)).toBeUndefined()
    expect(cache.get('a', at)).toBe('[1,2]')
    expect(cache.get('c', at)).toBe('[5]')
    cache.set(cache.begin(), 'd', '[1,2,3,4,5]', null)
    expect(cache.get('d', at)).toBeUndefined()
    expect(cache.size).toBe(2)
  })

  it('stores nothing read before the last clear: a read that raced a write is dropped', () => {
    const cache = createAnswerCache({ tables: TRANSFER_HISTORY_TABLES, maxEntries: 10 })
    const ticket = cache.begin()
    cache.clear()
    cache.set(ticket, 'a', '[]', null)
    expect(cache.get('a', at)).toBeUndefined()
    cache.set(cache.begin(), 'a', '[]', null)
    expect(cache.get('a', at)).toBe('[]')
  })

  it('empties itself on the writes it follows, not on reads, until closed', () => {
    const listeners = new Set<(statement: string) => void>()
    const follow = (listener: (statement: string) => void) => {
      listeners.add(listener)
      return () => listeners.delete(listener)
    }
    const run = (statement: string) => listeners.forEach((listener) => listener(statement))
    const cache = createAnswerCache({ tables: TRANSFER_HISTORY_TABLES, maxEntries: 10, follow })
    cache.set(cache.begin(), 'a', '[1]', null)
    run('select * from "point_transfers"')
    run('update "payment_codes" set "status" = $1')
    expect(cache.get('a', at)).toBe('[1]')
    const ticket = cache.begin()
    run('update "point_transfers" set "status" = $1')
    expect(cache.get('a', at)).toBeUndefined()
    cache.set(ticket, 'a', '[1]', null)
    expect(cache.get('a', at)).toBeUndefined()
    cache.set(cache.begin(), 'a', '[2]', null)
    cache.close()
    run('update "users" set "name" = $1')
    expect(cache.get('a', at)).toBe('[2]')
  })

  it('answers until the instant the answer stops being true, not after', () => {
    const cache = createAnswerCache({ tables: TRANSFER_HISTORY_TABLES, maxEntries: 10 })
    const until = new Date(at.getTime() + 60_000)
    cache.set(cache.begin(), 'a', '[]', until)
    expect(cache.get('a', new Date(until.getTime() - 1))).toBe('[]')
    expect(cache.get('a', until)).toBeUndefined()
    expect(cache.size).toBe(0)
  })

  it('is off while its feed does not listen, and empties on whatever the feed tells', () => {
    let ready = false
    let tell: (event: 'change' | 'ready' | 'lost') => void = () => undefined
    const feed = {
      get ready() {
        return ready
      },
      subscribe(listener: typeof tell) {
        tell = listener
        return () => undefined
      },
      close: async () => undefined
    }
    const cache = createAnswerCache({ tables: TRANSFER_HISTORY_TABLES, maxEntries: 10, feed })
    cache.set(cache.begin(), 'a', '[]', null)
    expect(cache.size).toBe(0)
    ready = true
    cache.set(cache.begin(), 'a', '[]', null)
    expect(cache.get('a', at)).toBe('[]')
    tell('change')
    expect(cache.get('a', at)).toBeUndefined()
  })

  it('keeps its answers through a notified commit to a table it does not read, and empties on one it reads', () => {
    let tell: (event: 'change' | 'ready' | 'lost', table?: string) => void = () => undefined
    const feed = {
      ready: true,
      subscribe(listener: typeof tell) {
        tell = listener
        return () => undefined
      },
      close: async () => undefined
    }
    const cache = createAnswerCache({ tables: TRANSFER_HISTORY_TABLES, maxEntries: 10, feed })
    const kept = () => {
      cache.set(cache.begin(), 'a', '[]', null)
      return cache.get('a', at) === '[]'
    }
    expect(kept()).toBe(true)
    tell('change', 'sessions')
    tell('change', 'payment_codes')
    expect(cache.get('a', at)).toBe('[]')
    for (const table of TRANSFER_HISTORY_TABLES) {
      tell('change', table)
      expect([table, cache.get('a', at)]).toEqual([table, undefined])
      expect(kept()).toBe(true)
    }
    // A change that names no table, a lost connection and listening again empty it too.
    tell('change')
    expect(cache.get('a', at)).toBeUndefined()
    expect(kept()).toBe(true)
    tell('lost')
    expect(cache.get('a', at)).toBeUndefined()
    expect(kept()).toBe(true)
    tell('ready')
    expect(cache.get('a', at)).toBeUndefined()
  })
})

type Row = { id: number; status: string; updated_at: string; to_user: { id: number; name: string }; points: number }
type Person = { id: number; phone: string; token: string }

/** A fresh pupil with `points` in the wallet, signed in. */
async function person(app: DarsiServer, points: number): Promise<Person> {
  const phone = uniquePhone()
  const id = await createUser(app, { credential: phone, division: 14 })
  if (points > 0) {
    const db = app.services.database.db
    await inTransaction(db, (tx) => move(tx, 'opening', `answers:${id}`, { system: 'opening' }, { userId: id }, points * 1000))
  }
  return { id, phone, token: (await login(app, phone)).token }
}

async function history(app: DarsiServer, who: Person): Promise<{ rows: Row[]; text: string; statements: number }> {
  let statements = 0
  const stop = app.services.database.onStatement!(() => (statements += 1))
  try {
    const reply = await app.inject({
      method: 'GET',
      url: '/api/student/transfer-points-history',
      headers: { authorization: `Bearer ${who.token}` }
    })
    expect(reply.statusCode).toBe(200)
    return { rows: JSON.parse(reply.body) as Row[], text: reply.body, statements }
  } finally {
    stop()
  }
}

async function codes(app: DarsiServer, who: Person): Promise<{ rows: { id: number; status: string }[]; text: string; statements: number }> {
  let statements = 0
  const stop = app.services.database.onStatement!(() => (statements += 1))
  try {
    const reply = await app.inject({ method: 'GET', url: '/api/codes', headers: { authorization: `Bearer ${who.token}` } })
    expect(reply.statusCode).toBe(200)
    return { rows: JSON.parse(reply.body) as { id: number; status: string }[], text: reply.body, statements }
  } finally {
    stop()
  }
}

async function send(app: DarsiServer, from: Person, to: Person, points: number): Promise<number> {
  const reply = await call<{ transfer: { id: number } }>(app, 'POST', '/api/student/transfer-points', {
    token: from.token,
    body: { toUser: to.phone, points }
  })
  expect(reply.status).toBe(201)
  return reply.body.transfer.id
}

describe('the transfers a user sees, kept in memory', () => {
  const server = useTestServer()

  /** Whether the list is answered from memory, once the notifications of earlier commits have arrived. */
  const fromMemory = (who: Person) => until(async () => (await history(server.app, who)).statements === 0, 1_000)

  it('answers a list read once from memory, the same bytes, until something changes', async () => {
    await listening(server.app)
    expect(server.app.services.answers.transfers.enabled).toBe(true)
    const sender = await person(server.app, 100)
    const recipient = await person(server.app, 0)
    await send(server.app, sender, recipient, 10)
    const first = await history(server.app, sender)
    expect(first.statements).toBeGreaterThan(0)
    // On PostgreSQL the notification of the transfer's commit may still be on its way and empty
    // the cache once more: a read after it is kept.
    expect(await fromMemory(sender)).toBe(true)
    const second = await history(server.app, sender)
    expect(second.statements).toBe(0)
    expect(second.text).toBe(first.text)
  })

  it('a new transfer, its confirmation and a rejection are seen at once by both people', async () => {
    await listening(server.app)
    const sender = await person(server.app, 100)
    const recipient = await person(server.app, 0)
    for (const who of [sender, recipient]) expect((await history(server.app, who)).rows).toEqual([])
    const id = await send(server.app, sender, recipient, 10)
    for (const who of [sender, recipient])
      expect((await history(server.app, who)).rows.map((row) => [row.id, row.status])).toEqual([[id, 'waiting_confirmation']])
    const code = await lastCode(server.app, sender.phone)
    const confirmed = await call(server.app, 'POST', '/api/student/confirm-transfer-points', {
      token: sender.token,
      query: { confirmationToken: code }
    })
    expect(confirmed.status).toBe(200)
    for (const who of [sender, recipient]) expect((await history(server.app, who)).rows[0]!.status).toBe('confirmed')
    const other = await send(server.app, sender, recipient, 10)
    await history(server.app, recipient)
    expect((await call(server.app, 'POST', `/api/student/transfer-points/${other}/reject`, { token: sender.token })).status).toBe(200)
    expect((await history(server.app, recipient)).rows.map((row) => [row.id, row.status])).toEqual([
      [other, 'rejected'],
      [id, 'confirmed']
    ])
  })

  it('a new code for a waiting transfer (its updated_at) and a renamed recipient are seen at once', async () => {
    await listening(server.app)
    const sender = await person(server.app, 100)
    const recipient = await person(server.app, 0)
    const id = await send(server.app, sender, recipient, 10)
    const before = (await history(server.app, sender)).rows[0]!
    server.clock.advance(60_000)
    expect((await call(server.app, 'GET', `/api/student/confirm-transfer-points/${id}`, { token: sender.token })).status).toBe(200)
    const resent = (await history(server.app, sender)).rows[0]!
    expect(Date.parse(resent.updated_at)).toBe(Date.parse(before.updated_at) + 60_000)
    await server.app.services.database.db.update(users).set({ name: 'Nouveau' }).where(eq(users.id, recipient.id))
    expect((await history(server.app, sender)).rows[0]!.to_user.name).toBe('Nouveau Essai')
  })

  it('a transfer waiting past its hold is given back at the next read, with no write in between', async () => {
    await listening(server.app)
    const sender = await person(server.app, 100)
    const recipient = await person(server.app, 0)
    const id = await send(server.app, sender, recipient, 10)
    server.clock.advance(TRANSFER_HOLD_MS - 1)
    // Access tokens live 15 minutes: sign in again at the new time.
    recipient.token = (await login(server.app, recipient.phone)).token
    expect((await history(server.app, recipient)).rows[0]!.status).toBe('waiting_confirmation')
    expect(await fromMemory(recipient)).toBe(true)
    server.clock.advance(1)
    expect((await history(server.app, recipient)).rows.map((row) => [row.id, row.status])).toEqual([[id, 'expired']])
  })
})

describe("a user's points codes, kept in memory", () => {
  const server = useTestServer()
  const fromMemory = (who: Person) => until(async () => (await codes(server.app, who)).statements === 0, 1_000)

  it('answers from memory once read; a new code and an operator decision are seen at once', async () => {
    const pupil = await person(server.app, 0)
    expect((await codes(server.app, pupil)).rows).toEqual([])
    const created = await call<{ id: number }>(server.app, 'POST', '/api/student/codes', {
      token: pupil.token,
      body: { reference: `VIR${pupil.id}`, amount: 20, paymentMethod: 'transfer' }
    })
    expect(created.status).toBe(201)
    const listed = await codes(server.app, pupil)
    expect(listed.rows.map((row) => [row.id, row.status])).toEqual([[created.body.id, 'pending']])
    expect(await fromMemory(pupil)).toBe(true)
    expect((await codes(server.app, pupil)).text).toBe(listed.text)
    const decided = await call(server.app, 'POST', `/operator/payments/${created.body.id}/approve`, {
      headers: { 'x-operator-key': server.app.services.secrets.operatorKey }
    })
    expect(decided.status).toBe(200)
    expect((await codes(server.app, pupil)).rows.map((row) => [row.id, row.status])).toEqual([[created.body.id, 'approved']])
  })
})

describe('the transfers a user sees, with the cache turned off', () => {
  const server = useTestServer({ listCacheEntries: 0 })

  it('reads the database each time, and answers the same', async () => {
    expect(server.app.services.answers.transfers.enabled).toBe(false)
    const sender = await person(server.app, 100)
    const recipient = await person(server.app, 0)
    await send(server.app, sender, recipient, 10)
    const first = await history(server.app, sender)
    const second = await history(server.app, sender)
    expect(second.statements).toBeGreaterThan(0)
    expect(second.text).toBe(first.text)
  })
})

describe.skipIf(!onPostgres)('two server processes on one PostgreSQL database', () => {
  const servers = useTwoServers()

  it('the database notifies every change of the transfers and the points codes (migrations 0026 and 0028)', async () => {
    const result = await servers.a.services.database.db.execute(
      sql`select tgname from pg_trigger where tgname in ('point_transfers_answers_changed', 'payment_codes_answers_changed') order by 1`
    )
    expect((result as unknown as { rows: { tgname: string }[] }).rows.map((row) => row.tgname)).toEqual([
      'payment_codes_answers_changed',
      'point_transfers_answers_changed'
    ])
  })

  it('a points code decided by plain SQL is seen by both servers as soon as the notification arrives', async () => {
    const pupil = await person(servers.a, 0)
    const created = await call<{ id: number }>(servers.a, 'POST', '/api/student/codes', {
      token: pupil.token,
      body: { reference: `VIR${pupil.id}`, amount: 20, paymentMethod: 'transfer' }
    })
    expect(created.status).toBe(201)
    for (const app of [servers.a, servers.b]) expect((await codes(app, pupil)).rows[0]!.status).toBe('pending')
    await onAnotherConnection(servers.databaseUrl, (outsider) =>
      outsider.query(`UPDATE payment_codes SET status = 'rejected', decided_at = now() WHERE id = $1`, [created.body.id])
    )
    for (const app of [servers.a, servers.b])
      expect(await until(async () => (await codes(app, pupil)).rows[0]!.status === 'rejected', 1_000)).toBe(true)
  })

  it('a transfer made on A, or changed by plain SQL, is seen by B as soon as the notification arrives', async () => {
    const sender = await person(servers.a, 100)
    const recipient = await person(servers.a, 0)
    expect((await history(servers.b, recipient)).rows).toEqual([])
    expect((await history(servers.b, recipient)).statements).toBe(0)
    const id = await send(servers.a, sender, recipient, 10)
    expect(await until(async () => (await history(servers.b, recipient)).rows.length === 1, 1_000)).toBe(true)
    await history(servers.b, recipient)
    await onAnotherConnection(servers.databaseUrl, (outsider) =>
      outsider.query(`UPDATE point_transfers SET admin_id = $1 WHERE id = $2`, [sender.id, id])
    )
    expect(await until(async () => (await history(servers.b, recipient)).text.includes(`"admin_id":${sender.id}`), 1_000)).toBe(true)
  })
})
