import { Badge } from '@fluentui/react-components'
import { observer } from 'mobx-react-lite'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router-dom'
import type { HomeContent } from './api.ts'
import { lessonPath } from '../learning/index.ts'
import { formatReportDate } from '../../lib/time.ts'
import { countForm } from '../../lib/countForm.ts'
import { lessonMinutes } from '../../lib/durationText.ts'
import type { Section } from './stores/HomeStore.ts'
import { HomeSection } from './HomeSection.tsx'
import { useHomeStyles } from './styles.ts'

export interface ContentsSectionProps {
  id: 'latest' | 'free'
  title: string
  emptyText: string
  icon: ReactNode
  section: Section<HomeContent[]>
  /** The lessons to show (2, §2). */
  items: readonly HomeContent[]
}

/** The latest lessons or the free videos: subject, lesson, chapter, date; a lesson opens its page. */
export const ContentsSection = observer(function ContentsSection({ id, title, emptyText, icon, section, items }: ContentsSectionProps) {
  const styles = useHomeStyles()
  const { t } = useTranslation('home')
  const minutes = (count: number) => t(`content.minutes${countForm(count)}`, { count })
  return (
    <HomeSection id={id} title={title} icon={icon} resource={section} empty={items.length === 0} emptyText={emptyText}>
      <ul className={styles.list}>
        {items.map((item) => (
          <li key={item.content.id} className={styles.item} data-testid={`home-${id}-item`}>
            <span className={styles.swatch} style={{ backgroundColor: item.subject.color ?? '#616161' }} aria-hidden>
              {item.subject.name.charAt(0)}
            </span>
            <div className={styles.itemBody}>
              <Link
                to={lessonPath(item.subject.slug, item.chapter, item.content.slug)}
                className={styles.itemLink}
                data-testid={`home-${id}-link`}
              >
                <bdi>{item.content.name}</bdi>
              </Link>
              <span className={styles.small}>
                <bdi>{item.subject.name}</bdi> · <bdi>{item.chapter.name}</bdi>
              </span>
              <div className={styles.meta}>
                <span className={styles.small}>{t('content.added', { date: formatReportDate(item.createdAt) })}</span>
                {item.content.duration ? <span className={styles.small}>{minutes(lessonMinutes(item.content.duration))}</span> : null}
                {item.content.is_free ? (
                  <Badge appearance="tint" color="success" size="small">
                    {t('free.badge')}
                  </Badge>
                ) : null}
              </div>
            </div>
          </li>
        ))}
      </ul>
    </HomeSection>
  )
})
