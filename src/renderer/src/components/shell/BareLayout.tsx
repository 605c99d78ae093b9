import { makeStyles, tokens } from '@fluentui/react-components'
import { Outlet } from 'react-router-dom'
import { BrandLink } from './BrandLink.tsx'
import { LanguageSwitcher } from './LanguageSwitcher.tsx'
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
  return (
    <div className={styles.page}>
      <header className={styles.header}>
        <BrandLink />
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
