/**
 * Sign-in and registration: the failed sign-ins an account is allowed, the codes a registration
 * or a reset sends, the warning to the holder of a proven phone or e-mail, the proof of a
 * credential by its code and the social sign-in's codes (accounts themselves: services/users.ts).
 */
import { createHash } from 'node:crypto'
import { and, count, eq, gt, isNull, lt, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { SocialProviderSchema } from '../../../src/shared/deepLink.ts'
import { parseCredential, type Credential } from '../../../src/shared/rules/credential.ts'
import type { Db, Executor } from '../db/client.ts'
import { isUniqueViolation } from '../db/errors.ts'
import { loginFailures, oauthSandboxCodes, outbox, users } from '../db/schema.ts'
import { ApiError, fieldError } from '../errors.ts'
import type { UserRow } from '../http.ts'
import { credentialOf } from '../presenters/user.ts'
import type { CodeService } from './codes.ts'
import { codeMessage, REGISTRATION_ATTEMPT_SUBJECT, registrationAttemptNotice } from './notices.ts'
import type { NotificationService } from './notifications.ts'
import type { OutboxService } from './outbox.ts'
import { sha256 } from './tokens.ts'
import { accountInformationUsed, findProvenHolder, refusingUsedInformation } from './users.ts'

/** What sending a code needs: the codes, the outbox and the codes' lifetime. */
export type CodeSender = { codes: CodeService; outbox: OutboxService; codeTtlMinutes: number }

/** The credential codes go to: the phone in Tunisia, the e-mail abroad. */
export function credentialTarget(user: Pick<UserRow, 'phone' | 'email' | 'countryId'>): Credential | null {
  return parseCredential(credentialOf(user))
}

/** Too many codes for this account within the hour (codeMaxPerHour). */
export function tooManyCodes(): ApiError {
  return new ApiError('rate_limited', 'Trop de codes demandés pour ce compte, réessayez dans une heure')
}

/**
 * Sends a fresh code. Past the hourly budget a reset sends nothing and answers as usual (a
 * guesser cannot draw fresh codes, and the request without the bot check must not tell whether
 * the account exists); the other purposes answer 429.
 */
export async function sendCode(sender: CodeSender, user: UserRow, purpose: 'registration' | 'reset', to: Credential): Promise<void> {
  const code = await sender.codes.issue(user.id, purpose, to.value)
  if (code === null) {
    if (purpose === 'reset') return
    throw tooManyCodes()
  }
  await sender.outbox.enqueue(codeMessage(purpose, to, code, sender.codeTtlMinutes))
}

/** Sends the code of a new e-mail address to that address. */
export async function sendEmailCode(sender: CodeSender, userId: number, email: string): Promise<void> {
  const code = await sender.codes.issue(userId, 'email', email)
  if (code === null) throw tooManyCodes()
  await sender.outbox.enqueue(codeMessage('email', { kind: 'email', value: email }, code, sender.codeTtlMinutes))
}

/** A phone or e-mail's holder is warned of registration attempts at most once in this time. */
export const REGISTRATION_WARNING_WINDOW_MS = 24 * 3_600_000

/**
 * Tells the account that proved this phone or e-mail that someone tried to register with it: an
 * SMS or e-mail there and a message in the app, at most once per REGISTRATION_WARNING_WINDOW_MS.
 * The holder's row is locked while the outbox is read and written, so attempts sent together
 * warn once. True when the warning went out.
 */
export async function warnHolder(
  context: { db: Db; outbox: OutboxService; notifications: NotificationService; now: Date },
  holder: UserRow,
  credential: Credential
): Promise<boolean> {
  const { db } = context
  const notice = registrationAttemptNotice(credential)
  const since = new Date(context.now.getTime() - REGISTRATION_WARNING_WINDOW_MS)
  const sent = await db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, holder.id)).for('update')
    const [recent] = await tx
      .select({ id: outbox.id })
      .from(outbox)
      .where(and(eq(outbox.to, credential.value), eq(outbox.subject, REGISTRATION_ATTEMPT_SUBJECT), gt(outbox.createdAt, since)))
      .limit(1)
    if (recent) return false
    await context.outbox.enqueue(notice.outgoing, tx)
    return true
  })
  if (sent) await context.notifications.message(db, { userId: holder.id, ...notice.inbox })
  return sent
}

/** The key failed sign-ins are counted under: the credential's hash. */
export function loginAccountKey(credential: Credential): string {
  return sha256(`${credential.kind}:${credential.value}`)
}

/**
 * Writes the attempt down as a failure before the (slow) password check and counts it with the
 * others of the hour, so attempts sent together cannot all pass under the limit: past
 * `maxPerHour` the attempt is struck out again and refused (429).
 */
export async function countLoginAttempt(db: Executor, accountKey: string, now: Date, maxPerHour: number): Promise<void> {
  const hourAgo = new Date(now.getTime() - 3_600_000)
  const [attempt] = await db.insert(loginFailures).values({ accountKey, createdAt: now }).returning({ id: loginFailures.id })
  const [failures] = await db
    .select({ n: count() })
    .from(loginFailures)
    .where(and(eq(loginFailures.accountKey, accountKey), gt(loginFailures.createdAt, hourAgo)))
  if ((failures?.n ?? 0) > maxPerHour) {
    await db.delete(loginFailures).where(eq(loginFailures.id, attempt!.id))
    throw new ApiError('rate_limited', 'Trop de tentatives, veuillez réessayer plus tard')
  }
}

