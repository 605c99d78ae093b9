/** Sign-in, registration, confirmation, tokens, password reset and social sign-in. */
import { createHash } from 'node:crypto'
import multipart from '@fastify/multipart'
import { and, count, eq, gt, isNull, lt, sql } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { accountsEndpoints as ep, type AuthResult } from '../../../src/shared/api/accounts.ts'
import { formatDeepLink, type SwitchRedirect } from '../../../src/shared/deepLink.ts'
import { checkBirthDate } from '../../../src/shared/rules/birthDate.ts'
import { parseCredential, type Credential } from '../../../src/shared/rules/credential.ts'
import { checkEmail } from '../../../src/shared/rules/email.ts'
import type { MessageKey } from '../../../src/shared/rules/messages.ts'
import { checkPhone } from '../../../src/shared/rules/phone.ts'
import { checkOptionalSubject, isTunisianAddress } from '../../../src/shared/rules/registration.ts'
import { tunisDate } from '../clock.ts'
import { divisions, loginFailures, optionalSubjects, countries, outbox, states, users, oauthSandboxCodes } from '../db/schema.ts'
import { ApiError, fieldError } from '../errors.ts'
import { addRoute, isPasswordExpired, serializeResponse, type Serialized, type UserRow } from '../http.ts'
import { credentialOf, presentMe, presentUser, permissionsOf, userType } from '../presenters/user.ts'
import { requestLanguage } from '../language.ts'
import { findByCredential, findById, findForSignIn, findProvenHolder, isUniqueViolation } from '../repositories/users.ts'
import type { Services } from '../services.ts'
import { codeMessage, REGISTRATION_ATTEMPT_SUBJECT, registrationAttemptNotice } from '../services/notices.ts'
import type { IssuedTokens } from '../services/sessions.ts'
import { sha256 } from '../services/tokens.ts'

const INVALID_CREDENTIALS = 'Invalid credentials.'
const RESET_SENT = 'Si un compte correspond à cet identifiant, un code de vérification vient de lui être envoyé'

export function authResult(services: Services, user: UserRow, tokens: IssuedTokens, message: string, impersonated = false): AuthResult {
  return {
    token: tokens.token,
    refresh_token: tokens.refreshToken,
    token_type: 'Bearer',
    expires_in: tokens.expiresIn,
    user_type: userType(user),
    verified: user.verified,
    password_expired: !impersonated && isPasswordExpired(user, services),
    message
  }
}

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
export async function sendCode(services: Services, user: UserRow, purpose: 'registration' | 'reset', to: Credential): Promise<void> {
  const code = await services.codes.issue(user.id, purpose, to.value)
  if (code === null) {
    if (purpose === 'reset') return
    throw tooManyCodes()
  }
  await services.outbox.enqueue(codeMessage(purpose, to, code, services.config.codeTtlMinutes))
}

/** A phone or e-mail's holder is warned of registration attempts at most once in this time. */
export const REGISTRATION_WARNING_WINDOW_MS = 24 * 3_600_000

/**
 * Tells the account that proved this phone or e-mail that someone tried to register with it: an
 * SMS or e-mail there and a message in the app, at most once per REGISTRATION_WARNING_WINDOW_MS.
 * The holder's row is locked while the outbox is read and written, so attempts sent together
 * warn once. True when the warning went out.
 */
export async function warnHolder(services: Services, holder: UserRow, credential: Credential): Promise<boolean> {
  const { db } = services.database
  const notice = registrationAttemptNotice(credential)
  const since = new Date(services.clock.now().getTime() - REGISTRATION_WARNING_WINDOW_MS)
  const sent = await db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, holder.id)).for('update')
    const [recent] = await tx.select({ id: outbox.id }).from(outbox)
      .where(and(eq(outbox.to, credential.value), eq(outbox.subject, REGISTRATION_ATTEMPT_SUBJECT), gt(outbox.createdAt, since)))
      .limit(1)
    if (recent) return false
    await services.outbox.enqueue(notice.outgoing, tx)
    return true
  })
  if (sent) await services.notifications.message(db, { userId: holder.id, ...notice.inbox })
  return sent
}

