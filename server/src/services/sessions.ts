/**
 * Sign-in sessions and their refresh tokens. A refresh token is spent when used and replaced by
 * the next one of the same family; presenting a spent token again revokes the whole family
 * (someone holds a copy). Logout, password change and reset revoke sessions.
 */
import { randomUUID } from 'node:crypto'
import { and, eq, isNull, ne } from 'drizzle-orm'
import type { Clock } from '../clock.ts'
import type { Db, Executor } from '../db/client.ts'
import { refreshTokens, sessions } from '../db/schema.ts'
import { newOpaqueToken, sha256, type AccessTokenService } from './tokens.ts'

export type IssuedTokens = { token: string; refreshToken: string; sessionId: string; expiresIn: number }

export type RotateResult =
  | { ok: true; tokens: IssuedTokens; userId: number }
  | { ok: false; reason: 'invalid' | 'reused' }

export type SessionService = {
  start(userId: number, options?: { impersonatorId?: number | null; executor?: Executor }): Promise<IssuedTokens>
  rotate(refreshToken: string): Promise<RotateResult>
  revoke(sessionId: string, reason: string, executor?: Executor): Promise<void>
  revokeAllOfUser(userId: number, reason: string, options?: { except?: string; executor?: Executor }): Promise<void>
}

export function createSessionService(db: Db, clock: Clock, access: AccessTokenService, refreshTtlDays: number): SessionService {
  const refreshTtlMs = refreshTtlDays * 86_400_000

  async function mintRefresh(sessionId: string, executor: Executor): Promise<string> {
    const token = newOpaqueToken()
    const now = clock.now()
    await executor.insert(refreshTokens).values({
      sessionId, tokenHash: sha256(token), createdAt: now, expiresAt: new Date(now.getTime() + refreshTtlMs)
    })
    return token
  }

  async function issue(userId: number, sessionId: string, impersonatorId: number | null, executor: Executor): Promise<IssuedTokens> {
    const refreshToken = await mintRefresh(sessionId, executor)
    const token = await access.sign({ userId, sessionId, impersonatorId })
    return { token, refreshToken, sessionId, expiresIn: access.ttlSeconds }
  }

  const service: SessionService = {
    async start(userId, options = {}) {
      const executor = options.executor ?? db
      const now = clock.now()
      const sessionId = randomUUID()
      await executor.insert(sessions).values({
        id: sessionId, userId, impersonatorId: options.impersonatorId ?? null, createdAt: now,
        expiresAt: new Date(now.getTime() + refreshTtlMs)
      })
      return issue(userId, sessionId, options.impersonatorId ?? null, executor)
    },

    async rotate(refreshToken) {
      const now = clock.now()
      const [row] = await db.select({
        id: refreshTokens.id, usedAt: refreshTokens.usedAt, expiresAt: refreshTokens.expiresAt,
        sessionId: sessions.id, userId: sessions.userId, revokedAt: sessions.revokedAt,
        sessionExpiresAt: sessions.expiresAt, impersonatorId: sessions.impersonatorId
      }).from(refreshTokens).innerJoin(sessions, eq(sessions.id, refreshTokens.sessionId))
        .where(eq(refreshTokens.tokenHash, sha256(refreshToken))).limit(1)
      if (!row) return { ok: false, reason: 'invalid' }
      if (row.usedAt) {
        await service.revoke(row.sessionId, 'refresh-reuse')
        return { ok: false, reason: 'reused' }
      }
      if (row.revokedAt || row.expiresAt <= now || row.sessionExpiresAt <= now) return { ok: false, reason: 'invalid' }
      // Spend it atomically: of two concurrent uses only one wins, the other counts as reuse.
      const spent = await db.update(refreshTokens).set({ usedAt: now })
        .where(and(eq(refreshTokens.id, row.id), isNull(refreshTokens.usedAt))).returning({ id: refreshTokens.id })
      if (spent.length === 0) {
        await service.revoke(row.sessionId, 'refresh-reuse')
        return { ok: false, reason: 'reused' }
      }
      const tokens = await issue(row.userId, row.sessionId, row.impersonatorId, db)
      return { ok: true, tokens, userId: row.userId }
    },

    async revoke(sessionId, reason, executor = db) {
      await executor.update(sessions).set({ revokedAt: clock.now(), revokedReason: reason })
        .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)))
    },

    async revokeAllOfUser(userId, reason, options = {}) {
      const executor = options.executor ?? db
      const conditions = [eq(sessions.userId, userId), isNull(sessions.revokedAt)]
      if (options.except) conditions.push(ne(sessions.id, options.except))
      await executor.update(sessions).set({ revokedAt: clock.now(), revokedReason: reason }).where(and(...conditions))
    }
  }
  return service
}
