/**
 * The in-memory cache of signed-in sessions (server/src/services/authCache.ts): what empties it,
 * that a read racing a write stores nothing, that it stays bounded, and, through the API, that a
 * revoked session or a changed user is never served from memory. The behaviour checks run on
 * both backends; on PostgreSQL two server processes sharing one database follow each other's
 * changes (tests/server/authCacheProcesses.test.ts).
 */
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { offerGroups, sessions, userOffers, users } from '../../server/src/db/schema.ts'
import { move, inTransaction } from '../../server/src/services/ledger.ts'
import {
  AUTH_ROW_TABLES,
  AUTH_VIEW_TABLES,
  changesAuthRows,
  createAuthCache,
  type AuthCacheEntry
} from '../../server/src/services/authCache.ts'
import { createAccessTokenService } from '../../server/src/services/tokens.ts'
import { fakeClock } from '../../server/src/clock.ts'
import type { UserRow } from '../../server/src/http.ts'
import {
  call,
  captcha,
  createUser,
  DEMO_PASSWORD,
  lastCode,
  listening,
  login,
  startTestServer,
  uniquePhone,
  type TestServer,
  type Tokens
} from './harness.ts'

type Me = {
  user: {
    id: number
    name: string
    verified: boolean
    phone2: string | null
    notification_token: string | null
    division: { id: number } | null
  }
  hasPhoneParent: boolean
}

const entry = (id: number): AuthCacheEntry => ({
  user: { id, flags: {}, notificationPreferences: {} } as unknown as UserRow,
  expiresAt: new Date(Date.now() + 60_000)
})

describe('changesAuthRows', () => {
  it.each([
    ['update "users" set "name" = $1 where "users"."id" = $2', true],
    ['update "sessions" set "revoked_at" = $1 where ("sessions"."id" = $2 and "sessions"."revoked_at" is null)', true],
    ['delete from "sessions" where "user_id" = $1', true],
    ['insert into "users" ("id", "name") values ($1, $2) on conflict ("id") do update set "name" = excluded."name"', true],
    ['with x as (update users set verified = false returning id) select * from x', true],
    ['  UPDATE USERS SET name = 1', true],
    ['truncate sessions', true],
    ['select "id" from "users" where "users"."phone" = $1', false],
    ['SELECT * FROM sessions', false],
    ['insert into "refresh_tokens" ("session_id", "token_hash") values ($1, $2)', false],
    // A new sign-in or account adds rows no cache entry was read from.
    ['insert into "sessions" ("id", "user_id", "expires_at") values ($1, $2, $3)', false],
    ['insert into "users" ("role", "name") values ($1, $2) on conflict do nothing returning "id"', false],
    // The user's view: names, subscriptions and balance.
    ['update "user_offers" set "end_date" = $1', true],
    ['insert into "user_offers" ("user_id", "group_id") values ($1, $2)', true],
    ['insert into "ledger_entries" ("transaction_id", "account_id", "amount") values ($1, $2, $3)', true],
    ['update "divisions" set "name" = $1 where "divisions"."id" = $2', true],
    // isOperatorClient: the pupil's operator plans.
    ['update "operator_subscriptions" set "status" = $1 where "operator_subscriptions"."id" = $2', true],
    ['select "id", "balance" from "ledger_accounts" where "id" in ($1, $2) for update', false],
    ['insert into "login_failures" ("account_key") values ($1)', false],
    ['begin', false]
  ])('%s → %s', (statement, expected) => {
    expect(changesAuthRows(statement)).toBe(expected)
  })
})

