import {
  Button,
  Field,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Radio,
  RadioGroup,
  Select,
  Spinner,
  tokens
} from '@fluentui/react-components'
import { ChevronLeft24Regular, ChevronRight24Regular } from '@fluentui/react-icons'
import { observer } from 'mobx-react-lite'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link, useParams } from 'react-router-dom'
import type { OperatorOffer } from '../../../../../shared/api/operatorBilling.ts'
import { createHttp } from '../../../api/http.ts'
import { lazyClient } from '../../../api/lazyClient.ts'
import videoUrl from '../../../assets/operator-howto.webm'
import { ChoiceOptions } from '../../../forms/ChoiceOptions.tsx'
import { FormDialog } from '../../../forms/FormDialog.tsx'
import { FormField } from '../../../forms/FormField.tsx'
import { useMessageText } from '../../../forms/useMessage.ts'
import { useOffersCatalogue } from '../../../i18n/offersCatalogue.ts'
import { markInteractive } from '../../../lib/performance.ts'
import { useStores } from '../../../stores/StoreContext.tsx'
import { OperatorPhoneField } from '../operator/OperatorPhoneField.tsx'
import { useDinars } from '../useMoney.ts'
import { OperatorReturnDialog } from '../operator/OperatorReturnDialog.tsx'
import { createOperatorLandingApi } from './api.ts'
import { OperatorLandingStore, visitorReturnStore, type SubscribeForm } from './OperatorLandingStore.ts'

const useStyles = makeStyles({
  page: {
    width: 'min(960px, 100%)',
    boxSizing: 'border-box',
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
    paddingBlock: tokens.spacingVerticalL
  },
  heading: { margin: 0, fontSize: tokens.fontSizeHero700, lineHeight: tokens.lineHeightHero700, fontWeight: tokens.fontWeightSemibold },
  subheading: { margin: 0, fontSize: tokens.fontSizeBase500, lineHeight: tokens.lineHeightBase500, fontWeight: tokens.fontWeightSemibold },
  muted: { margin: 0, color: tokens.colorNeutralForeground2 },
  sliderHead: { display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: tokens.spacingHorizontalS },
  arrows: { display: 'flex', gap: tokens.spacingHorizontalXS },
  slider: {
    display: 'grid',
    gridAutoFlow: 'column',
    gridAutoColumns: 'min(260px, 80%)',
    gap: tokens.spacingHorizontalM,
    overflowX: 'auto',
    scrollSnapType: 'x mandatory',
    listStyleType: 'none',
    margin: 0,
    padding: tokens.spacingVerticalXS,
    scrollbarWidth: 'thin'
  },
  card: {
    scrollSnapAlign: 'start',
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingHorizontalL,
    borderRadius: tokens.borderRadiusXLarge,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow4,
    borderTopWidth: '4px',
    borderTopStyle: 'solid',
    borderTopColor: tokens.colorBrandBackground
  },
  level: { margin: 0, fontSize: tokens.fontSizeBase500, lineHeight: tokens.lineHeightBase500, fontWeight: tokens.fontWeightSemibold },
  price: { margin: 0, fontSize: tokens.fontSizeBase400, fontWeight: tokens.fontWeightBold, color: tokens.colorBrandForeground1 },
  actions: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, marginBlockStart: 'auto' },
  video: { width: '100%', maxWidth: '480px', borderRadius: tokens.borderRadiusLarge, backgroundColor: tokens.colorNeutralBackground3 },
  section: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM }
})

/**
 * /offers/{operator} (part 1 §2, part 2 §2): the operator's external landing page opens in the
 * system browser at once; the app shows the plans of each level on slider cards, the subscribe
 * modal and the how-to-subscribe video. Reachable signed out only, like the sign-in pages.
 */
export function Component() {
  useOffersCatalogue()
  return <OperatorLandingPage />
}

