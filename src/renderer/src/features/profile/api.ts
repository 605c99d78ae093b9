/** The profile calls, typed by the shared contract and parsed with its schemas. */
import { z } from 'zod'
import {
  MessageResponseSchema
} from '../../../../shared/api/common.ts'
import {
  AvatarResponseSchema,
  MyProfileResponseSchema,
  NotificationPreferencesSchema,
  UpdateProfileResponseSchema,
  type NotificationPreferences,
  type UpdateProfileBody
} from '../../../../shared/api/accounts.ts'
import { CountrySchema, DelegationSchema, DivisionSchema, InstituteSchema, StateSchema, type Country, type Division, type State } from '../../../../shared/api/pickers.ts'
import {
  AdCardSchema,
  CreateDivisionRequestResponseSchema,
  DivisionChangeReasonSchema,
  DivisionRequestSchema,
  MarksheetSchema,
  UploadMarksheetResponseSchema,
  type AdCard,
  type DivisionChangeReason,
  type DivisionRequest,
  type Marksheet
} from '../../../../shared/api/profile.ts'
import type { HttpClient } from '../../api/http.ts'

export type MyProfile = z.infer<typeof MyProfileResponseSchema>
export type UpdateProfileResult = z.infer<typeof UpdateProfileResponseSchema>
export type Delegation = z.infer<typeof DelegationSchema>
export type Institute = z.infer<typeof InstituteSchema>
export type { AdCard, Country, Division, DivisionChangeReason, DivisionRequest, Marksheet, NotificationPreferences, State, UpdateProfileBody }
export type ReasonLanguage = 'fr' | 'en' | 'ar'
export type UploadResult = z.infer<typeof UploadMarksheetResponseSchema>
export type AvatarResult = z.infer<typeof AvatarResponseSchema>

export interface MarksheetUpload {
  file: Blob
  fileName: string
  trimester: 1 | 2 | 3
  division: number
}

export interface ProfileApi {
  myProfile(): Promise<MyProfile>
  update(body: UpdateProfileBody): Promise<UpdateProfileResult>
  addEmail(email: string): Promise<string>
  confirmEmail(body: { confirmationToken: string; email: string; 'g-recaptcha-response': string }): Promise<string>
  addParentPhone(phone2: string): Promise<string>
  updatePreferences(preferences: Partial<NotificationPreferences>): Promise<NotificationPreferences>
  countries(): Promise<Country[]>
  states(countryId: number): Promise<State[]>
  delegations(stateId: number): Promise<Delegation[]>
  institutes(stateId: number): Promise<Institute[]>
  divisions(): Promise<Division[]>
  divisionReasons(language: ReasonLanguage): Promise<DivisionChangeReason[]>
  divisionRequests(language: ReasonLanguage): Promise<DivisionRequest[]>
  createDivisionRequest(body: { newDivision: number; reason: number; reason2: string | null }, language: ReasonLanguage): Promise<string>
  marksheets(): Promise<Marksheet[]>
  uploadMarksheet(upload: MarksheetUpload, signal?: AbortSignal): Promise<UploadResult>
  deleteMarksheet(id: number): Promise<string>
  adCards(): Promise<AdCard[]>
  uploadAvatar(file: Blob, fileName: string, onProgress?: (fraction: number) => void): Promise<AvatarResult>
  deleteAvatar(): Promise<AvatarResult>
}

const message = (response: { message: string }) => response.message

export function createProfileApi(http: HttpClient): ProfileApi {
  return {
    myProfile: () => http.request({ method: 'GET', path: '/auth/my-profile', schema: MyProfileResponseSchema }),
    update: (body) => http.request({ method: 'POST', path: '/user/update', body, schema: UpdateProfileResponseSchema }),
    addEmail: (email) => http.request({ method: 'PUT', path: '/user/add-email', body: { email }, schema: MessageResponseSchema }).then(message),
    confirmEmail: (body) => http.request({ method: 'POST', path: '/user/confirm-code', body, schema: MessageResponseSchema }).then(message),
    addParentPhone: (phone2) =>
      http.request({ method: 'PUT', path: '/user/add-parent-phone', body: { phone2 }, schema: MessageResponseSchema }).then(message),
    updatePreferences: (preferences) =>
      http
        .request({
          method: 'PUT',
          path: '/user/update-notification-preferences',
          body: preferences,
          schema: MessageResponseSchema.extend({ notification_preferences: NotificationPreferencesSchema })
        })
        .then((answer) => answer.notification_preferences),
    countries: () => http.request({ method: 'GET', path: '/countries', schema: z.array(CountrySchema), auth: false }),
    states: (countryId) => http.request({ method: 'GET', path: `/countries/${countryId}/states`, schema: z.array(StateSchema), auth: false }),
    delegations: (stateId) => http.request({ method: 'GET', path: `/deleg/${stateId}/delegation`, schema: z.array(DelegationSchema), auth: false }),
    institutes: (stateId) => http.request({ method: 'GET', path: `/state/${stateId}/institutes`, schema: z.array(InstituteSchema), auth: false }),
    divisions: () => http.request({ method: 'GET', path: '/divisions', schema: z.array(DivisionSchema), auth: false }),
    divisionReasons: (language) =>
      http.request({ method: 'GET', path: '/edit-division-reasons', headers: { 'Accept-Language': language }, schema: z.array(DivisionChangeReasonSchema) }),
    divisionRequests: (language) =>
      http.request({ method: 'GET', path: '/edit-division', headers: { 'Accept-Language': language }, schema: z.array(DivisionRequestSchema) }),
    createDivisionRequest: (body, language) =>
      http
        .request({ method: 'POST', path: '/edit-division', body, headers: { 'Accept-Language': language }, schema: CreateDivisionRequestResponseSchema })
        .then(message),
    marksheets: () => http.request({ method: 'GET', path: '/student/mark-sheets', schema: z.array(MarksheetSchema) }),
    uploadMarksheet: (upload, signal) => {
      // Multipart: the browser sets the boundary of the content type itself.
      const form = new FormData()
      form.append('trimester', String(upload.trimester))
      form.append('division', String(upload.division))
      form.append('file', upload.file, upload.fileName)
      return http.request({ method: 'POST', path: '/student/mark-sheet', body: form, signal, schema: UploadMarksheetResponseSchema })
    },
    deleteMarksheet: (id) => http.request({ method: 'DELETE', path: `/student/mark-sheet/${id}`, schema: MessageResponseSchema }).then(message),
    adCards: () => http.request({ method: 'GET', path: '/student/pubs-cards', schema: z.array(AdCardSchema) }),
    uploadAvatar: (file, fileName, onProgress) => {
      const form = new FormData()
      form.append('avatar', file, fileName)
      return http.request({ method: 'POST', path: '/user/avatar', body: form, schema: AvatarResponseSchema, onUploadProgress: onProgress })
    },
    deleteAvatar: () => http.request({ method: 'DELETE', path: '/user/avatar', schema: AvatarResponseSchema })
  }
}
