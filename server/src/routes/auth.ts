/** Sign-in, registration, confirmation, tokens, password reset and social sign-in. */
import multipart from '@fastify/multipart'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { accountsEndpoints as ep } from '../../../src/shared/api/accounts.ts'
import { checkBirthDate } from '../../../src/shared/rules/birthDate.ts'
import { parseCredential } from '../../../src/shared/rules/credential.ts'
import { checkEmail } from '../../../src/shared/rules/email.ts'
import type { MessageKey } from '../../../src/shared/rules/messages.ts'
import { checkPhone } from '../../../src/shared/rules/phone.ts'
import { isTunisianAddress } from '../../../src/shared/rules/registration.ts'
import { tunisDate } from '../clock.ts'
import { ApiError, fieldError } from '../errors.ts'
import { addRoute, isPasswordExpired, serializeResponse, type Serialized, type UserRow } from '../http.ts'
import { credentialOf, permissionsOf, presentAuthResult, presentImpersonationLink, presentMe, presentUser } from '../presenters/user.ts'
import { requestLanguage } from '../language.ts'
import type { Services } from '../services.ts'
import {
  clearLoginFailures,
  countLoginAttempt,
  credentialTarget,
  keepLoginFailure,
  loginAccountKey,
  proveCredential,
  replaceWaitingCredential,
  sendCode,
  socialAccount,
  spendSocialCode,
  warnHolder,
  type CodeSender
} from '../services/auth.ts'
import { codeMessage } from '../services/notices.ts'
import type { IssuedTokens, RotateResult } from '../services/sessions.ts'
import {
  checkOptionalSubjectChosen,
  checkReferences,
  findByCredential,
  findById,
  findForSignIn,
  findProvenHolder,
  insertUser,
  setPassword
} from '../services/users.ts'

const INVALID_CREDENTIALS = 'Invalid credentials.'
const RESET_SENT = 'Si un compte correspond à cet identifiant, un code de vérification vient de lui être envoyé'

/** The answer of a sign-in: an impersonation session never has its password expired. */
export function authResult(services: Services, user: UserRow, tokens: IssuedTokens, message: string, impersonated = false) {
  return presentAuthResult(user, tokens, message, !impersonated && isPasswordExpired(user, services))
}

/** What the routes that send codes hand the code service. */
export function codeSender(services: Services): CodeSender {
  return { codes: services.codes, outbox: services.outbox, codeTtlMinutes: services.config.codeTtlMinutes }
}

