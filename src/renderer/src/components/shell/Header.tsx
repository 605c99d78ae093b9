import { Button, makeStyles, SearchBox, tokens } from '@fluentui/react-components'
import { Navigation24Regular } from '@fluentui/react-icons'
import { observer } from 'mobx-react-lite'
import { lazy, Suspense } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import { useStores } from '../../stores/StoreContext.tsx'
import { LanguageSwitcher } from './LanguageSwitcher.tsx'
import { Logo } from './Logo.tsx'
import { ThemeToggle } from './ThemeToggle.tsx'
import { UserMenu } from './UserMenu.tsx'
import { WalletWidget } from './WalletWidget.tsx'
import { focusRing } from './focusRing.ts'

export const HEADER_HEIGHT = 56

// The search and the dropdowns (popover, badge, their texts) load just after the first screen, not with it.
const HeaderSearch = lazy(async () => ({ default: (await import('./HeaderSearch.tsx')).HeaderSearch }))
const NotificationBell = lazy(async () => ({ default: (await import('./NotificationBell.tsx')).NotificationBell }))
const MessagesButton = lazy(async () => ({ default: (await import('./NotificationBell.tsx')).MessagesButton }))

const useStyles = makeStyles({
  header: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    height: `${HEADER_HEIGHT}px`,
    paddingInline: tokens.spacingHorizontalM,
    backgroundColor: tokens.colorNeutralBackground1,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    boxSizing: 'border-box',
    flexShrink: 0
  },
  brand: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    color: tokens.colorNeutralForeground1,
    textDecorationLine: 'none',
    fontSize: tokens.fontSizeBase500,
    fontWeight: tokens.fontWeightBold,
    borderRadius: tokens.borderRadiusMedium,
    paddingInline: tokens.spacingHorizontalXS,
    flexShrink: 0,
    ...focusRing
  },
  search: { flexGrow: 1, minWidth: 0, display: 'flex', justifyContent: 'center' },
  searchFallback: { width: '100%', maxWidth: '480px', minWidth: 0 },
  slot: { display: 'inline-block', width: '68px', height: '32px' },
  actions: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXXS, flexShrink: 0 }
})

/** Name and logo, lesson search, sidebar toggle, notifications, messages, language, theme, user. */
export const Header = observer(function Header() {
  const styles = useStyles()
  const { settings, ui, inbox } = useStores()
  const { t } = useTranslation('shell')

  const toggleLabel = ui.isMobile
    ? ui.drawerOpen
      ? t('header.closeNavigation')
      : t('header.openNavigation')
    : settings.sidebarMode === 'full'
      ? t('header.collapseSidebar')
      : t('header.expandSidebar')

  const searchUntilLoaded = (
    <SearchBox
      className={styles.searchFallback}
      disabled
      aria-label={t('header.searchLabel')}
      placeholder={ui.isMobile ? t('header.searchLabel') : t('header.searchPlaceholder')}
      data-testid="search-box-loading"
    />
  )

  const onToggle = () => {
    if (ui.isMobile) ui.setDrawerOpen(!ui.drawerOpen)
    else void settings.toggleSidebarMode()
  }

  return (
    <header className={styles.header}>
      <Button
        appearance="subtle"
        icon={<Navigation24Regular />}
        aria-label={toggleLabel}
        title={toggleLabel}
        aria-expanded={ui.isMobile ? ui.drawerOpen : settings.sidebarMode === 'full'}
        aria-controls="app-sidebar"
        onClick={onToggle}
        data-testid="sidebar-toggle"
      />
      <Link to="/" className={styles.brand} aria-label={t('header.homeLink')}>
        <Logo />
        {ui.isMobile ? null : <span>{t('appName')}</span>}
      </Link>
      <div className={styles.search} role="search">
        {inbox.stores ? (
          <Suspense fallback={searchUntilLoaded}>
            <HeaderSearch compact={ui.isMobile} />
          </Suspense>
        ) : (
          searchUntilLoaded
        )}
      </div>
      <div className={styles.actions}>
        <WalletWidget />
        <LanguageSwitcher compact={ui.isMobile} />
        {inbox.userId !== null ? (
          <Suspense fallback={<span className={styles.slot} aria-hidden />}>
            <NotificationBell />
            <MessagesButton />
          </Suspense>
        ) : null}
        <ThemeToggle />
        <UserMenu />
      </div>
    </header>
  )
})
