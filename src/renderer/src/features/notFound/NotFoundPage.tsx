import { ArrowLeft24Regular, ArrowRight24Regular } from '@fluentui/react-icons'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import { usePageStyles } from '../../components/usePageStyles.ts'
import { markInteractive } from '../../lib/performance.ts'

/** The catch-all page: 'Oups 404 Error', with a way back home. */
export function Component() {
  const styles = usePageStyles()
  const { t, i18n } = useTranslation('shell')
  useEffect(markInteractive, [])

  const BackArrow = i18n.dir() === 'rtl' ? ArrowRight24Regular : ArrowLeft24Regular
  return (
    <section className={styles.page} aria-labelledby="not-found-title" data-testid="not-found">
      <span className={styles.art} aria-hidden>
        404
      </span>
      <h1 id="not-found-title" className={styles.title}>
        {t('notFound.title')}
      </h1>
      <p className={styles.text}>{t('notFound.text')}</p>
      <Link to="/" className={styles.action} data-testid="not-found-home">
        <BackArrow aria-hidden />
        {t('notFound.backHome')}
      </Link>
    </section>
  )
}
