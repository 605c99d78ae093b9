import { describe, expect, it } from 'vitest'
import { ApiError } from '../../../../../src/renderer/src/api/errors.ts'
import {
  generalMessage,
  mapLoginError,
  mapRegisterError,
  mapResetError,
  mapResetRequestError,
  ruleMessage,
  stripPunctuation
} from '../../../../../src/renderer/src/features/auth/errorMapping.ts'

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
    expect(generalMessage(new ApiError('marksheet_not_pending', 'Seul un bulletin en attente peut être supprimé.', { status: 409 }))).toEqual({
      key: 'profile:marksheets.notPending'
    })
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
    expect(mapLoginError(new ApiError('validation_failed', 'Internal Server Error', { status: 400 })).toast).toEqual({ key: 'auth:errors.server' })
  })

  it('registration: the used credential goes to the phone in Tunisia, to the e-mail abroad', () => {
    const used = new ApiError('account_information_already_used', 'Account information already used', { status: 422 })
    expect(mapRegisterError(used, true).fields).toEqual({ phone: { key: 'auth:errors.accountUsed' } })
    expect(mapRegisterError(used, false).fields).toEqual({ email: { key: 'auth:errors.accountUsed' } })
  })

  it('registration: Email and first Password messages go to their fields, others to the toast', () => {
    expect(mapRegisterError(new ApiError('validation_failed', 'Email is not valid.', { status: 422 }), true)).toEqual({
      fields: { email: { text: 'Email is not valid' } },
      toast: null
    })
    expect(mapRegisterError(new ApiError('validation_failed', 'first Password too weak', { status: 422 }), true).fields).toEqual({
      password: { text: 'first Password too weak' }
    })
    expect(mapRegisterError(new ApiError('operation_impossible', 'Opération impossible.', { status: 409 }), true)).toEqual({
      fields: {},
      toast: { text: 'Opération impossible' }
    })
  })

  it('reset request: anything but a server failure lands on the credential field', () => {
    expect(mapResetRequestError(new ApiError('validation_failed', 'bad', { status: 422, keys: { credentiel: ['credential.invalid'] } }))).toEqual({
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
