/**
 * One-time codes: random, stored as a keyed hash, bound to a user and a purpose, expiring,
 * spent on success, and dead after too many wrong tries. Issuing a new code for the same
 * user and purpose voids the earlier ones.
 */
import { createHmac, randomInt } from 'node:crypto'
import { and, eq, isNull } from 'drizzle-orm'
import { CONFIRMATION_CODE_LENGTH } from '../../../src/shared/constants.ts'
import type { Clock } from '../clock.ts'
import type { Db, Executor } from '../db/client.ts'
import { verificationCodes } from '../db/schema.ts'

export type CodePurpose = 'registration' | 'reset' | 'email' | 'transfer'

export type CodeService = {
  issue(userId: number, purpose: CodePurpose, target: string, executor?: Executor): Promise<string>
  /** `ok` spends the code; the target it was sent to comes back with it. */
  consume(userId: number, purpose: CodePurpose, code: string, executor?: Executor): Promise<{ ok: true; target: string } | { ok: false }>
}

const ALPHABET = '0123456789'

export function createCodeService(db: Db, secret: string, clock: Clock, settings: { ttlMinutes: number; maxAttempts: number }): CodeService {
  const hash = (userId: number, purpose: CodePurpose, code: string) =>
    createHmac('sha256', secret).update(`${userId}:${purpose}:${code.toUpperCase()}`).digest('hex')

  return {
    async issue(userId, purpose, target, executor = db) {
      let code = ''
      for (let i = 0; i < CONFIRMATION_CODE_LENGTH; i++) code += ALPHABET[randomInt(ALPHABET.length)]
      const now = clock.now()
      await executor.update(verificationCodes).set({ usedAt: now })
        .where(and(eq(verificationCodes.userId, userId), eq(verificationCodes.purpose, purpose), isNull(verificationCodes.usedAt)))
      await executor.insert(verificationCodes).values({
        userId, purpose, target, codeHash: hash(userId, purpose, code), createdAt: now,
        expiresAt: new Date(now.getTime() + settings.ttlMinutes * 60_000)
      })
      return code
    },
    async consume(userId, purpose, code, executor = db) {
      const now = clock.now()
      const [row] = await executor.select().from(verificationCodes)
        .where(and(eq(verificationCodes.userId, userId), eq(verificationCodes.purpose, purpose), isNull(verificationCodes.usedAt)))
        .orderBy(verificationCodes.id).limit(1)
      if (!row || row.expiresAt.getTime() <= now.getTime() || row.attempts >= settings.maxAttempts) return { ok: false }
      if (row.codeHash !== hash(userId, purpose, code)) {
        const attempts = row.attempts + 1
        await executor.update(verificationCodes)
          .set({ attempts, ...(attempts >= settings.maxAttempts ? { usedAt: now } : {}) })
          .where(eq(verificationCodes.id, row.id))
        return { ok: false }
      }
      const spent = await executor.update(verificationCodes).set({ usedAt: now })
        .where(and(eq(verificationCodes.id, row.id), isNull(verificationCodes.usedAt)))
        .returning({ id: verificationCodes.id })
      return spent.length === 1 ? { ok: true, target: row.target } : { ok: false }
    }
  }
}
