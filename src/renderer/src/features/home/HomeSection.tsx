import { Button, MessageBar, MessageBarActions, MessageBarBody, Spinner } from '@fluentui/react-components'
import { ArrowClockwise16Regular } from '@fluentui/react-icons'
import { observer } from 'mobx-react-lite'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import type { SectionLoad } from './stores/HomeStore.ts'
import { useHomeStyles } from './styles.ts'

export interface HomeSectionProps {
  id: string
  title: string
  icon: ReactNode
  /** What the card shows: its loading, its failure (retried by `load`). */
  resource: SectionLoad
  empty: boolean
  emptyText: string
  /** A link beside the title (all sessions, the forum …). */
  action?: ReactNode
  children: ReactNode
}

/** A card of the home with its own loading, failure (and retry) and empty states. */
export const HomeSection = observer(function HomeSection(props: HomeSectionProps) {
  const { id, title, icon, resource, empty, emptyText, action, children } = props
  const { pending, failed } = resource
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
            <Button size="small" icon={<ArrowClockwise16Regular />} onClick={() => void resource.load()} data-testid={`home-${id}-retry`}>
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
})
