import { Badge, type BadgeProps } from '@fluentui/react-components'
import { Live24Regular } from '@fluentui/react-icons'
import { observer } from 'mobx-react-lite'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import { formatClock } from '../../lib/time.ts'
import type { HomeStore, SessionState } from './stores/HomeStore.ts'
import { HomeSection } from './HomeSection.tsx'
import { isolate } from './bidi.ts'
import { useHomeStyles } from './styles.ts'

const STATE_COLORS: Record<SessionState, BadgeProps['color']> = { inProgress: 'danger', upcoming: 'brand', finished: 'informative' }

/** Today's live sessions of the pupil's class, in Tunis time, each with its state. */
export const SessionsSection = observer(function SessionsSection({ home }: { home: HomeStore }) {
  const styles = useHomeStyles()
  const { t } = useTranslation('home')
  const section = home.sessions
  return (
    <HomeSection
      id="sessions"
      title={t('sessions.title')}
      icon={<Live24Regular />}
      resource={section}
      empty={home.todaySessions.length === 0}
      emptyText={t('sessions.empty')}
      action={
        <Link to="/sessions" className={styles.link}>
          {t('sessions.all')}
        </Link>
      }
    >
      <ul className={styles.list}>
        {home.todaySessions.map(({ event, state }) => (
          <li key={event.id} className={styles.item} data-testid="home-session" data-state={state}>
            <span
              className={styles.dot}
              style={{ backgroundColor: event.subject.color ?? 'currentColor', marginBlockStart: '6px' }}
              aria-hidden
            />
            <div className={styles.itemBody}>
              <div className={styles.meta}>
                <span className={styles.time}>
                  {t('sessions.time', { start: formatClock(event.start_date), end: formatClock(event.end_date) })}
                </span>
                <Badge appearance="tint" color={STATE_COLORS[state]} size="small">
                  {t(`sessions.state.${state}`)}
                </Badge>
              </div>
              <p className={styles.itemTitle}>
                <bdi>{event.name}</bdi>
              </p>
              <span className={styles.small}>
                <bdi>{event.subject.name}</bdi>
                {event.teacher ? ` · ${t('sessions.teacher', { teacher: isolate(event.teacher) })}` : ''}
              </span>
            </div>
          </li>
        ))}
      </ul>
    </HomeSection>
  )
})