/** A failed sign-in stays counted; now and then the failures older than an hour are dropped. */
export async function keepLoginFailure(db: Executor, now: Date): Promise<void> {
  if (Math.random() < 0.05) await db.delete(loginFailures).where(lt(loginFailures.createdAt, new Date(now.getTime() - 3_600_000)))
}

/** A right password clears the account's failures. */
export async function clearLoginFailures(db: Executor, accountKey: string): Promise<void> {
  await db.delete(loginFailures).where(eq(loginFailures.accountKey, accountKey))
}

/**
 * The registration code proves the phone or e-mail it was sent to, if the account still holds it
 * (checked in the update itself, so a change made meanwhile cannot be proven by the old code).
 */
export async function proveCredential(db: Executor, user: UserRow, target: string, now: Date): Promise<UserRow> {
  const viaEmail = target.includes('@')
  return refusingUsedInformation(async () => {
    const [updated] = await db
      .update(users)
      .set({
        verified: true,
        ...(viaEmail ? { emailVerified: true } : { phoneVerified: true }),
        confirmedAt: user.confirmedAt ?? now,
        updatedAt: now
      })
      .where(and(eq(users.id, user.id), viaEmail ? eq(sql`lower(${users.email})`, target) : eq(users.phone, target)))
      .returning()
    if (!updated) throw fieldError({ token: ['code.invalid'] }, 'invalid_verification_code')
    return updated
  })
}

/**
 * A phone or e-mail corrected while the account waits for its code: the new value and its code
 * together, so past the hourly budget of codes nothing changes. The earlier code dies with the
 * new one, and could not prove the old value any more anyway.
 */
export async function replaceWaitingCredential(
  db: Db,
  codes: CodeService,
  userId: number,
  credential: Credential,
  now: Date
): Promise<{ user: UserRow; code: string }> {
  return refusingUsedInformation(() =>
    db.transaction(async (tx) => {
      const [row] = await tx
        .update(users)
        .set(
          credential.kind === 'phone'
            ? { phone: credential.value, phoneVerified: false, updatedAt: now }
            : { email: credential.value, emailVerified: false, updatedAt: now }
        )
        .where(and(eq(users.id, userId), eq(users.verified, false)))
        .returning()
      if (!row) throw new ApiError('already_verified', 'You are verified')
      const code = await codes.issue(row.id, 'registration', credential.value, tx)
      if (code === null) throw tooManyCodes()
      return { user: row, code }
    })
  )
}

type SocialProvider = z.infer<typeof SocialProviderSchema>
type SocialGrant = typeof oauthSandboxCodes.$inferSelect

/** A social sign-in's code, kept hashed with the app's PKCE challenge until it is exchanged. */
export async function storeSocialCode(db: Executor, grant: Omit<SocialGrant, 'codeHash' | 'usedAt'> & { code: string }): Promise<void> {
  const { code, ...rest } = grant
  await db.insert(oauthSandboxCodes).values({ codeHash: sha256(code), ...rest })
}

/**
 * Spends a social sign-in's code. Only the app that opened the consent page knows the verifier:
 * a code that reached anyone else (another program registered for darsi:// links) is useless to
 * them, and stays valid. Null for a code unknown, spent, expired or without its verifier.
 */
export async function spendSocialCode(
  db: Executor,
  provider: SocialProvider,
  code: string,
  verifier: string,
  now: Date
): Promise<SocialGrant | null> {
  const [grant] = await db
    .update(oauthSandboxCodes)
    .set({ usedAt: now })
    .where(
      and(
        eq(oauthSandboxCodes.codeHash, sha256(code)),
        eq(oauthSandboxCodes.provider, provider),
        eq(oauthSandboxCodes.codeChallenge, createHash('sha256').update(verifier).digest('base64url')),
        gt(oauthSandboxCodes.expiresAt, now),
        isNull(oauthSandboxCodes.usedAt)
      )
    )
    .returning()
  return grant ?? null
}

/**
 * The account a provider's grant signs in to: the one linked to the provider's account, else the
 * one that proved the same address (the provider vouches for it; even one now waiting to confirm
 * a new phone, never one that merely typed it in), linked now, else a new one.
 */
export async function socialAccount(db: Executor, provider: SocialProvider, grant: SocialGrant, now: Date): Promise<UserRow> {
  const idColumn = provider === 'google' ? users.googleId : users.facebookId
  const providerId = provider === 'google' ? { googleId: grant.subject } : { facebookId: grant.subject }
  const accountOf = async (): Promise<UserRow> => {
    const [known] = await db.select().from(users).where(eq(idColumn, grant.subject)).limit(1)
    if (known) return known
    const email = parseCredential(grant.email)
    const owner = email ? await findProvenHolder(db, email) : null
    const [row] = owner
      ? await db.update(users).set(providerId).where(eq(users.id, owner.id)).returning()
      : await db
          .insert(users)
          .values({
            role: 'student',
            name: grant.name,
            lastName: grant.lastName,
            email: email?.value ?? null,
            emailVerified: true,
            verified: true,
            confirmedAt: now,
            completed: false,
            countryId: null,
            ...providerId,
            createdAt: now,
            updatedAt: now
          })
          .returning()
    return row!
  }
  try {
    return await accountOf()
  } catch (error) {
    if (!isUniqueViolation(error)) throw error
    // Another sign-in with the same provider account, or a code proving the same address, got
    // there first: the account it made or proved is the one to join.
    try {
      return await accountOf()
    } catch (again) {
      if (!isUniqueViolation(again)) throw again
      throw accountInformationUsed()
    }
  }
}
