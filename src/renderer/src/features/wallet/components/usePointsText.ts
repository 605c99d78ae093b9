import { useTranslation } from 'react-i18next'
import { pointsNoun } from '../../../../../shared/rules/points.ts'
import { formatAmount } from '../../../lib/amounts.ts'
import { useStores } from '../../../stores/StoreContext.tsx'

/**
 * A number of points as the wallet's sentences take it: the figure in the user's digits and the
 * noun agreeing with it (`{{amount}} {{unit}}`; Arabic changes the noun with the number).
 */
export function usePointsText(): (points: number) => { amount: string; unit: string } {
  const { t } = useTranslation('wallet')
  const { settings } = useStores()
  const language = settings.language
  return (points) => ({ amount: formatAmount(points, language), unit: t(`balance.${pointsNoun(points, language)}`) })
}
