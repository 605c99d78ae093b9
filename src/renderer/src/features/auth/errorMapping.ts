/**
 * Server failures of the sign-in, registration, reset and password forms (specification §8),
 * placed on their fields; the shared wording is forms/messages.ts.
 */
import type { ApiError } from '../../api/errors.ts'
import { generalMessage, placeFields, serverFieldMessage, serverTextMessage, type MappedError } from '../../forms/messages.ts'

export type LoginField = 'username' | 'password'

export function mapLoginError(error: ApiError): MappedError<LoginField> {
  if (error.code === 'invalid_credentials' || error.message.includes('Invalid credentials')) {
    return { fields: { username: { blank: true }, password: { blank: true } }, toast: { key: 'auth:errors.invalidCredentials' } }
  }
  if (error.code === 'validation_failed') return placeFields(error, { username: 'username', password: 'password' })
  return { fields: {}, toast: generalMessage(error) }
}

export type RegisterField =
  | 'name'
  | 'lastName'
  | 'phone'
  | 'email'
  | 'birthDate'
  | 'password'
  | 'passwordConfirm'
  | 'country'
  | 'state'
  | 'division'
  | 'optionalSubject'

const REGISTER_FIELDS: Record<string, RegisterField> = {
  name: 'name',
  lastName: 'lastName',
  phone: 'phone',
  email: 'email',
  birthDate: 'birthDate',
  plainPassword: 'password',
  'plainPassword.first': 'password',
  'plainPassword.second': 'passwordConfirm',
  country: 'country',
  state: 'state',
  division: 'division',
  optionalSubject: 'optionalSubject'
}

/** §8 registration: the credential already used, then the message-text rules, then fields. */
export function mapRegisterError(error: ApiError, tunisian: boolean): MappedError<RegisterField> {
  const text = error.message
  if (error.code === 'account_information_already_used' || text.includes('Account information already used')) {
    return { fields: { [tunisian ? 'phone' : 'email']: { key: 'auth:errors.accountUsed' } }, toast: null }
  }
  if (/server/i.test(text) || error.code === 'server_error' || error.code === 'network') return { fields: {}, toast: generalMessage(error) }
  const byText: [string, RegisterField, string][] = [
    ['Birthdate', 'birthDate', 'birthDate'],
    ['Email', 'email', 'email'],
    ['first Password', 'password', 'plainPassword.first']
  ]
  for (const [needle, field, serverField] of byText) {
    if (text.includes(needle)) {
      return { fields: { [field]: serverFieldMessage(error, serverField) ?? serverTextMessage(error, text) }, toast: null }
    }
  }
  return placeFields(error, REGISTER_FIELDS)
}

/** §8 reset request: anything but a server failure is shown on the credential field. */
export function mapResetRequestError(error: ApiError): MappedError<'credential'> {
  if (
    /server/i.test(error.message) ||
    ['server_error', 'network', 'rate_limited', 'captcha_failed', 'invalid_response'].includes(error.code)
  ) {
    return { fields: {}, toast: generalMessage(error) }
  }
  const message = serverFieldMessage(error, 'credentiel') ?? serverFieldMessage(error, 'credential') ?? generalMessage(error)
  return { fields: { credential: message }, toast: null }
}

export type ResetField = 'token' | 'newPassword' | 'retypePassword' | 'credential'

/** §8 reset: a token error goes to the token field. */
export function mapResetError(error: ApiError): MappedError<ResetField> {
  if (error.code === 'bad_reset_token' || /token/i.test(error.message) || error.fields.token) {
    return { fields: { token: serverFieldMessage(error, 'token') ?? { key: 'auth:errors.invalidCode' } }, toast: null }
  }
  if (error.code === 'validation_failed' || error.code === 'same_password') {
    return placeFields(error, { token: 'token', newPassword: 'newPassword', retypePassword: 'retypePassword', credential: 'credential' })
  }
  return { fields: {}, toast: generalMessage(error) }
}

export type ChangePasswordField = 'oldPassword' | 'newPassword' | 'confirmation'

export function mapChangePasswordError(error: ApiError): MappedError<ChangePasswordField> {
  if (['validation_failed', 'invalid_old_password', 'same_password'].includes(error.code)) {
    return placeFields(error, { oldPassword: 'oldPassword', newPassword: 'newPassword', new_password_confirmation: 'confirmation' })
  }
  return { fields: {}, toast: generalMessage(error) }
}

/**
 * Correcting where the code goes: a credential another account proved is said on the field, as
 * the registration form says it; the field's rule messages go there too.
 */
export function mapChangeCredentialError(error: ApiError): MappedError<'credential'> {
  if (error.code === 'account_information_already_used') {
    return { fields: { credential: { key: 'auth:errors.accountUsed' } }, toast: null }
  }
  if (error.code === 'validation_failed' || error.code === 'phone_locked') return placeFields(error, { credential: 'credential' })
  return { fields: {}, toast: generalMessage(error) }
}

export function mapConfirmError(error: ApiError): MappedError<'code'> {
  if (error.code === 'invalid_verification_code' || error.fields.token) {
    return { fields: { code: serverFieldMessage(error, 'token') ?? { key: 'auth:errors.invalidCode' } }, toast: null }
  }
  return { fields: {}, toast: generalMessage(error) }
}
