/** Queries on users shared by the account routes. */
import { and, desc, eq, isNotNull, isNull, not, or, sql, type SQL } from 'drizzle-orm'
import type { Credential } from '../../../src/shared/rules/credential.ts'
import type { Executor } from '../db/client.ts'
import { users } from '../db/schema.ts'
import type { UserRow } from '../http.ts'

/** The rows holding this phone or e-mail, proven or not. */
function holds(credential: Credential): SQL {
  return credential.kind === 'phone' ? eq(users.phone, credential.value) : eq(sql`lower(${users.email})`, credential.value)
}

/** The row's phone, or its e-mail, was proven by a code. */
function proven(kind: Credential['kind']): SQL {
  return eq(kind === 'phone' ? users.phoneVerified : users.emailVerified, true)
}

/** The rows holding this phone or e-mail as proven by a code. */
export function provenHolder(credential: Credential): SQL {
  return and(holds(credential), proven(credential.kind))!
}

/**
 * The rows whose registration code goes to this phone or e-mail (`credentialOf` in
 * presenters/user.ts): the phone in Tunisia or with no country, else the e-mail; the phone when
 * there is no e-mail.
 */
function codeGoesTo(credential: Credential): SQL {
  const phoneFirst = and(or(isNull(users.countryId), eq(users.countryId, 1)), isNotNull(users.phone))!
  return credential.kind === 'phone' ? or(phoneFirst, isNull(users.email))! : not(phoneFirst)
}

/** A registration waiting for its first code: the account was never confirmed. */
const neverConfirmed = and(not(users.verified), isNull(users.confirmedAt))!

/**
 * The account a credential names: the one that proved it (verified first), else the newest
 * registration never confirmed whose code goes to it. An account confirmed once is never named
 * by a phone or e-mail it did not prove — not by one typed in beside its credential, nor by a new
 * one it is waiting to confirm after a profile change — so such an address cannot receive a reset
 * or points, or be linked, on someone else's behalf.
 */
export async function findByCredential(db: Executor, credential: Credential): Promise<UserRow | null> {
  return firstNamed(db, credential, and(neverConfirmed, codeGoesTo(credential))!)
}

/**
 * The account a sign-in with a password is for: as `findByCredential`, and also an account
 * waiting for the code of a new credential, by that credential (its holder knows the password,
 * and signs in to enter the code).
 */
export async function findForSignIn(db: Executor, credential: Credential): Promise<UserRow | null> {
  return firstNamed(db, credential, and(not(users.verified), codeGoesTo(credential))!)
}

async function firstNamed(db: Executor, credential: Credential, waiting: SQL): Promise<UserRow | null> {
  const [row] = await db.select().from(users)
    .where(and(holds(credential), or(proven(credential.kind), waiting)))
    .orderBy(desc(proven(credential.kind)), desc(users.verified), desc(users.id)).limit(1)
  return row ?? null
}

/** The account that proved this phone or e-mail (at most one: `users_proven_*_uq`). */
export async function findProvenHolder(db: Executor, credential: Credential): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(provenHolder(credential)).limit(1)
  return row ?? null
}

export async function findById(db: Executor, id: number): Promise<UserRow | null> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1)
  return row ?? null
}

/** An account other than `exceptId` has already proven this phone or e-mail. */
export async function credentialTaken(db: Executor, credential: Credential, exceptId?: number): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).where(provenHolder(credential)).limit(2)
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