const OperatorLandingPage = observer(function OperatorLandingPage() {
  const root = useStores()
  const { operator = '' } = useParams()
  const [{ store, returns, returning }] = useState(() => {
    const api = lazyClient(root.session, (baseUrls) =>
      createOperatorLandingApi(createHttp(baseUrls, root.session, { language: root.session.apiLanguage }))
    )
    return {
      store: new OperatorLandingStore(operator, { api, openExternal: (url) => root.platform.shellOpenExternal(url) }),
      // The operator's return of a visitor comes here (signed out): its result, then /.
      returns: visitorReturnStore(api),
      returning: root.deepLinks.last?.kind === 'operator-return'
    }
  })
  const styles = useStyles()
  const { t, i18n } = useTranslation('offers')
  const text = useMessageText()
  // Right to left, "previous" points right: the arrows follow the way the row reads.
  const [Back, Forward] =
    i18n.dir() === 'rtl' ? [ChevronRight24Regular, ChevronLeft24Regular] : [ChevronLeft24Regular, ChevronRight24Regular]
  const slider = useRef<HTMLUListElement>(null)

  useEffect(() => {
    void store.start({ redirect: !returning }).finally(markInteractive)
  }, [store, returning])

  const scroll = (direction: 1 | -1) => {
    const list = slider.current
    if (!list) return
    list.scrollBy({ left: direction * (i18n.dir() === 'rtl' ? -1 : 1) * list.clientWidth * 0.8, behavior: 'smooth' })
  }

  if (!store.known) {
    return (
      <section className={styles.page} data-testid="operator-landing" aria-labelledby="operator-landing-title">
        <h1 id="operator-landing-title" className={styles.heading}>
          {t('landing.title')}
        </h1>
        <MessageBar intent="warning" data-testid="operator-landing-unknown">
          <MessageBarBody>{t('landing.unknown')}</MessageBarBody>
        </MessageBar>
        <Link to="/login">{t('landing.signIn')}</Link>
      </section>
    )
  }

  return (
    <section className={styles.page} data-testid="operator-landing" aria-labelledby="operator-landing-title">
      <h1 id="operator-landing-title" className={styles.heading}>
        {t('landing.title')}
      </h1>
      <p className={styles.muted}>{t('landing.subtitle')}</p>
      <MessageBar intent="info" data-testid="operator-landing-redirected">
        <MessageBarBody>{t('landing.redirected')}</MessageBarBody>
        <Button appearance="transparent" onClick={() => void root.platform.shellOpenExternal(store.externalUrl!)}>
          {t('landing.reopen')}
        </Button>
      </MessageBar>

      <section className={styles.section} aria-labelledby="operator-landing-offers">
        <div className={styles.sliderHead}>
          <h2 id="operator-landing-offers" className={styles.subheading}>
            {t('landing.offers')}
          </h2>
          <div className={styles.arrows}>
            <Button appearance="subtle" icon={<Back />} aria-label={t('landing.previous')} onClick={() => scroll(-1)} />
            <Button appearance="subtle" icon={<Forward />} aria-label={t('landing.next')} onClick={() => scroll(1)} />
          </div>
        </div>
        {store.loading ? <Spinner size="small" label={t('page.loading')} /> : null}
        {store.loadError ? (
          <MessageBar intent="warning">
            <MessageBarBody>{text(store.loadError)}</MessageBarBody>
          </MessageBar>
        ) : null}
        <ul
          ref={slider}
          className={styles.slider}
          data-testid="operator-landing-slider"
          tabIndex={0}
          aria-labelledby="operator-landing-offers"
        >
          {store.offers.map((offer) => (
            <OfferSlide key={offer.id} offer={offer} store={store} />
          ))}
        </ul>
      </section>

      <section className={styles.section} aria-labelledby="operator-landing-video">
        <h2 id="operator-landing-video" className={styles.subheading}>
          {t('landing.video')}
        </h2>
        <p className={styles.muted} id="operator-landing-video-text">
          {t('landing.videoText')}
        </p>
        <video
          className={styles.video}
          src={videoUrl}
          controls
          muted
          preload="metadata"
          aria-describedby="operator-landing-video-text"
          data-testid="operator-landing-video"
        />
      </section>

      <Link to="/login" data-testid="operator-landing-sign-in">
        {t('landing.signIn')}
      </Link>
      {store.form ? <SubscribeDialog store={store} form={store.form} /> : null}
      <OperatorReturnDialog returns={returns} visitor onReturn={store.closeSubscribe} />
    </section>
  )
})

