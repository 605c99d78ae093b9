/** Queries on users shared by the account routes. */
import { and, desc, eq, sql } from 'drizzle-orm'
import type { Credential } from '../../../src/shared/rules/credential.ts'
import type { Executor } from '../db/client.ts'
import { users } from '../db/schema.ts'
import type { UserRow } from '../http.ts'

/** The account a credential names: the verified owner first, else the newest registration. */
export async function findByCredential(db: Executor, credential: Credential): Promise<UserRow | null> {
  const match = credential.kind === 'phone' ? eq(users.phone, credential.value) : eq(sql`lower(${users.email})`, credential.value)
  const [row] = await db.select().from(users).where(match).orderBy(desc(users.verified), desc(users.id)).limit(1)
  return row ?? null
}

export async function findById(db: Executor, id: number): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1)
  return row ?? null
}

/** A verified account other than `exceptId` already holds this phone or e-mail. */
export async function credentialTaken(db: Executor, credential: Credential, exceptId?: number): Promise<boolean> {
  const match = credential.kind === 'phone' ? eq(users.phone, credential.value) : eq(sql`lower(${users.email})`, credential.value)
  const rows = await db.select({ id: users.id }).from(users).where(and(match, eq(users.verified, true))).limit(2)
  return rows.some((row) => row.id !== exceptId)
}

/** PostgreSQL unique violation (also through PGlite). */
export function isUniqueViolation(error: unknown): boolean {
  let current: unknown = error
  for (let depth = 0; current && depth < 4; depth++) {
    if (typeof current === 'object' && (current as { code?: unknown }).code === '23505') return true
    current = (current as { cause?: unknown }).cause
  }
  return false
}
