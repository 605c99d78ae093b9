/**
 * The self-hosted bot check (ALTCHA proof of work). A challenge is signed with the server's
 * key; the client solves it and sends base64(JSON {challenge, solution}) as
 * `g-recaptcha-response`. A solution is accepted once: spent signatures are kept until their
 * challenge expires.
 */
import { createChallenge, verifySolution, type Challenge, type Solution } from 'altcha-lib'
import { deriveKey } from 'altcha-lib/algorithms/sha'
import { lt } from 'drizzle-orm'
import { z } from 'zod'
import type { Clock } from '../clock.ts'
import type { Db } from '../db/client.ts'
import { captchaSolutions } from '../db/schema.ts'

export type CaptchaSettings = { enabled: boolean; maxNumber: number; ttlSeconds: number }

export const CAPTCHA_ALGORITHM = 'SHA-256'

const PayloadSchema = z.object({
  challenge: z.object({
    parameters: z.object({
      algorithm: z.string().max(32),
      nonce: z.string().max(128),
      salt: z.string().max(128),
      cost: z.number().int().positive().max(1_000_000),
      keyLength: z.number().int().positive().max(64),
      keyPrefix: z.string().max(128),
      keySignature: z.string().max(256).optional(),
      memoryCost: z.number().optional(),
      parallelism: z.number().optional(),
      expiresAt: z.number().optional(),
      data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional()
    }),
    signature: z.string().max(256)
  }),
  solution: z.object({ counter: z.number().int().nonnegative(), derivedKey: z.string().max(256), time: z.number().optional() })
})

export type CaptchaService = {
  challenge(): Promise<Challenge>
  /** True when the solution is valid, unexpired and not spent before (it is spent now). */
  verify(response: string | undefined): Promise<boolean>
}

export function createCaptchaService(db: Db, secret: string, clock: Clock, settings: CaptchaSettings): CaptchaService {
  return {
    async challenge() {
      // The expiry travels in the signed data and is checked against the server's clock.
      const expiresAt = Math.floor(clock.now().getTime() / 1000) + settings.ttlSeconds
      return createChallenge({
        algorithm: CAPTCHA_ALGORITHM,
        cost: 1,
        counter: Math.floor(Math.random() * (settings.maxNumber + 1)),
        deriveKey,
        data: { expires: expiresAt },
        hmacSignatureSecret: secret,
        hmacKeySignatureSecret: secret
      })
    },
    async verify(response) {
      if (!settings.enabled) return true
      if (!response || response.length > 8192) return false
      let decoded: unknown
      try {
        decoded = JSON.parse(Buffer.from(response, 'base64').toString('utf8'))
      } catch {
        return false
      }
      const parsed = PayloadSchema.safeParse(decoded)
      if (!parsed.success) return false
      const { challenge, solution } = parsed.data
      if (challenge.parameters.algorithm !== CAPTCHA_ALGORITHM) return false
      const expiresAt = challenge.parameters.data?.expires
      const now = clock.now()
      if (typeof expiresAt !== 'number' || challenge.parameters.expiresAt !== undefined || expiresAt * 1000 <= now.getTime()) return false
      let verified: boolean
      try {
        const result = await verifySolution({
          challenge: challenge as Challenge,
          solution: solution as Solution,
          deriveKey,
          hmacSignatureSecret: secret,
          hmacKeySignatureSecret: secret
        })
        verified = result.verified
      } catch {
        return false
      }
      if (!verified) return false
      await db.delete(captchaSolutions).where(lt(captchaSolutions.expiresAt, now))
      const spent = await db
        .insert(captchaSolutions)
        .values({ signature: challenge.signature.slice(0, 128), expiresAt: new Date(expiresAt * 1000) })
        .onConflictDoNothing()
        .returning({ signature: captchaSolutions.signature })
      return spent.length === 1
    }
  }
}
