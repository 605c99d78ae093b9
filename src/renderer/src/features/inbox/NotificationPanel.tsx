import { Button, Spinner } from '@fluentui/react-components'
import { ArrowLeft20Regular, ArrowRight20Regular, Settings20Regular } from '@fluentui/react-icons'
import { observer } from 'mobx-react-lite'
import { useEffect, useState, type UIEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router-dom'
import { internalRoute, type NotificationTab } from './stores/NotificationStore.ts'
import type { Notification } from './api.ts'
import { useInbox, useStores } from '../../stores/StoreContext.tsx'
import { afterPaint } from '../../lib/afterPaint.ts'
import { lazyComponent } from '../../lib/lazyComponent.ts'
import { loadNotificationSettings } from '../profile/index.ts'
import { previewLength } from '../../lib/text.ts'
import { PanelItem, PanelTabs } from './PanelParts.tsx'
import { usePanelStyles } from './panelStyles.ts'
import { useViewportWidth } from './useViewportWidth.ts'

function SettingsPlaceholder() {
  return <Spinner size="small" />
}

// The toggles and their profile texts are not part of the panel: they load with the other
// dropdown code in idle time, or when the settings are opened before that.
const NotificationSettings = lazyComponent(async () => (await loadNotificationSettings()).NotificationSettings, SettingsPlaceholder)

/** The settings view's code, ahead of its first opening. */
export function preloadNotificationSettings(): Promise<void> {
  return NotificationSettings.preload()
}

/** Rows from the bottom at which the next page is asked for. */
const LOAD_MORE_MARGIN_PX = 120

/**
 * The notification dropdown: All / Unread tabs, 24 a page with the next one loaded while
 * scrolling, opening one marks it seen and follows its link; the settings of the families.
 */
export const NotificationPanel = observer(function NotificationPanel({ onClose }: { onClose(): void }) {
  const styles = usePanelStyles()
  const { platform, ui } = useStores()
  const inbox = useInbox()
  const store = inbox.notifications
  const { t, i18n } = useTranslation(['inbox', 'shell'])
  const navigate = useNavigate()
  const width = useViewportWidth()
  const [settings, setSettings] = useState(false)

  useEffect(() => {
    let shown = true
    void afterPaint().then(() => (shown ? store.load({ keepShown: true }) : undefined))
    return () => {
      shown = false
    }
  }, [store])

  const open = (notification: Notification) => {
    void store.markSeen(notification.id)
    const route = internalRoute(notification.link)
    if (route) {
      onClose()
      void navigate(route)
    } else if (notification.link) {
      onClose()
      platform.shellOpenExternal(notification.link).catch(() => ui.notify({ intent: 'error', key: 'shell:externalLink.failed' }))
    }
  }

  const onScroll = (event: UIEvent<HTMLUListElement>) => {
    const list = event.currentTarget
    if (list.scrollTop + list.clientHeight >= list.scrollHeight - LOAD_MORE_MARGIN_PX) void store.loadMore()
  }

  if (settings) {
    const Back = i18n.dir() === 'rtl' ? ArrowRight20Regular : ArrowLeft20Regular
    return (
      <div className={styles.panel} data-testid="notification-settings">
        <div className={styles.head}>
          <Button appearance="subtle" icon={<Back />} onClick={() => setSettings(false)}>
            {t('inbox:notifications.back')}
          </Button>
        </div>
        <div className={styles.list}>
          <NotificationSettings />
        </div>
      </div>
    )
  }

  const max = previewLength(width)
  return (
    <div className={styles.panel} data-testid="notification-panel">
      <div className={styles.head}>
        <h2 className={styles.title}>{t('inbox:notifications.title')}</h2>
        <Button
          appearance="subtle"
          icon={<Settings20Regular />}
          aria-label={t('inbox:notifications.settings')}
          title={t('inbox:notifications.settings')}
          onClick={() => setSettings(true)}
          data-testid="notification-settings-open"
        />
      </div>
      <PanelTabs family="notifications" testId="notification" tab={store.tab} onTab={(tab: NotificationTab) => store.setTab(tab)} />
      {inbox.realtime === 'reconnecting' ? (
        <div className={styles.notice} role="status">
          {t('inbox:notifications.reconnecting')}
        </div>
      ) : null}
      {store.status === 'loading' || store.status === 'idle' ? (
        <div className={styles.state}>
          <Spinner size="small" label={t('shell:loading')} />
        </div>
      ) : store.status === 'failed' ? (
        <div className={styles.state} role="alert">
          {t('inbox:notifications.loadFailed')}
          <Button onClick={() => void store.load()}>{t('inbox:notifications.retry')}</Button>
        </div>
      ) : store.items.length === 0 ? (
        <div className={styles.state} data-testid="notification-empty">
          {store.tab === 'unread' ? t('inbox:notifications.emptyUnread') : t('inbox:notifications.empty')}
        </div>
      ) : (
        <ul className={styles.list} onScroll={onScroll} data-testid="notification-list" aria-busy={store.moreStatus === 'loading'}>
          {store.items.map((notification) => (
            <li key={notification.id}>
              <PanelItem
                family="notifications"
                testId="notification-item"
                seen={notification.seen}
                title={notification.title}
                body={notification.body}
                createdAt={notification.created_at}
                max={max}
                onOpen={() => open(notification)}
              />
            </li>
          ))}
          {store.hasMore || store.moreStatus === 'failed' ? (
            <li className={styles.state}>
              {store.moreStatus === 'failed' ? (
                <>
                  {t('inbox:notifications.moreFailed')}
                  <Button size="small" onClick={() => void store.loadMore()}>
                    {t('inbox:notifications.retry')}
                  </Button>
                </>
              ) : (
                <Spinner size="tiny" label={t('inbox:notifications.loadingMore')} data-testid="notification-loading-more" />
              )}
            </li>
          ) : null}
        </ul>
      )}
    </div>
  )
})
