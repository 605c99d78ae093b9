import { Button, makeStyles, mergeClasses, tokens } from '@fluentui/react-components'
import { useEffect, useState, type SyntheticEvent } from 'react'
import type { AdCard } from '../../../shared/api/profile.ts'
import { sortAdCards } from '../lib/adCards.ts'
import { useOpenExternal } from './shell/useOpenExternal.ts'

/** An image that cannot be loaded takes no room (the card keeps its text). */
const hideBroken = (event: SyntheticEvent<HTMLImageElement>) => {
  event.currentTarget.hidden = true
}

const useStyles = makeStyles({
  column: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, minWidth: 0 },
  card: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalS,
    padding: tokens.spacingHorizontalL,
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorNeutralBackground1,
    backgroundSize: 'cover',
    backgroundPosition: 'center',
    color: tokens.colorNeutralForeground1,
    border: `1px solid ${tokens.colorNeutralStroke2}`,
    boxShadow: tokens.shadow4,
    minWidth: 0
  },
  row: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalM },
  stacked: { flexDirection: 'column', alignItems: 'flex-start' },
  iconEnd: { flexDirection: 'row-reverse' },
  icon: { width: '40px', height: '40px', objectFit: 'contain', flexShrink: 0 },
  text: { margin: 0, overflowWrap: 'anywhere', flexGrow: 1 },
  image: { width: '100%', borderRadius: tokens.borderRadiusMedium },
  action: { alignSelf: 'flex-start' }
})

export interface AdCardsProps {
  /** The cards to show, in their order (a store's, by position); or, instead, */
  cards?: readonly AdCard[]
  /** their request, made when the column is shown: the visible ones then show by position, none when it fails. */
  load?: () => Promise<readonly AdCard[]>
  /** The column's accessible name, and the buttons' texts, in the screen's namespace. */
  label: string
  openLabel: string
  videoLabel: string
  className?: string
  testId: string
}

/** The cards of `load`, asked for once shown; the column is secondary, so a failure shows none. */
function useLoadedCards(load: AdCardsProps['load']): AdCard[] {
  const [cards, setCards] = useState<AdCard[]>([])
  useEffect(() => {
    if (!load) return
    let live = true
    load()
      .then((answer) => {
        if (live) setCards(sortAdCards(answer))
      })
      .catch(() => undefined)
    return () => {
      live = false
    }
  }, [load])
  return cards
}

/** The side column of ad cards of the home, profile and subjects screens; links open in the system browser. */
export function AdCards({ cards: given, load, label, openLabel, videoLabel, className, testId }: AdCardsProps) {
  const styles = useStyles()
  const loaded = useLoadedCards(load)
  const cards = given ?? loaded
  const openExternal = useOpenExternal()
  if (cards.length === 0) return null
  return (
    <aside className={mergeClasses(styles.column, className)} aria-label={label} data-testid={testId}>
      {cards.map((card) => {
        const link = card.url_link ?? card.video_link
        return (
          <article
            key={card.id}
            className={styles.card}
            style={{
              ...(card.color ? { borderColor: card.color, borderInlineStartWidth: '4px' } : {}),
              ...(card.background_url ? { backgroundImage: `url("${card.background_url}")` } : {})
            }}
            data-testid="ad-card"
            data-position={card.position}
          >
            <div
              className={mergeClasses(
                styles.row,
                card.icon_position === 'top' && styles.stacked,
                card.icon_position === 'right' && styles.iconEnd
              )}
            >
              {card.icon_url ? <img src={card.icon_url} alt="" className={styles.icon} onError={hideBroken} /> : null}
              {card.text ? (
                <p className={styles.text}>
                  <bdi>{card.text}</bdi>
                </p>
              ) : null}
            </div>
            {card.text_image_url ? (
              <img src={card.text_image_url} alt={card.text ?? ''} className={styles.image} onError={hideBroken} />
            ) : null}
            {link ? (
              <Button size="small" className={styles.action} onClick={openExternal(link)}>
                {card.type === 'video' ? videoLabel : openLabel}
              </Button>
            ) : null}
          </article>
        )
      })}
    </aside>
  )
}
