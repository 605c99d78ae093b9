import { describe, expect, it } from 'vitest'
import { ApiError, type ApiErrorCode } from '../../../../../src/renderer/src/api/errors.ts'
import { createI18n } from '../../../../../src/renderer/src/i18n/index.ts'
import { ensureNamespace } from '../../../../../src/renderer/src/i18n/lazyNamespace.ts'
import { profileAr } from '../../../../../src/renderer/src/i18n/locales/profile.ar.ts'
import { profileEnUS } from '../../../../../src/renderer/src/i18n/locales/profile.en-US.ts'
import { profileFr } from '../../../../../src/renderer/src/i18n/locales/profile.fr.ts'
import { LANGUAGES } from '../../../../../src/renderer/src/i18n/languages.ts'
import { ErrorCodeSchema } from '../../../../../src/shared/errors.ts'
import {
  mapLoginError,
  mapRegisterError,
  mapResetError,
  mapResetRequestError
} from '../../../../../src/renderer/src/features/auth/errorMapping.ts'
import { generalMessage, ruleMessage, stripPunctuation } from '../../../../../src/renderer/src/forms/messages.ts'

describe('error mapping (§8)', () => {
  it('names each rule message in the catalogue of its form', () => {
    expect(ruleMessage('password.min')).toEqual({ key: 'auth:rules.password.min' })
    expect(ruleMessage('transfer.amountRange')).toEqual({ key: 'wallet:rules.transfer.amountRange' })
    expect(ruleMessage('payment.amount')).toEqual({ key: 'wallet:rules.payment.amount' })
  })

  it('profile refusals get catalogue texts, never the server’s French', () => {
    expect(generalMessage(new ApiError('division_request_pending', 'Vous avez déjà une demande en attente.', { status: 409 }))).toEqual({
      key: 'profile:divisionChange.pendingNotice'
    })
    expect(
      generalMessage(new ApiError('marksheet_not_pending', 'Seul un bulletin en attente peut être supprimé.', { status: 409 }))
    ).toEqual({
      key: 'profile:marksheets.notPending'
    })
  })

  it('words every code in each language and never shows the server’s own sentence as the general message', () => {
    const codes: ApiErrorCode[] = [...ErrorCodeSchema.options, 'network', 'invalid_response']
    for (const language of LANGUAGES) {
      const i18n = createI18n(language)
      ensureNamespace(i18n, 'profile', { fr: profileFr, 'en-US': profileEnUS, ar: profileAr })
      for (const code of codes) {
        const message = generalMessage(new ApiError(code, 'Accès refusé', { status: 400 }))
        if (!('key' in message)) throw new Error(`${code} is shown as the server sent it`)
        const [namespace, path] = message.key.split(':') as [string, string]
        // Read from the language's own catalogue: a text missing there must not pass on the French fallback.
        const text: unknown = i18n.getResource(language, namespace, path)
        expect(typeof text, `${language} ${code}`).toBe('string')
        expect(text, `${language} ${code}`).not.toBe('')
      }
    }
  })

  it('a general failure names the rule the server gave, in the user’s language, before the code', () => {
    const refused = new ApiError('validation_failed', 'Le numéro de téléphone ne peut plus être modifié', {
      status: 422,
      keys: { x: ['phone.locked'] }
    })
    expect(generalMessage(refused)).toEqual({ key: 'auth:rules.phone.locked' })
    expect(generalMessage(new ApiError('validation_failed', 'Validation failed', { status: 422 }))).toEqual({
      key: 'auth:errors.invalidInput'
    })
    expect(generalMessage(new ApiError('forbidden', "Vous n'êtes pas autorisé à changer de classe", { status: 403 }))).toEqual({
      key: 'auth:errors.forbidden'
    })
    expect(generalMessage(new ApiError('not_found', 'Bulletin introuvable', { status: 404 }))).toEqual({ key: 'auth:errors.notFound' })
  })

  it('strips punctuation from server texts', () => {
    expect(stripPunctuation('Invalid credentials.')).toBe('Invalid credentials')
    expect(stripPunctuation('Oups !  Réessayez, svp…')).toBe('Oups Réessayez svp')
  })

  it('login: Invalid credentials marks both fields without text; Server gives the generic text', () => {
    expect(mapLoginError(new ApiError('validation_failed', 'Invalid credentials.', { status: 401 }))).toEqual({
      fields: { username: { blank: true }, password: { blank: true } },
      toast: { key: 'auth:errors.invalidCredentials' }
    })
    expect(mapLoginError(new ApiError('validation_failed', 'Internal Server Error', { status: 400 })).toast).toEqual({
      key: 'auth:errors.server'
    })
  })

  it('registration: the used credential goes to the phone in Tunisia, to the e-mail abroad', () => {
    const used = new ApiError('account_information_already_used', 'Account information already used', { status: 422 })
    expect(mapRegisterError(used, true).fields).toEqual({ phone: { key: 'auth:errors.accountUsed' } })
    expect(mapRegisterError(used, false).fields).toEqual({ email: { key: 'auth:errors.accountUsed' } })
  })

  it('registration: Email and first Password messages go to their fields (worded by rule or code, never as sent), others to the toast', () => {
    expect(mapRegisterError(new ApiError('validation_failed', 'Email is not valid.', { status: 422 }), true)).toEqual({
      fields: { email: { key: 'auth:errors.invalidInput' } },
      toast: null
    })
    expect(mapRegisterError(new ApiError('validation_failed', 'first Password too weak', { status: 422 }), true).fields).toEqual({
      password: { key: 'auth:errors.invalidInput' }
    })
    expect(mapRegisterError(new ApiError('validation_failed', 'Email: Please enter a valid email', { status: 422 }), false).fields).toEqual(
      {
        email: { key: 'auth:rules.email.invalid' }
      }
    )
    expect(mapRegisterError(new ApiError('operation_impossible', 'Opération impossible.', { status: 409 }), true)).toEqual({
      fields: {},
      toast: { key: 'auth:errors.operationImpossible' }
    })
  })

  it('reset request: anything but a server failure lands on the credential field', () => {
    expect(
      mapResetRequestError(new ApiError('validation_failed', 'bad', { status: 422, keys: { credentiel: ['credential.invalid'] } }))
    ).toEqual({
      fields: { credential: { key: 'auth:rules.credential.invalid' } },
      toast: null
    })
    expect(mapResetRequestError(new ApiError('network', 'down'))).toEqual({ fields: {}, toast: { key: 'auth:errors.network' } })
  })

  it('reset: a token error goes to the token field', () => {
    expect(mapResetError(new ApiError('bad_reset_token', 'Bad token', { status: 422, keys: { token: ['code.invalid'] } }))).toEqual({
      fields: { token: { key: 'auth:rules.code.invalid' } },
      toast: null
    })
  })
})
