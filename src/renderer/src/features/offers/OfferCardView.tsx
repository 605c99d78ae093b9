import { Badge, Button, mergeClasses } from '@fluentui/react-components'
import { useTranslation } from 'react-i18next'
import { toMillimes } from '../../../../shared/pricing/money.ts'
import { isolate } from '../../lib/bidi.ts'
import { countForm } from '../../lib/countForm.ts'
import type { OfferCard } from './api.ts'
import { OperatorUnsubscribe } from './operator/OperatorUnsubscribe.tsx'
import { headlinePrice, packFromPrice } from './stores/offerRules.ts'
import { useOffersStyles } from './styles.ts'
import { useMoney } from './useMoney.ts'

interface OfferCardViewProps {
  card: OfferCard
  onBuy: (card: OfferCard) => void
}

/** One offer (§2): its colour, name, description, price per period, discount and instalments, or its disabled state. */
export function OfferCardView({ card, onBuy }: OfferCardViewProps) {
  const styles = useOffersStyles()
  const { t } = useTranslation('offers')
  const money = useMoney()
  const headline = headlinePrice(card)
  const packPrice = packFromPrice(card)
  const crossedOut = card.type === 'primary' && card.Baseprice != null && card.pricing.length === 0 ? toMillimes(card.Baseprice) : null
  const entry = headline ? card.pricing.find((candidate) => candidate.period === headline.period) : undefined
  const entryCrossed = entry && entry.price > entry.final_price ? toMillimes(entry.price) : null
  const crossed = entryCrossed ?? (crossedOut !== null && headline !== null && crossedOut > headline.price ? crossedOut : null)
  const discount = card.infoDiscount
  const slices = card.slices.length
  const nameId = `offer-name-${card.id}`

  return (
    <li>
      <article
        className={mergeClasses(styles.card, card.disabled && styles.cardDisabled)}
        aria-labelledby={nameId}
        data-testid="offer-card"
        data-offer-id={card.offer_id}
        data-disabled={card.disabled}
      >
        <span className={styles.band} style={{ backgroundColor: card.color ?? undefined }} aria-hidden />
        <div className={styles.cardHead}>
          <h2 id={nameId} className={styles.cardName}>
            <bdi>{card.name}</bdi>
          </h2>
          <span className={styles.badges}>
            {card.type === 'pack' ? (
              <Badge appearance="tint" color="informative">
                {t('card.pack')}
              </Badge>
            ) : null}
            {card.offer.is_free ? (
              <Badge appearance="tint" color="success">
                {t('card.free')}
              </Badge>
            ) : null}
            {discount && discount.discountValue > 0 ? (
              <Badge appearance="filled" color="danger" data-testid="offer-discount">
                {discount.discountType === 'fixed'
                  ? t('card.discountFixed', { amount: isolate(`-${money(toMillimes(discount.discountValue) ?? 0)}`, 'ltr') })
                  : t('card.discountPercent', { value: discount.discountValue })}
              </Badge>
            ) : null}
            {card.disabled ? (
              <Badge appearance="outline" color="subtle" data-testid="offer-unavailable">
                {t('card.unavailable')}
              </Badge>
            ) : null}
          </span>
        </div>
        {card.description ? <p className={styles.description}>{card.description}</p> : <p className={styles.description} />}
        {headline ? (
          <p className={styles.price} data-testid="offer-price">
            {crossed !== null ? <span className={styles.crossed}>{t('card.price.fixed', { amount: money(crossed) })}</span> : null}
            {crossed !== null ? ' ' : null}
            {t(`card.price.${headline.period}`, { amount: money(headline.price) })}
          </p>
        ) : packPrice ? (
          <p className={styles.price} data-testid="offer-price">
            {t('card.fromPerSubject', { amount: money(packPrice.price) })}
          </p>
        ) : null}
        {slices > 1 ? <p className={styles.note}>{t(`card.slices${countForm(slices)}`, { count: slices })}</p> : null}
        <Button appearance="primary" disabled={card.disabled} onClick={() => onBuy(card)} data-testid="offer-buy" aria-describedby={nameId}>
          {card.button_label || t('card.buy')}
        </Button>
        {card.offer.unsubscribable ? <OperatorUnsubscribe offerName={card.name} /> : null}
      </article>
    </li>
  )
}