describe('createAuthCache', () => {
  it('keeps the most recently used entries within its bound', () => {
    const cache = createAuthCache({ maxEntries: 3 })
    for (const id of [1, 2, 3]) cache.set(cache.begin(), `s${id}`, entry(id))
    expect(cache.get('s1')?.user.id).toBe(1)
    cache.set(cache.begin(), 's4', entry(4))
    expect(cache.size).toBe(3)
    expect(cache.get('s2')).toBeUndefined()
    expect([cache.get('s1'), cache.get('s3'), cache.get('s4')].map((found) => found?.user.id)).toEqual([1, 3, 4])
  })

  it('stores nothing read before the last clear: a read that raced a write is dropped', () => {
    const cache = createAuthCache({ maxEntries: 10 })
    const ticket = cache.begin()
    cache.clear()
    cache.set(ticket, 's1', entry(1))
    expect(cache.get('s1')).toBeUndefined()
    cache.set(cache.begin(), 's1', entry(1))
    expect(cache.get('s1')?.user.id).toBe(1)
    cache.clear()
    expect(cache.size).toBe(0)
  })

  it('empties itself on the statements it follows, until closed', () => {
    const listeners = new Set<(statement: string) => void>()
    const tell = (statement: string) => listeners.forEach((listener) => listener(statement))
    const cache = createAuthCache({
      maxEntries: 10,
      follow: (listener) => {
        listeners.add(listener)
        return () => listeners.delete(listener)
      }
    })
    cache.set(cache.begin(), 's1', entry(1))
    tell('select * from "users"')
    tell('insert into "sessions" ("id") values ($1)')
    expect(cache.size).toBe(1)
    tell('update "users" set "name" = $1 where "users"."id" = $2')
    expect(cache.size).toBe(0)
    cache.close()
    expect(listeners.size).toBe(0)
  })

  it('freezes the rows it shares between requests', () => {
    const cache = createAuthCache({ maxEntries: 10 })
    cache.set(cache.begin(), 's1', entry(1))
    const user = cache.get('s1')!.user as UserRow
    expect(() => {
      user.name = 'changed'
    }).toThrow(TypeError)
    expect(() => {
      user.flags.has_exam = true
    }).toThrow(TypeError)
  })
})

describe('verified access tokens', () => {
  it('a token verified once still expires on time, and a forged twin is still refused', async () => {
    const clock = fakeClock('2026-03-01T08:00:00Z')
    const access = createAccessTokenService(new TextEncoder().encode('k'.repeat(40)), clock, 900)
    const token = await access.sign({ userId: 7, sessionId: 'session-7', impersonatorId: null })
    expect(await access.verify(token)).toEqual({ userId: 7, sessionId: 'session-7', impersonatorId: null })
    clock.advance(899_000)
    expect(await access.verify(token)).toEqual({ userId: 7, sessionId: 'session-7', impersonatorId: null })
    const [header, payload] = token.split('.')
    expect(await access.verify(`${header}.${payload}.${'A'.repeat(43)}`)).toBe('invalid')
    clock.advance(1_000)
    expect(await access.verify(token)).toBe('expired')
  })
})

