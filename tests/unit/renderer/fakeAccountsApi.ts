import {
  NotificationPreferenceNameSchema,
  type AuthResult,
  type MeResponse,
  type NotificationPreferences,
  type Permissions,
  type User
} from '../../../src/shared/api/accounts.ts'
import type { Session } from '../../../src/shared/ipc.ts'
import type { AccountsApi } from '../../../src/renderer/src/api/accounts.ts'
import { ApiError } from '../../../src/renderer/src/api/errors.ts'
import { NO_PERMISSIONS } from '../../../src/renderer/src/stores/permissions.ts'
import { SessionStore } from '../../../src/renderer/src/stores/SessionStore.ts'
import { UiStore } from '../../../src/renderer/src/stores/UiStore.ts'
import { UserStore } from '../../../src/renderer/src/stores/UserStore.ts'
import { fakePlatform } from './fakePlatform.ts'

/** Every notification family on, as for a new account. */
const ALL_NOTIFICATIONS = Object.fromEntries(
  NotificationPreferenceNameSchema.options.map((name) => [name, true])
) as NotificationPreferences

/** A complete, verified Tunisian pupil as the API describes one. */
export function userFixture(overrides: Partial<User> = {}): User {
  return {
    id: 1,
    name: 'Sami',
    last_name: 'Trabelsi',
    email: null,
    phone: '20000001',
    phone2: null,
    gender: 'male',
    birth_date: '2008-03-14',
    avatar: null,
    points: 12,
    division: { id: 14, name: '3ème année secondaire' },
    optional_subject: null,
    country: { id: 1, name: 'Tunisie', code: 'TN' },
    country_id: 1,
    state: { id: 1, name: 'Tunis' },
    delegation: null,
    institute: { id: 3, name: 'Lycée' },
    affiliations: [],
    offers: [],
    completed: true,
    verified: true,
    email_verified: false,
    phone_verified: true,
    google_id: null,
    facebook_id: null,
    hasSession: false,
    freeHours: 0,
    istest: false,
    hasEditDivision: false,
    business_id: null,
    takeTrialAdvantage: false,
    gift_code: null,
    gift_point: 0,
    password_changed_at: null,
    notification_preferences: { ...ALL_NOTIFICATIONS },
    notification_token: null,
    user_type: 'student',
    created_at: '2026-01-01T00:00:00.000Z',
    ...overrides
  }
}

/** That pupil (or another) as `GET /auth/me` describes one: no permission flag unless given. */
export function meFixture(user: Partial<User> = {}, permissions: Partial<Permissions> = {}, extra: Partial<MeResponse> = {}): MeResponse {
  return {
    user: userFixture(user),
    permissions: { ...NO_PERMISSIONS, ...permissions },
    studentLevel: { level: null, division: null, subjects: [] },
    hasPhoneParent: false,
    hasParent: false,
    hasParentRequest: false,
    isOperatorClient: false,
    discountCode: null,
    discountType: null,
    discountAmount: null,
    admin_user_id: null,
    ...extra
  }
}

export function authResult(token = 'access-1', refresh = 'refresh-1', overrides: Partial<AuthResult> = {}): AuthResult {
  return {
    token,
    refresh_token: refresh,
    token_type: 'Bearer',
    expires_in: 900,
    user_type: 'student',
    verified: true,
    password_expired: false,
    message: '',
    ...overrides
  }
}

export function sessionFixture(overrides: Partial<Session> = {}): Session {
  return { token: 'stored-access', refreshToken: 'stored-refresh', tokenType: 'Bearer', expiresAt: 1, userType: 'student', ...overrides }
}

const notFaked = (name: string) => () => Promise.reject(new ApiError('server_error', `${name} is not faked in this test`))

export interface FakeAccountsApi extends AccountsApi {
  /** What `me()` answers next: a response, or an error to throw. */
  meAnswer: MeResponse | ApiError
  calls: string[]
}

/** An accounts API that answers from memory and records the calls made. */
export function fakeAccountsApi(overrides: Partial<AccountsApi> = {}): FakeAccountsApi {
  const fake: FakeAccountsApi = {
    meAnswer: meFixture(),
    calls: [],
    captchaChallenge: notFaked('captchaChallenge'),
    login: notFaked('login'),
    refresh: notFaked('refresh'),
    logout: async () => {
      fake.calls.push('logout')
    },
    logoutSession: async (accessToken) => {
      fake.calls.push(`logout:${accessToken}`)
    },
    switchSession: notFaked('switchSession'),
    me: async () => {
      fake.calls.push('me')
      if (fake.meAnswer instanceof ApiError) throw fake.meAnswer
      return fake.meAnswer
    },
    register: notFaked('register'),
    confirmRegistration: notFaked('confirmRegistration'),
    resendCode: notFaked('resendCode'),
    changeCredential: notFaked('changeCredential'),
    requestPassword: notFaked('requestPassword'),
    resetPassword: notFaked('resetPassword'),
    changePassword: notFaked('changePassword'),
    socialCallback: notFaked('socialCallback'),
    countries: async () => [],
    states: async () => [],
    divisions: async () => [],
    optionalSubjects: async () => [],
    ...overrides
  }
  return fake
}

/** A started session over a fake accounts API (its captcha always solved), and what the auth stores need beside it. */
export async function authDeps(overrides: Partial<AccountsApi> = {}) {
  const api = fakeAccountsApi(overrides)
  const platform = fakePlatform()
  const session = new SessionStore({ platform, user: new UserStore(), createApi: () => api, createCaptcha: () => async () => 'solved' })
  await session.start()
  const ui = new UiStore()
  return { api, platform, session, ui, deps: { session, ui, platform } }
}
