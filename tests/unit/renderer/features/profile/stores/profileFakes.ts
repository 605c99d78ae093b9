import type { MeResponse, User } from '../../../../../../src/shared/api/accounts.ts'
import { ApiError } from '../../../../../../src/renderer/src/api/errors.ts'
import { meFixture, userFixture } from '../../../fakeAccountsApi.ts'
import type { ProfileApi, UpdateProfileBody } from '../../../../../../src/renderer/src/features/profile/api.ts'
import type { Snackbar, SnackbarInput } from '../../../../../../src/renderer/src/stores/UiStore.ts'

/** A pupil with an incomplete profile who may still change class. */
export function user(overrides: Partial<User> = {}): User {
  return userFixture({
    id: 5,
    name: 'Karim',
    last_name: 'Mansour',
    phone: '20000005',
    gender: null,
    birth_date: null,
    points: 0,
    division: null,
    state: null,
    institute: null,
    completed: false,
    hasEditDivision: true,
    created_at: '2026-01-01T00:00:00Z',
    ...overrides
  })
}

export function me(u: User, permissions: Partial<MeResponse['permissions']> = {}): MeResponse {
  return meFixture(u, { hasEditDivision: true, ...permissions })
}

/** A UI store stand-in that records what was shown. */
export function fakeUi() {
  const shown: Snackbar[] = []
  let next = 1
  return {
    shown,
    notify(input: SnackbarInput): number {
      const id = next++
      shown.push({ ...input, id, intent: input.intent ?? 'info' })
      return id
    },
    dismiss(id: number) {
      const index = shown.findIndex((entry) => entry.id === id)
      if (index >= 0) shown.splice(index, 1)
    }
  }
}

export function fakeSession(current: MeResponse) {
  return {
    me: current as MeResponse | null,
    loads: 0,
    solveCaptcha: () => Promise.resolve('captcha-token'),
    loadUser() {
      this.loads++
      return Promise.resolve(this.me!)
    }
  }
}

const notCalled = (name: string) => () => Promise.reject(new Error(`${name} not expected`))

/** An API whose calls record their arguments; each test overrides what it uses. */
export function fakeApi(overrides: Partial<ProfileApi> = {}): ProfileApi & { updates: UpdateProfileBody[] } {
  const updates: UpdateProfileBody[] = []
  return {
    updates,
    myProfile: notCalled('myProfile'),
    update: (body) => {
      updates.push(body)
      return Promise.resolve({ message: 'Profil mis à jour', user: user({ completed: true }) })
    },
    addEmail: notCalled('addEmail'),
    confirmEmail: notCalled('confirmEmail'),
    addParentPhone: notCalled('addParentPhone'),
    updatePreferences: notCalled('updatePreferences'),
    countries: () =>
      Promise.resolve([
        { id: 1, code: 'TN', name: 'Tunisie', name_fr: 'Tunisie', name_en: 'Tunisia', name_ar: 'تونس' },
        { id: 7, code: 'FR', name: 'France', name_fr: 'France', name_en: 'France', name_ar: 'فرنسا' }
      ]),
    states: () =>
      Promise.resolve([
        { id: 1, name: 'Tunis', name_ar: 'تونس', country_id: 1 },
        { id: 2, name: 'Ariana', name_ar: 'أريانة', country_id: 1 }
      ]),
    delegations: (stateId) =>
      Promise.resolve([
        { id: stateId * 100 + 1, name: `D${stateId}-1`, state_id: stateId },
        { id: stateId * 100 + 2, name: `D${stateId}-2`, state_id: stateId }
      ]),
    institutes: (stateId) =>
      Promise.resolve([
        { id: stateId * 10 + 1, name: 'A', state_id: stateId, delegation_id: stateId * 100 + 1 },
        { id: stateId * 10 + 2, name: 'B', state_id: stateId, delegation_id: stateId * 100 + 2 },
        { id: stateId * 10 + 3, name: 'Any', state_id: stateId, delegation_id: null }
      ]),
    divisions: () => Promise.resolve([]),
    divisionReasons: notCalled('divisionReasons'),
    divisionRequests: notCalled('divisionRequests'),
    createDivisionRequest: notCalled('createDivisionRequest'),
    marksheets: () => Promise.resolve([]),
    uploadMarksheet: notCalled('uploadMarksheet'),
    deleteMarksheet: notCalled('deleteMarksheet'),
    adCards: () => Promise.resolve([]),
    uploadAvatar: notCalled('uploadAvatar'),
    deleteAvatar: notCalled('deleteAvatar'),
    ...overrides
  }
}

export const networkError = () => new ApiError('network', 'offline')