export function registerAuthRoutes(app: FastifyInstance, services: Services): void {
  const { db } = services.database
  const limited = { limited: true }
  const codes = codeSender(services)

  /** The answer to a spent refresh or switch token: the session's next pair for its user (an impersonation
   * session's never has its password expired), or the error refused names for why the token was refused. */
  async function spentTokenResult(spent: RotateResult, message: string, refused: (reason: 'invalid' | 'reused') => ApiError) {
    if (!spent.ok) throw refused(spent.reason)
    const user = await findById(db, spent.userId)
    if (!user) throw refused('invalid')
    return authResult(services, user, spent.tokens, message, spent.impersonatorId !== null)
  }
  const holderWarning = () => ({ db, outbox: services.outbox, notifications: services.notifications, now: services.clock.now() })

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

  addRoute(
    app,
    services,
    ep.login,
    async ({ body }) => {
      const credential = parseCredential(body.username)!
      const accountKey = loginAccountKey(credential)
      const now = services.clock.now()
      // Counted as a failure before the password check; a right password clears it.
      await countLoginAttempt(db, accountKey, now, services.config.rateLimits.loginFailuresPerAccountPerHour)
      const user = await findForSignIn(db, credential)
      const valid = await services.passwords.verify(user?.passwordHash ?? null, body.password)
      if (!user || !valid) {
        await keepLoginFailure(db, now)
        throw new ApiError('invalid_credentials', INVALID_CREDENTIALS)
      }
      await clearLoginFailures(db, accountKey)
      const tokens = await services.sessions.start(user.id)
      const expired = isPasswordExpired(user, services)
      return authResult(services, user, tokens, expired ? 'Password expired' : 'Connexion réussie')
    },
    limited
  )

  addRoute(
    app,
    services,
    ep.refresh,
    async ({ body }) => {
      const rotated = await services.sessions.rotate(body.refresh_token)
      return spentTokenResult(rotated, 'Jeton renouvelé', (reason) =>
        reason === 'reused'
          ? new ApiError('refresh_token_reused', 'Refresh token already used: the session is revoked')
          : new ApiError('refresh_token_invalid', 'Invalid refresh token')
      )
    },
    limited
  )

  addRoute(
    app,
    services,
    ep.switchSession,
    async ({ body }) => {
      const exchanged = await services.sessions.exchangeSwitchToken(body.token)
      return spentTokenResult(
        exchanged,
        'Connexion réussie',
        (reason) =>
          new ApiError(
            'switch_token_invalid',
            reason === 'reused'
              ? 'Ce lien de connexion a déjà servi : la session est fermée'
              : 'Ce lien de connexion est invalide ou a expiré'
          )
      )
    },
    limited
  )

  addRoute(app, services, ep.logout, async ({ auth }) => {
    await services.sessions.revoke(auth.sessionId, 'logout')
    return { message: 'Déconnexion réussie' }
  })

  // /auth/me is asked every 80 s by every client and changes far less often: its JSON is kept
  // with the cached session it was made from (a frozen row and view, replaced on any change)
  // for as long as the other inputs, password expiry, impersonator and language, stay the same.
  const meAnswers = new WeakMap<object, { view: object | undefined; key: string; answer: Serialized }>()
  addRoute(
    app,
    services,
    ep.me,
    async ({ auth, request, reply }) => {
      const passwordExpired = isPasswordExpired(auth.user, services) && !auth.impersonatorId
      const lang = requestLanguage(request, reply)
      const key = `${passwordExpired}:${auth.impersonatorId}:${lang}`
      const kept = Object.isFrozen(auth.user) ? meAnswers.get(auth.user) : undefined
      if (kept && kept.view === auth.view && kept.key === key) return kept.answer
      const answer = serializeResponse(ep.me, await presentMe(db, auth.user, passwordExpired, auth.impersonatorId, auth.view, lang))
      if (Object.isFrozen(auth.user)) meAnswers.set(auth.user, { view: auth.view, key, answer })
      return answer
    },
    { userView: true }
  )

  addRoute(
    app,
    services,
    ep.myProfile,
    async ({ auth, request, reply }) => {
      const view = await presentUser(db, auth.user, auth.view, requestLanguage(request, reply))
      return { user: view.user, permissions: permissionsOf(auth.user, false) }
    },
    { userView: true }
  )

  addRoute(
    app,
    services,
    ep.register,
    async ({ body, request }) => {
      const ageKey = checkBirthDate(body.birthDate, tunisDate(services.clock.now()))
      if (ageKey) throw fieldError({ birthDate: [ageKey] })
      const tunisian = isTunisianAddress(body.country)
      const countryId = body.country ?? 1
      await checkReferences(db, {
        countryId,
        stateId: tunisian ? (body.state ?? null) : null,
        divisionId: body.division,
        optionalSubjectId: body.optionalSubject ?? null
      })
      const phone = body.phone ? parseCredential(body.phone) : null
      const email = body.email ? parseCredential(body.email) : null
      const credential = tunisian ? phone : email
      if (!credential) throw fieldError(tunisian ? { phone: ['phone.invalid'] } : { email: ['email.invalid'] })
      await checkOptionalSubjectChosen(db, body.division, body.optionalSubject ?? null)
      await spendLookup(request)
      // A phone or e-mail another account proved is refused on its field at once (§8) and its holder
      // is told; one only typed in somewhere, never proven, names nobody (decision 0016).
      const holder = await findProvenHolder(db, credential)
      if (holder) {
        await warnHolder(holderWarning(), holder, credential)
        throw fieldError(
          tunisian ? { phone: ['credential.alreadyUsed'] } : { email: ['credential.alreadyUsed'] },
          'account_information_already_used'
        )
      }
      const now = services.clock.now()
      const user = await insertUser(db, {
        role: 'student',
        name: body.name.trim(),
        lastName: body.lastName.trim(),
        phone: phone?.kind === 'phone' ? phone.value : null,
        email: email?.kind === 'email' ? email.value : null,
        birthDate: body.birthDate,
        countryId,
        stateId: tunisian ? (body.state ?? null) : null,
        divisionId: body.division,
        optionalSubjectId: body.optionalSubject ?? null,
        passwordHash: await services.passwords.hash(body.plainPassword.first),
        passwordChangedAt: now,
        createdAt: now,
        updatedAt: now
      })
      // Two registrations of a phone or e-mail nobody proved yet both get a code; confirming the
      // second fails, since only one account may hold it proven.
      await sendCode(codes, user, 'registration', credential)
      const tokens = await services.sessions.start(user.id)
      return { ...authResult(services, user, tokens, 'Un code de confirmation vous a été envoyé'), credential: credential.value }
    },
    limited
  )

  addRoute(
    app,
    services,
    ep.confirmRegistration,
    async ({ auth, query }) => {
      if (auth.user.verified) throw new ApiError('already_verified', 'You are verified')
      const result = await services.codes.consume(auth.user.id, 'registration', query.token)
      if (!result.ok) throw fieldError({ token: ['code.invalid'] }, 'invalid_verification_code')
      const user = await proveCredential(db, auth.user, result.target, services.clock.now())
      await services.sessions.revoke(auth.sessionId, 'confirmed')
      const tokens = await services.sessions.start(user.id)
      return authResult(services, user, tokens, 'Votre compte est confirmé')
    },
    limited
  )

  addRoute(
    app,
    services,
    ep.resendCode,
    async ({ auth }) => {
      if (auth.user.verified) throw new ApiError('already_verified', 'You are verified')
      const target = credentialTarget(auth.user)
      if (!target) throw new ApiError('validation_failed', 'Aucun numéro ni adresse e-mail à confirmer', { status: 422 })
      await sendCode(codes, auth.user, 'registration', target)
      return { message: 'Un nouveau code vous a été envoyé' }
    },
    limited
  )

  // A phone or e-mail mistyped at registration, or in the profile after which the account waits
  // for a new code: the pupil corrects it from the confirmation step and the code goes there.
  addRoute(
    app,
    services,
    ep.changeCredential,
    async ({ auth, body, request }) => {
      const current = auth.user
      if (current.verified) throw new ApiError('already_verified', 'You are verified')
      const tunisian = isTunisianAddress(current.countryId)
      const refuse = (key: MessageKey, code: 'validation_failed' | 'phone_locked' = 'validation_failed') =>
        fieldError({ credential: [key] }, code)
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
        await warnHolder(holderWarning(), holder, parsed)
        throw fieldError({ credential: ['common.invalid'] }, 'account_information_already_used', 'Account information already used: ')
      }
      const sent = await replaceWaitingCredential(db, services.codes, current.id, parsed, services.clock.now())
      await services.outbox.enqueue(codeMessage('registration', parsed, sent.code, services.config.codeTtlMinutes))
      return { message: 'Un nouveau code vous a été envoyé', credential: credentialOf(sent.user) }
    },
    limited
  )

  // Without the bot check the answer is the same whether or not the account exists.
  addRoute(
    app,
    services,
    ep.requestPasswordGet,
    async ({ query }) => {
      const credential = parseCredential(query.credentiel)!
      const user = await findByCredential(db, credential)
      if (user && user.passwordHash) await sendCode(codes, user, 'reset', credential)
      return { message: RESET_SENT }
    },
    limited
  )
  // With it (the form the app sends, as JSON or form data), an unknown phone or e-mail is said on
  // the field (§8), within the per-address budget of lookups.
  void app.register(async (scope) => {
    await scope.register(multipart, {
      attachFieldsToBody: 'keyValues',
      limits: { files: 0, fields: 4, fieldSize: 16 * 1024, parts: 4, headerPairs: 100 }
    })
    addRoute(
      scope,
      services,
      ep.requestPassword,
      async ({ body, request }) => {
        const credential = parseCredential(body.credentiel)!
        await spendLookup(request)
        const user = await findByCredential(db, credential)
        if (!user) throw fieldError({ credentiel: ['credential.unknown'] }, 'credential_not_found')
        if (user.passwordHash) await sendCode(codes, user, 'reset', credential)
        return { message: RESET_SENT }
      },
      limited
    )
  })

  addRoute(
    app,
    services,
    ep.resetPassword,
    async ({ body }) => {
      const credential = parseCredential(body.credential)!
      const user = await findByCredential(db, credential)
      const consumed = user ? await services.codes.consume(user.id, 'reset', body.token) : { ok: false as const }
      if (!user || !consumed.ok || consumed.target !== credential.value) {
        throw fieldError({ token: ['code.invalid'] }, 'bad_reset_token')
      }
      if (await services.passwords.verify(user.passwordHash, body.newPassword)) {
        throw fieldError({ newPassword: ['password.sameAsOld'] }, 'same_password')
      }
      await setPassword(db, user.id, await services.passwords.hash(body.newPassword), services.clock.now())
      await services.sessions.revokeAllOfUser(user.id, 'password-reset')
      return { message: 'Le Mot de Passe est Modifié' }
    },
    limited
  )

  addRoute(
    app,
    services,
    ep.socialCallback,
    async ({ params, query }) => {
      const now = services.clock.now()
      const grant = await spendSocialCode(db, params.provider, query.code, query.code_verifier, now)
      if (!grant) throw fieldError({ code: ['code.invalid'] }, 'oauth_code_invalid')
      const user = await socialAccount(db, params.provider, grant, now)
      const tokens = await services.sessions.start(user.id)
      return authResult(services, user, tokens, 'Connexion réussie')
    },
    limited
  )

  addRoute(app, services, ep.impersonate, async ({ auth, body }) => {
    const target = await findById(db, body.userId)
    if (!target || target.role === 'admin') throw new ApiError('not_found', 'Utilisateur introuvable')
    return presentImpersonationLink(
      await services.sessions.startImpersonation(target.id, auth.user.id),
      auth.user.id,
      target.id,
      body.redirectTo
    )
  })
}