const OfferSlide = observer(function OfferSlide({ offer, store }: { offer: OperatorOffer; store: OperatorLandingStore }) {
  const styles = useStyles()
  const { t } = useTranslation('offers')
  const amount = useDinars()
  return (
    <li className={styles.card} data-testid="operator-landing-card" data-level={offer.id}>
      <h3 className={styles.level}>{offer.level}</h3>
      <p className={styles.price}>{t('landing.daily', { amount: amount(offer.dailyPrice) })}</p>
      <p className={styles.price}>{t('landing.weekly', { amount: amount(offer.weeklyPrice) })}</p>
      <div className={styles.actions}>
        <Button appearance="primary" onClick={() => void store.openSubscribe(offer, 1)} data-testid="operator-landing-daily">
          {t('landing.subscribeDaily')}
        </Button>
        <Button appearance="secondary" onClick={() => void store.openSubscribe(offer, 7)} data-testid="operator-landing-weekly">
          {t('landing.subscribeWeekly')}
        </Button>
      </div>
    </li>
  )
})

const SubscribeDialog = observer(function SubscribeDialog({ store, form }: { store: OperatorLandingStore; form: SubscribeForm }) {
  const styles = useStyles()
  const { t } = useTranslation('offers')
  const amount = useDinars()
  return (
    <FormDialog
      open
      onClose={store.closeSubscribe}
      onSubmit={() => void store.subscribe()}
      title={t('landing.modalTitle', { level: form.offer.level })}
      testId="operator-landing-dialog"
      message={form.error}
      messageIntent="warning"
      messageTestId="operator-landing-error"
      cancel={{ label: t('landing.cancel'), disabled: form.submitting, testId: 'operator-landing-cancel' }}
      submit={{
        label: form.opened ? t('landing.reopen') : t('landing.submit'),
        disabled: form.submitting || form.classesLoading,
        submitting: form.submitting,
        testId: 'operator-landing-submit'
      }}
    >
      <div className={styles.form}>
        <Field label={t('landing.plan')}>
          <RadioGroup
            value={String(form.recurrence)}
            onChange={(_, data) => form.setRecurrence(data.value === '7' ? 7 : 1)}
            layout="horizontal"
          >
            <Radio value="1" label={t('landing.planDaily', { amount: amount(form.offer.dailyPrice) })} data-testid="landing-days-1" />
            <Radio value="7" label={t('landing.planWeekly', { amount: amount(form.offer.weeklyPrice) })} data-testid="landing-days-7" />
          </RadioGroup>
        </Field>
        <OperatorPhoneField
          label={t('landing.phone')}
          hint={t('landing.phoneHint')}
          value={form.phone}
          error={form.fields.error('phone')}
          onChange={(value) => form.setPhone(value)}
          testId="operator-landing-phone"
        />
        <FormField label={t('landing.division')} required error={form.fields.error('division')}>
          <Select
            value={form.division}
            onChange={(_, data) => form.setDivision(data.value)}
            disabled={form.classesLoading}
            data-testid="operator-landing-division"
          >
            <ChoiceOptions empty={t('landing.choose')} items={form.classes} />
          </Select>
        </FormField>
        {form.opened ? (
          <MessageBar intent="info" data-testid="operator-landing-opened">
            <MessageBarBody>{t('landing.opened')}</MessageBarBody>
          </MessageBar>
        ) : null}
      </div>
    </FormDialog>
  )
})
