import { makeAutoObservable } from 'mobx'
import { mayChangePassword } from '../../../shared/rules/testAccount.ts'
import { sidebarEntries, type SidebarEntry } from '../components/shell/sidebarEntries.ts'
import { NO_PERMISSIONS, type Permissions, type ShellUser } from './permissions.ts'

/** The signed-in user and their permissions, as far as the shell needs them. */
export class UserStore {
  user: ShellUser | null = null
  permissions: Permissions = { ...NO_PERMISSIONS }

  constructor() {
    makeAutoObservable(this, {}, { autoBind: true })
  }

  get sidebarEntries(): SidebarEntry[] {
    return sidebarEntries(this.user, this.permissions)
  }

  /** Parental requests appear in the user menu only for a pupil linked to a parent. */
  get showsParentRequests(): boolean {
    return this.user?.hasParent === true
  }

  get hasPendingParentRequest(): boolean {
    return this.user?.hasParentRequest === true
  }

  /**
   * The user menu offers the password change only to whom the server lets change it (§4: not a
   * test account, unless an administrator is acting), so nobody is refused after typing.
   */
  get canChangePassword(): boolean {
    const user = this.user
    return user !== null && mayChangePassword({ isTest: user.istest, admin: user.admin, impersonated: user.impersonated })
  }

  /** The profile is complete; false before the user is known (§2: the profile edit's title). */
  get profileCompleted(): boolean {
    return this.user?.completed === true
  }

  setCurrentUser(user: ShellUser | null, permissions: Partial<Permissions> = {}): void {
    this.user = user
    this.permissions = { ...NO_PERMISSIONS, ...permissions }
  }

  clear(): void {
    this.user = null
    this.permissions = { ...NO_PERMISSIONS }
  }
}
