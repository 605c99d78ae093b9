/** The profile calls, typed by the shared contract and parsed with its schemas. */
import { z } from 'zod'
import {
  MessageResponseSchema
} from '../../../shared/api/common.ts'
import {
  MyProfileResponseSchema,
  NotificationPreferencesSchema,
  UpdateProfileResponseSchema,
  type NotificationPreferences,
  type UpdateProfileBody
} from '../../../shared/api/accounts.ts'
import { CountrySchema, DelegationSchema, DivisionSchema, InstituteSchema, StateSchema, type Country, type Division, type State } from '../../../shared/api/pickers.ts'
import type { HttpClient } from './http.ts'

export type MyProfile = z.infer<typeof MyProfileResponseSchema>
export type UpdateProfileResult = z.infer<typeof UpdateProfileResponseSchema>
export type Delegation = z.infer<typeof DelegationSchema>
export type Institute = z.infer<typeof InstituteSchema>
export type { Country, Division, NotificationPreferences, State, UpdateProfileBody }

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
    divisions: () => http.request({ method: 'GET', path: '/divisions', schema: z.array(DivisionSchema), auth: false })
  }
}