describe('sessions in memory, through the API', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer()
  })
  afterAll(async () => {
    await server?.close()
  })

  const me = (token: string) => call<Me>(server.app, 'GET', '/api/auth/me', { token })

  async function student(): Promise<{ phone: string; tokens: Tokens }> {
    const phone = uniquePhone()
    await createUser(server.app, { credential: phone, division: 14 })
    return { phone, tokens: await login(server.app, phone) }
  }

  /** The statements a request runs (the driver reports each at start and end; none of these run in a transaction). */
  async function statementsOf(request: () => Promise<unknown>): Promise<string[]> {
    const watch = server.app.services.database.onStatement!
    const seen: string[] = []
    const stop = watch((statement) => seen.push(statement))
    try {
      await request()
    } finally {
      stop()
    }
    return seen.filter((_, index) => index % 2 === 0)
  }

  it('is on for both backends, following the other processes on PostgreSQL', async () => {
    const { authCache, database } = server.app.services
    expect(authCache.enabled).toBe(true)
    expect(database.authChanges !== undefined).toBe(database.kind === 'postgres')
    await listening(server.app)
    expect(database.authChanges?.ready ?? true).toBe(true)
  })

  it('answers /auth/me from memory once read: no statement at all', async () => {
    await listening(server.app)
    const { tokens } = await student()
    // First request: session, user and view in one query, then kept.
    expect(await statementsOf(() => me(tokens.token))).toHaveLength(1)
    expect(await statementsOf(() => me(tokens.token))).toEqual([])
    expect(server.app.services.authCache.size).toBeGreaterThan(0)
  })

  it('keeps what it has through new sign-ins (they only add sessions)', async () => {
    await listening(server.app)
    const { phone, tokens } = await student()
    expect((await me(tokens.token)).status).toBe(200)
    await login(server.app, phone)
    expect(await statementsOf(() => me(tokens.token))).toEqual([])
  })

  it('the database notifies a change of every table the cache follows (migration 0004)', async () => {
    const result = await server.app.services.database.db.execute(sql`select c.relname as "table" from pg_trigger t
      join pg_class c on c.oid = t.tgrelid where t.tgname = c.relname || '_auth_changed' order by 1`)
    const notified = (result as unknown as { rows: { table: string }[] }).rows.map((row) => row.table)
    // ledger_entries moves balances through ledger_accounts, whose trigger notifies.
    expect(notified).toEqual([...AUTH_ROW_TABLES, ...AUTH_VIEW_TABLES].filter((table) => table !== 'ledger_entries').sort())
  })

  it('a new subscription and a balance move are seen at once', async () => {
    const { tokens } = await student()
    const before = (await me(tokens.token)).body as unknown as { user: { id: number; points: number; offers: unknown[] } }
    expect(before.user.offers).toEqual([])
    const { db } = server.app.services.database
    const [group] = await db.select({ id: offerGroups.id }).from(offerGroups).limit(1)
    await db.insert(userOffers).values({ userId: before.user.id, groupId: group!.id, startDate: '2026-01-01', endDate: '2026-12-31' })
    const after = (await me(tokens.token)).body as unknown as { user: { offers: { group_id: number }[] } }
    expect(after.user.offers).toMatchObject([{ group_id: group!.id }])
    await inTransaction(db, (tx) =>
      move(tx, 'gift', `cache-test:${before.user.id}`, { system: 'opening' }, { userId: before.user.id }, 5_000)
    )
    const moved = (await me(tokens.token)).body as unknown as { user: { points: number } }
    expect(moved.user.points).toBe(before.user.points + 5)
  })

  it('logout takes effect at once', async () => {
    const { tokens } = await student()
    expect((await me(tokens.token)).status).toBe(200)
    expect((await me(tokens.token)).status).toBe(200)
    expect((await call(server.app, 'GET', '/api/auth/logout', { token: tokens.token })).status).toBe(200)
    expect((await me(tokens.token)).status).toBe(401)
  })

  it('a password change revokes the other sessions at once, and the new session works', async () => {
    const { phone, tokens } = await student()
    const other = await login(server.app, phone)
    expect((await me(other.token)).status).toBe(200)
    expect((await me(tokens.token)).status).toBe(200)
    const changed = await call<Tokens>(server.app, 'PUT', '/api/user/change-password', {
      token: tokens.token,
      body: {
        oldPassword: DEMO_PASSWORD,
        newPassword: 'Nouveau#2027',
        new_password_confirmation: 'Nouveau#2027',
        'g-recaptcha-response': await captcha(server.app)
      }
    })
    expect(changed.status).toBe(200)
    expect((await me(other.token)).status).toBe(401)
    expect((await me(tokens.token)).status).toBe(401)
    expect((await me(changed.body.token)).status).toBe(200)
  })

  it('a password reset revokes every session at once', async () => {
    const { phone, tokens } = await student()
    expect((await me(tokens.token)).status).toBe(200)
    expect(
      (
        await call(server.app, 'POST', '/api/auth/request-password', {
          body: { credentiel: phone, 'g-recaptcha-response': await captcha(server.app) }
        })
      ).status
    ).toBe(200)
    const reset = await call(server.app, 'POST', '/api/auth/reset-password', {
      body: {
        credential: phone,
        token: await lastCode(server.app, phone),
        newPassword: 'Nouveau#2027',
        retypePassword: 'Nouveau#2027',
        'g-recaptcha-response': await captcha(server.app)
      }
    })
    expect(reset.status).toBe(200)
    expect((await me(tokens.token)).status).toBe(401)
  })

  it('reuse of a refresh token revokes the session at once, access token included', async () => {
    const { tokens } = await student()
    const next = await call<Tokens>(server.app, 'POST', '/api/auth/refresh', { body: { refresh_token: tokens.refresh_token } })
    expect(next.status).toBe(200)
    expect((await me(next.body.token)).status).toBe(200)
    expect((await me(tokens.token)).status).toBe(200)
    const reuse = await call(server.app, 'POST', '/api/auth/refresh', { body: { refresh_token: tokens.refresh_token } })
    expect(reuse.status).toBe(401)
    expect((await me(next.body.token)).status).toBe(401)
    expect((await me(tokens.token)).status).toBe(401)
  })

  it('a changed user is seen at once, whichever way the row changed', async () => {
    const { tokens } = await student()
    expect((await me(tokens.token)).body.hasPhoneParent).toBe(false)
    expect(
      (await call(server.app, 'PUT', '/api/user/add-parent-phone', { token: tokens.token, body: { phone2: '98111222' } })).status
    ).toBe(200)
    expect((await me(tokens.token)).body).toMatchObject({ hasPhoneParent: true, user: { phone2: '98111222' } })
    expect(
      (await call(server.app, 'POST', '/api/user/set-notification-token', { token: tokens.token, body: { notificationToken: 'device-1' } }))
        .status
    ).toBe(200)
    expect((await me(tokens.token)).body.user.notification_token).toBe('device-1')
    // A write outside the routes (an operator tool, a later feature) is seen too.
    const { db } = server.app.services.database
    const { id } = (await me(tokens.token)).body.user
    await db.update(users).set({ name: 'Renommé' }).where(eq(users.id, id))
    expect((await me(tokens.token)).body.user.name).toBe('Renommé')
    await db.update(users).set({ verified: false }).where(eq(users.id, id))
    expect((await me(tokens.token)).body.user.verified).toBe(false)
    const refused = await call(server.app, 'GET', '/api/auth/my-profile', { token: tokens.token })
    expect(refused.status).toBe(403)
    expect(refused.body).toMatchObject({ code: 'not_verified' })
  })

  it('a session revoked in the database without the session service is refused at once', async () => {
    const { tokens } = await student()
    expect((await me(tokens.token)).status).toBe(200)
    const claims = JSON.parse(Buffer.from(tokens.token.split('.')[1]!, 'base64url').toString()) as { sid: string }
    await server.app.services.database.db
      .update(sessions)
      .set({ revokedAt: server.clock.now(), revokedReason: 'test' })
      .where(eq(sessions.id, claims.sid))
    expect((await me(tokens.token)).status).toBe(401)
  })

  it('a session that reaches its end is refused even from memory (fake clock)', async () => {
    const { tokens } = await student()
    expect((await me(tokens.token)).status).toBe(200)
    const claims = JSON.parse(Buffer.from(tokens.token.split('.')[1]!, 'base64url').toString()) as { sid: string; sub: string }
    const [row] = await server.app.services.database.db
      .select({ expiresAt: sessions.expiresAt })
      .from(sessions)
      .where(eq(sessions.id, claims.sid))
    // Past the session's end; an access token minted for that moment isolates the session check.
    server.clock.set(new Date(row!.expiresAt.getTime() + 1_000))
    const late = await server.app.services.access.sign({ userId: Number(claims.sub), sessionId: claims.sid, impersonatorId: null })
    expect((await me(late)).status).toBe(401)
  })
})

