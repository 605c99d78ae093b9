/**
 * The accounts contract (specification part 1, sections 3, 4, 5 and 7): the current user,
 * sign-in, registration, confirmation, password reset and change, profile, and the calls that
 * manage contact details and notification settings.
 */
import { z } from 'zod'
import { PASSWORD_MIN } from '../constants.ts'
import { UserTypeSchema } from '../ipc.ts'
import { SocialProviderSchema, SwitchRedirectSchema } from '../deepLink.ts'
import { confirmationCodeSchema, resetCodeSchema } from '../rules/code.ts'
import { credentialSchema } from '../rules/credential.ts'
import { checkEmail, EMAIL_MAX } from '../rules/email.ts'
import { normalizeDigits } from '../rules/input.ts'
import { firstNameSchema, lastNameSchema } from '../rules/names.ts'
import { checkNewPassword, loginPasswordSchema, newPasswordSchema } from '../rules/password.ts'
import { parentPhoneSchema } from '../rules/phone.ts'
import { captchaField, registrationSchema } from '../rules/registration.ts'
import { MessageResponseSchema, IdNameSchema, idParam, type Endpoint } from './common.ts'

export { UserTypeSchema }
export type UserType = z.infer<typeof UserTypeSchema>

export const NOTIFICATION_PREFERENCE_FAMILIES = {
  general: ['completeInformation', 'giftCodeUsed', 'parentRequest', 'changePassword'],
  contents: ['uploadNewSessionRecord', 'uploadNewContent'],
  sessions: ['updateSession', 'updateVideoReport'],
  payment: ['paySlice', 'transferPoint']
} as const
export const NotificationPreferenceNameSchema = z.enum([
  'completeInformation',
  'giftCodeUsed',
  'parentRequest',
  'changePassword',
  'uploadNewSessionRecord',
  'uploadNewContent',
  'updateSession',
  'updateVideoReport',
  'paySlice',
  'transferPoint'
])
export type NotificationPreferenceName = z.infer<typeof NotificationPreferenceNameSchema>
export const NotificationPreferencesSchema = z.object({
  completeInformation: z.boolean(),
  giftCodeUsed: z.boolean(),
  parentRequest: z.boolean(),
  changePassword: z.boolean(),
  uploadNewSessionRecord: z.boolean(),
  uploadNewContent: z.boolean(),
  updateSession: z.boolean(),
  updateVideoReport: z.boolean(),
  paySlice: z.boolean(),
  transferPoint: z.boolean()
})
export type NotificationPreferences = z.infer<typeof NotificationPreferencesSchema>

export const GenderSchema = z.enum(['male', 'female'])

export const AffiliationSchema = z.object({
  group_id: z.number().int(),
  name: z.string(),
  start_date: z.string().nullable(),
  end_date: z.string().nullable(),
  chapter_id: z.number().int().nullable()
})

export const CountryRefSchema = z.object({ id: z.number().int(), name: z.string(), code: z.string() })

/** The current user (section 3). */
export const UserSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  last_name: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  phone2: z.string().nullable(),
  gender: GenderSchema.nullable(),
  birth_date: z.string().nullable(),
  avatar: z.string().nullable(),
  points: z.number(),
  division: IdNameSchema.nullable(),
  optional_subject: IdNameSchema.nullable(),
  country: CountryRefSchema.nullable(),
  country_id: z.number().int().nullable(),
  state: IdNameSchema.nullable(),
  delegation: IdNameSchema.nullable(),
  institute: IdNameSchema.nullable(),
  affiliations: z.array(AffiliationSchema),
  offers: z.array(AffiliationSchema),
  completed: z.boolean(),
  verified: z.boolean(),
  email_verified: z.boolean(),
  /** The phone was proven by a code (decision 0016); an unproven one may still be corrected. */
  phone_verified: z.boolean(),
  google_id: z.string().nullable(),
  facebook_id: z.string().nullable(),
  hasSession: z.boolean(),
  freeHours: z.number(),
  istest: z.boolean(),
  hasEditDivision: z.boolean(),
  business_id: z.number().int().nullable(),
  takeTrialAdvantage: z.boolean(),
  gift_code: z.string().nullable(),
  gift_point: z.number(),
  password_changed_at: z.string().nullable(),
  notification_preferences: NotificationPreferencesSchema,
  notification_token: z.string().nullable(),
  user_type: UserTypeSchema,
  created_at: z.string()
})
export type User = z.infer<typeof UserSchema>

