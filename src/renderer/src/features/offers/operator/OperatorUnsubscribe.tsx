import { Button, Menu, MenuItem, MenuList, MenuPopover, MenuTrigger } from '@fluentui/react-components'
import { MoreHorizontal20Regular } from '@fluentui/react-icons'
import { observer } from 'mobx-react-lite'
import { useEffect, useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { FormDialog } from '../../../forms/FormDialog.tsx'
import { formatReportDate } from '../../../lib/time.ts'
import { useStores } from '../../../stores/StoreContext.tsx'
import { OperatorPlanStore } from './OperatorPlanStore.ts'
import { operatorBillingApiOf } from './operatorStores.ts'

/** Offer 33's unsubscribe menu, for a pupil whose operator plan renews (§4 Subscription). */
export const OperatorUnsubscribe = observer(function OperatorUnsubscribe({ offerName }: { offerName: string }) {
  const root = useStores()
  const store = useMemo(
    () =>
      new OperatorPlanStore({
        api: operatorBillingApiOf(root),
        isClient: () => root.session.me?.isOperatorClient === true,
        notify: (input) => root.ui.notify(input)
      }),
    [root]
  )
  const { t } = useTranslation('offers')

  useEffect(() => {
    void store.load()
  }, [store])

  if (!store.canUnsubscribe && !store.confirming) return null
  return (
    <>
      <Menu>
        <MenuTrigger disableButtonEnhancement>
          <Button
            appearance="subtle"
            icon={<MoreHorizontal20Regular />}
            aria-label={t('operator.menu', { offer: offerName })}
            data-testid="operator-menu"
          />
        </MenuTrigger>
        <MenuPopover>
          <MenuList>
            <MenuItem onClick={store.ask} data-testid="operator-unsubscribe">
              {t('operator.unsubscribe')}
            </MenuItem>
          </MenuList>
        </MenuPopover>
      </Menu>
      <FormDialog
        open={store.confirming}
        onClose={store.cancel}
        onSubmit={() => void store.unsubscribe()}
        title={t('operator.unsubscribeTitle')}
        testId="operator-unsubscribe-dialog"
        cancel={{ label: t('dialog.cancel'), disabled: store.submitting }}
        submit={{ label: t('operator.unsubscribe'), disabled: store.submitting, testId: 'operator-unsubscribe-confirm' }}
      >
        {t('operator.unsubscribeText', { date: formatReportDate(store.plan?.paid_until ?? '') })}
      </FormDialog>
    </>
  )
})
