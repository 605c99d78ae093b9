import { describe, expect, it } from 'vitest'
import { RootStore } from '../../../../src/renderer/src/stores/RootStore.ts'
import { NO_PERMISSIONS, type ShellUser } from '../../../../src/renderer/src/stores/permissions.ts'
import { UserStore } from '../../../../src/renderer/src/stores/UserStore.ts'
import { fakePlatform } from '../fakePlatform.ts'

const pupil: ShellUser = {
  id: 7,
  name: 'Amira',
  last_name: 'Ben Salah',
  gift_code: 'CP77',
  hasParent: true,
  hasParentRequest: true,
  points: 12,
  completed: true,
  istest: false,
  admin: false,
  impersonated: false
}

describe('UserStore', () => {
  it('holds no user and every permission false until the accounts work provides them', () => {
    const user = new UserStore()
    expect(user.user).toBeNull()
    expect(user.permissions).toEqual(NO_PERMISSIONS)
    expect(Object.keys(user.permissions).sort()).toEqual(
      [
        'has_forum',
        'has_exam',
        'isProfSon',
        'versPilote',
        'freeHours',
        'hasEditDivision',
        'influencer',
        'eligibleUserForGift',
        'takeTrialAdvantage',
        'changePassword',
        'discount'
      ].sort()
    )
    expect(user.sidebarEntries.map((entry) => entry.key)).not.toContain('exams')
  })

  it('derives the sidebar and the user-menu flags from the current user', () => {
    const user = new UserStore()
    user.setCurrentUser(pupil, { eligibleUserForGift: true, has_exam: true })
    expect(user.sidebarEntries.find((entry) => entry.key === 'parrain')).toMatchObject({ to: '/gift-code' })
    expect(user.sidebarEntries.map((entry) => entry.key)).toContain('exams')
    expect(user.showsParentRequests).toBe(true)
    expect(user.hasPendingParentRequest).toBe(true)
    user.clear()
    expect(user.user).toBeNull()
    expect(user.showsParentRequests).toBe(false)
    expect(user.permissions).toEqual(NO_PERMISSIONS)
  })

  it('offers the password change to whom the server lets change it: not a test account, unless an administrator acts (§4)', () => {
    const user = new UserStore()
    expect(user.canChangePassword).toBe(false)
    user.setCurrentUser(pupil)
    expect(user.canChangePassword).toBe(true)
    user.setCurrentUser({ ...pupil, istest: true })
    expect(user.canChangePassword).toBe(false)
    user.setCurrentUser({ ...pupil, istest: true, impersonated: true })
    expect(user.canChangePassword).toBe(true)
    user.setCurrentUser({ ...pupil, istest: true, admin: true })
    expect(user.canChangePassword).toBe(true)
    user.clear()
    expect(user.canChangePassword).toBe(false)
  })

  it('knows whether the profile is complete (§2: the profile edit’s title)', () => {
    const user = new UserStore()
    expect(user.profileCompleted).toBe(false)
    user.setCurrentUser(pupil)
    expect(user.profileCompleted).toBe(true)
    user.setCurrentUser({ ...pupil, completed: false })
    expect(user.profileCompleted).toBe(false)
  })

  it('is built by the RootStore with the other stores', () => {
    const root = new RootStore(fakePlatform())
    expect(root.user).toBeInstanceOf(UserStore)
    expect(root.settings).toBeDefined()
    expect(root.ui).toBeDefined()
    expect(root.deepLinks.last).toBeNull()
  })
})