describe('a bounded cache through the API', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer({ authCacheEntries: 2 })
  })
  afterAll(async () => {
    await server?.close()
  })

  it('keeps at most its number of sessions and answers every one', async () => {
    const tokens: string[] = []
    for (let i = 0; i < 4; i++) {
      const phone = uniquePhone()
      await createUser(server.app, { credential: phone })
      tokens.push((await login(server.app, phone)).token)
    }
    for (let round = 0; round < 2; round++) {
      for (const token of tokens) expect((await call(server.app, 'GET', '/api/auth/me', { token })).status).toBe(200)
    }
    expect(server.app.services.authCache.size).toBeLessThanOrEqual(2)
  })
})

describe('/auth/me answered from memory', () => {
  let server: TestServer
  beforeAll(async () => {
    server = await startTestServer({ passwordMaxAgeDays: 1 })
  })
  afterAll(async () => {
    await server?.close()
  })

  type MeBody = { user: { id: number }; permissions: { changePassword: boolean }; admin_user_id: number | null }

  it('answers the same bytes and headers as a fresh answer, and follows the expiry of the password', async () => {
    const phone = uniquePhone()
    await createUser(server.app, { credential: phone, division: 14 })
    const { token } = await login(server.app, phone)
    const first = await server.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } })
    const again = await server.app.inject({ method: 'GET', url: '/api/auth/me', headers: { authorization: `Bearer ${token}` } })
    expect(first.statusCode).toBe(200)
    expect(again.body).toBe(first.body)
    expect(again.headers).toEqual(first.headers)
    expect(first.headers['content-type']).toBe('application/json; charset=utf-8')
    const body = first.json<MeBody>()
    expect(body.permissions.changePassword).toBe(false)
    // The same session two days later, with a fresh access token: the password has expired.
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { sid: string }
    server.clock.advance(2 * 86_400_000)
    const later = await server.app.services.access.sign({ userId: body.user.id, sessionId: claims.sid, impersonatorId: null })
    const expired = await call<MeBody>(server.app, 'GET', '/api/auth/me', { token: later })
    expect(expired.body.permissions.changePassword).toBe(true)
    // An administrator acting as the pupil is not asked to change it, and is named.
    const impersonated = await server.app.services.access.sign({ userId: body.user.id, sessionId: claims.sid, impersonatorId: 999 })
    const asAdmin = await call<MeBody>(server.app, 'GET', '/api/auth/me', { token: impersonated })
    expect(asAdmin.body).toMatchObject({ permissions: { changePassword: false }, admin_user_id: 999 })
    expect((await call<MeBody>(server.app, 'GET', '/api/auth/me', { token: later })).body.admin_user_id).toBeNull()
  })
})
