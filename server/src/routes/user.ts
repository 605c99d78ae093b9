/** The signed-in user's own account: password, profile, contact details, notification settings. */
import type { FastifyInstance } from 'fastify'
import { accountsEndpoints as ep } from '../../../src/shared/api/accounts.ts'
import { TUNISIA_COUNTRY_ID } from '../../../src/shared/constants.ts'
import { checkProfileBirthDate } from '../../../src/shared/rules/birthDate.ts'
import { parseCredential } from '../../../src/shared/rules/credential.ts'
import { checkEmail, normalizeEmail } from '../../../src/shared/rules/email.ts'
import type { MessageKey } from '../../../src/shared/rules/messages.ts'
import { checkPhone, normalizeTunisianPhone } from '../../../src/shared/rules/phone.ts'
import { mayChangePassword } from '../../../src/shared/rules/testAccount.ts'
import { tunisDate } from '../clock.ts'
import { ApiError, fieldError } from '../errors.ts'
import { addRoute, type UserRow } from '../http.ts'
import { credentialOf, defaultNotificationPreferences, presentUser } from '../presenters/user.ts'
import { requestLanguage } from '../language.ts'
import type { Services } from '../services.ts'
import { sendCode, sendEmailCode } from '../services/auth.ts'
import { avatarUrl } from '../services/avatars.ts'
import {
  checkAddress,
  checkReferences,
  confirmEmail,
  credentialTaken,
  isProfileComplete,
  saveProfile,
  setNotificationPreferences,
  setNotificationToken,
  setParentPhone,
  setPassword,
  setPendingEmail
} from '../services/users.ts'
import { authResult, codeSender } from './auth.ts'

function refuseTestAccount(user: UserRow): void {
  if (user.isTest && user.role !== 'admin')
    throw new ApiError('test_account', 'Les comptes de test ne peuvent pas modifier ces informations')
}

