import { toDinars, type Millimes } from '../../../../shared/pricing/money.ts'
import { formatAmount } from '../../lib/amounts.ts'
import { useStores } from '../../stores/StoreContext.tsx'

/** Millimes as the user's language writes dinars (`45`, `67,5`): the one place the screen converts them. */
export function useMoney(): (millimes: Millimes) => string {
  const { settings } = useStores()
  const language = settings.language
  return (millimes) => formatAmount(toDinars(millimes), language)
}
