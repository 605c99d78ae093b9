import { toDinars, type Millimes } from '../../../../shared/pricing/money.ts'
import { formatAmount } from '../../lib/amounts.ts'
import { useStores } from '../../stores/StoreContext.tsx'

/** Dinars as the user's language writes them (`0,95`, `17,25`): the operator plans' prices. */
export function useDinars(): (dinars: number) => string {
  const { settings } = useStores()
  const language = settings.language
  return (dinars) => formatAmount(dinars, language)
}

/** Millimes as the user's language writes dinars (`45`, `67,5`): the one place the screen converts them. */
export function useMoney(): (millimes: Millimes) => string {
  const dinars = useDinars()
  return (millimes) => dinars(toDinars(millimes))
}
