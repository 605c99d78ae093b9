import { makeStyles, tokens } from '@fluentui/react-components'
import { observer } from 'mobx-react-lite'
import { Outlet } from 'react-router-dom'
import { lazyComponent } from '../../lib/lazyComponent.ts'
import { loadPopupDialog } from '../../features/inbox/index.ts'
import { useStores } from '../../stores/StoreContext.tsx'
import { Footer } from './Footer.tsx'
import { Header } from './Header.tsx'
import { Sidebar } from './Sidebar.tsx'
import { SkipLink } from './SkipLink.tsx'
import { Snackbars } from './Snackbars.tsx'

// Loaded when the platform has a popup to show.
const PopupDialog = lazyComponent(async () => (await loadPopupDialog()).PopupDialog)

const useStyles = makeStyles({
  shell: {
    display: 'flex',
    flexDirection: 'column',
    height: '100%',
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorNeutralForeground1
  },
  body: { display: 'flex', flexGrow: 1, minHeight: 0 },
  column: { display: 'flex', flexDirection: 'column', flexGrow: 1, minWidth: 0, overflowY: 'auto' },
  main: {
    flexGrow: 1,
    padding: tokens.spacingHorizontalXL,
    outlineStyle: 'none',
    '@media (max-width: 599px)': { padding: tokens.spacingHorizontalM }
  }
})

/** The application shell of the specification: header, sidebar, content, footer, snackbars. */
export const ShellLayout = observer(function ShellLayout() {
  const styles = useStyles()
  const { inbox } = useStores()
  return (
    <div className={styles.shell}>
      <SkipLink />
      <Header />
      <div className={styles.body}>
        <Sidebar />
        <div className={styles.column}>
          <main id="main-content" tabIndex={-1} className={styles.main}>
            <Outlet />
          </main>
          <Footer />
        </div>
      </div>
      <Snackbars />
      {inbox.stores?.popups.current ? <PopupDialog /> : null}
    </div>
  )
})
