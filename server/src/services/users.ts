/**
 * Accounts: which account a phone or e-mail names, the references a registration or a profile
 * points at, and the writes of the account's own settings (password, profile, e-mail, parent's
 * phone, notification settings, avatar).
 */
import { and, asc, count, desc, eq, isNotNull, isNull, not, or, sql, type SQL } from 'drizzle-orm'
import type { NotificationPreferences } from '../../../src/shared/api/accounts.ts'
import { TUNISIA_COUNTRY_ID } from '../../../src/shared/constants.ts'
import type { Credential } from '../../../src/shared/rules/credential.ts'
import { checkOptionalSubject } from '../../../src/shared/rules/registration.ts'
import type { Db, Executor } from '../db/client.ts'
import { isUniqueViolation } from '../db/errors.ts'
import { countries, delegations, divisions, institutes, optionalSubjects, states, users } from '../db/schema.ts'
import { ApiError, fieldError } from '../errors.ts'
import type { UserRow } from '../http.ts'
import { inTransaction } from './ledger.ts'

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
  const [row] = await db
    .select()
    .from(users)
    .where(and(holds(credential), or(proven(credential.kind), waiting)))
    .orderBy(desc(proven(credential.kind)), desc(users.verified), desc(users.id))
    .limit(1)
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

/** A new account (registration, the operator's tool). */
export async function insertUser(db: Executor, values: typeof users.$inferInsert): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning()
  return row!
}

/** A profile is complete when the pickers and the credential of its country are filled. */
export function isProfileComplete(user: UserRow): boolean {
  const tunisian = user.countryId === TUNISIA_COUNTRY_ID
  return Boolean(
    user.name &&
    user.lastName &&
    user.birthDate &&
    user.divisionId &&
    user.countryId &&
    (tunisian ? user.stateId && user.phone : user.email)
  )
}

/** The first administrator account, if any. */
export async function firstAdminId(db: Executor): Promise<number | null> {
  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).orderBy(asc(users.id)).limit(1)
  return admin?.id ?? null
}

/** An account other than `exceptId` has already proven this phone or e-mail. */
export async function credentialTaken(db: Executor, credential: Credential, exceptId?: number): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).where(provenHolder(credential)).limit(2)
  return rows.some((row) => row.id !== exceptId)
}

/** Another account holds the phone or e-mail this write gave the account (a unique index refused it). */
export function accountInformationUsed(): ApiError {
  return new ApiError('account_information_already_used', 'Account information already used', { status: 422 })
}

/** Runs a write that gives an account a phone or e-mail: another account holding it answers 422. */
export async function refusingUsedInformation<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write()
  } catch (error) {
    if (isUniqueViolation(error)) throw accountInformationUsed()
    throw error
  }
}

type References = { countryId: number | null; stateId: number | null; divisionId: number | null; optionalSubjectId: number | null }

/** Every id of a registration or profile names an existing, consistent row. */
export async function checkReferences(db: Executor, refs: References): Promise<void> {
  if (refs.countryId != null) {
    const [row] = await db.select({ id: countries.id }).from(countries).where(eq(countries.id, refs.countryId))
    if (!row) throw fieldError({ country: ['country.required'] })
  }
  if (refs.stateId != null) {
    const [row] = await db.select({ countryId: states.countryId }).from(states).where(eq(states.id, refs.stateId))
    if (!row || row.countryId !== refs.countryId) throw fieldError({ state: ['state.required'] })
  }
  if (refs.divisionId != null) {
    const [row] = await db.select({ id: divisions.id }).from(divisions).where(eq(divisions.id, refs.divisionId))
    if (!row) throw fieldError({ division: ['division.unknown'] })
  }
  if (refs.optionalSubjectId != null) {
    const [row] = await db
      .select({ divisionId: optionalSubjects.divisionId })
      .from(optionalSubjects)
      .where(eq(optionalSubjects.id, refs.optionalSubjectId))
    if (!row || row.divisionId !== refs.divisionId) throw fieldError({ optionalSubject: ['optionalSubject.invalid'] })
  }
}

/** Registration (§5, all fields required): a class that has optional subjects needs one of them. */
export async function checkOptionalSubjectChosen(db: Executor, divisionId: number, optionalSubjectId: number | null): Promise<void> {
  if (optionalSubjectId != null) return
  const [row] = await db.select({ options: count() }).from(optionalSubjects).where(eq(optionalSubjects.divisionId, divisionId))
  const key = checkOptionalSubject(optionalSubjectId, (row?.options ?? 0) > 0)
  if (key) throw fieldError({ optionalSubject: [key] })
}

