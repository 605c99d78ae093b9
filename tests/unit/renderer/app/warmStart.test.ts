import { describe, expect, it, vi } from 'vitest'
import type { AccessState } from '../../../../src/renderer/src/app/guard.ts'
import { buildRouteObjects } from '../../../../src/renderer/src/app/router.tsx'
import type { AppRoute, RouteModule } from '../../../../src/renderer/src/app/routes.ts'
import { preloadWhenIdle, routeFor, warmStart } from '../../../../src/renderer/src/app/warmStart.ts'
import type { RootStore } from '../../../../src/renderer/src/stores/RootStore.ts'

const pupil: AccessState = {
  signedIn: true,
  verified: true,
  passwordChangeRequired: false,
  profileIncomplete: false,
  impersonating: false,
  registerRedirect: false
}

function fakeRoot(end: { status: 'succeeded' | 'failed'; access: AccessState }) {
  const session = {
    status: 'idle' as string,
    accessState: end.access,
    sent: false,
    start: vi.fn(async () => {
      session.status = 'loading'
      await Promise.resolve()
      session.sent = true
      await Promise.resolve()
      session.status = end.status
    }),
    whenCheckSent: () => Promise.resolve().then(() => Promise.resolve())
  }
  return { session } as unknown as RootStore & { session: typeof session }
}

function routeWith(module: RouteModule, base = routeFor(buildRouteObjects(), '/')!): AppRoute {
  return { ...base, load: () => Promise.resolve(module) }
}

describe('start-up warming', () => {
  it('finds the route the router will show, as the router ranks matches', () => {
    const routes = buildRouteObjects()
    expect(routeFor(routes, '/')?.key).toBe('home')
    expect(routeFor(routes, '/mon-profil/edit')?.key).toBe('profileEdit')
    expect(routeFor(routes, '/login')?.key).toBe('login')
    expect(routeFor(routes, '/nowhere/at/all')?.key).toBe('notFound')
  })

  it('checks the session once, then loads the screen’s code and starts its data when the guard lets it through', async () => {
    const root = fakeRoot({ status: 'succeeded', access: pupil })
    const prefetch = vi.fn()
    let sentBeforeCode: boolean | null = null
    const route = routeWith({ Component: () => null, prefetch })
    await warmStart(root, { ...route, load: () => ((sentBeforeCode = root.session.sent), route.load()) }, '')
    expect(sentBeforeCode).toBe(true)
    expect(root.session.start).toHaveBeenCalledTimes(1)
    expect(prefetch).toHaveBeenCalledWith(root)
  })

  it('asks nothing when the guard would send the pupil elsewhere or the check failed', async () => {
    for (const end of [
      { status: 'succeeded' as const, access: { ...pupil, signedIn: false } },
      { status: 'succeeded' as const, access: { ...pupil, verified: false } },
      { status: 'failed' as const, access: pupil }
    ]) {
      const prefetch = vi.fn()
      await warmStart(fakeRoot(end), routeWith({ Component: () => null, prefetch }), '')
      expect(prefetch).not.toHaveBeenCalled()
    }
  })

  it('survives a route chunk that fails to load (the router shows its error later)', async () => {
    const root = fakeRoot({ status: 'succeeded', access: pupil })
    const broken = { ...routeFor(buildRouteObjects(), '/')!, load: () => Promise.reject(new Error('chunk')) }
    await expect(warmStart(root, broken, '')).resolves.toBeUndefined()
    expect(root.session.start).toHaveBeenCalledTimes(1)
  })
})

describe('preloading the other screens', () => {
  it('loads one module per quiet moment, in order, and goes on past a failure', async () => {
    const queued: Array<() => void> = []
    const loaded: string[] = []
    const loader =
      (name: string, fails = false) =>
      () => {
        loaded.push(name)
        return fails ? Promise.reject(new Error('chunk')) : Promise.resolve({})
      }
    preloadWhenIdle([loader('wallet', true), loader('profile'), loader('history')], (work) => queued.push(work))
    const settle = () => new Promise((resolve) => setTimeout(resolve, 0))
    expect(queued).toHaveLength(1)
    expect(loaded).toEqual([])
    for (const expected of [['wallet'], ['wallet', 'profile'], ['wallet', 'profile', 'history']]) {
      queued.shift()!()
      await settle()
      expect(loaded).toEqual(expected)
    }
    expect(queued).toHaveLength(0)
  })
})
