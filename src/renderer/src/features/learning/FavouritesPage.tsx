import { Button, Spinner } from '@fluentui/react-components'
import { Delete20Regular } from '@fluentui/react-icons'
import { observer } from 'mobx-react-lite'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import { useLearningCatalogue } from '../../i18n/learningCatalogue.ts'
import { markInteractive } from '../../lib/performance.ts'
import { formatReportDate } from '../../lib/time.ts'
import { useStores } from '../../stores/StoreContext.tsx'
import { useLessonStyles } from './lessonStyles.ts'
import { bookmarkPath } from './stores/FavouritesStore.ts'
import { favouritesStoreOf } from './stores/learningStores.ts'
import { useLearningStyles } from './styles.ts'

/** 'Liste de favoris' (part 2, §2): the bookmarked lessons, newest first, each opening its lesson. */
export const Component = observer(function FavouritesPage() {
  useLearningCatalogue()
  const root = useStores()
  const store = favouritesStoreOf(root)
  const styles = useLearningStyles()
  const lessonStyles = useLessonStyles()
  const { t } = useTranslation('learning')

  useEffect(() => {
    void store.enter().finally(markInteractive)
  }, [store])

  return (
    <div className={styles.page} data-testid="favourites-page">
      <div className={styles.main}>
        <header className={styles.header}>
          <h1 className={styles.title}>{t('favourites.title')}</h1>
          <p className={styles.muted}>{t('favourites.subtitle')}</p>
        </header>
        {store.list.pending ? (
          <Spinner size="small" label={t('section.loading')} />
        ) : store.list.failed ? (
          <div role="alert" className={styles.status}>
            <p className={styles.muted}>{t('section.failed')}</p>
            <Button onClick={() => void store.enter()}>{t('section.retry')}</Button>
          </div>
        ) : store.shown.length === 0 ? (
          <p className={lessonStyles.info} data-testid="favourites-empty">
            {t('favourites.empty')}
          </p>
        ) : (
          <ul className={`${lessonStyles.side} ${lessonStyles.lessonList}`} data-testid="favourites-list">
            {store.shown.map((bookmark) => (
              <li key={bookmark.id} className={lessonStyles.favourite} data-testid="favourite">
                <Link
                  to={bookmarkPath(bookmark)}
                  className={`${lessonStyles.lessonLink} ${lessonStyles.grow}`}
                  data-testid="favourite-link"
                >
                  <span className={lessonStyles.lessonName}>
                    <bdi>{bookmark.content.name}</bdi>
                    <span className={lessonStyles.favouriteMeta}>
                      <bdi>{bookmark.subject_name}</bdi> ·{' '}
                      {t('favourites.since', { date: formatReportDate(bookmark.marked_bookmarked_at) })}
                    </span>
                  </span>
                </Link>
                <Button
                  appearance="subtle"
                  icon={<Delete20Regular />}
                  aria-label={t('favourites.remove', { name: bookmark.content.name })}
                  onClick={() => void store.remove(bookmark)}
                  data-testid="favourite-remove"
                />
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  )
})
