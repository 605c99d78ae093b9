import type { Permissions, ShellUser } from '../stores/permissions.ts'
import type { RootStore } from '../stores/RootStore.ts'

/**
 * Development builds only: fake the current user and permissions from the devtools console
 * (`darsiDev.setPermissions({ has_exam: true })`) until the accounts work provides them.
 */
export function installDevTools(store: RootStore): void {
  Object.defineProperty(window, 'darsiDev', {
    configurable: true,
    value: {
      setPermissions: (permissions: Partial<Permissions>) =>
        store.user.setCurrentUser(store.user.user, { ...store.user.permissions, ...permissions }),
      setUser: (user: ShellUser | null) => store.user.setCurrentUser(user, store.user.permissions),
      notify: (text: string) => store.ui.notify({ text })
    }
  })
}
