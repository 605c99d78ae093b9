import { useMatches } from 'react-router-dom'
import type { AppRoute } from './routes.ts'

export interface RouteHandle {
  route: AppRoute
}

function isRouteHandle(handle: unknown): handle is RouteHandle {
  return typeof handle === 'object' && handle !== null && 'route' in handle
}

/** The table entry of the deepest matched route. */
export function useCurrentRoute(): AppRoute | null {
  const matches = useMatches()
  for (let index = matches.length - 1; index >= 0; index--) {
    const handle = matches[index].handle
    if (isRouteHandle(handle)) return handle.route
  }
  return null
}
