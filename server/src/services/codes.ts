/**
 * One-time codes: random, stored as a keyed hash, bound to a user and a purpose, expiring,
 * spent on success, and dead after too many tries. Issuing a new code for the same user and
 * purpose voids the earlier ones, and only so many are issued per hour: a guesser gets at most
 * maxPerHour × maxAttempts tries an hour on one account, whatever addresses it calls from.
 */
import { createHmac, randomInt } from 'node:crypto'
import { and, count, eq, gt, isNull, lt, sql } from 'drizzle-orm'
import { CONFIRMATION_CODE_LENGTH } from '../../../src/shared/constants.ts'
import type { Clock } from '../clock.ts'
import type { Db, Executor } from '../db/client.ts'
import { verificationCodes } from '../db/schema.ts'

export type CodePurpose = 'registration' | 'reset' | 'email' | 'transfer'

export type CodeService = {
  /** The new code, or null when this user and purpose already had maxPerHour codes in the last hour. */
  issue(userId: number, purpose: CodePurpose, target: string, executor?: Executor): Promise<string | null>
  /** `ok` spends the code; the target it was sent to comes back with it. */
  consume(userId: number, purpose: CodePurpose, code: string, executor?: Executor): Promise<{ ok: true; target: string } | { ok: false }>
}

const ALPHABET = '0123456789'

export function createCodeService(
  db: Db,
  secret: string,
  clock: Clock,
  settings: { ttlMinutes: number; maxAttempts: number; maxPerHour: number }
): CodeService {
  const hash = (userId: number, purpose: CodePurpose, code: string) =>
    createHmac('sha256', secret).update(`${userId}:${purpose}:${code.toUpperCase()}`).digest('hex')

  return {
    async issue(userId, purpose, target, executor = db) {
      const now = clock.now()
      const [recent] = await executor
        .select({ n: count() })
        .from(verificationCodes)
        .where(
          and(
            eq(verificationCodes.userId, userId),
            eq(verificationCodes.purpose, purpose),
            gt(verificationCodes.createdAt, new Date(now.getTime() - 3_600_000))
          )
        )
      if ((recent?.n ?? 0) >= settings.maxPerHour) return null
      let code = ''
      for (let i = 0; i < CONFIRMATION_CODE_LENGTH; i++) code += ALPHABET[randomInt(ALPHABET.length)]
      await executor
        .update(verificationCodes)
        .set({ usedAt: now })
        .where(and(eq(verificationCodes.userId, userId), eq(verificationCodes.purpose, purpose), isNull(verificationCodes.usedAt)))
      await executor.insert(verificationCodes).values({
        userId,
        purpose,
        target,
        codeHash: hash(userId, purpose, code),
        createdAt: now,
        expiresAt: new Date(now.getTime() + settings.ttlMinutes * 60_000)
      })
      return code
    },
    async consume(userId, purpose, code, executor = db) {
      const now = clock.now()
      // Every try takes one of the code's attempts before it is compared, in one statement, so
      // tries sent in parallel cannot share an attempt.
      const [row] = await executor
        .update(verificationCodes)
        .set({ attempts: sql`${verificationCodes.attempts} + 1` })
        .where(
          and(
            eq(verificationCodes.userId, userId),
            eq(verificationCodes.purpose, purpose),
            isNull(verificationCodes.usedAt),
            gt(verificationCodes.expiresAt, now),
            lt(verificationCodes.attempts, settings.maxAttempts)
          )
        )
        .returning()
      if (!row) return { ok: false }
      if (row.codeHash !== hash(userId, purpose, code)) {
        if (row.attempts >= settings.maxAttempts) {
          await executor.update(verificationCodes).set({ usedAt: now }).where(eq(verificationCodes.id, row.id))
        }
        return { ok: false }
      }
      const spent = await executor
        .update(verificationCodes)
        .set({ usedAt: now })
        .where(and(eq(verificationCodes.id, row.id), isNull(verificationCodes.usedAt)))
        .returning({ id: verificationCodes.id })
      return spent.length === 1 ? { ok: true, target: row.target } : { ok: false }
    }
  }
}
