import { Badge, Button, Checkbox, Field, Input, MessageBar, MessageBarBody, Radio, RadioGroup, Select } from '@fluentui/react-components'
import { observer } from 'mobx-react-lite'
import type { KeyboardEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router-dom'
import type { QuoteAnswer } from './api.ts'
import { FormDialog } from '../../forms/FormDialog.tsx'
import { useMessageText } from '../../forms/useMessage.ts'
import { isolate } from '../../lib/bidi.ts'
import { countForm } from '../../lib/countForm.ts'
import { formatReportDate } from '../../lib/time.ts'
import { OperatorStep } from './operator/OperatorStep.tsx'
import type { OffersStore } from './stores/OffersStore.ts'
import type { PurchaseStore } from './stores/PurchaseStore.ts'
import { subjectPrice, type DayCount, type PeriodChoice } from './stores/offerRules.ts'
import { useOffersStyles } from './styles.ts'
import { useMoney } from './useMoney.ts'

const MONTHS = Array.from({ length: 12 }, (_, index) => index + 1)

/** The purchase dialog (§4): the choice with its price, then the confirmation, then the purchase. */
export const PurchaseDialog = observer(function PurchaseDialog({ offers }: { offers: OffersStore }) {
  const purchase = offers.purchase
  const { t } = useTranslation('offers')
  const navigate = useNavigate()
  if (!purchase) return null
  const confirming = purchase.step === 'confirm'
  // Per day (§4): 1 or 7 days, then the operator's payment step.
  if (confirming && purchase.periodChoice === 'day')
    return <OperatorStep recurrence={purchase.days} offerName={purchase.card.name} onBack={purchase.back} onClose={offers.close} />

  const submit = () => {
    if (!confirming) {
      purchase.confirm()
      return
    }
    void purchase.buy().then((outcome) => {
      if (!outcome) return
      offers.close()
      void navigate(outcome.path)
    })
  }

  return (
    <FormDialog
      open
      onClose={offers.close}
      onSubmit={submit}
      title={confirming ? t('dialog.confirmTitle') : purchase.card.name}
      testId="purchase-dialog"
      step={purchase.step}
      message={purchase.error}
      messageIntent="warning"
      messageTestId="purchase-error"
      actions={
        confirming ? (
          <Button appearance="secondary" onClick={purchase.back} disabled={purchase.submitting} data-testid="purchase-back">
            {t('dialog.back')}
          </Button>
        ) : null
      }
      cancel={{ label: t('dialog.cancel'), disabled: purchase.submitting, testId: 'purchase-cancel' }}
      submit={
        confirming
          ? { label: t('dialog.confirm'), disabled: purchase.submitting, submitting: purchase.submitting, testId: 'purchase-confirm' }
          : { label: t('dialog.next'), disabled: !purchase.canConfirm, testId: 'purchase-next' }
      }
    >
      {confirming ? <Confirmation purchase={purchase} /> : <Choice purchase={purchase} />}
    </FormDialog>
  )
})

const Choice = observer(function Choice({ purchase }: { purchase: PurchaseStore }) {
  const styles = useOffersStyles()
  const { t } = useTranslation('offers')
  const money = useMoney()
  const card = purchase.card

  return (
    <div className={styles.dialogBody}>
      {card.description ? <p className={styles.muted}>{card.description}</p> : null}
      {purchase.showsPeriodSelector && purchase.periodChoices.length > 1 ? (
        <Field label={t('dialog.period')}>
          <RadioGroup
            layout="horizontal"
            value={purchase.periodChoice}
            onChange={(_, data) => purchase.setPeriodChoice(data.value as PeriodChoice)}
          >
            {purchase.periodChoices.map((choice) => (
              <Radio key={choice} value={choice} label={t(`dialog.periods.${choice}`)} data-testid={`period-${choice}`} />
            ))}
          </RadioGroup>
        </Field>
      ) : (
        <p className={styles.muted} data-testid="period-single">
          {t(`dialog.periods.${purchase.periodChoice}`)}
        </p>
      )}
      {purchase.periodChoice === 'day' ? (
        <Field label={t('dialog.days')} hint={t('dialog.dayNote')}>
          <RadioGroup
            layout="horizontal"
            value={String(purchase.days)}
            onChange={(_, data) => purchase.setDays(Number(data.value) as DayCount)}
          >
            {purchase.dayCounts.map((days) => (
              <Radio
                key={days}
                value={String(days)}
                label={t(days === 7 ? 'dialog.daySeven' : 'dialog.dayOne')}
                data-testid={`days-${days}`}
              />
            ))}
          </RadioGroup>
        </Field>
      ) : null}
      {purchase.periodChoice === 'month' ? (
        <div className={styles.row}>
          <Field label={t('dialog.months')}>
            <Select
              value={String(purchase.months)}
              onChange={(_, data) => purchase.setMonths(Number(data.value))}
              data-testid="months-select"
            >
              {MONTHS.map((months) => (
                <option key={months} value={months}>
                  {t(`dialog.months${countForm(months)}`, { count: months })}
                </option>
              ))}
            </Select>
          </Field>
          {purchase.multiMonth ? (
            <Badge appearance="tint" color="brand" data-testid="multi-month">
              {t('dialog.multiMonth')}
            </Badge>
          ) : null}
        </div>
      ) : null}
      {purchase.isPack ? (
        <fieldset className={styles.fieldset} data-testid="pack-subjects">
          <legend className={styles.legend}>{t('dialog.subjects')}</legend>
          <Checkbox
            checked={purchase.allSubjectsChosen ? true : purchase.subjectIds.length > 0 ? 'mixed' : false}
            onChange={purchase.toggleAllSubjects}
            label={t('dialog.allSubjects')}
            data-testid="subjects-all"
          />
          <div className={styles.subjects}>
            {purchase.subjects.map((subject) => (
              <Checkbox
                key={subject.id}
                checked={purchase.subjectIds.includes(subject.id)}
                onChange={() => purchase.toggleSubject(subject.id)}
                label={
                  <>
                    <bdi>{subject.subject}</bdi>
                    {' · '}
                    <bdi className={styles.nowrap}>{t('dialog.subjectPrice', { amount: money(subjectPrice(card, subject) ?? 0) })}</bdi>
                  </>
                }
                data-testid="pack-subject"
                data-subject={subject.subject}
              />
            ))}
          </div>
        </fieldset>
      ) : null}
      {purchase.sellsInSlices ? (
        <Field label={t('dialog.payment')}>
          <RadioGroup
            layout="horizontal"
            value={purchase.payInSlices ? 'slices' : 'whole'}
            onChange={(_, data) => purchase.setPayInSlices(data.value === 'slices')}
          >
            <Radio
              value="slices"
              label={t(`dialog.inSlices${countForm(card.slices.length)}`, { count: card.slices.length })}
              data-testid="pay-slices"
            />
            <Radio value="whole" label={t('dialog.whole')} data-testid="pay-whole" />
          </RadioGroup>
        </Field>
      ) : null}
      <CodeField purchase={purchase} />
      <PriceSummary purchase={purchase} />
    </div>
  )
})

const CodeField = observer(function CodeField({ purchase }: { purchase: PurchaseStore }) {
  const styles = useOffersStyles()
  const { t } = useTranslation('offers')
  const messageText = useMessageText()
  const applied = purchase.appliedCode
  const message = purchase.codeMessage

  // Enter in the code field applies the code instead of sending the dialog's form.
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return
    event.preventDefault()
    void purchase.applyCode()
  }

  return (
    <div className={styles.fieldset}>
      <div className={styles.codeRow}>
        <Field label={t('dialog.code')} className={styles.codeInput}>
          <Input
            value={applied ? applied.code : purchase.codeInput}
            onChange={(_, data) => purchase.setCodeInput(data.value)}
            onKeyDown={onKeyDown}
            disabled={applied !== null}
            placeholder={t('dialog.codePlaceholder')}
            maxLength={64}
            data-testid="code-input"
          />
        </Field>
        {applied ? (
          <Button onClick={purchase.removeCode} data-testid="code-remove">
            {t('dialog.removeCode')}
          </Button>
        ) : (
          <Button onClick={() => void purchase.applyCode()} disabled={purchase.checkingCode} data-testid="code-apply">
            {t('dialog.applyCode')}
          </Button>
        )}
      </div>
      {message ? (
        <MessageBar intent={message.intent} data-testid="code-message" data-intent={message.intent}>
          <MessageBarBody>{messageText(message.message)}</MessageBarBody>
        </MessageBar>
      ) : null}
    </div>
  )
})