export const PermissionsSchema = z.object({
  has_forum: z.boolean(),
  has_exam: z.boolean(),
  isProfSon: z.boolean(),
  versPilote: z.boolean(),
  freeHours: z.boolean(),
  hasEditDivision: z.boolean(),
  influencer: z.boolean(),
  eligibleUserForGift: z.boolean(),
  takeTrialAdvantage: z.boolean(),
  /** True when the password has expired and must be changed before anything else. */
  changePassword: z.boolean(),
  discount: z.boolean()
})
export type Permissions = z.infer<typeof PermissionsSchema>

export const StudentLevelSchema = z.object({
  level: z.string().nullable(),
  division: z.string().nullable(),
  subjects: z.array(z.string())
})

export const MeResponseSchema = z.object({
  user: UserSchema,
  permissions: PermissionsSchema,
  studentLevel: StudentLevelSchema,
  hasPhoneParent: z.boolean(),
  hasParent: z.boolean(),
  hasParentRequest: z.boolean(),
  isOperatorClient: z.boolean(),
  discountCode: z.string().nullable(),
  discountType: z.enum(['percentage_discount', 'fixed']).nullable(),
  discountAmount: z.number().nullable(),
  /** Set when an administrator opened this session through a switch link. */
  admin_user_id: z.number().int().nullable()
})
export type MeResponse = z.infer<typeof MeResponseSchema>

/** What a successful sign-in, confirmation, refresh or social callback answers. */
export const AuthResultSchema = z.object({
  token: z.string(),
  refresh_token: z.string(),
  token_type: z.literal('Bearer'),
  /** Seconds until `token` expires. */
  expires_in: z.number().int().positive(),
  user_type: UserTypeSchema,
  verified: z.boolean(),
  /** True when the password has expired: only the password flows are open until it changes. */
  password_expired: z.boolean(),
  message: z.string()
})
export type AuthResult = z.infer<typeof AuthResultSchema>

export const LoginBodySchema = z.strictObject({
  username: credentialSchema,
  password: loginPasswordSchema,
  'g-recaptcha-response': captchaField
})
export type LoginBody = z.infer<typeof LoginBodySchema>

export const RefreshBodySchema = z.strictObject({
  refresh_token: z.string({ error: 'common.required' }).min(1, { error: 'common.required' }).max(512, { error: 'common.invalid' })
})

export { registrationSchema as RegisterBodySchema }
export const RegisterResponseSchema = AuthResultSchema.extend({
  /** Where the confirmation code went (the phone or the e-mail). */
  credential: z.string()
})

export const ConfirmRegistrationQuerySchema = z.strictObject({ token: confirmationCodeSchema })
export const CaptchaOnlyBodySchema = z.strictObject({ 'g-recaptcha-response': captchaField })
/**
 * A new phone (in Tunisia) or e-mail (abroad) for the code of an account still waiting for it:
 * checked against the account's country by the server, which answers the field's own messages.
 */
export const ChangeCredentialBodySchema = z.strictObject({
  credential: z.string({ error: 'credential.required' }).max(EMAIL_MAX, { error: 'credential.invalid' }).transform(normalizeDigits),
  'g-recaptcha-response': captchaField
})
export type ChangeCredentialBody = z.infer<typeof ChangeCredentialBodySchema>
export const ChangeCredentialResponseSchema = MessageResponseSchema.extend({
  /** Where the new code went: the normalised phone or e-mail, now the account's credential. */
  credential: z.string()
})

