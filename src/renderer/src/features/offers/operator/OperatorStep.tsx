import { Button, MessageBar, MessageBarBody } from '@fluentui/react-components'
import { observer } from 'mobx-react-lite'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import type { OperatorRecurrence } from '../../../../../shared/api/operatorBilling.ts'
import { FormDialog } from '../../../forms/FormDialog.tsx'
import { useStores } from '../../../stores/StoreContext.tsx'
import { useOffersStyles } from '../styles.ts'
import { OperatorPhoneField } from './OperatorPhoneField.tsx'
import { operatorCheckoutFor } from './operatorStores.ts'

interface OperatorStepProps {
  recurrence: OperatorRecurrence
  offerName: string
  onBack: () => void
  onClose: () => void
}

/**
 * The purchase dialog's operator step for a plan per day (§4; part 2 §5 operator modal): the
 * phone billed (Tunisian pattern, 'Le numéro existe déjà' on the field), then the operator's page
 * in the system browser. The class is the pupil's own.
 */
export const OperatorStep = observer(function OperatorStep({ recurrence, offerName, onBack, onClose }: OperatorStepProps) {
  const root = useStores()
  const store = useMemo(() => operatorCheckoutFor(root, recurrence), [root, recurrence])
  const styles = useOffersStyles()
  const { t } = useTranslation('offers')

  return (
    <FormDialog
      open
      onClose={onClose}
      onSubmit={() => void store.submit()}
      title={t('operator.title')}
      testId="purchase-dialog"
      step="operator"
      message={store.error}
      messageIntent="warning"
      messageTestId="operator-error"
      actions={
        <Button appearance="secondary" onClick={onBack} disabled={store.submitting} data-testid="purchase-back">
          {t('dialog.back')}
        </Button>
      }
      cancel={{ label: t('dialog.cancel'), disabled: store.submitting, testId: 'purchase-cancel' }}
      submit={{
        label: store.opened ? t('operator.reopen') : t('operator.continue'),
        disabled: store.submitting,
        submitting: store.submitting,
        testId: 'operator-submit'
      }}
    >
      <div className={styles.dialogBody}>
        <p className={styles.muted} data-testid="operator-plan">
          {t(recurrence === 7 ? 'operator.weekly' : 'operator.daily', { offer: offerName })}
        </p>
        <OperatorPhoneField
          label={t('operator.phone')}
          hint={t('operator.phoneHint')}
          value={store.phone}
          error={store.form.error('phone')}
          onChange={(value) => store.setPhone(value)}
          testId="operator-phone"
        />
        {store.opened ? (
          <MessageBar intent="info" data-testid="operator-opened">
            <MessageBarBody>{t('operator.opened')}</MessageBarBody>
          </MessageBar>
        ) : null}
      </div>
    </FormDialog>
  )
})
