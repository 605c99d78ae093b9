import { makeStyles, mergeClasses, tokens, Tooltip } from '@fluentui/react-components'
import {
  BookOpen24Regular,
  ClipboardTask24Regular,
  Gift24Regular,
  Home24Regular,
  Live24Regular,
  Money24Regular,
  Open16Regular,
  PeopleCommunity24Regular,
  Person24Regular,
  QuestionCircle24Regular,
  Tag24Regular,
  Wallet24Regular
} from '@fluentui/react-icons'
import { observer } from 'mobx-react-lite'
import type { ReactElement } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useLocation } from 'react-router-dom'
import { useStores } from '../../stores/StoreContext.tsx'
import { focusRing } from './focusRing.ts'
import { isSidebarEntryActive, type SidebarEntry, type SidebarEntryKey } from './sidebarEntries.ts'
import { useOpenExternal } from './useOpenExternal.ts'

const ICONS: Record<SidebarEntryKey, ReactElement> = {
  home: <Home24Regular />,
  profile: <Person24Regular />,
  offers: <Tag24Regular />,
  subjects: <BookOpen24Regular />,
  exams: <ClipboardTask24Regular />,
  sessions: <Live24Regular />,
  forum: <PeopleCommunity24Regular />,
  wallet: <Wallet24Regular />,
  assistance: <QuestionCircle24Regular />,
  revenue: <Money24Regular />,
  parrain: <Gift24Regular />
}

const LABEL_KEYS = {
  home: 'sidebar.home',
  profile: 'sidebar.profile',
  offers: 'sidebar.offers',
  subjects: 'sidebar.subjects',
  exams: 'sidebar.exams',
  sessions: 'sidebar.sessions',
  forum: 'sidebar.forum',
  wallet: 'sidebar.wallet',
  assistance: 'sidebar.assistance',
  revenue: 'sidebar.revenue',
  parrain: 'sidebar.parrain'
} as const satisfies Record<SidebarEntryKey, string>

const useStyles = makeStyles({
  list: {
    listStyleType: 'none',
    margin: 0,
    padding: tokens.spacingVerticalS,
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXXS
  },
  link: {
    position: 'relative',
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    minHeight: '44px',
    paddingInline: tokens.spacingHorizontalM,
    borderRadius: tokens.borderRadiusMedium,
    color: tokens.colorNeutralForeground2,
    textDecorationLine: 'none',
    fontSize: tokens.fontSizeBase300,
    fontWeight: tokens.fontWeightRegular,
    whiteSpace: 'nowrap',
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover, color: tokens.colorNeutralForeground1 },
    ...focusRing
  },
  mini: { justifyContent: 'center', paddingInline: 0 },
  active: {
    backgroundColor: tokens.colorBrandBackground2,
    color: tokens.colorBrandForeground2,
    fontWeight: tokens.fontWeightSemibold,
    ':hover': { backgroundColor: tokens.colorBrandBackground2Hover, color: tokens.colorBrandForeground2Hover },
    '::before': {
      content: '""',
      position: 'absolute',
      insetInlineStart: 0,
      top: '10px',
      bottom: '10px',
      width: '3px',
      borderRadius: tokens.borderRadiusCircular,
      backgroundColor: tokens.colorBrandForeground1
    }
  },
  icon: { display: 'inline-flex', flexShrink: 0 },
  label: { flexGrow: 1, overflow: 'hidden', textOverflow: 'ellipsis' },
  external: { flexShrink: 0, opacity: 0.7 },
  hidden: {
    position: 'absolute',
    width: '1px',
    height: '1px',
    overflow: 'hidden',
    clipPath: 'inset(50%)',
    whiteSpace: 'nowrap'
  }
})

/** The entries of the sidebar; `mini` shows icons only, with the label as tooltip and name. */
export const SidebarNav = observer(function SidebarNav({ mini, onNavigate }: { mini: boolean; onNavigate?: () => void }) {
  const styles = useStyles()
  const { user } = useStores()
  const { t } = useTranslation('shell')
  const { pathname } = useLocation()
  const openExternal = useOpenExternal()

  const renderEntry = (entry: SidebarEntry) => {
    const label = t(LABEL_KEYS[entry.key])
    const active = isSidebarEntryActive(entry, pathname)
    const className = mergeClasses(styles.link, mini && styles.mini, active && styles.active)
    const content = (
      <>
        <span className={styles.icon}>{ICONS[entry.key]}</span>
        {mini ? null : <span className={styles.label}>{label}</span>}
        {entry.kind === 'external' && !mini ? <Open16Regular className={styles.external} aria-hidden /> : null}
        {entry.kind === 'external' && !mini ? <span className={styles.hidden}>{` (${t('sidebar.opensInBrowser')})`}</span> : null}
      </>
    )
    const link =
      entry.kind === 'route' ? (
        <Link
          to={entry.to}
          className={className}
          aria-current={active ? 'page' : undefined}
          onClick={onNavigate}
          data-testid={`nav-${entry.key}`}
          data-active={active}
        >
          {content}
        </Link>
      ) : (
        <a href={entry.href} className={className} onClick={openExternal(entry.href)} data-testid={`nav-${entry.key}`}>
          {content}
        </a>
      )
    return (
      <li key={entry.key}>
        {mini ? (
          <Tooltip
            content={entry.kind === 'external' ? `${label} (${t('sidebar.opensInBrowser')})` : label}
            relationship="label"
            positioning="after"
            withArrow
          >
            {link}
          </Tooltip>
        ) : (
          link
        )}
      </li>
    )
  }

  return <ul className={styles.list}>{user.sidebarEntries.map(renderEntry)}</ul>
})
