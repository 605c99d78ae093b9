import { Button, Spinner } from '@fluentui/react-components'
import { observer } from 'mobx-react-lite'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router-dom'
import type { MessageTab } from './stores/MessageStore.ts'
import { useInbox } from '../../stores/StoreContext.tsx'
import { previewLength } from '../../lib/text.ts'
import { PanelItem, PanelTabs } from './PanelParts.tsx'
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
      <PanelTabs family="messages" testId="messages" tab={store.tab} onTab={(tab: MessageTab) => store.setTab(tab)} />
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
              <PanelItem
                family="messages"
                testId="message-item"
                seen={message.seen}
                title={message.message.name}
                body={message.message.body}
                createdAt={message.created_at}
                max={max}
                onOpen={() => {
                  onClose()
                  void navigate(`/inbox/${encodeURIComponent(message._id)}`)
                }}
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  )
})
