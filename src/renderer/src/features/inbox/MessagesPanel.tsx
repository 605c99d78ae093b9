import { Button, mergeClasses, Spinner, Tab, TabList } from '@fluentui/react-components'
import { observer } from 'mobx-react-lite'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router-dom'
import type { MessageTab } from './stores/MessageStore.ts'
import { useInbox } from '../../stores/StoreContext.tsx'
import { formatSessionTime } from '../../lib/time.ts'
import { previewLength, truncate } from '../../lib/text.ts'
import { usePanelStyles } from './panelStyles.ts'
import { useViewportWidth } from './useViewportWidth.ts'

/** The message dropdown: all / unread tabs; a message opens at /inbox/{id}. */
export const MessagesPanel = observer(function MessagesPanel({ onClose }: { onClose(): void }) {
  const styles = usePanelStyles()
  const inbox = useInbox()
  const store = inbox.messages
  const { t } = useTranslation(['inbox', 'shell'])
  const navigate = useNavigate()
  const width = useViewportWidth()

  useEffect(() => {
    void store.load()
  }, [store])

  const max = previewLength(width)
  const list = store.visible
  return (
    <div className={styles.panel} data-testid="messages-panel">
      <div className={styles.head}>
        <h2 className={styles.title}>{t('inbox:messages.title')}</h2>
      </div>
      <TabList
        className={styles.tabs}
        size="small"
        selectedValue={store.tab}
        onTabSelect={(_event, data) => store.setTab(data.value as MessageTab)}
      >
        <Tab value="all" data-testid="messages-tab-all">
          {t('inbox:messages.all')}
        </Tab>
        <Tab value="unread" data-testid="messages-tab-unread">
          {t('inbox:messages.unread')}
        </Tab>
      </TabList>
      {store.status === 'failed' && store.messages.length === 0 ? (
        <div className={styles.state} role="alert">
          {t('inbox:messages.loadFailed')}
          <Button onClick={() => void store.load()}>{t('inbox:messages.retry')}</Button>
        </div>
      ) : store.status !== 'succeeded' && store.messages.length === 0 ? (
        <div className={styles.state}>
          <Spinner size="small" label={t('shell:loading')} />
        </div>
      ) : list.length === 0 ? (
        <div className={styles.state} data-testid="messages-empty">
          {store.tab === 'unread' ? t('inbox:messages.emptyUnread') : t('inbox:messages.empty')}
        </div>
      ) : (
        <ul className={styles.list} data-testid="messages-list">
          {list.map((message) => (
            <li key={message._id}>
              <button
                type="button"
                className={mergeClasses(styles.item, !message.seen && styles.unseenItem)}
                onClick={() => {
                  onClose()
                  void navigate(`/inbox/${encodeURIComponent(message._id)}`)
                }}
                data-testid="message-item"
                data-seen={message.seen}
              >
                <span className={message.seen ? styles.noDot : styles.dot} aria-hidden />
                <span className={styles.text}>
                  <span className={message.seen ? styles.itemTitle : styles.itemTitleUnseen}>
                    <bdi>{message.message.name}</bdi>
                  </span>
                  <span className={styles.preview}>
                    <bdi>{truncate(message.message.body, max)}</bdi>
                  </span>
                  <span className={styles.date}>{formatSessionTime(message.created_at)}</span>
                  {message.seen ? null : <span className={styles.visuallyHidden}>{t('inbox:messages.unseen')}</span>}
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
})
