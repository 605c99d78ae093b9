import { useCallback, type MouseEvent } from 'react'
import { useStores } from '../../stores/StoreContext.tsx'

/**
 * External pages open in the system browser through main (which checks its allowlist); the
 * app window itself never navigates away.
 */
export function useOpenExternal(): (url: string) => (event: MouseEvent<HTMLElement>) => void {
  const { platform, ui } = useStores()
  return useCallback(
    (url: string) => (event: MouseEvent<HTMLElement>) => {
      event.preventDefault()
      platform.shellOpenExternal(url).catch(() => ui.notify({ intent: 'error', key: 'shell:externalLink.failed' }))
    },
    [platform, ui]
  )
}