export const RequestPasswordQuerySchema = z.strictObject({ credentiel: credentialSchema })
export const RequestPasswordBodySchema = z.strictObject({
  credentiel: credentialSchema,
  'g-recaptcha-response': captchaField
})

export const ResetPasswordBodySchema = z
  .strictObject({
    token: resetCodeSchema,
    credential: credentialSchema,
    newPassword: newPasswordSchema,
    retypePassword: z.string({ error: 'password.confirmRequired' }).max(256, { error: 'password.length' }),
    'g-recaptcha-response': captchaField
  })
  .superRefine((form, ctx) => {
    if (form.retypePassword === '') ctx.addIssue({ code: 'custom', path: ['retypePassword'], message: 'password.confirmRequired' })
    else if (form.retypePassword !== form.newPassword)
      ctx.addIssue({ code: 'custom', path: ['retypePassword'], message: 'password.newMismatch' })
  })

const fillFields = z.string({ error: 'common.fillFields' }).min(1, { error: 'common.fillFields' })
export const ChangePasswordBodySchema = z
  .strictObject({
    oldPassword: z
      .string({ error: 'common.fillFields' })
      .max(256, { error: 'password.length' })
      .superRefine((value, ctx) => {
        if (value === '') ctx.addIssue({ code: 'custom', message: 'common.fillFields' })
        else if (value.length < PASSWORD_MIN) ctx.addIssue({ code: 'custom', message: 'password.min' })
      }),
    newPassword: z
      .string({ error: 'common.fillFields' })
      .max(256, { error: 'password.length' })
      .superRefine((value, ctx) => {
        const keys = value === '' ? (['common.fillFields'] as const) : checkNewPassword(value)
        for (const key of keys) ctx.addIssue({ code: 'custom', message: key })
      }),
    new_password_confirmation: fillFields.max(256, { error: 'password.length' }),
    'g-recaptcha-response': captchaField
  })
  .superRefine((form, ctx) => {
    if (form.new_password_confirmation !== '' && form.new_password_confirmation !== form.newPassword) {
      ctx.addIssue({ code: 'custom', path: ['new_password_confirmation'], message: 'password.mismatch' })
    }
    if (form.newPassword !== '' && form.oldPassword === form.newPassword)
      ctx.addIssue({ code: 'custom', path: ['newPassword'], message: 'password.sameAsOld' })
  })

const optionalId = z
  .number({ error: 'common.invalid' })
  .int({ error: 'common.invalid' })
  .positive({ error: 'common.invalid' })
  .max(2_147_483_647, { error: 'common.invalid' })
  .nullish()
export const UpdateProfileBodySchema = z.strictObject({
  name: firstNameSchema.optional(),
  lastName: lastNameSchema.optional(),
  phone: z.string().max(32, { error: 'phone.invalid' }).transform(normalizeDigits).nullish(),
  phone2: z.string().max(32, { error: 'phone.invalid' }).transform(normalizeDigits).nullish(),
  email: z.string().max(180, { error: 'email.invalid' }).nullish(),
  gender: GenderSchema.nullish(),
  birthDate: z.string().max(10, { error: 'birthDate.format' }).nullish(),
  avatar: z.string().max(2048, { error: 'common.tooLong' }).nullish(),
  country: optionalId,
  state: optionalId,
  delegation: optionalId,
  institute: optionalId,
  division: optionalId,
  optionalSubject: optionalId,
  'g-recaptcha-response': captchaField
})
export type UpdateProfileBody = z.infer<typeof UpdateProfileBodySchema>
export const UpdateProfileResponseSchema = z.object({
  message: z.string(),
  /** Present when a new phone or e-mail must be confirmed: the client goes to /confirm. */
  credential: z.string().optional(),
  user: UserSchema
})

/** The add-email dialog has one message for every failure, empty included (section 5). */
const addEmailSchema = z
  .string({ error: 'email.invalid' })
  .max(EMAIL_MAX, { error: 'email.invalid' })
  .superRefine((value, ctx) => {
    if (checkEmail(value)) ctx.addIssue({ code: 'custom', message: 'email.invalid' })
  })