export function registerAuthRoutes(app: FastifyInstance, services: Services): void {
  const { db } = services.database
  const limited = { limited: true }

  // Registration, the correction of the credential awaiting its code and the reset request with
  // the bot check tell whether a phone or e-mail has an account (part 1 §8): past the bot check
  // and the rules, each address gets one budget of them per hour, 429 beyond (decision 0016).
  const lookupLimit = app.createRateLimit({ max: services.config.rateLimits.accountLookupsPerAddressPerHour, timeWindow: 3_600_000 })
  const spendLookup = async (request: FastifyRequest): Promise<void> => {
    const spent = await lookupLimit(request)
    if (!spent.isAllowed && spent.isExceeded) throw new ApiError('rate_limited', 'Trop de tentatives, veuillez réessayer plus tard')
  }

  addRoute(app, services, ep.captchaChallenge, async () => {
    const challenge = await services.captcha.challenge()
    return { parameters: challenge.parameters, signature: challenge.signature }
  })

  addRoute(app, services, ep.login, async ({ body }) => {
    const credential = parseCredential(body.username)!
    const accountKey = sha256(`${credential.kind}:${credential.value}`)
    const now = services.clock.now()
    const hourAgo = new Date(now.getTime() - 3_600_000)
    // The attempt is written down as a failure before the (slow) password check and counted with
    // it, so attempts sent together cannot all pass under the limit; a right password clears it.
    const [attempt] = await db.insert(loginFailures).values({ accountKey, createdAt: now }).returning({ id: loginFailures.id })
    const [failures] = await db.select({ n: count() }).from(loginFailures)
      .where(and(eq(loginFailures.accountKey, accountKey), gt(loginFailures.createdAt, hourAgo)))
    if ((failures?.n ?? 0) > services.config.rateLimits.loginFailuresPerAccountPerHour) {
      await db.delete(loginFailures).where(eq(loginFailures.id, attempt!.id))
      throw new ApiError('rate_limited', 'Trop de tentatives, veuillez réessayer plus tard')
    }
    const user = await findForSignIn(db, credential)
    const valid = await services.passwords.verify(user?.passwordHash ?? null, body.password)
    if (!user || !valid) {
      if (Math.random() < 0.05) await db.delete(loginFailures).where(lt(loginFailures.createdAt, hourAgo))
      throw new ApiError('invalid_credentials', INVALID_CREDENTIALS)
    }
    await db.delete(loginFailures).where(eq(loginFailures.accountKey, accountKey))
    const tokens = await services.sessions.start(user.id)
    const expired = isPasswordExpired(user, services)
    return authResult(services, user, tokens, expired ? 'Password expired' : 'Connexion réussie')
  }, limited)

  addRoute(app, services, ep.refresh, async ({ body }) => {
    const rotated = await services.sessions.rotate(body.refresh_token)
    if (!rotated.ok) {
      throw rotated.reason === 'reused'
        ? new ApiError('refresh_token_reused', 'Refresh token already used: the session is revoked')
        : new ApiError('refresh_token_invalid', 'Invalid refresh token')
    }
    const user = await findById(db, rotated.userId)
    if (!user) throw new ApiError('refresh_token_invalid', 'Invalid refresh token')
    return authResult(services, user, rotated.tokens, 'Jeton renouvelé', rotated.impersonatorId !== null)
  }, limited)

  addRoute(app, services, ep.switchSession, async ({ body }) => {
    const exchanged = await services.sessions.exchangeSwitchToken(body.token)
    if (!exchanged.ok) {
      throw new ApiError('switch_token_invalid', exchanged.reason === 'reused'
        ? 'Ce lien de connexion a déjà servi : la session est fermée'
        : 'Ce lien de connexion est invalide ou a expiré')
    }
    const user = await findById(db, exchanged.userId)
    if (!user) throw new ApiError('switch_token_invalid', 'Ce lien de connexion est invalide ou a expiré')
    return authResult(services, user, exchanged.tokens, 'Connexion réussie', true)
  }, limited)

  addRoute(app, services, ep.logout, async ({ auth }) => {
    await services.sessions.revoke(auth.sessionId, 'logout')
    return { message: 'Déconnexion réussie' }
  })

  // /auth/me is asked every 80 s by every client and changes far less often: its JSON is kept
  // with the cached session it was made from (a frozen row and view, replaced on any change)
  // for as long as the other inputs, password expiry, impersonator and language, stay the same.
  const meAnswers = new WeakMap<object, { view: object | undefined; key: string; answer: Serialized }>()
  addRoute(app, services, ep.me, async ({ auth, request, reply }) => {
    const passwordExpired = isPasswordExpired(auth.user, services) && !auth.impersonatorId
    const lang = requestLanguage(request, reply)
    const key = `${passwordExpired}:${auth.impersonatorId}:${lang}`
    const kept = Object.isFrozen(auth.user) ? meAnswers.get(auth.user) : undefined
    if (kept && kept.view === auth.view && kept.key === key) return kept.answer
    const answer = serializeResponse(ep.me, await presentMe(db, auth.user, passwordExpired, auth.impersonatorId, auth.view, lang))
    if (Object.isFrozen(auth.user)) meAnswers.set(auth.user, { view: auth.view, key, answer })
    return answer
  }, { userView: true })

  addRoute(app, services, ep.myProfile, async ({ auth, request, reply }) => {
    const view = await presentUser(db, auth.user, auth.view, requestLanguage(request, reply))
    return { user: view.user, permissions: permissionsOf(auth.user, false) }
  }, { userView: true })

  addRoute(app, services, ep.register, async ({ body, request }) => {
    const ageKey = checkBirthDate(body.birthDate, tunisDate(services.clock.now()))
    if (ageKey) throw fieldError({ birthDate: [ageKey] })
    const tunisian = isTunisianAddress(body.country)
    const countryId = body.country ?? 1
    await checkReferences(services, { countryId, stateId: tunisian ? body.state ?? null : null, divisionId: body.division, optionalSubjectId: body.optionalSubject ?? null })
    const phone = body.phone ? parseCredential(body.phone) : null
    const email = body.email ? parseCredential(body.email) : null
    const credential = tunisian ? phone : email
    if (!credential) throw fieldError(tunisian ? { phone: ['phone.invalid'] } : { email: ['email.invalid'] })
    await checkOptionalSubjectChosen(services, body.division, body.optionalSubject ?? null)
    await spendLookup(request)
    // A phone or e-mail another account proved is refused on its field at once (§8) and its holder
    // is told; one only typed in somewhere, never proven, names nobody (decision 0016).
    const holder = await findProvenHolder(db, credential)
    if (holder) {
      await warnHolder(services, holder, credential)
      throw fieldError(tunisian ? { phone: ['credential.alreadyUsed'] } : { email: ['credential.alreadyUsed'] }, 'account_information_already_used')
    }
    const now = services.clock.now()
    const [user] = await db.insert(users).values({
      role: 'student',
      name: body.name.trim(),
      lastName: body.lastName.trim(),
      phone: phone?.kind === 'phone' ? phone.value : null,
      email: email?.kind === 'email' ? email.value : null,
      birthDate: body.birthDate,
      countryId,
      stateId: tunisian ? body.state ?? null : null,
      divisionId: body.division,
      optionalSubjectId: body.optionalSubject ?? null,
      passwordHash: await services.passwords.hash(body.plainPassword.first),
      passwordChangedAt: now,
      createdAt: now,
      updatedAt: now
    }).returning()
    // Two registrations of a phone or e-mail nobody proved yet both get a code; confirming the
    // second fails, since only one account may hold it proven.
    await sendCode(services, user!, 'registration', credential)
    const tokens = await services.sessions.start(user!.id)
    return { ...authResult(services, user!, tokens, 'Un code de confirmation vous a été envoyé'), credential: credential.value }
  }, limited)

  addRoute(app, services, ep.confirmRegistration, async ({ auth, query }) => {
    if (auth.user.verified) throw new ApiError('already_verified', 'You are verified')
    const result = await services.codes.consume(auth.user.id, 'registration', query.token)
    if (!result.ok) throw fieldError({ token: ['code.invalid'] }, 'invalid_verification_code')
    // The code proves the phone or e-mail it was sent to, if the account still holds it (checked
    // in the update itself, so a change made meanwhile cannot be proven by the old code).
    const viaEmail = result.target.includes('@')
    let user: UserRow
    try {
      const [updated] = await db.update(users)
        .set({
          verified: true, ...(viaEmail ? { emailVerified: true } : { phoneVerified: true }),
          confirmedAt: auth.user.confirmedAt ?? services.clock.now(), updatedAt: services.clock.now()
        })
        .where(and(eq(users.id, auth.user.id), viaEmail ? eq(sql`lower(${users.email})`, result.target) : eq(users.phone, result.target)))
        .returning()
      if (!updated) throw fieldError({ token: ['code.invalid'] }, 'invalid_verification_code')
      user = updated
    } catch (error) {
      if (isUniqueViolation(error)) throw new ApiError('account_information_already_used', 'Account information already used', { status: 422 })
      throw error
    }
    await services.sessions.revoke(auth.sessionId, 'confirmed')
    const tokens = await services.sessions.start(user.id)
    return authResult(services, user, tokens, 'Votre compte est confirmé')
  }, limited)

  addRoute(app, services, ep.resendCode, async ({ auth }) => {
    if (auth.user.verified) throw new ApiError('already_verified', 'You are verified')
    const target = credentialTarget(auth.user)
    if (!target) throw new ApiError('validation_failed', 'Aucun numéro ni adresse e-mail à confirmer', { status: 422 })
    await sendCode(services, auth.user, 'registration', target)
    return { message: 'Un nouveau code vous a été envoyé' }
  }, limited)

  // A phone or e-mail mistyped at registration, or in the profile after which the account waits
  // for a new code: the pupil corrects it from the confirmation step and the code goes there.
  addRoute(app, services, ep.changeCredential, async ({ auth, body, request }) => {
    const current = auth.user
    if (current.verified) throw new ApiError('already_verified', 'You are verified')
    const tunisian = isTunisianAddress(current.countryId)
    const refuse = (key: MessageKey, code: 'validation_failed' | 'phone_locked' = 'validation_failed') => fieldError({ credential: [key] }, code)
    // The kind the account's codes go to: a phone in Tunisia (or with no country), an e-mail abroad.
    const ruleKey = tunisian ? checkPhone(body.credential) : checkEmail(body.credential.trim())
    if (ruleKey) throw refuse(ruleKey)
    const parsed = parseCredential(body.credential)
    if (!parsed || parsed.kind !== (tunisian ? 'phone' : 'email')) throw refuse(tunisian ? 'phone.invalid' : 'email.invalid')
    if (parsed.value === credentialOf(current)) throw refuse('credential.unchanged')
    if (parsed.kind === 'phone') {
      // A number a code proved stays (decision 0016); the parent's number is another one.
      if (current.phone && current.phoneVerified) throw refuse('phone.locked', 'phone_locked')
      if (parsed.value === current.phone2) throw refuse('phone.sameAsMain')
    }
    await spendLookup(request)
    const holder = await findProvenHolder(db, parsed)
    if (holder && holder.id !== current.id) {
      await warnHolder(services, holder, parsed)
      throw fieldError({ credential: ['common.invalid'] }, 'account_information_already_used', 'Account information already used: ')
    }
    const now = services.clock.now()
    // The new value and its code together: past the hourly budget of codes nothing changes. The
    // earlier code dies with the new one, and could not prove the old value any more anyway.
    let sent: { user: UserRow; code: string }
    try {
      sent = await db.transaction(async (tx) => {
        const [row] = await tx.update(users)
          .set(parsed.kind === 'phone'
            ? { phone: parsed.value, phoneVerified: false, updatedAt: now }
            : { email: parsed.value, emailVerified: false, updatedAt: now })
          .where(and(eq(users.id, current.id), eq(users.verified, false)))
          .returning()
        if (!row) throw new ApiError('already_verified', 'You are verified')
        const code = await services.codes.issue(row.id, 'registration', parsed.value, tx)
        if (code === null) throw tooManyCodes()
        return { user: row, code }
      })
    } catch (error) {
      if (isUniqueViolation(error)) throw new ApiError('account_information_already_used', 'Account information already used', { status: 422 })
      throw error
    }
    await services.outbox.enqueue(codeMessage('registration', parsed, sent.code, services.config.codeTtlMinutes))
    return { message: 'Un nouveau code vous a été envoyé', credential: credentialOf(sent.user) }
  }, limited)

  // Without the bot check the answer is the same whether or not the account exists.
  addRoute(app, services, ep.requestPasswordGet, async ({ query }) => {
    const credential = parseCredential(query.credentiel)!
    const user = await findByCredential(db, credential)
    if (user && user.passwordHash) await sendCode(services, user, 'reset', credential)
    return { message: RESET_SENT }
  }, limited)
  // With it (the form the app sends, as JSON or form data), an unknown phone or e-mail is said on
  // the field (§8), within the per-address budget of lookups.
  void app.register(async (scope) => {
    await scope.register(multipart, { attachFieldsToBody: 'keyValues', limits: { files: 0, fields: 4, fieldSize: 16 * 1024, parts: 4, headerPairs: 100 } })
    addRoute(scope, services, ep.requestPassword, async ({ body, request }) => {
      const credential = parseCredential(body.credentiel)!
      await spendLookup(request)
      const user = await findByCredential(db, credential)
      if (!user) throw fieldError({ credentiel: ['credential.unknown'] }, 'credential_not_found')
      if (user.passwordHash) await sendCode(services, user, 'reset', credential)
      return { message: RESET_SENT }
    }, limited)
  })

  addRoute(app, services, ep.resetPassword, async ({ body }) => {
    const credential = parseCredential(body.credential)!
    const user = await findByCredential(db, credential)
    const consumed = user ? await services.codes.consume(user.id, 'reset', body.token) : { ok: false as const }
    if (!user || !consumed.ok || consumed.target !== credential.value) {
      throw fieldError({ token: ['code.invalid'] }, 'bad_reset_token')
    }
    if (await services.passwords.verify(user.passwordHash, body.newPassword)) {
      throw fieldError({ newPassword: ['password.sameAsOld'] }, 'same_password')
    }
    const now = services.clock.now()
    await db.update(users).set({ passwordHash: await services.passwords.hash(body.newPassword), passwordChangedAt: now, updatedAt: now })
      .where(eq(users.id, user.id))
    await services.sessions.revokeAllOfUser(user.id, 'password-reset')
    return { message: 'Le Mot de Passe est Modifié' }
  }, limited)

  addRoute(app, services, ep.socialCallback, async ({ params, query }) => {
    const now = services.clock.now()
    // Only the app that opened the consent page knows the verifier: a code that reached anyone
    // else (another program registered for darsi:// links) is useless to them, and stays valid.
    const [grant] = await db.update(oauthSandboxCodes).set({ usedAt: now })
      .where(and(eq(oauthSandboxCodes.codeHash, sha256(query.code)), eq(oauthSandboxCodes.provider, params.provider),
        eq(oauthSandboxCodes.codeChallenge, createHash('sha256').update(query.code_verifier).digest('base64url')),
        gt(oauthSandboxCodes.expiresAt, now), isNull(oauthSandboxCodes.usedAt)))
      .returning()
    if (!grant) {
      throw fieldError({ code: ['code.invalid'] }, 'oauth_code_invalid')
    }
    const idColumn = params.provider === 'google' ? users.googleId : users.facebookId
    const providerId = params.provider === 'google' ? { googleId: grant.subject } : { facebookId: grant.subject }
    const accountOf = async (): Promise<UserRow> => {
      const [known] = await db.select().from(users).where(eq(idColumn, grant.subject)).limit(1)
      if (known) return known
      // The provider vouches for the address: it joins the account that proved the same address
      // (even one now waiting to confirm a new phone), never one that merely typed it in.
      const email = parseCredential(grant.email)
      const owner = email ? await findProvenHolder(db, email) : null
      const [row] = owner
        ? await db.update(users).set(providerId).where(eq(users.id, owner.id)).returning()
        : await db.insert(users).values({
          role: 'student', name: grant.name, lastName: grant.lastName, email: email?.value ?? null, emailVerified: true,
          verified: true, confirmedAt: now, completed: false, countryId: null, ...providerId, createdAt: now, updatedAt: now
        }).returning()
      return row!
    }
    let user: UserRow
    try {
      user = await accountOf()
    } catch (error) {
      if (!isUniqueViolation(error)) throw error
      // Another sign-in with the same provider account, or a code proving the same address, got
      // there first: the account it made or proved is the one to join.
      try {
        user = await accountOf()
      } catch (again) {
        if (!isUniqueViolation(again)) throw again
        throw new ApiError('account_information_already_used', 'Account information already used', { status: 422 })
      }
    }
    const tokens = await services.sessions.start(user.id)
    return authResult(services, user, tokens, 'Connexion réussie')
  }, limited)

  addRoute(app, services, ep.impersonate, async ({ auth, body }) => {
    const target = await findById(db, body.userId)
    if (!target || target.role === 'admin') throw new ApiError('not_found', 'Utilisateur introuvable')
    return impersonationLink(services, auth.user.id, target.id, body.redirectTo)
  })
}

