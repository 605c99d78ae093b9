import { Button, Field, MessageBar, MessageBarBody, MessageBarTitle, Spinner, Tab, TabList, Textarea } from '@fluentui/react-components'
import { observer } from 'mobx-react-lite'
import type { FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { INPUT_MAX } from '../../../../../shared/rules/input.ts'
import type { PaymentMethod } from '../api.ts'
import { InputField } from '../../../forms/InputField.tsx'
import { useWalletStyles } from './styles.ts'
import { useMessageText } from '../../../forms/useMessage.ts'
import { useWalletStores } from '../useWalletStores.ts'
import { SubmitButton } from '../../../forms/SubmitButton.tsx'

const METHODS: PaymentMethod[] = ['transfer', 'online', 'd17']

/** Top-up by bank transfer, online card payment or D17 QR code (§2, §4, §5). */
export const TopUpCard = observer(function TopUpCard() {
  const { topUp, card } = useWalletStores()
  const shared = useWalletStyles()
  const { t } = useTranslation('wallet')
  const text = useMessageText()
  const method = topUp.method
  const errors = topUp.fieldErrors

  const onSubmit = (event: FormEvent) => {
    event.preventDefault()
    void topUp.submitTopUp()
  }

  return (
    <section className={shared.card} aria-labelledby="wallet-topup-title" data-testid="wallet-topup">
      <h2 id="wallet-topup-title" className={shared.sectionTitle}>
        {t('topUp.title')}
      </h2>
      <TabList
        aria-label={t('topUp.methodsLabel')}
        selectedValue={method}
        onTabSelect={(_event, data) => topUp.setMethod(data.value as PaymentMethod)}
      >
        {METHODS.map((value) => (
          <Tab key={value} value={value} data-testid={`topup-method-${value}`}>
            {t(`topUp.methods.${value}`)}
          </Tab>
        ))}
      </TabList>
      <p className={shared.muted}>{t(`topUp.methodHints.${method}`)}</p>
      {card.onlineWaiting ? (
        <MessageBar intent="info" layout="multiline" data-testid="online-waiting">
          <MessageBarBody>
            <MessageBarTitle>{t('online.waitingTitle')}</MessageBarTitle>
            {t('online.waitingText')}
            <div className={shared.actions}>
              <Spinner size="tiny" />
              <Button size="small" onClick={() => void card.reopenCardPayment()} data-testid="online-reopen">
                {t('online.reopen')}
              </Button>
              <Button size="small" appearance="subtle" onClick={card.stopWaitingForCard} data-testid="online-cancel">
                {t('online.cancel')}
              </Button>
            </div>
          </MessageBarBody>
        </MessageBar>
      ) : null}
      <form className={shared.form} onSubmit={onSubmit} noValidate>
        <InputField
          label={t('topUp.amount')}
          hint={t('topUp.amountHint')}
          error={errors.amount}
          value={topUp.amount}
          onChange={topUp.setAmount}
          inputMode="decimal"
          autoComplete="off"
          maxLength={INPUT_MAX.amount}
          data-testid="topup-amount"
        />
        {method === 'transfer' ? (
          <InputField
            label={t('topUp.reference')}
            hint={t('topUp.referenceHint')}
            error={errors.reference}
            value={topUp.reference}
            onChange={topUp.setReference}
            autoComplete="off"
            maxLength={64}
            data-testid="topup-reference"
          />
        ) : null}
        <Field label={t('topUp.comment')}>
          <Textarea
            value={topUp.comment}
            onChange={(_event, data) => topUp.setComment(data.value)}
            maxLength={500}
            resize="vertical"
            data-testid="topup-comment"
          />
        </Field>
        {topUp.submitError ? (
          <MessageBar intent="error" data-testid="topup-error">
            <MessageBarBody>{text(topUp.submitError)}</MessageBarBody>
          </MessageBar>
        ) : null}
        {topUp.notice ? (
          <MessageBar intent="success" data-testid="topup-notice">
            <MessageBarBody>{text(topUp.notice)}</MessageBarBody>
          </MessageBar>
        ) : null}
        <div className={shared.actions}>
          <SubmitButton disabled={topUp.submitting} submitting={topUp.submitting} data-testid="topup-submit">
            {t(`topUp.submit.${method}`)}
          </SubmitButton>
        </div>
      </form>
    </section>
  )
})
