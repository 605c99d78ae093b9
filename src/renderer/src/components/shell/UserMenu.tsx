import { Button, makeStyles, Menu, MenuDivider, MenuItem, MenuList, MenuPopover, MenuTrigger, tokens } from '@fluentui/react-components'
import {
  DocumentText24Regular,
  Flag24Regular,
  Heart24Regular,
  History24Regular,
  Key24Regular,
  PeopleTeam24Regular,
  Person24Regular,
  PersonCircle24Regular,
  SignOut24Regular
} from '@fluentui/react-icons'
import { observer } from 'mobx-react-lite'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router-dom'
import { TERMS_URL } from '../../../../shared/constants.ts'
import { lazyComponent } from '../../lib/lazyComponent.ts'
import { loadChangePasswordDialog } from '../../features/auth/index.ts'
import { useStores } from '../../stores/StoreContext.tsx'
import { useOpenExternal } from './useOpenExternal.ts'

// The password form and its rules are not part of the shell: they load in idle time after the
// first screen (`preloadUserMenuDialogs`), or when the dialog opens before that.
const ChangePasswordDialog = lazyComponent(async () => (await loadChangePasswordDialog()).ChangePasswordDialog)

export function preloadUserMenuDialogs(): Promise<void> {
  return ChangePasswordDialog.preload()
}

const useStyles = makeStyles({
  pendingDot: {
    display: 'inline-block',
    width: '8px',
    height: '8px',
    borderRadius: '50%',
    backgroundColor: tokens.colorPaletteRedBackground3
  },
  avatar: { display: 'inline-flex', width: '28px', height: '28px', alignItems: 'center', justifyContent: 'center' },
  photo: { width: '28px', height: '28px', borderRadius: '50%', objectFit: 'cover' },
  pending: { fontWeight: tokens.fontWeightSemibold, color: tokens.colorPaletteRedForeground1 }
})

/**
 * The user menu of the specification; its entries lead to their screens. Logout revokes the
 * session on the server and forgets it in main and in memory.
 */
export const UserMenu = observer(function UserMenu() {
  const styles = useStyles()
  const { user, session } = useStores()
  const { t } = useTranslation('shell')
  const navigate = useNavigate()
  const openExternal = useOpenExternal()
  const [changingPassword, setChangingPassword] = useState(false)
  const go = (path: string) => () => void navigate(path)
  const logout = async () => {
    await session.logout()
    void navigate('/login', { replace: true })
  }

  return (
    <>
      <Menu>
        <MenuTrigger disableButtonEnhancement>
          <Button
            appearance="subtle"
            icon={
              // The photo, or a person icon (initials would be visible text missing from the button's name).
              <span className={styles.avatar} data-testid="user-menu-avatar" data-src={session.avatarUrl ?? ''} aria-hidden>
                {session.avatarUrl ? <img className={styles.photo} src={session.avatarUrl} alt="" /> : <PersonCircle24Regular />}
              </span>
            }
            aria-label={t('userMenu.label')}
            data-testid="user-menu"
          />
        </MenuTrigger>
        <MenuPopover>
          <MenuList>
            <MenuItem icon={<Person24Regular />} onClick={go('/mon-profil')}>
              {t('userMenu.profile')}
            </MenuItem>
            <MenuItem icon={<Heart24Regular />} onClick={go('/liste-de-favoris')}>
              {t('userMenu.favourites')}
            </MenuItem>
            {user.showsParentRequests && (
              <MenuItem
                icon={<PeopleTeam24Regular />}
                onClick={go('/liste-des-demandes-parentales')}
                className={user.hasPendingParentRequest ? styles.pending : undefined}
                secondaryContent={user.hasPendingParentRequest ? <span className={styles.pendingDot} aria-hidden /> : undefined}
              >
                {t('userMenu.parentRequests')}
              </MenuItem>
            )}
            <MenuItem icon={<Flag24Regular />} onClick={go('/reports')}>
              {t('userMenu.reports')}
            </MenuItem>
            <MenuItem icon={<History24Regular />} onClick={go('/historique')}>
              {t('userMenu.history')}
            </MenuItem>
            <MenuItem icon={<DocumentText24Regular />} onClick={openExternal(TERMS_URL)}>
              {t('userMenu.terms')}
            </MenuItem>
            {user.canChangePassword && (
              <MenuItem icon={<Key24Regular />} onClick={() => setChangingPassword(true)} data-testid="user-menu-change-password">
                {t('userMenu.changePassword')}
              </MenuItem>
            )}
            <MenuDivider />
            <MenuItem icon={<SignOut24Regular />} onClick={() => void logout()} data-testid="user-menu-logout">
              {t('userMenu.logout')}
            </MenuItem>
          </MenuList>
        </MenuPopover>
      </Menu>
      {changingPassword ? <ChangePasswordDialog open onClose={() => setChangingPassword(false)} /> : null}
    </>
  )
})
