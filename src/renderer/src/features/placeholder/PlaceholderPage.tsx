import { Badge } from '@fluentui/react-components'
import { ArrowLeft24Regular, ArrowRight24Regular } from '@fluentui/react-icons'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import { useCurrentRoute } from '../../app/useCurrentRoute.ts'
import { usePageStyles } from '../../components/usePageStyles.ts'
import { markInteractive } from '../../lib/performance.ts'

/** Stands in for a screen that a later issue builds, naming it in the user's language. */
export function Component() {
  const styles = usePageStyles()
  const route = useCurrentRoute()
  const { t, i18n } = useTranslation(['shell', 'routes'])
  useEffect(markInteractive, [])

  const screen = route ? t(route.titleKey) : ''
  const BackArrow = i18n.dir() === 'rtl' ? ArrowRight24Regular : ArrowLeft24Regular
  return (
    <section className={styles.page} aria-labelledby="placeholder-title" data-testid={`placeholder-${route?.key ?? 'unknown'}`}>
      <Badge appearance="tint" color="brand" size="large">
        {t('shell:placeholder.badge')}
      </Badge>
      <h1 id="placeholder-title" className={styles.title}>
        {screen}
      </h1>
      <p className={styles.text}>{t('shell:placeholder.text', { screen })}</p>
      {route?.key === 'home' ? null : (
        <Link to="/" className={styles.action}>
          <BackArrow aria-hidden />
          {t('shell:placeholder.backHome')}
        </Link>
      )}
    </section>
  )
}
