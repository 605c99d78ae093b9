import { Button, makeStyles, SearchBox, tokens } from '@fluentui/react-components'
import { Navigation24Regular } from '@fluentui/react-icons'
import { observer } from 'mobx-react-lite'
import { useTranslation } from 'react-i18next'
import { lazyComponent } from '../../lib/lazyComponent.ts'
import { useStores } from '../../stores/StoreContext.tsx'
import { LanguageSwitcher } from './LanguageSwitcher.tsx'
import { BrandLink } from './BrandLink.tsx'
import { ThemeToggle } from './ThemeToggle.tsx'
import { UserMenu } from './UserMenu.tsx'
import { WalletWidget } from './WalletWidget.tsx'

export const HEADER_HEIGHT = 56

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
  brand: { paddingInline: tokens.spacingHorizontalXS, flexShrink: 0 },
  search: { flexGrow: 1, minWidth: 0, display: 'flex', justifyContent: 'center' },
  searchFallback: { width: '100%', maxWidth: '480px', minWidth: 0 },
  slot: { display: 'inline-block', width: '68px', height: '32px' },
  actions: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXXS, flexShrink: 0 }
})

/** The search box as it shows until the search's code is in (or without a signed-in user): disabled. */
const SearchPlaceholder = observer(function SearchPlaceholder() {
  const styles = useStyles()
  const { ui } = useStores()
  const { t } = useTranslation('shell')
  return (
    <SearchBox
      className={styles.searchFallback}
      disabled
      aria-label={t('header.searchLabel')}
      placeholder={ui.isMobile ? t('header.searchLabel') : t('header.searchPlaceholder')}
      data-testid="search-box-loading"
    />
  )
})

/** The room the bell and the messages button take, kept while their code loads. */
function DropdownsPlaceholder() {
  const styles = useStyles()
  return <span className={styles.slot} aria-hidden />
}

// The search and the dropdowns (popover, badge, their texts) load just after the first screen, not with it.
const HeaderSearch = lazyComponent(async () => (await import('./HeaderSearch.tsx')).HeaderSearch, SearchPlaceholder)
const NotificationBell = lazyComponent(async () => (await import('./NotificationBell.tsx')).NotificationBell, DropdownsPlaceholder)
const MessagesButton = lazyComponent(async () => (await import('./NotificationBell.tsx')).MessagesButton)

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
      <BrandLink className={styles.brand} withName={!ui.isMobile} />
      <div className={styles.search} role="search">
        {inbox.stores ? <HeaderSearch compact={ui.isMobile} /> : <SearchPlaceholder />}
      </div>
      <div className={styles.actions}>
        <WalletWidget />
        <LanguageSwitcher compact={ui.isMobile} />
        {inbox.userId !== null ? (
          <>
            <NotificationBell />
            <MessagesButton />
          </>
        ) : null}
        <ThemeToggle />
        <UserMenu />
      </div>
    </header>
  )
})