export function registerUserRoutes(app: FastifyInstance, services: Services): void {
  const { db } = services.database

  addRoute(app, services, ep.changePassword, async ({ auth, body }) => {
    if (!auth.user.verified) throw new ApiError('not_verified', 'Account not verified')
    if (!mayChangePassword({ isTest: auth.user.isTest, admin: auth.user.role === 'admin', impersonated: auth.impersonatorId !== null })) {
      throw new ApiError('test_account', 'Les comptes de test ne peuvent pas modifier ces informations')
    }
    if (!(await services.passwords.verify(auth.user.passwordHash, body.oldPassword))) {
      throw fieldError({ oldPassword: ['password.oldInvalid'] }, 'invalid_old_password')
    }
    const user = await setPassword(db, auth.user.id, await services.passwords.hash(body.newPassword), services.clock.now())
    await services.sessions.revokeAllOfUser(auth.user.id, 'password-change')
    const tokens = await services.sessions.start(auth.user.id, { impersonatorId: auth.impersonatorId })
    return authResult(services, user, tokens, 'Le Mot de Passe est Modifié')
  })

  addRoute(app, services, ep.updateProfile, async ({ auth, body, request, reply }) => {
    const current = auth.user
    refuseTestAccount(current)
    const problems: Record<string, MessageKey[]> = {}
    const problem = (field: string, key: MessageKey) => {
      ;(problems[field] ??= []).push(key)
    }
    const countryId = body.country !== undefined ? body.country : current.countryId
    const tunisian = countryId === TUNISIA_COUNTRY_ID
    const stateId = tunisian ? (body.state !== undefined ? body.state : current.stateId) : null
    if (countryId == null) problem('country', 'address.required')
    if (tunisian && stateId == null) problem('state', 'address.required')
    if (!current.completed && body.gender != null && body.gender !== current.gender) problem('gender', 'profile.readOnlyUntilCompleted')
    // The avatar is an uploaded image (POST /user/avatar): here it may only be sent back unchanged.
    if (body.avatar !== undefined && body.avatar !== avatarUrl(current.avatar)) {
      problem('avatar', current.completed ? 'avatar.useUpload' : 'profile.readOnlyUntilCompleted')
    }
    let birthDate = current.birthDate
    if (body.birthDate != null) {
      const key = checkProfileBirthDate(body.birthDate, tunisDate(services.clock.now()))
      if (key) problem('birthDate', key)
      birthDate = body.birthDate
    }
    let phone = current.phone
    if (body.phone != null && body.phone !== '') {
      const key = checkPhone(body.phone)
      const normalized = key ? null : normalizeTunisianPhone(body.phone)
      if (key) problem('phone', key)
      // Locked once proven; a number typed in abroad and never proven may still be corrected.
      else if (current.phone && current.phoneVerified && normalized !== current.phone) problem('phone', 'phone.locked')
      else phone = normalized
    }
    let phone2 = current.phone2
    if (body.phone2 != null && body.phone2 !== '') {
      const key = checkPhone(body.phone2)
      const normalized = key ? null : normalizeTunisianPhone(body.phone2)
      if (key) problem('phone2', key)
      else if (normalized === phone) problem('phone2', 'phone.sameAsMain')
      else phone2 = normalized
    }
    let email = current.email
    if (body.email != null && body.email !== '') {
      const key = checkEmail(body.email)
      if (key) problem('email', key)
      else if (tunisian && normalizeEmail(body.email) !== current.email) {
        // Read-only here for a pupil signed up by phone: an address is added and proven by its
        // code (PUT /user/add-email, POST /user/confirm-code), never taken as typed.
        problem('email', 'email.useAddEmail')
      } else email = normalizeEmail(body.email)
    }
    let divisionId = current.divisionId
    if (body.division != null && body.division !== current.divisionId) {
      if (current.divisionId != null) problem('division', 'division.changeByRequest')
      else divisionId = body.division
    }
    const optionalSubjectId = body.optionalSubject !== undefined ? body.optionalSubject : current.optionalSubjectId
    if (Object.keys(problems).length > 0) {
      // The client files a message by its prefix ('Birthdate:' …): the prefix of the first error only.
      const prefix = ep.updateProfile.messagePrefixes[Object.keys(problems)[0] as keyof typeof ep.updateProfile.messagePrefixes] ?? ''
      throw fieldError(problems, problems['phone']?.includes('phone.locked') ? 'phone_locked' : 'validation_failed', prefix)
    }
    await checkReferences(db, { countryId, stateId, divisionId, optionalSubjectId: optionalSubjectId ?? null })
    const delegationId = tunisian ? (body.delegation !== undefined ? body.delegation : current.delegationId) : null
    const instituteId = tunisian ? (body.institute !== undefined ? body.institute : current.instituteId) : null
    await checkAddress(db, { stateId, delegationId, instituteId })
    // The credential codes go to (the phone in Tunisia, the e-mail abroad) is another one now, and
    // no code proved it: confirm it. Moving abroad with an already confirmed e-mail keeps the
    // account verified, and so does a save that leaves the credential as it was.
    const newCredential = tunisian ? phone : email
    const newProven = tunisian ? phone === current.phone && current.phoneVerified : email === current.email && current.emailVerified
    const credentialChanged = newCredential != null && !newProven && newCredential !== credentialOf(current)
    if (credentialChanged) {
      const parsed = parseCredential(newCredential)!
      if (await credentialTaken(db, parsed, current.id))
        throw fieldError(
          { [tunisian ? 'phone' : 'email']: ['common.invalid'] },
          'account_information_already_used',
          'Account information already used: '
        )
    }
    const next = {
      name: body.name?.trim() ?? current.name,
      lastName: body.lastName?.trim() ?? current.lastName,
      gender: body.gender !== undefined ? body.gender : current.gender,
      birthDate,
      phone,
      phone2,
      email,
      emailVerified: email === current.email ? current.emailVerified : false,
      phoneVerified: phone === current.phone ? current.phoneVerified : false,
      countryId,
      stateId,
      delegationId,
      instituteId,
      divisionId,
      optionalSubjectId: optionalSubjectId ?? null,
      verified: credentialChanged ? false : current.verified,
      updatedAt: services.clock.now()
    }
    const updated = await saveProfile(db, current.id, { ...next, completed: isProfileComplete({ ...current, ...next }) })
    if (credentialChanged) await sendCode(codeSender(services), updated, 'registration', parseCredential(newCredential)!)
    const view = await presentUser(db, updated, undefined, requestLanguage(request, reply))
    return {
      message: 'Profil mis à jour',
      ...(credentialChanged ? { credential: newCredential } : {}),
      user: view.user
    }
  })

  addRoute(
    app,
    services,
    ep.addEmail,
    async ({ auth, body }) => {
      refuseTestAccount(auth.user)
      const email = normalizeEmail(body.email)
      await setPendingEmail(db, auth.user.id, email, services.clock.now())
      await sendEmailCode(codeSender(services), auth.user.id, email)
      return { message: 'Un code de vérification a été envoyé à votre adresse e-mail' }
    },
    { limited: true }
  )

  addRoute(
    app,
    services,
    ep.confirmEmail,
    async ({ auth, body }) => {
      refuseTestAccount(auth.user)
      const email = normalizeEmail(body.email)
      // A different address than the one the code went to must not spend the code.
      if (auth.user.pendingEmail !== email) throw fieldError({ confirmationToken: ['code.invalid'] }, 'invalid_verification_code')
      const result = await services.codes.consume(auth.user.id, 'email', body.confirmationToken)
      if (!result.ok || result.target !== email) throw fieldError({ confirmationToken: ['code.invalid'] }, 'invalid_verification_code')
      await confirmEmail(db, auth.user.id, email, services.clock.now())
      return { message: 'Votre adresse e-mail est confirmée' }
    },
    { limited: true }
  )

  addRoute(app, services, ep.addParentPhone, async ({ auth, body }) => {
    refuseTestAccount(auth.user)
    if (body.phone2 === auth.user.phone) throw fieldError({ phone2: ['phone.sameAsMain'] })
    await setParentPhone(db, auth.user.id, body.phone2, services.clock.now())
    return { message: 'Le numéro du parent est enregistré' }
  })

  addRoute(app, services, ep.updateNotificationPreferences, async ({ auth, body }) => {
    const preferences = { ...defaultNotificationPreferences, ...auth.user.notificationPreferences, ...body }
    await setNotificationPreferences(db, auth.user.id, preferences, services.clock.now())
    return { message: 'Préférences enregistrées', notification_preferences: preferences }
  })

  addRoute(app, services, ep.setNotificationToken, async ({ auth, body }) => {
    await setNotificationToken(db, auth.user.id, body.notificationToken, services.clock.now())
    return { message: 'Jeton de notification enregistré' }
  })
}
