import { matchRoutes, type RouteObject } from 'react-router-dom'
import type { RootStore } from '../stores/RootStore.ts'
import { whenIdle } from '../lib/whenIdle.ts'
import { decideAccess } from './guard.ts'
import type { AppRoute, RouteModule } from './routes.ts'
import type { RouteHandle } from './useCurrentRoute.ts'

/** The table entry the router will show for `pathname` (the deepest match, as the router ranks them). */
export function routeFor(routes: RouteObject[], pathname: string): AppRoute | null {
  const matches = matchRoutes(routes, pathname) ?? []
  for (let index = matches.length - 1; index >= 0; index--) {
    const handle = matches[index]!.route.handle as RouteHandle | undefined
    if (handle?.route) return handle.route
  }
  return null
}

/**
 * Start-up work that need not wait for the first render: the session check, then the first
 * screen's code, and, once the guard lets that screen through, its data. Each would otherwise start only
 * after the render before it (the gate's effect, the router's lazy route, the screen's effect).
 * Failures are left to the screens, which load (and show errors) as they always do.
 */
export function warmStart(root: RootStore, route: AppRoute | null, search: string): Promise<void> {
  const session = root.session.status === 'idle' ? root.session.start() : Promise.resolve()
  // The screen's code is evaluated on the page's one thread: once the check has been sent, so
  // that the check's reads from main are not queued behind it.
  const code: Promise<RouteModule | null> = route
    ? root.session
        .whenCheckSent()
        .then(() => route.load())
        .catch(() => null)
    : Promise.resolve(null)
  return Promise.all([code, session]).then(
    ([module]) => {
      if (!route || !module?.prefetch || root.session.status !== 'succeeded') return
      const decision = decideAccess({ key: route.key, access: route.access, search }, root.session.accessState)
      if ('allow' in decision) module.prefetch(root)
    },
    () => undefined
  )
}

/**
 * The code of the other screens (and of the header's dropdowns) loads in the quiet moments after
 * the first screen, one module at a time: a first visit then finds it ready instead of waiting
 * for it. A module that fails to load is left to its screen, which shows the error if it is opened.
 */
export function preloadWhenIdle(
  loaders: ReadonlyArray<() => Promise<unknown>>,
  idle: (work: () => void) => void = (work) => whenIdle(work, 5000)
): void {
  const queue = [...loaders]
  const next = (): void => {
    const load = queue.shift()
    if (!load) return
    idle(() => {
      load()
        .catch(() => undefined)
        .finally(next)
    })
  }
  next()
}
