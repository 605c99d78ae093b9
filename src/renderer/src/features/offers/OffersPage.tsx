import { Button, MessageBar, MessageBarBody, MessageBarTitle, Spinner } from '@fluentui/react-components'
import { observer } from 'mobx-react-lite'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import type { i18n as I18n } from 'i18next'
import { ensureOffersCatalogue, useOffersCatalogue } from '../../i18n/offersCatalogue.ts'
import { markInteractive } from '../../lib/performance.ts'
import type { RootStore } from '../../stores/RootStore.ts'
import { useStores } from '../../stores/StoreContext.tsx'
import { OfferCardView } from './OfferCardView.tsx'
import { OperatorReturnDialog } from './operator/OperatorReturnDialog.tsx'
import { PurchaseDialog } from './PurchaseDialog.tsx'
import { offersStoreOf } from './stores/offersStores.ts'
import { useOffersStyles } from './styles.ts'

/** At start-up on this screen: the offers are asked for while the shell renders. */
export function prefetch(root: RootStore): void {
  void offersStoreOf(root).enter()
}

/** In idle time, for a signed-in pupil: the screen's store and texts. */
export function prepare(root: RootStore, i18n: I18n): void {
  ensureOffersCatalogue(i18n)
  if (root.user.user) offersStoreOf(root)
}

/** 'Offres' (§2): the class's offer cards by position, the moved-content notice, the purchase dialog. */
export function Component() {
  useOffersCatalogue()
  return <OffersPage />
}

const OffersPage = observer(function OffersPage() {
  const root = useStores()
  const store = offersStoreOf(root)
  const styles = useOffersStyles()
  const { t } = useTranslation('offers')

  useEffect(() => {
    void store.enter().finally(markInteractive)
    return () => store.close()
  }, [store])

  return (
    <div className={styles.page} data-testid="offers-page">
      <header className={styles.header}>
        <h1 className={styles.title}>{t('page.title')}</h1>
        <p className={styles.muted}>{t('page.subtitle')}</p>
      </header>
      {store.movedContentNotice ? (
        <MessageBar intent="info" data-testid="moved-content-notice">
          <MessageBarBody>
            <MessageBarTitle>{t('page.movedTitle')}</MessageBarTitle>
            {t('page.movedText')}
          </MessageBarBody>
        </MessageBar>
      ) : null}
      {store.pending ? (
        <Spinner size="small" label={t('page.loading')} />
      ) : store.failed && store.cards.length === 0 ? (
        <div className={styles.status} role="alert" data-testid="offers-failed">
          <p className={styles.muted}>{t('page.failed')}</p>
          <Button onClick={() => void store.enter()} data-testid="offers-retry">
            {t('page.retry')}
          </Button>
        </div>
      ) : store.cards.length === 0 ? (
        <p className={styles.muted} data-testid="offers-empty">
          {t('page.empty')}
        </p>
      ) : (
        <ul className={styles.grid} data-testid="offers-grid">
          {store.cards.map((card) => (
            <OfferCardView key={card.id} card={card} onBuy={store.open} />
          ))}
        </ul>
      )}
      <PurchaseDialog offers={store} />
      <OperatorReturnDialog onReturn={store.close} />
    </div>
  )
})
