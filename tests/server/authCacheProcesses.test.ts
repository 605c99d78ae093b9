/**
 * PostgreSQL: two servers on one database, each with its own pool, listening connection and
 * cache of signed-in sessions, as two processes would be. What one of them changes (a logout,
 * a user row, a balance) the other stops serving from memory as soon as the commit's
 * notification arrives; the one that changed it, at once. A lost listening connection turns the
 * cache off until it listens again. (docs/decisions/0012-session-cache-on-postgresql.md)
 */
import { eq } from 'drizzle-orm'
import pg from 'pg'
import { beforeAll, describe, expect, inject, it } from 'vitest'
import type { DarsiServer } from '../../server/src/app.ts'
import { createChangeFeed } from '../../server/src/db/changeFeed.ts'
import { sessions, users } from '../../server/src/db/schema.ts'
import { call, createUser, login, prepareDatabase, uniquePhone, until, useTwoServers } from './harness.ts'

const onPostgres = inject('backend') === 'postgres'

describe.skipIf(!onPostgres)('two server processes on one PostgreSQL database', () => {
  const servers = useTwoServers()
  let a: DarsiServer
  let b: DarsiServer
  beforeAll(() => {
    ;({ a, b } = servers)
  })

  const me = (app: DarsiServer, token: string) =>
    call<{ user: { id: number; name: string; points: number } }>(app, 'GET', '/api/auth/me', { token })

  /** A fresh account signed in on server A, its session read (and kept) by both servers. */
  async function signedIn(): Promise<string> {
    const phone = uniquePhone()
    await createUser(a, { credential: phone, division: 14 })
    const { token } = await login(a, phone)
    for (const app of [a, b, a, b]) expect((await me(app, token)).status).toBe(200)
    return token
  }

  /** Whether `app` answers the session from memory (it runs no statement). */
  async function fromMemory(app: DarsiServer, token: string): Promise<boolean> {
    let statements = 0
    const stop = app.services.database.onStatement!(() => (statements += 1))
    try {
      expect((await me(app, token)).status).toBe(200)
    } finally {
      stop()
    }
    return statements === 0
  }

  it('both keep a session they have read', async () => {
    const token = await signedIn()
    expect(await fromMemory(a, token)).toBe(true)
    expect(await fromMemory(b, token)).toBe(true)
  })

  it('a logout on A: A refuses the token at once, B as soon as the notification arrives', async () => {
    const token = await signedIn()
    expect((await call(a, 'GET', '/api/auth/logout', { token })).status).toBe(200)
    expect((await me(a, token)).status).toBe(401)
    expect(await until(async () => (await me(b, token)).status === 401, 1_000)).toBe(true)
    expect((await me(b, token)).status).toBe(401)
  })

  it('a session revoked by any other client of the database (here, plain SQL) is refused by both', async () => {
    const token = await signedIn()
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sid: string }
    const outsider = new pg.Client({ connectionString: servers.databaseUrl })
    await outsider.connect()
    try {
      await outsider.query(`UPDATE sessions SET revoked_at = now(), revoked_reason = 'test' WHERE id = $1`, [claims.sid])
    } finally {
      await outsider.end()
    }
    for (const app of [a, b]) expect(await until(async () => (await me(app, token)).status === 401, 1_000)).toBe(true)
  })

  it('a user changed in a transaction on B is seen by B once committed, and by A', async () => {
    const token = await signedIn()
    const { id } = (await me(a, token)).body.user
    await b.services.database.db.transaction(async (tx) => {
      await tx.update(users).set({ name: 'Renommé' }).where(eq(users.id, id))
      // Not committed yet: the other connections still read the old row.
      expect((await me(a, token)).body.user.name).toBe('Eleve')
    })
    expect((await me(b, token)).body.user.name).toBe('Renommé')
    expect(await until(async () => (await me(a, token)).body.user.name === 'Renommé', 1_000)).toBe(true)
  })

  it('a lost listening connection turns the cache off until it listens again, and misses nothing', async () => {
    const token = await signedIn()
    const feed = b.services.database.authChanges!
    const admin = new pg.Client({ connectionString: servers.databaseUrl })
    await admin.connect()
    try {
      // The listening connections of both servers.
      const ended = await admin.query(`SELECT pg_terminate_backend(pid) FROM pg_stat_activity
        WHERE datname = current_database() AND query = 'LISTEN darsi_auth' AND pid <> pg_backend_pid()`)
      expect(ended.rowCount).toBe(2)
    } finally {
      await admin.end()
    }
    expect(await until(() => !feed.ready || b.services.authCache.size === 0)).toBe(true)
    // Revoked while B may not be listening: B must not answer from what it kept.
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sid: string }
    await a.services.database.db.update(sessions).set({ revokedAt: new Date(), revokedReason: 'test' }).where(eq(sessions.id, claims.sid))
    expect((await me(b, token)).status).toBe(401)
    expect(await until(() => feed.ready, 5_000)).toBe(true)
    expect((await me(b, token)).status).toBe(401)
    const other = await signedIn()
    expect(await fromMemory(b, other)).toBe(true)
  })
})

describe.skipIf(!onPostgres)('the change feed', () => {
  it('tells each committed change once listening, and nothing after it is closed', async () => {
    const database = await prepareDatabase()
    const url = database.databaseUrl!
    const feed = createChangeFeed({ client: () => new pg.Client({ connectionString: url }), channel: 'darsi_auth', retryMs: 50 })
    const events: string[] = []
    feed.subscribe((event) => events.push(event))
    const writer = new pg.Client({ connectionString: url })
    await writer.connect()
    try {
      expect(await until(() => feed.ready)).toBe(true)
      expect(events).toEqual(['ready'])
      await writer.query('BEGIN')
      await writer.query('UPDATE users SET name = name WHERE id = -1')
      await writer.query('UPDATE sessions SET revoked_reason = revoked_reason WHERE false')
      expect(await until(() => events.length > 1, 200)).toBe(false)
      await writer.query('COMMIT')
      // Two tables, one notification each.
      expect(await until(() => events.length === 3)).toBe(true)
      expect(events).toEqual(['ready', 'change', 'change'])
      // A statement that changes none of the followed tables tells nothing.
      await writer.query(`UPDATE refresh_tokens SET used_at = used_at WHERE false`)
      await writer.query(`INSERT INTO sessions (id, user_id, expires_at) SELECT gen_random_uuid(), id, now() FROM users LIMIT 1`)
      expect(await until(() => events.length > 3, 200)).toBe(false)
      await feed.close()
      await writer.query('UPDATE users SET name = name WHERE id = -1')
      expect(await until(() => events.length > 3, 200)).toBe(false)
      expect(feed.ready).toBe(false)
    } finally {
      await writer.end()
      await feed.close()
      await database.drop()
    }
  })
})
