import { makeStyles, tokens } from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'
import { Link, Outlet } from 'react-router-dom'
import { focusRing } from './focusRing.ts'
import { LanguageSwitcher } from './LanguageSwitcher.tsx'
import { Logo } from './Logo.tsx'
import { Snackbars } from './Snackbars.tsx'
import { ThemeToggle } from './ThemeToggle.tsx'

const useStyles = makeStyles({
  page: {
    display: 'flex',
    flexDirection: 'column',
    minHeight: '100%',
    backgroundColor: tokens.colorNeutralBackground2,
    color: tokens.colorNeutralForeground1
  },
  header: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: tokens.spacingHorizontalM,
    paddingBlock: tokens.spacingVerticalS,
    paddingInline: tokens.spacingHorizontalL
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
    ...focusRing
  },
  actions: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXXS },
  main: {
    flexGrow: 1,
    display: 'flex',
    justifyContent: 'center',
    alignItems: 'flex-start',
    padding: tokens.spacingHorizontalL
  }
})

/** Pages outside the shell (sign-in steps, account switch): brand, language and theme only. */
export function BareLayout() {
  const styles = useStyles()
  const { t } = useTranslation('shell')
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <Link to="/" className={styles.brand} aria-label={t('header.homeLink')}>
          <Logo />
          <span>{t('appName')}</span>
        </Link>
        <div className={styles.actions}>
          <LanguageSwitcher />
          <ThemeToggle />
        </div>
      </header>
      <main id="main-content" tabIndex={-1} className={styles.main}>
        <Outlet />
      </main>
      <Snackbars />
    </div>
  )
}