/** The delegation and school of a Tunisian address lie in its governorate (and the school in its delegation). */
export async function checkAddress(
  db: Executor,
  address: { stateId: number | null; delegationId: number | null; instituteId: number | null }
): Promise<void> {
  const { stateId, delegationId, instituteId } = address
  if (delegationId != null) {
    const [row] = await db.select({ stateId: delegations.stateId }).from(delegations).where(eq(delegations.id, delegationId))
    if (!row || row.stateId !== stateId) throw fieldError({ delegation: ['address.invalid'] })
  }
  if (instituteId != null) {
    const [row] = await db
      .select({ stateId: institutes.stateId, delegationId: institutes.delegationId })
      .from(institutes)
      .where(eq(institutes.id, instituteId))
    if (!row || row.stateId !== stateId || (delegationId != null && row.delegationId != null && row.delegationId !== delegationId)) {
      throw fieldError({ institute: ['address.invalid'] })
    }
  }
}

/** A new password (its hash), changed now. */
export async function setPassword(db: Executor, userId: number, passwordHash: string, now: Date): Promise<UserRow> {
  const [row] = await db.update(users).set({ passwordHash, passwordChangedAt: now, updatedAt: now }).where(eq(users.id, userId)).returning()
  return row!
}

/** The profile's fields as saved (users' columns); a phone or e-mail another account holds answers 422. */
export type ProfileValues = Pick<
  typeof users.$inferInsert,
  | 'name'
  | 'lastName'
  | 'gender'
  | 'birthDate'
  | 'phone'
  | 'phone2'
  | 'email'
  | 'emailVerified'
  | 'phoneVerified'
  | 'countryId'
  | 'stateId'
  | 'delegationId'
  | 'instituteId'
  | 'divisionId'
  | 'optionalSubjectId'
  | 'verified'
  | 'completed'
  | 'updatedAt'
>

export async function saveProfile(db: Executor, userId: number, values: ProfileValues): Promise<UserRow> {
  return refusingUsedInformation(async () => {
    const [row] = await db.update(users).set(values).where(eq(users.id, userId)).returning()
    return row!
  })
}

/** The address an e-mail code was sent to, waiting for the code. */
export async function setPendingEmail(db: Executor, userId: number, email: string, now: Date): Promise<void> {
  await db.update(users).set({ pendingEmail: email, updatedAt: now }).where(eq(users.id, userId))
}

/** The address its code proved becomes the account's e-mail. */
export async function confirmEmail(db: Executor, userId: number, email: string, now: Date): Promise<void> {
  await refusingUsedInformation(() =>
    db.update(users).set({ email, emailVerified: true, pendingEmail: null, updatedAt: now }).where(eq(users.id, userId))
  )
}

export async function setParentPhone(db: Executor, userId: number, phone2: string, now: Date): Promise<void> {
  await db.update(users).set({ phone2, updatedAt: now }).where(eq(users.id, userId))
}

export async function setNotificationPreferences(
  db: Executor,
  userId: number,
  preferences: NotificationPreferences,
  now: Date
): Promise<void> {
  await db.update(users).set({ notificationPreferences: preferences, updatedAt: now }).where(eq(users.id, userId))
}

export async function setNotificationToken(db: Executor, userId: number, notificationToken: string, now: Date): Promise<void> {
  await db.update(users).set({ notificationToken, updatedAt: now }).where(eq(users.id, userId))
}

/** The account's avatar key (null without one). */
export async function currentAvatar(db: Executor, userId: number): Promise<string | null> {
  const [row] = await db.select({ avatar: users.avatar }).from(users).where(eq(users.id, userId))
  return row?.avatar ?? null
}

/** Points the account at the avatar `next` (or none); the one it replaces comes back. */
export async function setAvatar(db: Db, userId: number, next: string | null, now: () => Date): Promise<string | null> {
  return inTransaction(db, async (tx) => {
    const [row] = await tx.select({ avatar: users.avatar }).from(users).where(eq(users.id, userId)).for('update')
    await tx.update(users).set({ avatar: next, updatedAt: now() }).where(eq(users.id, userId))
    return row?.avatar ?? null
  })
}
