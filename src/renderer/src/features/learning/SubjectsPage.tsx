import { Button, Spinner } from '@fluentui/react-components'
import { observer } from 'mobx-react-lite'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useLocation } from 'react-router-dom'
import { AdCards } from '../../components/AdCards.tsx'
import { useLearningCatalogue } from '../../i18n/learningCatalogue.ts'
import { markInteractive } from '../../lib/performance.ts'
import type { RootStore } from '../../stores/RootStore.ts'
import { useStores } from '../../stores/StoreContext.tsx'
import { subjectsStoreOf } from './stores/learningStores.ts'
import { SubjectThumb } from './SubjectThumb.tsx'
import { useLearningStyles } from './styles.ts'
import { ProgressMeter } from './ProgressMeter.tsx'

/** At start-up on this screen: its requests run while the shell renders. */
export function prefetch(root: RootStore): void {
  void subjectsStoreOf(root).enter()
}

/**
 * 'Matières' (part 2, §2), also /courses: the visible subjects of the class by position, each
 * with its colour, thumbnail and progress capped at 100, and the ad column by position.
 */
export const Component = observer(function SubjectsPage() {
  useLearningCatalogue()
  const root = useStores()
  const store = subjectsStoreOf(root)
  const styles = useLearningStyles()
  const { t } = useTranslation('learning')
  const courses = useLocation().pathname === '/courses'

  useEffect(() => {
    void store.enter().finally(markInteractive)
  }, [store])

  return (
    <div className={styles.page} data-testid="subjects-page">
      <div className={styles.main}>
        <header className={styles.header}>
          <h1 className={styles.title}>{courses ? t('subjects.coursesTitle') : t('subjects.title')}</h1>
          <p className={styles.muted}>{t('subjects.subtitle')}</p>
        </header>
        {store.pending ? (
          <div className={styles.status}>
            <Spinner size="small" label={t('section.loading')} />
          </div>
        ) : store.failed ? (
          <div className={styles.status} role="alert" data-testid="subjects-failed">
            <p className={styles.muted}>{t('section.failed')}</p>
            <Button onClick={() => void store.retry()} data-testid="subjects-retry">
              {t('section.retry')}
            </Button>
          </div>
        ) : store.cards.length === 0 ? (
          <p className={styles.muted} data-testid="subjects-empty">
            {t('subjects.empty')}
          </p>
        ) : (
          <ul className={styles.grid} data-testid="subjects-grid">
            {store.cards.map((card) => (
              <li key={card.id} className={styles.subjectCard} data-testid="subject-card" data-progress={card.progress}>
                <Link to={`/subjects/${card.id}/details`} className={styles.subjectLink}>
                  <SubjectThumb color={card.color} thumbnail={card.thumbnail} className={styles.band} imageClassName={styles.thumbnail} />
                  <span className={styles.subjectBody}>
                    <span className={styles.subjectName} id={`subject-name-${card.id}`}>
                      <bdi>{card.name}</bdi>
                    </span>
                    <span className={styles.progressRow}>
                      <span className={styles.muted}>{t('subjects.progress')}</span>
                      <span className={styles.progressValue}>{t('subjects.progressValue', { value: card.progress })}</span>
                      <ProgressMeter
                        className={styles.progressBar}
                        value={card.progress}
                        aria-labelledby={`subject-name-${card.id}`}
                        aria-valuetext={t('subjects.progressValue', { value: card.progress })}
                      />
                    </span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </div>
      <AdCards
        cards={store.adCards}
        label={t('ads.label')}
        openLabel={t('ads.open')}
        videoLabel={t('ads.video')}
        className={styles.ads}
        testId="subjects-ads"
      />
    </div>
  )
})
