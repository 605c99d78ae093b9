import { Spinner } from '@fluentui/react-components'
import { observer } from 'mobx-react-lite'
import { useTranslation } from 'react-i18next'
import { useSupportCatalogue } from '../../i18n/supportCatalogue.ts'
import type { RootStore } from '../../stores/RootStore.ts'
import { useStores } from '../../stores/StoreContext.tsx'
import { supportStoresOf } from './stores/supportStores.ts'
import { useSupportStyles } from './styles.ts'
import { SupportLoadFailed, SupportScreen, useEnter } from './SupportScreen.tsx'

export { prepare } from './SupportScreen.tsx'

/** At start-up on this screen: the videos are asked for while the shell renders. */
export function prefetch(root: RootStore): void {
  void supportStoresOf(root).assistance.enter()
}

/** 'Assistance' (part 2, §2): the assistance videos by position, each played in the app. */
export function Component() {
  useSupportCatalogue()
  return <AssistancePage />
}

const AssistancePage = observer(function AssistancePage() {
  const store = supportStoresOf(useStores()).assistance
  const styles = useSupportStyles()
  const { t } = useTranslation('support')

  useEnter(store)

  return (
    <SupportScreen testId="assistance-page" title={t('assistance.title')} subtitle={t('assistance.subtitle')}>
      {store.list.data === null && store.list.failed ? (
        <SupportLoadFailed onRetry={() => void store.retry()} />
      ) : store.list.data === null ? (
        <Spinner size="small" label={t('common.loading')} />
      ) : store.videos.length === 0 ? (
        <p className={styles.status} data-testid="assistance-empty">
          {t('assistance.empty')}
        </p>
      ) : (
        <ul className={styles.videos} data-testid="assistance-list">
          {store.videos.map((video) => (
            <li key={video.id} className={styles.videoCard} data-testid="assistance-video">
              <h2 className={styles.videoTitle}>
                <bdi>{video.title}</bdi>
              </h2>
              {video.src ? (
                <video
                  className={styles.video}
                  controls
                  preload="metadata"
                  src={video.src}
                  aria-label={video.title}
                  data-testid="assistance-player"
                />
              ) : (
                <p className={styles.muted}>{t('assistance.unplayable')}</p>
              )}
              {video.description ? (
                <p className={styles.muted}>
                  <bdi>{video.description}</bdi>
                </p>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </SupportScreen>
  )
})