/** The price of the choice: each step of the engine's quote, the slice to pay now, the dates of access. */
const PriceSummary = observer(function PriceSummary({ purchase }: { purchase: PurchaseStore }) {
  const styles = useOffersStyles()
  const messageText = useMessageText()
  const quote = purchase.quote
  if (!quote) {
    return (
      <p className={styles.muted} role="status" data-testid="price-refusal">
        {messageText(purchase.refusal)}
      </p>
    )
  }
  return <QuoteLines quote={quote} />
})

function QuoteLines({ quote }: { quote: QuoteAnswer }) {
  const styles = useOffersStyles()
  const { t } = useTranslation('offers')
  const money = useMoney()
  const amount = (millimes: number) => t('dialog.amount', { amount: money(millimes) })
  // The sign stays before the figure in Arabic too: the signed amount is isolated left to right.
  const minus = (millimes: number) => t('dialog.amount', { amount: isolate(`-${money(millimes)}`, 'ltr') })
  const inSlices = quote.sliceIndex > 0 && quote.slices.length > 1
  const start = formatReportDate(quote.period.startDate)

  return (
    <section aria-label={t('dialog.priceTitle')} aria-live="polite">
      <dl className={styles.summary} data-testid="price-summary">
        {quote.listPrice > quote.base ? (
          <>
            <dt className={styles.term}>{t('dialog.listPrice')}</dt>
            <dd className={styles.value}>
              <s data-testid="price-list">{amount(quote.listPrice)}</s>
            </dd>
          </>
        ) : null}
        <dt className={styles.term}>{t('dialog.base')}</dt>
        <dd className={styles.value} data-testid="price-base" data-millimes={quote.base}>
          {amount(quote.base)}
        </dd>
        {quote.pack ? (
          <>
            <dt className={styles.term}>{t('dialog.packDiscount', { value: quote.pack.basisPoints / 100 })}</dt>
            <dd className={styles.value} data-testid="price-pack" data-millimes={quote.pack.discount}>
              {minus(quote.pack.discount)}
            </dd>
          </>
        ) : null}
        {quote.code ? (
          <>
            <dt className={styles.term}>
              {quote.code.kind === 'referral'
                ? t('dialog.referralDiscount', { code: quote.code.code })
                : t('dialog.couponDiscount', { code: quote.code.code })}
            </dt>
            <dd className={styles.value} data-testid="price-code" data-millimes={quote.code.discount}>
              {minus(quote.code.discount)}
            </dd>
          </>
        ) : null}
        <dt className={styles.totalTerm}>{t('dialog.total')}</dt>
        <dd className={styles.totalValue} data-testid="price-total" data-millimes={quote.total}>
          {amount(quote.total)}
        </dd>
        {inSlices ? (
          <>
            <dt className={styles.totalTerm}>{t('dialog.dueNow', { index: quote.sliceIndex, count: quote.slices.length })}</dt>
            <dd className={styles.totalValue} data-testid="price-due-now" data-millimes={quote.dueNow}>
              {amount(quote.dueNow)}
            </dd>
          </>
        ) : null}
      </dl>
      {inSlices ? <p className={styles.note}>{t('dialog.sliceList', { amounts: quote.slices.map(amount).join(' · ') })}</p> : null}
      <p className={styles.note} data-testid="price-access">
        {quote.period.endDate
          ? t('dialog.access', { start, end: formatReportDate(quote.period.endDate) })
          : t('dialog.accessFrom', { start })}
      </p>
    </section>
  )
}

const Confirmation = observer(function Confirmation({ purchase }: { purchase: PurchaseStore }) {
  const styles = useOffersStyles()
  const { t } = useTranslation('offers')
  const money = useMoney()
  const quote = purchase.quote
  if (!quote) return null
  return (
    <div className={styles.dialogBody}>
      <p className={styles.muted} data-testid="purchase-confirm-text">
        {t('dialog.confirmText', { amount: money(quote.dueNow), offer: purchase.card.name })}
      </p>
      <QuoteLines quote={quote} />
    </div>
  )
})
