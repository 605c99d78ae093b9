/** The accounts and pickers calls, typed by the shared contract and parsed with its schemas. */
import { z } from 'zod'
import {
  AuthResultSchema,
  CaptchaChallengeSchema,
  ChangeCredentialResponseSchema,
  MeResponseSchema,
  RegisterResponseSchema,
  type AuthResult,
  type MeResponse
} from '../../../shared/api/accounts.ts'
import { MessageResponseSchema } from '../../../shared/api/common.ts'
import { CountrySchema, DivisionSchema, OptionalSubjectSchema, StateSchema, type Country, type Division, type State } from '../../../shared/api/pickers.ts'
import type { RegistrationForm } from '../../../shared/rules/registration.ts'
import type { HttpClient } from './http.ts'

export type SocialProvider = 'google' | 'facebook'
export type CaptchaChallenge = z.infer<typeof CaptchaChallengeSchema>
export type RegisterResult = z.infer<typeof RegisterResponseSchema>
export type ChangeCredentialResult = z.infer<typeof ChangeCredentialResponseSchema>
export type OptionalSubject = z.infer<typeof OptionalSubjectSchema>
export type RegisterBody = RegistrationForm

export interface ChangePasswordBody {
  oldPassword: string
  newPassword: string
  new_password_confirmation: string
  'g-recaptcha-response': string
}

export interface ResetPasswordBody {
  token: string
  credential: string
  newPassword: string
  retypePassword: string
  'g-recaptcha-response': string
}

export interface AccountsApi {
  captchaChallenge(): Promise<CaptchaChallenge>
  login(body: { username: string; password: string; 'g-recaptcha-response': string }): Promise<AuthResult>
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
  return {
    captchaChallenge: () => http.request({ method: 'GET', path: '/captcha/challenge', schema: CaptchaChallengeSchema, auth: false }),
    login: (body) => http.request({ method: 'POST', path: '/auth/login_check', body, schema: AuthResultSchema, auth: false }),
    refresh: (refreshToken) =>
      http.request({ method: 'POST', path: '/auth/refresh', body: { refresh_token: refreshToken }, schema: AuthResultSchema, auth: false }),
    logout: async () => {
      await http.request({ method: 'GET', path: '/auth/logout', schema: MessageResponseSchema })
    },
    logoutSession: async (accessToken) => {
      await http.request({
        method: 'GET', path: '/auth/logout', schema: MessageResponseSchema, auth: false, headers: { Authorization: `Bearer ${accessToken}` }
      })
    },
    switchSession: (switchToken) =>
      http.request({ method: 'POST', path: '/auth/switch', body: { token: switchToken }, schema: AuthResultSchema, auth: false }),
    me: () => http.request({ method: 'GET', path: '/auth/me', schema: MeResponseSchema }),
    register: (body) => http.request({ method: 'POST', path: '/auth/register', body, schema: RegisterResponseSchema, auth: false }),
    confirmRegistration: (code, captcha) =>
      http.request({
        method: 'POST',
        path: '/auth/confirm-registration',
        query: { token: code },
        body: { 'g-recaptcha-response': captcha },
        schema: AuthResultSchema
      }),
    resendCode: () => http.request({ method: 'GET', path: '/auth/resend-code', schema: MessageResponseSchema }).then(message),
    changeCredential: (credential, captcha) =>
      http.request({
        method: 'POST',
        path: '/auth/change-credential',
        body: { credential, 'g-recaptcha-response': captcha },
        schema: ChangeCredentialResponseSchema
      }),
    requestPassword: (credential, captcha) =>
      http
        .request({
          method: 'POST',
          path: '/auth/request-password',
          body: { credentiel: credential, 'g-recaptcha-response': captcha },
          schema: MessageResponseSchema,
          auth: false
        })
        .then(message),
    resetPassword: (body) =>
      http.request({ method: 'POST', path: '/auth/reset-password', body, schema: MessageResponseSchema, auth: false }).then(message),
    changePassword: (body) => http.request({ method: 'PUT', path: '/user/change-password', body, schema: AuthResultSchema }),
    socialCallback: (provider, code, codeVerifier) =>
      http.request({
        method: 'GET',
        path: `/auth/social/${encodeURIComponent(provider)}/callback`,
        query: { code, code_verifier: codeVerifier },
        schema: AuthResultSchema,
        auth: false
      }),
    countries: () => http.request({ method: 'GET', path: '/countries', schema: z.array(CountrySchema), auth: false }),
    states: (countryId) => http.request({ method: 'GET', path: `/countries/${countryId}/states`, schema: z.array(StateSchema), auth: false }),
    divisions: () => http.request({ method: 'GET', path: '/divisions', schema: z.array(DivisionSchema), auth: false }),
    optionalSubjects: (divisionId) =>
      http.request({ method: 'GET', path: `/optional-subjects/${divisionId}`, schema: z.array(OptionalSubjectSchema), auth: false })
  }
}
