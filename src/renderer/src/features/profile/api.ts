/** The profile calls: entries of the shared accounts, pickers and profile tables, parsed with their response schemas. */
import { accountsEndpoints, type NotificationPreferences, type UpdateProfileBody } from '../../../../shared/api/accounts.ts'
import { pickersEndpoints, type Country, type Division, type State } from '../../../../shared/api/pickers.ts'
import {
  profileEndpoints,
  type AdCard,
  type DivisionChangeReason,
  type DivisionRequest,
  type Marksheet
} from '../../../../shared/api/profile.ts'
import type { z } from 'zod'
import type { CallBody, HttpClient, ResponseOf } from '../../api/http.ts'

type Accounts = typeof accountsEndpoints
export type MyProfile = ResponseOf<Accounts['myProfile']>
export type UpdateProfileResult = ResponseOf<Accounts['updateProfile']>
export type Delegation = ResponseOf<typeof pickersEndpoints.delegations>[number]
export type Institute = ResponseOf<typeof pickersEndpoints.institutes>[number]
export type ConfirmEmailBody = CallBody<Accounts['confirmEmail']>
/** The class change request as the server reads it, every field given (`reason2` null unless the reason asks for it). */
export type CreateDivisionRequestBody = { [K in keyof ParsedBody]-?: Exclude<ParsedBody[K], undefined> }
type ParsedBody = z.output<NonNullable<(typeof profileEndpoints.createDivisionRequest)['body']>>
export type {
  AdCard,
  Country,
  Division,
  DivisionChangeReason,
  DivisionRequest,
  Marksheet,
  NotificationPreferences,
  State,
  UpdateProfileBody
}
export type ReasonLanguage = 'fr' | 'en' | 'ar'
export type UploadResult = ResponseOf<typeof profileEndpoints.uploadMarksheet>
export type AvatarResult = ResponseOf<Accounts['uploadAvatar']>

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
  confirmEmail(body: ConfirmEmailBody): Promise<string>
  addParentPhone(phone2: string): Promise<string>
  updatePreferences(preferences: Partial<NotificationPreferences>): Promise<NotificationPreferences>
  countries(): Promise<Country[]>
  states(countryId: number): Promise<State[]>
  delegations(stateId: number): Promise<Delegation[]>
  institutes(stateId: number): Promise<Institute[]>
  divisions(): Promise<Division[]>
  divisionReasons(language: ReasonLanguage): Promise<DivisionChangeReason[]>
  divisionRequests(language: ReasonLanguage): Promise<DivisionRequest[]>
  createDivisionRequest(body: CreateDivisionRequestBody, language: ReasonLanguage): Promise<string>
  marksheets(): Promise<Marksheet[]>
  uploadMarksheet(upload: MarksheetUpload, signal?: AbortSignal): Promise<UploadResult>
  deleteMarksheet(id: number): Promise<string>
  adCards(): Promise<AdCard[]>
  uploadAvatar(file: Blob, fileName: string, onProgress?: (fraction: number) => void): Promise<AvatarResult>
  deleteAvatar(): Promise<AvatarResult>
}

const message = (response: { message: string }) => response.message

export function createProfileApi(http: HttpClient): ProfileApi {
  const accounts = accountsEndpoints
  const pickers = pickersEndpoints
  const profile = profileEndpoints
  const language = (value: ReasonLanguage) => ({ 'Accept-Language': value })
  return {
    myProfile: () => http.call(accounts.myProfile),
    update: (body) => http.call(accounts.updateProfile, { body }),
    addEmail: (email) => http.call(accounts.addEmail, { body: { email } }).then(message),
    confirmEmail: (body) => http.call(accounts.confirmEmail, { body }).then(message),
    addParentPhone: (phone2) => http.call(accounts.addParentPhone, { body: { phone2 } }).then(message),
    updatePreferences: (preferences) =>
      http.call(accounts.updateNotificationPreferences, { body: preferences }).then((answer) => answer.notification_preferences),
    countries: () => http.call(pickers.countries),
    states: (countryId) => http.call(pickers.states, { params: { id: countryId } }),
    delegations: (stateId) => http.call(pickers.delegations, { params: { stateId } }),
    institutes: (stateId) => http.call(pickers.institutes, { params: { id: stateId } }),
    divisions: () => http.call(pickers.divisions),
    divisionReasons: (lang) => http.call(profile.divisionChangeReasons, { headers: language(lang) }),
    divisionRequests: (lang) => http.call(profile.divisionRequests, { headers: language(lang) }),
    createDivisionRequest: (body, lang) => http.call(profile.createDivisionRequest, { body, headers: language(lang) }).then(message),
    marksheets: () => http.call(profile.marksheets),
    uploadMarksheet: (upload, signal) => {
      // Multipart: the browser sets the boundary of the content type itself.
      const form = new FormData()
      form.append('trimester', String(upload.trimester))
      form.append('division', String(upload.division))
      form.append('file', upload.file, upload.fileName)
      return http.call(profile.uploadMarksheet, { body: form, signal })
    },
    deleteMarksheet: (id) => http.call(profile.deleteMarksheet, { params: { id } }).then(message),
    adCards: () => http.call(profile.adCards),
    uploadAvatar: (file, fileName, onProgress) => {
      const form = new FormData()
      form.append('avatar', file, fileName)
      return http.call(accounts.uploadAvatar, { body: form, onUploadProgress: onProgress })
    },
    deleteAvatar: () => http.call(accounts.deleteAvatar)
  }
}
