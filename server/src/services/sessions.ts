/**
 * Sign-in sessions and their refresh tokens. A refresh token is spent when used and replaced by
 * the next one of the same family; presenting a spent token again revokes the whole family
 * (someone holds a copy). Logout, password change and reset revoke sessions.
 *
 * An administrator's impersonation session starts with a switch token instead of a token pair:
 * a single-use, short-lived opaque token (the `darsi://switch` link carries it) that the app
 * exchanges once for the first pair. It is the family's first refresh token, hashed in its own
 * namespace so that `/auth/refresh` never accepts it; replaying it revokes the session.
 */
import { randomUUID } from 'node:crypto'
import { and, eq, isNull, ne } from 'drizzle-orm'
import type { Clock } from '../clock.ts'
import type { Db, Executor } from '../db/client.ts'
import { refreshTokens, sessions } from '../db/schema.ts'
import { newOpaqueToken, sha256, type AccessTokenService } from './tokens.ts'

export type IssuedTokens = { token: string; refreshToken: string; sessionId: string; expiresIn: number }

export type RotateResult =
  { ok: true; tokens: IssuedTokens; userId: number; impersonatorId: number | null } | { ok: false; reason: 'invalid' | 'reused' }

export type SwitchToken = { token: string; sessionId: string; expiresIn: number }

export type SessionLifetimes = {
  refreshTtlDays: number
  /** How long an administrator's impersonation session lives, refreshes included. */
  impersonationTtlHours: number
  /** How long a switch token may wait before it is exchanged. */
  switchTokenTtlSeconds: number
}

export type SessionService = {
  start(userId: number, options?: { impersonatorId?: number | null; executor?: Executor }): Promise<IssuedTokens>
  rotate(refreshToken: string): Promise<RotateResult>
  /** Opens an impersonation session that waits for its switch token to be exchanged. */
  startImpersonation(userId: number, impersonatorId: number): Promise<SwitchToken>
  /** Spends a switch token for the session's first pair. */
  exchangeSwitchToken(switchToken: string): Promise<RotateResult>
  revoke(sessionId: string, reason: string, executor?: Executor): Promise<void>
  revokeAllOfUser(userId: number, reason: string, options?: { except?: string; executor?: Executor }): Promise<void>
}

/** Switch tokens are hashed apart from refresh tokens: neither is ever taken for the other. */
const switchHash = (token: string) => sha256(`switch:${token}`)

export function createSessionService(db: Db, clock: Clock, access: AccessTokenService, lifetimes: SessionLifetimes): SessionService {
  const refreshTtlMs = lifetimes.refreshTtlDays * 86_400_000
  const impersonationTtlMs = Math.min(refreshTtlMs, lifetimes.impersonationTtlHours * 3_600_000)
  const sessionTtlMs = (impersonatorId: number | null | undefined) => (impersonatorId ? impersonationTtlMs : refreshTtlMs)

  /** Stores a new token of the session under its hash (refresh or switch), good for ttlMs; returns the token. */
  async function mintToken(sessionId: string, hash: (token: string) => string, ttlMs: number, executor: Executor): Promise<string> {
    const token = newOpaqueToken()
    const now = clock.now()
    await executor.insert(refreshTokens).values({
      sessionId,
      tokenHash: hash(token),
      createdAt: now,
      expiresAt: new Date(now.getTime() + ttlMs)
    })
    return token
  }

  async function openSession(userId: number, impersonatorId: number | null, executor: Executor): Promise<string> {
    const now = clock.now()
    const sessionId = randomUUID()
    await executor.insert(sessions).values({
      id: sessionId,
      userId,
      impersonatorId,
      createdAt: now,
      expiresAt: new Date(now.getTime() + sessionTtlMs(impersonatorId))
    })
    return sessionId
  }

  /** Spends the token of this hash once and issues the next pair of its session. */
  async function spend(tokenHash: string, accept: (row: { impersonatorId: number | null }) => boolean): Promise<RotateResult> {
    const now = clock.now()
    const [row] = await db
      .select({
        id: refreshTokens.id,
        usedAt: refreshTokens.usedAt,
        expiresAt: refreshTokens.expiresAt,
        sessionId: sessions.id,
        userId: sessions.userId,
        revokedAt: sessions.revokedAt,
        sessionExpiresAt: sessions.expiresAt,
        impersonatorId: sessions.impersonatorId
      })
      .from(refreshTokens)
      .innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
      .where(eq(refreshTokens.tokenHash, tokenHash))
      .limit(1)
    if (!row || !accept(row)) return { ok: false, reason: 'invalid' }
    if (row.usedAt) {
      await service.revoke(row.sessionId, 'refresh-reuse')
      return { ok: false, reason: 'reused' }
    }
    if (row.revokedAt || row.expiresAt <= now || row.sessionExpiresAt <= now) return { ok: false, reason: 'invalid' }
    // Spend it atomically: of two concurrent uses only one wins, the other counts as reuse.
    const spent = await db
      .update(refreshTokens)
      .set({ usedAt: now })
      .where(and(eq(refreshTokens.id, row.id), isNull(refreshTokens.usedAt)))
      .returning({ id: refreshTokens.id })
    if (spent.length === 0) {
      await service.revoke(row.sessionId, 'refresh-reuse')
      return { ok: false, reason: 'reused' }
    }
    const tokens = await issue(row.userId, row.sessionId, row.impersonatorId, db)
    return { ok: true, tokens, userId: row.userId, impersonatorId: row.impersonatorId }
  }

  async function issue(userId: number, sessionId: string, impersonatorId: number | null, executor: Executor): Promise<IssuedTokens> {
    const refreshToken = await mintToken(sessionId, sha256, refreshTtlMs, executor)
    const token = await access.sign({ userId, sessionId, impersonatorId })
    return { token, refreshToken, sessionId, expiresIn: access.ttlSeconds }
  }

  const service: SessionService = {
    async start(userId, options = {}) {
      const executor = options.executor ?? db
      const impersonatorId = options.impersonatorId ?? null
      const sessionId = await openSession(userId, impersonatorId, executor)
      return issue(userId, sessionId, impersonatorId, executor)
    },

    rotate(refreshToken) {
      return spend(sha256(refreshToken), () => true)
    },

    async startImpersonation(userId, impersonatorId) {
      const sessionId = await openSession(userId, impersonatorId, db)
      const token = await mintToken(sessionId, switchHash, lifetimes.switchTokenTtlSeconds * 1000, db)
      return { token, sessionId, expiresIn: lifetimes.switchTokenTtlSeconds }
    },

    exchangeSwitchToken(switchToken) {
      return spend(switchHash(switchToken), (row) => row.impersonatorId !== null)
    },

    async revoke(sessionId, reason, executor = db) {
      await executor
        .update(sessions)
        .set({ revokedAt: clock.now(), revokedReason: reason })
        .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
    },

    async revokeAllOfUser(userId, reason, options = {}) {
      const executor = options.executor ?? db
      const conditions = [eq(sessions.userId, userId), isNull(sessions.revokedAt)]
      if (options.except) conditions.push(ne(sessions.id, options.except))
      await executor
        .update(sessions)
        .set({ revokedAt: clock.now(), revokedReason: reason })
        .where(and(...conditions))
    }
  }
  return service
}