/**
 * A `darsi://switch` link: a single-use switch token (minutes), exchanged by the app at
 * `POST /auth/switch` for a refreshable pair of an impersonation session.
 */
export async function impersonationLink(services: Services, adminId: number, userId: number, redirectTo?: SwitchRedirect) {
  const switchToken = await services.sessions.startImpersonation(userId, adminId)
  return {
    link: formatDeepLink({
      kind: 'switch', token: switchToken.token, adminId: String(adminId), userId: String(userId), ...(redirectTo ? { redirectTo } : {})
    }),
    token: switchToken.token,
    expires_in: switchToken.expiresIn
  }
}

type References = { countryId: number | null; stateId: number | null; divisionId: number | null; optionalSubjectId: number | null; delegationId?: number | null; instituteId?: number | null }

/** Every id of a registration or profile names an existing, consistent row. */
export async function checkReferences(services: Services, refs: References): Promise<void> {
  const { db } = services.database
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
    const [row] = await db.select({ divisionId: optionalSubjects.divisionId }).from(optionalSubjects).where(eq(optionalSubjects.id, refs.optionalSubjectId))
    if (!row || row.divisionId !== refs.divisionId) throw fieldError({ optionalSubject: ['optionalSubject.invalid'] })
  }
}

/** Registration (§5, all fields required): a class that has optional subjects needs one of them. */
async function checkOptionalSubjectChosen(services: Services, divisionId: number, optionalSubjectId: number | null): Promise<void> {
  if (optionalSubjectId != null) return
  const [row] = await services.database.db.select({ options: count() }).from(optionalSubjects).where(eq(optionalSubjects.divisionId, divisionId))
  const key = checkOptionalSubject(optionalSubjectId, (row?.options ?? 0) > 0)
  if (key) throw fieldError({ optionalSubject: [key] })
}

