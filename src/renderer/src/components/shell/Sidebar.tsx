import {
  Button,
  DrawerBody,
  DrawerHeader,
  DrawerHeaderTitle,
  makeStyles,
  mergeClasses,
  OverlayDrawer,
  tokens
} from '@fluentui/react-components'
import { Dismiss24Regular } from '@fluentui/react-icons'
import { observer } from 'mobx-react-lite'
import { useTranslation } from 'react-i18next'
import { SIDEBAR_MINI_WIDTH, SIDEBAR_WIDTH } from '../../../../shared/constants.ts'
import { useStores } from '../../stores/StoreContext.tsx'
import { SidebarNav } from './SidebarNav.tsx'

const useStyles = makeStyles({
  permanent: {
    flexShrink: 0,
    boxSizing: 'border-box',
    overflowY: 'auto',
    overflowX: 'hidden',
    backgroundColor: tokens.colorNeutralBackground2,
    borderInlineEndWidth: tokens.strokeWidthThin,
    borderInlineEndStyle: 'solid',
    borderInlineEndColor: tokens.colorNeutralStroke2,
    transitionProperty: 'width',
    transitionDuration: tokens.durationNormal,
    transitionTimingFunction: tokens.curveEasyEase,
    '@media (prefers-reduced-motion: reduce)': { transitionDuration: '0s' }
  },
  mini: { width: `${SIDEBAR_MINI_WIDTH}px` },
  full: { width: `${SIDEBAR_WIDTH}px` },
  drawer: { width: `${SIDEBAR_WIDTH}px`, maxWidth: '85vw' },
  drawerBody: { paddingInline: 0 }
})

/**
 * Permanent on desktop (mini 80 px or full 280 px, as saved), an overlay drawer at ≤ 599 px.
 * It sits at the inline start, so it is on the right in Arabic.
 */
export const Sidebar = observer(function Sidebar() {
  const styles = useStyles()
  const { settings, ui } = useStores()
  const { t } = useTranslation('shell')

  if (ui.isMobile) {
    // Mounted only while open: a closed overlay still leaves focus-trap sentinels in the page.
    if (!ui.drawerOpen) return null
    return (
      <OverlayDrawer
        open
        onOpenChange={(_event, data) => ui.setDrawerOpen(data.open)}
        position="start"
        className={styles.drawer}
        aria-label={t('sidebar.label')}
      >
        <DrawerHeader>
          <DrawerHeaderTitle
            action={
              <Button
                appearance="subtle"
                aria-label={t('header.closeNavigation')}
                icon={<Dismiss24Regular />}
                onClick={() => ui.setDrawerOpen(false)}
              />
            }
          >
            {t('appName')}
          </DrawerHeaderTitle>
        </DrawerHeader>
        <DrawerBody className={styles.drawerBody}>
          <nav id="app-sidebar" aria-label={t('sidebar.label')} data-testid="sidebar" data-mode="drawer">
            <SidebarNav mini={false} onNavigate={() => ui.setDrawerOpen(false)} />
          </nav>
        </DrawerBody>
      </OverlayDrawer>
    )
  }

  const mini = settings.sidebarMode === 'mini'
  return (
    <nav
      id="app-sidebar"
      aria-label={t('sidebar.label')}
      className={mergeClasses(styles.permanent, mini ? styles.mini : styles.full)}
      data-testid="sidebar"
      data-mode={settings.sidebarMode}
    >
      <SidebarNav mini={mini} />
    </nav>
  )
})
