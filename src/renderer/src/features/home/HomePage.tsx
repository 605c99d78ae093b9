import { BookOpen24Regular, VideoClip24Regular } from '@fluentui/react-icons'
import { observer } from 'mobx-react-lite'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { AdCards } from '../../components/AdCards.tsx'
import { afterPaint } from '../../lib/afterPaint.ts'
import { isolate } from '../../lib/bidi.ts'
import { markInteractive } from '../../lib/performance.ts'
import { homeStoreOf } from './stores/homeStores.ts'
import type { RootStore } from '../../stores/RootStore.ts'
import { useStores } from '../../stores/StoreContext.tsx'
import { ContentsSection } from './ContentsSection.tsx'
import { ExpiryWarnings } from './ExpiryWarnings.tsx'
import { ForumSection } from './ForumSection.tsx'
import { useHomeCatalogue } from '../../i18n/homeCatalogue.ts'
import { ProfileWidget } from './ProfileWidget.tsx'
import { ProgressSection } from './ProgressSection.tsx'
import { SessionsSection } from './SessionsSection.tsx'
import { useHomeStyles } from './styles.ts'
import { WelcomeDialog } from './WelcomeDialog.tsx'

/** Session states and the last day's hours follow the clock. */
const TICK_MS = 30_000

/** At start-up on the home: its requests run while the shell renders (see app/warmStart.ts). */
export function prefetch(root: RootStore): void {
  homeStoreOf(root).prefetch()
}

/** The pupil is typing in a field (the header search …): a dialog must not take the focus from it. */
function typing(): boolean {
  const element = document.activeElement
  return element instanceof HTMLElement && (element.isContentEditable || element.matches('input, textarea, select, [role="combobox"]'))
}

/**
 * The home (§2): profile widget, expiry warning, today's live sessions, progress of the first 5
 * subjects, the 2 latest lessons and 2 free videos, forum topics, ad cards, the welcome modal.
 * Each section loads and fails on its own.
 */
export const Component = observer(function HomePage() {
  useHomeCatalogue()
  const root = useStores()
  const home = homeStoreOf(root)
  const styles = useHomeStyles()
  const { t } = useTranslation('home')

  useEffect(() => {
    // Interactive once every section has its live data (or has failed): the P2 bench's mark.
    void home.enter(afterPaint).finally(markInteractive)
    home.welcomeIfFirstVisit(typing())
    const timer = setInterval(home.tick, TICK_MS)
    return () => {
      clearInterval(timer)
      home.leave()
    }
  }, [home])

  // The pupil's name keeps its own direction inside an Arabic greeting (a Latin name's « ! »).
  const name = isolate(root.session.me?.user.name ?? '')
  return (
    <div className={styles.page} data-testid="home-page">
      <div className={styles.main}>
        <header className={styles.header}>
          <h1 className={styles.title}>{t('page.greeting', { name })}</h1>
          <p className={styles.muted}>{t('page.subtitle')}</p>
        </header>
        <ProfileWidget />
        <ExpiryWarnings home={home} />
        <div className={styles.grid}>
          <SessionsSection home={home} />
          <ProgressSection home={home} />
          <ContentsSection
            id="latest"
            title={t('latest.title')}
            emptyText={t('latest.empty')}
            icon={<BookOpen24Regular />}
            section={home.latest}
            items={home.latestContents}
          />
          <ContentsSection
            id="free"
            title={t('free.title')}
            emptyText={t('free.empty')}
            icon={<VideoClip24Regular />}
            section={home.free}
            items={home.freeContents}
          />
          <ForumSection home={home} />
        </div>
      </div>
      <AdCards
        cards={home.adCards}
        label={t('ads.label')}
        openLabel={t('ads.open')}
        videoLabel={t('ads.video')}
        className={styles.ads}
        testId="home-ads"
      />
      <WelcomeDialog home={home} />
    </div>
  )
})
