import { Button } from '@fluentui/react-components'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useSupportStyles } from './styles.ts'

/** A support screen: its title and subtitle over what it lists. */
export function SupportScreen({
  testId,
  title,
  subtitle,
  children
}: {
  testId: string
  title: string
  subtitle: string
  children: ReactNode
}) {
  const styles = useSupportStyles()
  return (
    <div className={styles.page} data-testid={testId}>
      <header className={styles.header}>
        <h1 className={styles.title}>{title}</h1>
        <p className={styles.muted}>{subtitle}</p>
      </header>
      {children}
    </div>
  )
}

/** The list could not be loaded: say so, offer a retry. */
export function SupportLoadFailed({ onRetry }: { onRetry: () => void }) {
  const styles = useSupportStyles()
  const { t } = useTranslation('support')
  return (
    <div role="alert" className={styles.status}>
      <p className={styles.muted}>{t('common.failed')}</p>
      <Button onClick={onRetry}>{t('common.retry')}</Button>
    </div>
  )
}
