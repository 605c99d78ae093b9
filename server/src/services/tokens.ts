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

/** Tokens already verified, kept at most (each lives at most its 15 minutes). */
const VERIFIED_TOKENS = 10_000

export function createAccessTokenService(secret: Uint8Array, clock: Clock, ttlSeconds: number): AccessTokenService {
  // The key is imported once, not at every signature and verification.
  const key = crypto.subtle.importKey('raw', secret, { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify'])
  // A token's validity depends on nothing but its text and the time: once its signature and
  // claims are checked, only its expiry is left to check again. Map order is insertion order,
  // so the first entry is the oldest.
  const verified = new Map<string, { claims: AccessClaims; exp: number }>()
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
      return jwt.sign(await key)
    },
    async verify(token) {
      const now = Math.floor(clock.now().getTime() / 1000)
      const known = verified.get(token)
      if (known) return known.exp <= now ? 'expired' : known.claims
      try {
        const { payload } = await jwtVerify(token, await key, {
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
        const claims: AccessClaims = { userId, sessionId, impersonatorId: typeof imp === 'number' ? imp : null }
        // A token without a not-before claim is valid from now until its expiry.
        if (payload.nbf === undefined) {
          if (verified.size >= VERIFIED_TOKENS) verified.delete(verified.keys().next().value!)
          verified.set(token, { claims, exp: payload.exp! })
        }
        return claims
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