export const AddEmailBodySchema = z.strictObject({ email: addEmailSchema })
export const ConfirmEmailBodySchema = z.strictObject({
  confirmationToken: confirmationCodeSchema,
  email: addEmailSchema,
  'g-recaptcha-response': captchaField
})
export const AddParentPhoneBodySchema = z.strictObject({ phone2: parentPhoneSchema })
export const NotificationPreferencesBodySchema = NotificationPreferencesSchema.partial().strict()
export const NotificationTokenBodySchema = z.strictObject({
  notificationToken: z.string({ error: 'common.required' }).min(1, { error: 'common.required' }).max(4096, { error: 'common.tooLong' })
})

export const MyProfileResponseSchema = z.object({ user: UserSchema, permissions: PermissionsSchema })

export const CaptchaChallengeSchema = z.object({
  parameters: z.object({
    algorithm: z.string(),
    nonce: z.string(),
    salt: z.string(),
    cost: z.number(),
    keyLength: z.number(),
    keyPrefix: z.string(),
    keySignature: z.string().optional(),
    expiresAt: z.number().optional(),
    /** `expires`: epoch seconds after which the solution is refused. */
    data: z.record(z.string(), z.union([z.string(), z.number(), z.boolean(), z.null()])).optional()
  }),
  signature: z.string().optional()
})

export const SocialParamsSchema = z.strictObject({ provider: SocialProviderSchema })
export const SocialCallbackQuerySchema = z.strictObject({
  code: z.string({ error: 'code.required' }).min(1, { error: 'code.required' }).max(512, { error: 'code.invalid' }),
  /** PKCE (RFC 7636): the secret whose SHA-256 the app sent when it opened the provider's page. */
  code_verifier: z.string({ error: 'code.required' }).regex(/^[A-Za-z0-9._~-]{43,128}$/, { error: 'code.invalid' })
})

export const ImpersonationBodySchema = z.strictObject({
  userId: z.number().int().positive().max(2_147_483_647),
  /** The link asks the app to open the external registration page once the session ends (§4). */
  redirectTo: SwitchRedirectSchema.optional()
})
export const ImpersonationResponseSchema = z.object({
  link: z.string(),
  /** The single-use switch token the link carries (not an access token). */
  token: z.string(),
  /** Seconds the switch token may wait before it is exchanged. */
  expires_in: z.number().int()
})
export const SwitchSessionBodySchema = z.strictObject({
  token: z.string({ error: 'common.required' }).min(1, { error: 'common.required' }).max(512, { error: 'common.invalid' })
})

/** Largest accepted avatar upload, bytes (10 MB, like a report card: a phone photo fits). */
export const AVATAR_MAX_BYTES = 10 * 1024 * 1024
/** The server keeps a square WebP of this side, whatever was sent. */
export const AVATAR_SIZE_PX = 256
/** What an avatar may be, read from the bytes (never the name or the declared type). */
export const AVATAR_MIME_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const

/** The multipart form of the avatar upload (documentation; the server reads the part itself): one `avatar` file. */
export const AvatarUploadFormSchema = z.object({ avatar: z.string().describe('binary') })
export const AvatarResponseSchema = MessageResponseSchema.extend({
  /** The new avatar's URL, relative to the API origin (`/api/avatars/{userId}/{file}`), or null once removed. */
  avatar: z.string().nullable()
})
export const AvatarFileParamsSchema = z.strictObject({
  userId: idParam,
  file: z.string().regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\.webp$/, { error: 'common.invalid' })
})

const authErrors = [401] as const

