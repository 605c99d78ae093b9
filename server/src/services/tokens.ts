/**
 * Access tokens: short-lived HS256 JWTs (issuer, audience and expiry checked, HS256 only).
 * Refresh tokens: opaque random strings, stored as SHA-256 hashes.
 */
import { createHash, randomBytes } from 'node:crypto'
import { errors as joseErrors, jwtVerify, SignJWT } from 'jose'
import { JWT_AUDIENCE, JWT_ISSUER } from '../config.ts'
import type { Clock } from '../clock.ts'

export type AccessClaims = {
  userId: number
  sessionId: string
  /** The administrator behind an impersonation session. */
  impersonatorId: number | null
}

export type AccessTokenService = {
  sign(claims: AccessClaims): Promise<string>
  /** The claims, or the reason the token is refused. */
  verify(token: string): Promise<AccessClaims | 'expired' | 'invalid'>
  ttlSeconds: number
}

export function createAccessTokenService(secret: Uint8Array, clock: Clock, ttlSeconds: number): AccessTokenService {
  return {
    ttlSeconds,
    async sign(claims) {
      const now = Math.floor(clock.now().getTime() / 1000)
      const jwt = new SignJWT({ sid: claims.sessionId, ...(claims.impersonatorId ? { imp: claims.impersonatorId } : {}) })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setIssuer(JWT_ISSUER)
        .setAudience(JWT_AUDIENCE)
        .setSubject(String(claims.userId))
        .setIssuedAt(now)
        .setExpirationTime(now + ttlSeconds)
        .setJti(randomBytes(9).toString('base64url'))
      return jwt.sign(secret)
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, secret, {
          algorithms: ['HS256'],
          issuer: JWT_ISSUER,
          audience: JWT_AUDIENCE,
          currentDate: clock.now(),
          requiredClaims: ['exp', 'sub', 'iat']
        })
        const userId = Number(payload.sub)
        const sessionId = payload.sid
        if (!Number.isSafeInteger(userId) || userId <= 0 || typeof sessionId !== 'string') return 'invalid'
        const imp = payload.imp
        return { userId, sessionId, impersonatorId: typeof imp === 'number' ? imp : null }
      } catch (error) {
        return error instanceof joseErrors.JWTExpired ? 'expired' : 'invalid'
      }
    }
  }
}

export function newOpaqueToken(): string {
  return randomBytes(32).toString('base64url')
}

export function sha256(value: string): string {
  return createHash('sha256').update(value).digest('hex')
}
