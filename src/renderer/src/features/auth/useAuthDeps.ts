import { useStores } from '../../stores/StoreContext.tsx'
import type { AuthDeps } from './stores/deps.ts'

export function useAuthDeps(): AuthDeps {
  const { session, ui, platform } = useStores()
  return { session, ui, platform }
}
