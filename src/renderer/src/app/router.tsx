import { createBrowserRouter, type RouteObject } from 'react-router-dom'
import { BareLayout } from '../components/shell/BareLayout.tsx'
import { ShellLayout } from '../components/shell/ShellLayout.tsx'
import { BootSplash } from './BootSplash.tsx'
import { RootLayout } from './RootLayout.tsx'
import { RouteError } from './RouteError.tsx'
import { appRoutes, type AppRoute, type RouteLayout } from './routes.ts'
import type { RouteHandle } from './useCurrentRoute.ts'

function toRouteObject(route: AppRoute): RouteObject {
  const handle: RouteHandle = { route }
  return {
    path: route.path,
    handle,
    lazy: async () => ({ Component: (await route.load()).Component })
  }
}

function childrenOf(layout: RouteLayout): RouteObject[] {
  return appRoutes.filter((route) => route.layout === layout).map(toRouteObject)
}

export function buildRouteObjects(): RouteObject[] {
  return [
    {
      Component: RootLayout,
      HydrateFallback: BootSplash,
      errorElement: <RouteError />,
      children: [
        { Component: BareLayout, children: childrenOf('bare') },
        { Component: ShellLayout, children: childrenOf('shell') }
      ]
    }
  ]
}

/** History routing: the main process answers index.html for any path of the app. */
export function createAppRouter(routes: RouteObject[] = buildRouteObjects()) {
  return createBrowserRouter(routes)
}
