import { Button, Spinner } from '@fluentui/react-components'
import { lazy, Suspense } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import { loadNotFoundPage } from '../notFound/index.ts'
import type { DetailsOutcome } from './stores/SubjectDetailsStore.ts'
import { useLearningStyles } from './styles.ts'

const NotFoundPage = lazy(() => loadNotFoundPage().then((module) => ({ default: module.Component })))

/**
 * What a learning page shows instead of its subject or lesson: the 404 page (unknown), the
 * specification's level message (another class's), a retry (a failure), or the spinner while
 * nothing has arrived (`outcome` null).
 */
export function PageOutcome({
  outcome,
  retry,
  testId
}: {
  outcome: DetailsOutcome | null
  retry: () => void
  testId: 'subject' | 'lesson'
}) {
  const styles = useLearningStyles()
  const { t } = useTranslation('learning')
  if (outcome === 'notFound') {
    return (
      <Suspense fallback={null}>
        <NotFoundPage />
      </Suspense>
    )
  }
  if (outcome === 'levelRefused') {
    return (
      <section className={styles.status} role="alert" data-testid={`${testId}-level-refused`}>
        <h1 className={styles.sectionTitle}>{t('details.levelRefused')}</h1>
        <p className={styles.muted}>{t('details.levelRefusedText')}</p>
        <Link to="/subjects" className={styles.breadcrumb}>
          {t('details.backToSubjects')}
        </Link>
      </section>
    )
  }
  if (outcome === 'failed') {
    return (
      <div className={styles.status} role="alert" data-testid={`${testId}-failed`}>
        <p className={styles.muted}>{t('section.failed')}</p>
        <Button onClick={retry} data-testid={`${testId}-retry`}>
          {t('section.retry')}
        </Button>
      </div>
    )
  }
  return (
    <div className={styles.status}>
      <Spinner size="small" label={t('section.loading')} />
    </div>
  )
}
