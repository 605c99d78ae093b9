import { Button, Tab, TabList } from '@fluentui/react-components'
import { ArrowLeft20Regular, ArrowRight20Regular } from '@fluentui/react-icons'
import { observer } from 'mobx-react-lite'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router-dom'
import type { ChapterType } from '../../../../shared/api/home.ts'
import { AdCards } from '../../components/AdCards.tsx'
import { useLearningCatalogue } from '../../i18n/learningCatalogue.ts'
import { countForm } from '../../lib/countForm.ts'
import { markInteractive } from '../../lib/performance.ts'
import { useStores } from '../../stores/StoreContext.tsx'
import type { SubjectDetailsStore } from './stores/SubjectDetailsStore.ts'
import { subjectDetailsStoreOf, subjectsStoreOf } from './stores/learningStores.ts'
import type { SectionGroup } from './stores/learningRules.ts'
import { PageOutcome } from './PageOutcome.tsx'
import { ProgressMeter } from './ProgressMeter.tsx'
import { SubjectThumb } from './SubjectThumb.tsx'
import { useLearningStyles } from './styles.ts'

/**
 * A subject's page (part 2, §2): its tabs by chapter type, the chosen tab's chapters under their
 * sections, and the side widget. An unknown subject shows the 404 page, another class's the
 * level message.
 */
export const Component = observer(function SubjectDetailsPage() {
  useLearningCatalogue()
  const root = useStores()
  const subjectId = useParams().subject_id ?? ''
  const store = subjectDetailsStoreOf(root, subjectId)
  const styles = useLearningStyles()
  const { t } = useTranslation('learning')

  useEffect(() => {
    void store.enter().finally(markInteractive)
  }, [store])

  const summary = store.summary
  if (store.outcome !== null || store.pending || !summary)
    return <PageOutcome outcome={store.outcome} retry={() => void store.retry()} testId="subject" />
  return (
    <div className={styles.page} data-testid="subject-details" data-tab={store.tab}>
      <div className={styles.main}>
        <Breadcrumb />
        <h1 className={styles.title}>
          <bdi>{summary.name}</bdi>
        </h1>
        <TabList
          className={styles.tabs}
          selectedValue={store.tab}
          onTabSelect={(_, data) => store.chooseTab(data.value as ChapterType)}
          aria-label={t('details.tabsLabel')}
          data-testid="subject-tabs"
        >
          {store.tabs.map((tab) => (
            <Tab key={tab.type} value={tab.type} disabled={tab.disabled} data-testid={`subject-tab-${tab.type}`}>
              {t(`details.tabs.${tab.type}`)}
            </Tab>
          ))}
        </TabList>
        <div role="tabpanel" aria-label={t(`details.tabs.${store.tab}`)} className={styles.main} data-testid="subject-chapters">
          {store.groups.map((group) => (
            <Group key={group.id ?? 'none'} group={group} hasSections={store.groups.some((other) => other.id !== null)} />
          ))}
        </div>
      </div>
      <aside className={styles.side} aria-label={t('widget.label')}>
        <Widget store={store} />
        <AdCards
          cards={subjectsStoreOf(root).adCards}
          label={t('ads.label')}
          openLabel={t('ads.open')}
          videoLabel={t('ads.video')}
          className={styles.ads}
          testId="subject-ads"
        />
      </aside>
    </div>
  )
})

function Breadcrumb() {
  const styles = useLearningStyles()
  const { t, i18n } = useTranslation('learning')
  const Arrow = i18n.dir() === 'rtl' ? ArrowRight20Regular : ArrowLeft20Regular
  return (
    <Link to="/subjects" className={styles.breadcrumb} data-testid="subject-back">
      <Arrow aria-hidden />
      {t('details.back')}
    </Link>
  )
}

