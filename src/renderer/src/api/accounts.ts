/** The accounts and pickers calls: entries of the shared accounts and pickers tables, parsed with their response schemas. */
import { accountsEndpoints, type AuthResult, type MeResponse } from '../../../shared/api/accounts.ts'
import { pickersEndpoints, type Country, type Division, type State } from '../../../shared/api/pickers.ts'
import type { z } from 'zod'
import type { SocialProviderSchema } from '../../../shared/deepLink.ts'
import type { CallBody, HttpClient, ResponseOf } from './http.ts'

type Endpoints = typeof accountsEndpoints
export type SocialProvider = z.infer<typeof SocialProviderSchema>
export type CaptchaChallenge = ResponseOf<Endpoints['captchaChallenge']>
export type RegisterResult = ResponseOf<Endpoints['register']>
export type ChangeCredentialResult = ResponseOf<Endpoints['changeCredential']>
export type OptionalSubject = ResponseOf<typeof pickersEndpoints.optionalSubjects>[number]
export type LoginBody = CallBody<Endpoints['login']>
export type RegisterBody = CallBody<Endpoints['register']>
export type ChangePasswordBody = CallBody<Endpoints['changePassword']>
export type ResetPasswordBody = CallBody<Endpoints['resetPassword']>

export interface AccountsApi {
  captchaChallenge(): Promise<CaptchaChallenge>
  login(body: LoginBody): Promise<AuthResult>
  refresh(refreshToken: string): Promise<AuthResult>
  logout(): Promise<void>
  /** Revokes another session than the current one (the one a switch link replaces). */
  logoutSession(accessToken: string): Promise<void>
  /** Exchanges an administrator's single-use switch token for the impersonation session's pair. */
  switchSession(switchToken: string): Promise<AuthResult>
  me(): Promise<MeResponse>
  register(body: RegisterBody): Promise<RegisterResult>
  confirmRegistration(code: string, captcha: string): Promise<AuthResult>
  resendCode(): Promise<string>
  /** Corrects the phone or e-mail an unconfirmed account waits for its code on; a new code goes there. */
  changeCredential(credential: string, captcha: string): Promise<ChangeCredentialResult>
  requestPassword(credential: string, captcha: string): Promise<string>
  resetPassword(body: ResetPasswordBody): Promise<string>
  changePassword(body: ChangePasswordBody): Promise<AuthResult>
  socialCallback(provider: SocialProvider, code: string, codeVerifier: string): Promise<AuthResult>
  countries(): Promise<Country[]>
  states(countryId: number): Promise<State[]>
  divisions(): Promise<Division[]>
  optionalSubjects(divisionId: number): Promise<OptionalSubject[]>
}

const message = (response: { message: string }) => response.message

export function createAccountsApi(http: HttpClient): AccountsApi {
  const accounts = accountsEndpoints
  const pickers = pickersEndpoints
  return {
    captchaChallenge: () => http.call(accounts.captchaChallenge),
    login: (body) => http.call(accounts.login, { body }),
    refresh: (refreshToken) => http.call(accounts.refresh, { body: { refresh_token: refreshToken } }),
    logout: async () => {
      await http.call(accounts.logout)
    },
    logoutSession: async (accessToken) => {
      await http.call(accounts.logout, { auth: false, headers: { Authorization: `Bearer ${accessToken}` } })
    },
    switchSession: (switchToken) => http.call(accounts.switchSession, { body: { token: switchToken } }),
    me: () => http.call(accounts.me),
    register: (body) => http.call(accounts.register, { body }),
    confirmRegistration: (code, captcha) =>
      http.call(accounts.confirmRegistration, { query: { token: code }, body: { 'g-recaptcha-response': captcha } }),
    resendCode: () => http.call(accounts.resendCode).then(message),
    changeCredential: (credential, captcha) =>
      http.call(accounts.changeCredential, { body: { credential, 'g-recaptcha-response': captcha } }),
    requestPassword: (credential, captcha) =>
      http.call(accounts.requestPassword, { body: { credentiel: credential, 'g-recaptcha-response': captcha } }).then(message),
    resetPassword: (body) => http.call(accounts.resetPassword, { body }).then(message),
    changePassword: (body) => http.call(accounts.changePassword, { body }),
    socialCallback: (provider, code, codeVerifier) =>
      http.call(accounts.socialCallback, { params: { provider }, query: { code, code_verifier: codeVerifier } }),
    countries: () => http.call(pickers.countries),
    states: (countryId) => http.call(pickers.states, { params: { id: countryId } }),
    divisions: () => http.call(pickers.divisions),
    optionalSubjects: (divisionId) => http.call(pickers.optionalSubjects, { params: { id: divisionId } })
  }
}
