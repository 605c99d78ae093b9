import '@fontsource/cairo/400.css'
import '@fontsource/cairo/600.css'
import '@fontsource/cairo/700.css'
import './global.css'
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { RouterProvider } from 'react-router-dom'
import { AppProviders } from './app/AppProviders.tsx'
import { preloadUserMenuDialogs } from './components/shell/UserMenu.tsx'
import { syncEnvironment } from './app/environment.ts'
import { buildRouteObjects, createAppRouter } from './app/router.tsx'
import { preloadWhenIdle, routeFor, warmStart } from './app/warmStart.ts'
import { appRoutes } from './app/routes.ts'
import { preloadFonts } from './lib/fonts.ts'
import { onInteractive } from './lib/performance.ts'
import { createI18n } from './i18n/index.ts'
import { getPlatform } from './platform/bridge.ts'
import { RootStore } from './stores/RootStore.ts'

async function start(): Promise<void> {
  const store = new RootStore(getPlatform())
  const routes = buildRouteObjects()
  void warmStart(store, routeFor(routes, window.location.pathname), window.location.search)
  // Settings first, so the first paint already has the right language, direction and theme; the
  // router (which loads the route's code) once the session check has gone out.
  await Promise.all([store.settings.load(), store.session.whenCheckSent()])
  const i18n = createI18n(store.settings.language)
  syncEnvironment(store, i18n)
  onInteractive(() =>
    preloadWhenIdle([
      () => import('./components/shell/NotificationBell.tsx').then((bell) => bell.preloadDropdowns()),
      preloadUserMenuDialogs,
      preloadFonts,
      ...[...new Set(appRoutes.map((route) => route.load))].map((load) => () => load().then((module) => module.prepare?.(store, i18n)))
    ])
  )
  if (import.meta.env.DEV) void import('./app/devTools.ts').then((tools) => tools.installDevTools(store))

  const container = document.getElementById('root')
  if (!container) throw new Error('#root is missing from index.html')
  createRoot(container).render(
    <StrictMode>
      <AppProviders store={store} i18n={i18n}>
        {/* Navigations render at once, not as time-sliced transitions (see docs/decisions/0011). */}
        <RouterProvider router={createAppRouter(routes)} useTransitions={false} />
      </AppProviders>
    </StrictMode>
  )
}

void start()
