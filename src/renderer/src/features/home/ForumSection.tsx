import { Button } from '@fluentui/react-components'
import { Chat24Regular, Open16Regular } from '@fluentui/react-icons'
import { observer } from 'mobx-react-lite'
import { useTranslation } from 'react-i18next'
import { FORUM_URL } from '../../../../shared/constants.ts'
import { useOpenExternal } from '../../components/shell/useOpenExternal.ts'
import { formatReportDate } from '../../lib/time.ts'
import type { HomeStore } from './stores/HomeStore.ts'
import { HomeSection } from './HomeSection.tsx'
import { isolate } from './bidi.ts'
import { useHomeStyles } from './styles.ts'

/** The forum's latest topics (forum permission only); they open in the system browser. */
export const ForumSection = observer(function ForumSection({ home }: { home: HomeStore }) {
  const styles = useHomeStyles()
  const { t } = useTranslation('home')
  const openExternal = useOpenExternal()
  const section = home.forum
  if (!home.showsForum) return null
  return (
    <HomeSection
      id="forum"
      title={t('forum.title')}
      icon={<Chat24Regular />}
      resource={section}
      empty={(section.data ?? []).length === 0}
      emptyText={t('forum.empty')}
      action={
        <Button
          size="small"
          appearance="subtle"
          icon={<Open16Regular />}
          iconPosition="after"
          onClick={openExternal(FORUM_URL)}
          title={t('forum.opensInBrowser')}
          data-testid="home-forum-open"
        >
          {t('forum.open')}
        </Button>
      }
    >
      <ul className={styles.list}>
        {(section.data ?? []).map((post) => (
          <li key={post.id} className={styles.item} data-testid="home-forum-topic">
            <div className={styles.itemBody}>
              <button
                type="button"
                className={`${styles.itemLink} ${styles.textButton}`}
                onClick={openExternal(post.url)}
                title={t('forum.opensInBrowser')}
              >
                <bdi>{post.title}</bdi>
              </button>
              <div className={styles.meta}>
                <span className={styles.small}>
                  {t('forum.meta', { author: isolate(post.author), date: formatReportDate(post.created_at) })}
                </span>
                <span className={styles.small}>{t('forum.replies', { count: post.replies })}</span>
              </div>
            </div>
          </li>
        ))}
      </ul>
    </HomeSection>
  )
})
