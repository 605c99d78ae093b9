import { Button } from '@fluentui/react-components'
import type { i18n as I18n } from 'i18next'
import { useEffect, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { ensureSupportCatalogue } from '../../i18n/supportCatalogue.ts'
import { markInteractive } from '../../lib/performance.ts'
import type { RootStore } from '../../stores/RootStore.ts'
import { useSupportStyles } from './styles.ts'

/** In idle time, for a signed-in pupil: the support screens' texts. */
export function prepare(_root: RootStore, i18n: I18n): void {
  ensureSupportCatalogue(i18n)
}

/** On showing a support screen: its list is asked for, and the first screen counts as shown once it is there. */
export function useEnter(store: { enter(): Promise<unknown> }): void {
  useEffect(() => {
    void store.enter().finally(markInteractive)
  }, [store])
}

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
