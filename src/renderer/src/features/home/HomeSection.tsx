import { Button, MessageBar, MessageBarActions, MessageBarBody, Spinner } from '@fluentui/react-components'
import { ArrowClockwise16Regular } from '@fluentui/react-icons'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useHomeStyles } from './styles.ts'

export interface HomeSectionProps {
  id: string
  title: string
  icon: ReactNode
  /** Nothing to show yet: the first load runs. */
  pending: boolean
  /** The load failed and there is nothing to show: a retry is offered. */
  failed: boolean
  onRetry: () => void
  empty: boolean
  emptyText: string
  /** A link beside the title (all sessions, the forum …). */
  action?: ReactNode
  children: ReactNode
}

/** A card of the home with its own loading, failure (and retry) and empty states. */
export function HomeSection({ id, title, icon, pending, failed, onRetry, empty, emptyText, action, children }: HomeSectionProps) {
  const styles = useHomeStyles()
  const { t } = useTranslation('home')
  const titleId = `home-${id}-title`
  const state = pending ? 'loading' : failed ? 'failed' : empty ? 'empty' : 'ready'
  return (
    <section className={styles.card} aria-labelledby={titleId} aria-busy={pending} data-testid={`home-${id}`} data-state={state}>
      <div className={styles.cardHeader}>
        <h2 id={titleId} className={styles.cardTitle}>
          <span className={styles.titleIcon} aria-hidden>
            {icon}
          </span>
          {title}
        </h2>
        {action}
      </div>
      {pending ? (
        <Spinner size="tiny" label={t('section.loading')} />
      ) : failed ? (
        <MessageBar intent="error" data-testid={`home-${id}-failed`}>
          <MessageBarBody>{t('section.failed')}</MessageBarBody>
          <MessageBarActions>
            <Button size="small" icon={<ArrowClockwise16Regular />} onClick={onRetry} data-testid={`home-${id}-retry`}>
              {t('section.retry')}
            </Button>
          </MessageBarActions>
        </MessageBar>
      ) : empty ? (
        <p className={styles.muted} data-testid={`home-${id}-empty`}>
          {emptyText}
        </p>
      ) : (
        children
      )}
    </section>
  )
}