export const accountsEndpoints = {
  captchaChallenge: {
    method: 'GET',
    service: 'api',
    path: '/captcha/challenge',
    access: 'public',
    summary: 'A fresh proof-of-work challenge; its solution travels as g-recaptcha-response (base64 JSON)',
    response: CaptchaChallengeSchema
  },
  login: {
    method: 'POST',
    service: 'api',
    path: '/auth/login_check',
    access: 'public',
    captcha: true,
    summary: 'Sign in with an e-mail address or a Tunisian phone number',
    body: LoginBodySchema,
    response: AuthResultSchema,
    errors: authErrors
  },
  refresh: {
    method: 'POST',
    service: 'api',
    path: '/auth/refresh',
    access: 'public',
    summary: 'Exchange a refresh token for a new pair (the old one is spent; reuse revokes the family)',
    body: RefreshBodySchema,
    response: AuthResultSchema,
    errors: authErrors
  },
  logout: {
    method: 'GET',
    service: 'api',
    path: '/auth/logout',
    access: 'session',
    summary: 'Revoke the current session and its refresh tokens',
    response: MessageResponseSchema,
    errors: authErrors
  },
  me: {
    method: 'GET',
    service: 'api',
    path: '/auth/me',
    access: 'session',
    summary: 'The current user, permissions and level',
    response: MeResponseSchema,
    errors: authErrors
  },
  myProfile: {
    method: 'GET',
    service: 'api',
    path: '/auth/my-profile',
    access: 'user',
    summary: 'The profile page data',
    response: MyProfileResponseSchema,
    errors: [401, 403]
  },
  register: {
    method: 'POST',
    service: 'api',
    path: '/auth/register',
    access: 'public',
    captcha: true,
    status: 201,
    summary:
      'Create a student account; a confirmation code is sent to the phone or e-mail. One another account proved is refused on its field (422 account_information_already_used) and its holder is told; registrations and reset requests share a per-address hourly budget',
    body: registrationSchema,
    response: RegisterResponseSchema
  },
  confirmRegistration: {
    method: 'POST',
    service: 'api',
    path: '/auth/confirm-registration',
    access: 'session',
    captcha: true,
    summary: 'Confirm the account with the 6-character code sent at registration',
    querystring: ConfirmRegistrationQuerySchema,
    body: CaptchaOnlyBodySchema,
    response: AuthResultSchema,
    errors: [401, 409]
  },
  resendCode: {
    method: 'GET',
    service: 'api',
    path: '/auth/resend-code',
    access: 'session',
    summary: 'Send a new registration code',
    response: MessageResponseSchema,
    errors: [401, 409]
  },
  changeCredential: {
    method: 'POST',
    service: 'api',
    path: '/auth/change-credential',
    access: 'session',
    captcha: true,
    summary: 'Correct the phone (Tunisia) or e-mail (abroad) an unconfirmed account awaits its code on; a new code goes there',
    body: ChangeCredentialBodySchema,
    response: ChangeCredentialResponseSchema,
    errors: [401, 409]
  },
  requestPasswordGet: {
    method: 'GET',
    service: 'api',
    path: '/auth/request-password',
    access: 'public',
    summary: 'Send a reset code (same answer whether or not the account exists)',
    querystring: RequestPasswordQuerySchema,
    response: MessageResponseSchema
  },
  requestPassword: {
    method: 'POST',
    service: 'api',
    path: '/auth/request-password',
    access: 'public',
    captcha: true,
    form: true,
    summary:
      'Send a reset code, with the bot check (JSON, URL-encoded or multipart form body); an unknown phone or e-mail is refused on credentiel (422 credential_not_found)',
    body: RequestPasswordBodySchema,
    response: MessageResponseSchema
  },
  resetPassword: {
    method: 'POST',
    service: 'api',
    path: '/auth/reset-password',
    access: 'public',
    captcha: true,
    summary: 'Set a new password with the reset code; every session is revoked',
    body: ResetPasswordBodySchema,
    response: MessageResponseSchema
  },
  socialCallback: {
    method: 'GET',
    service: 'api',
    path: '/auth/social/:provider/callback',
    access: 'public',
    summary: 'Finish a social sign-in with the provider code',
    params: SocialParamsSchema,
    querystring: SocialCallbackQuerySchema,
    response: AuthResultSchema
  },
  changePassword: {
    method: 'PUT',
    service: 'api',
    path: '/user/change-password',
    access: 'session',
    captcha: true,
    summary: 'Change the password (also the way out of an expired password); other sessions are revoked',
    body: ChangePasswordBodySchema,
    response: AuthResultSchema,
    errors: [401, 403]
  },
  updateProfile: {
    method: 'POST',
    service: 'api',
    path: '/user/update',
    access: 'user',
    captcha: true,
    summary: 'Update profile fields; a new phone or e-mail must be confirmed again',
    // Section 8: the client files a message by these prefixes.
    messagePrefixes: { birthDate: 'Birthdate: ', name: 'Name: ', lastName: 'Last Name: ' },
    body: UpdateProfileBodySchema,
    response: UpdateProfileResponseSchema,
    errors: [401, 403]
  },
  addEmail: {
    method: 'PUT',
    service: 'api',
    path: '/user/add-email',
    access: 'user',
    summary: 'Send a code to a new e-mail address',
    body: AddEmailBodySchema,
    response: MessageResponseSchema,
    errors: [401, 403]
  },
  confirmEmail: {
    method: 'POST',
    service: 'api',
    path: '/user/confirm-code',
    access: 'user',
    captcha: true,
    summary: 'Confirm the new e-mail address with its code',
    body: ConfirmEmailBodySchema,
    response: MessageResponseSchema,
    errors: [401, 403]
  },
  addParentPhone: {
    method: 'PUT',
    service: 'api',
    path: '/user/add-parent-phone',
    access: 'user',
    summary: "Record the parent's phone",
    body: AddParentPhoneBodySchema,
    response: MessageResponseSchema,
    errors: [401, 403]
  },
  updateNotificationPreferences: {
    method: 'PUT',
    service: 'api',
    path: '/user/update-notification-preferences',
    access: 'user',
    summary: 'Switch notification families on or off',
    body: NotificationPreferencesBodySchema,
    response: MessageResponseSchema.extend({ notification_preferences: NotificationPreferencesSchema }),
    errors: [401, 403]
  },
  setNotificationToken: {
    method: 'POST',
    service: 'api',
    path: '/user/set-notification-token',
    access: 'session',
    summary: 'Register the push-notification token of this device',
    body: NotificationTokenBodySchema,
    response: MessageResponseSchema,
    errors: authErrors
  },
  uploadAvatar: {
    method: 'POST',
    service: 'api',
    path: '/user/avatar',
    access: 'user',
    multipart: true,
    summary:
      'Set the avatar (multipart: avatar): JPEG, PNG, GIF or WebP by content, 10 MB at most; kept as a 256 px WebP. Only once the profile is complete; not for test accounts',
    body: AvatarUploadFormSchema,
    response: AvatarResponseSchema,
    errors: [401, 403, 413, 415]
  },
  deleteAvatar: {
    method: 'DELETE',
    service: 'api',
    path: '/user/avatar',
    access: 'user',
    summary: 'Remove the avatar (profile complete, not a test account)',
    response: AvatarResponseSchema,
    errors: [401, 403]
  },
  avatarFile: {
    method: 'GET',
    service: 'api',
    path: '/avatars/:userId/:file',
    access: 'public',
    summary: "A user's current avatar (an unguessable address handed out by /auth/me; embeddable by the app)",
    params: AvatarFileParamsSchema,
    response: z.string().describe('binary'),
    errors: [404]
  },
  switchSession: {
    method: 'POST',
    service: 'api',
    path: '/auth/switch',
    access: 'public',
    summary: "Exchange an administrator's single-use switch token for the impersonation session's tokens (a second use revokes it)",
    body: SwitchSessionBodySchema,
    response: AuthResultSchema,
    errors: authErrors
  },
  impersonate: {
    method: 'POST',
    service: 'api',
    path: '/admin/impersonation-link',
    access: 'admin',
    summary: 'An administrator mints a switch link (single-use token, 5 minutes) to act as a student',
    body: ImpersonationBodySchema,
    response: ImpersonationResponseSchema,
    errors: [401, 403, 404]
  }
} as const satisfies Record<string, Endpoint>
