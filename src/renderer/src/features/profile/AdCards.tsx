import { Button, makeStyles } from '@fluentui/react-components'
import { observer } from 'mobx-react-lite'
import { useEffect, useState, type SyntheticEvent } from 'react'
import { useTranslation } from 'react-i18next'
import type { AdCard } from '../../api/profile.ts'
import { useOpenExternal } from '../../components/shell/useOpenExternal.ts'
import { useProfileStyles } from './styles.ts'
import { useProfileStores } from './useProfileStores.ts'

/** An image that cannot be loaded takes no room (the card keeps its text). */
const hideBroken = (event: SyntheticEvent<HTMLImageElement>) => {
  event.currentTarget.hidden = true
}

const useLocalStyles = makeStyles({ hidden: { display: 'none' } })

/** The side column of ad cards, by position (§2). Nothing is shown when there are none or they fail. */
export const AdCards = observer(function AdCards() {
  const { deps } = useProfileStores()
  const styles = useProfileStyles()
  const local = useLocalStyles()
  const { t } = useTranslation('profile')
  const openExternal = useOpenExternal()
  const [cards, setCards] = useState<AdCard[]>([])

  useEffect(() => {
    let live = true
    deps
      .api()
      .adCards()
      .then((answer) => {
        if (live) setCards(answer.filter((card) => card.visible).sort((a, b) => a.position - b.position))
      })
      // The column is secondary: without it the profile is complete.
      .catch(() => undefined)
    return () => {
      live = false
    }
  }, [deps])

  if (cards.length === 0) return <aside className={local.hidden} />
  return (
    <aside className={styles.ads} aria-label={t('page.adsLabel')} data-testid="profile-ads">
      {cards.map((card) => {
        const link = card.url_link ?? card.video_link
        const column = card.icon_position === 'top'
        return (
          <article
            key={card.id}
            className={styles.adCard}
            style={{
              ...(card.color ? { borderColor: card.color, borderInlineStartWidth: '4px' } : {}),
              ...(card.background_url ? { backgroundImage: `url("${card.background_url}")` } : {})
            }}
            data-testid="ad-card"
            data-position={card.position}
          >
            <div className={`${styles.adRow} ${column ? styles.adColumn : ''}`} style={card.icon_position === 'right' ? { flexDirection: 'row-reverse' } : undefined}>
              {card.icon_url ? <img src={card.icon_url} alt="" className={styles.adIcon} onError={hideBroken} /> : null}
              {card.text ? <p className={styles.value}>{card.text}</p> : null}
            </div>
            {card.text_image_url ? <img src={card.text_image_url} alt={card.text ?? ''} className={styles.adImage} onError={hideBroken} /> : null}
            {link ? (
              <Button size="small" onClick={openExternal(link)}>
                {card.type === 'video' ? t('ads.video') : t('ads.open')}
              </Button>
            ) : null}
          </article>
        )
      })}
    </aside>
  )
})