/** A section's title and its chapter rows (the chapters outside any section under 'Autres chapitres' when there are sections). */
function Group({ group, hasSections }: { group: SectionGroup; hasSections: boolean }) {
  const styles = useLearningStyles()
  const { t } = useTranslation('learning')
  const title = group.name ?? (hasSections ? t('details.otherChapters') : null)
  const titleId = `section-${group.id ?? 'none'}`
  return (
    <section className={styles.card} aria-labelledby={title ? titleId : undefined} data-testid="subject-section">
      {title ? (
        <h2 id={titleId} className={styles.sectionTitle}>
          <bdi>{title}</bdi>
        </h2>
      ) : null}
      <ul className={styles.chapterList}>
        {group.chapters.map((row) => {
          const count = t(`details.${row.countKind}${countForm(row.count)}`, { count: row.count })
          const progress = t('subjects.progressValue', { value: row.progress })
          const body = (
            <>
              <span className={styles.number} aria-hidden>
                {row.number}
              </span>
              <span className={styles.chapterBody}>
                <span className={styles.chapterName}>
                  <bdi>{row.name}</bdi>
                </span>
                <span className={styles.meta}>
                  {row.instructor ? <bdi data-testid="chapter-instructor">{row.instructor}</bdi> : null}
                  <span data-testid="chapter-count">{count}</span>
                  {row.path ? null : <span>{t('details.noLesson')}</span>}
                </span>
              </span>
              <span className={styles.chapterProgress}>
                <span className={styles.progressValue}>{progress}</span>
                <ProgressMeter
                  value={row.progress}
                  aria-label={t('details.chapterProgress', { number: row.number })}
                  aria-valuetext={progress}
                />
              </span>
            </>
          )
          return (
            <li key={row.id} data-testid="chapter-row" data-number={row.number} data-progress={row.progress}>
              {row.path ? (
                <Link to={row.path} className={`${styles.chapter} ${styles.chapterLink}`} data-testid="chapter-link">
                  {body}
                </Link>
              ) : (
                <div className={styles.chapter}>{body}</div>
              )}
            </li>
          )
        })}
      </ul>
    </section>
  )
}

/** Image and label, progress, chapter and video counts, the other subjects (5, 'voir plus' / 'voir moins'). */
const Widget = observer(function Widget({ store }: { store: SubjectDetailsStore }) {
  const styles = useLearningStyles()
  const { t } = useTranslation('learning')
  const summary = store.summary!
  const progress = t('subjects.progressValue', { value: summary.progress })
  return (
    <section className={styles.card} data-testid="subject-widget">
      <div className={styles.widgetHead}>
        <SubjectThumb
          color={summary.color}
          thumbnail={summary.thumbnail}
          className={styles.widgetImage}
          imageClassName={styles.widgetImageContent}
        />
        <h2 className={styles.sectionTitle} id="subject-widget-name">
          <bdi>{summary.name}</bdi>
        </h2>
      </div>
      <div className={styles.progressRow}>
        <span className={styles.muted}>{t('widget.progress')}</span>
        <span className={styles.progressValue} data-testid="subject-widget-progress">
          {progress}
        </span>
        <ProgressMeter
          className={styles.progressBar}
          value={summary.progress}
          aria-labelledby="subject-widget-name"
          aria-valuetext={progress}
        />
      </div>
      <ul className={styles.counts}>
        <li data-testid="subject-widget-chapters">{t(`widget.chapters${countForm(summary.chapters)}`, { count: summary.chapters })}</li>
        <li data-testid="subject-widget-videos">{t(`widget.videos${countForm(summary.videos)}`, { count: summary.videos })}</li>
      </ul>
      {store.otherSubjects.length > 0 ? (
        <>
          <h3 className={styles.sectionTitle}>{t('widget.others')}</h3>
          <ul className={styles.others} id="subject-others" data-testid="subject-others">
            {store.shownOthers.map((other) => (
              <li key={other.id}>
                <Link to={`/subjects/${other.id}/details`} className={styles.otherLink} data-testid="subject-other">
                  <span className={styles.dot} style={{ backgroundColor: other.color ?? 'currentColor' }} aria-hidden />
                  <bdi>{other.name}</bdi>
                </Link>
              </li>
            ))}
          </ul>
          {store.canToggleOthers ? (
            <Button
              appearance="subtle"
              className={styles.toggle}
              onClick={store.toggleOthers}
              aria-expanded={store.allOthers}
              aria-controls="subject-others"
              data-testid="subject-others-toggle"
            >
              {store.allOthers ? t('widget.less') : t('widget.more')}
            </Button>
          ) : null}
        </>
      ) : null}
    </section>
  )
})
