import { Button, Spinner } from '@fluentui/react-components'
import { ArrowLeft24Regular, ArrowRight24Regular } from '@fluentui/react-icons'
import { observer } from 'mobx-react-lite'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router-dom'
import { usePageStyles } from '../../components/usePageStyles.ts'
import { formatSessionTime } from '../../lib/time.ts'
import { markInteractive } from '../../lib/performance.ts'
import { useStores } from '../../stores/StoreContext.tsx'
import { useInboxCatalogue } from '../../i18n/inboxCatalogue.ts'

/** `/inbox/{id}`: one message of the inbox; opening it marks it seen. */
export const Component = observer(function InboxMessagePage() {
  useInboxCatalogue()
  const styles = usePageStyles()
  const { id = '' } = useParams()
  const { inbox } = useStores()
  const store = inbox.stores?.messages ?? null
  const { t, i18n } = useTranslation(['inbox', 'shell'])
  const ready = inbox.userId !== null

  useEffect(() => {
    if (ready) void store?.open(id)
  }, [id, ready, store])
  useEffect(markInteractive, [])

  const message = store?.opened?._id === id ? store.opened : null
  const BackArrow = i18n.dir() === 'rtl' ? ArrowRight24Regular : ArrowLeft24Regular
  return (
    <article className={styles.page} aria-labelledby="message-title" data-testid="inbox-message">
      {message ? (
        <>
          <h1 id="message-title" className={styles.title} data-testid="inbox-message-title">
            <bdi>{message.message.name}</bdi>
          </h1>
          <p className={styles.text}>{t('inbox:messages.received', { date: formatSessionTime(message.created_at) })}</p>
          {/* Written in one language by the platform: its lines take their direction from it. */}
          <p
            className={styles.text}
            dir="auto"
            style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
            data-testid="inbox-message-body"
          >
            {message.message.body}
          </p>
        </>
      ) : store?.openStatus === 'failed' ? (
        <>
          <h1 id="message-title" className={styles.title}>
            {t('inbox:messages.notFound')}
          </h1>
          <Button onClick={() => void store.open(id)}>{t('inbox:messages.retry')}</Button>
        </>
      ) : (
        <Spinner id="message-title" label={t('shell:loading')} />
      )}
      <Link to="/" className={styles.action}>
        <BackArrow aria-hidden />
        {t('inbox:messages.backHome')}
      </Link>
    </article>
  )
})
