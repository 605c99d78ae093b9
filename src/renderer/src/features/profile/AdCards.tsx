import { observer } from 'mobx-react-lite'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import type { AdCard } from './api.ts'
import { AdCardList } from '../../components/AdCards.tsx'
import { useProfileStores } from './useProfileStores.ts'

/** The profile's side column of ad cards, by position (§2). Nothing is shown when there are none or they fail. */
export const AdCards = observer(function AdCards() {
  const { deps } = useProfileStores()
  const { t } = useTranslation('profile')
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

  return <AdCardList cards={cards} label={t('page.adsLabel')} openLabel={t('ads.open')} videoLabel={t('ads.video')} testId="profile-ads" />
})
