import { Button, Dialog, DialogActions, DialogBody, DialogContent, DialogSurface, DialogTitle } from '@fluentui/react-components'
import { reaction } from 'mobx'
import { observer } from 'mobx-react-lite'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router-dom'
import { useStores } from '../../../stores/StoreContext.tsx'
import type { OperatorReturnStore } from './OperatorReturnStore.ts'
import { operatorReturnOf } from './operatorStores.ts'

/**
 * The operator's return links (darsi://operator/success|echec) routed to the offers screen: the
 * result the server reports ('Abonnement activé', or the failure), then / (§4).
 */
export const OperatorReturnDialog = observer(function OperatorReturnDialog({
  onReturn,
  returns,
  visitor = false
}: {
  onReturn: () => void
  /** The store asking the server (the signed-in pupil's by default; the landing's for a visitor). */
  returns?: OperatorReturnStore
  /** A signed-out visitor: the activation tells them to sign in for their lessons. */
  visitor?: boolean
}) {
  const root = useStores()
  const store = returns ?? operatorReturnOf(root)
  const navigate = useNavigate()
  const { t } = useTranslation('offers')
  const { deepLinks } = root

  useEffect(
    () =>
      reaction(
        () => deepLinks.last,
        () => {
          const link = deepLinks.take('operator-return')
          if (!link) return
          // The purchase dialog that opened the operator's page is done.
          onReturn()
          void store.handle(link)
        },
        { fireImmediately: true }
      ),
    [deepLinks, store, onReturn]
  )

  const close = () => {
    store.dismiss()
    void navigate('/')
  }
  const result = store.result
  return (
    <Dialog open={result !== null} onOpenChange={(_event, data) => (data.open ? undefined : close())}>
      <DialogSurface data-testid="operator-result" data-result={result ?? undefined}>
        <DialogBody>
          <DialogTitle>{result === 'activated' ? t('operator.activated') : t('operator.failedTitle')}</DialogTitle>
          <DialogContent>
            {result === 'activated' ? t(visitor ? 'operator.activatedVisitorText' : 'operator.activatedText') : t('operator.failedText')}
          </DialogContent>
          <DialogActions>
            <Button appearance="primary" onClick={close} data-testid="operator-result-close">
              {t('operator.close')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  )
})
