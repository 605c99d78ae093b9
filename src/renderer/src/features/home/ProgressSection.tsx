import { ProgressBar } from '@fluentui/react-components'
import { DataTrending24Regular } from '@fluentui/react-icons'
import { observer } from 'mobx-react-lite'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import { subjectDetailsPath } from '../learning/index.ts'
import type { HomeStore } from './stores/HomeStore.ts'
import { HomeSection } from './HomeSection.tsx'
import { useHomeStyles } from './styles.ts'

/** Progress in the first 5 subjects of the class, capped at 100 (part 2, §2 and §5); a subject opens its page. */
export const ProgressSection = observer(function ProgressSection({ home }: { home: HomeStore }) {
  const styles = useHomeStyles()
  const { t } = useTranslation('home')
  return (
    <HomeSection
      id="progress"
      title={t('progress.title')}
      icon={<DataTrending24Regular />}
      resource={home.progressSection}
      empty={home.progressList.length === 0}
      emptyText={t('progress.empty')}
      action={
        <Link to="/subjects" className={styles.link}>
          {t('progress.all')}
        </Link>
      }
    >
      <ul className={styles.list}>
        {home.progressList.map((row) => (
          <li key={row.subjectId} className={styles.progressRow} data-testid="home-progress-row" data-progress={row.progress}>
            <span id={`home-progress-${row.subjectId}`} className={styles.status}>
              <span className={styles.dot} style={{ backgroundColor: row.color ?? 'currentColor' }} aria-hidden />
              <Link to={subjectDetailsPath(row.subjectId)} className={styles.itemLink} data-testid="home-progress-link">
                <bdi>{row.name}</bdi>
              </Link>
            </span>
            <span className={styles.progressValue}>{t('progress.value', { value: row.progress })}</span>
            <ProgressBar
              className={styles.progressBar}
              value={row.progress / 100}
              thickness="large"
              aria-labelledby={`home-progress-${row.subjectId}`}
              aria-valuetext={t('progress.value', { value: row.progress })}
            />
          </li>
        ))}
      </ul>
    </HomeSection>
  )
})
