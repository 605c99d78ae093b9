import { createElement, lazy, useState, type ComponentType, type ReactElement } from 'react'

export type LazyComponent<P extends object> = ((props: P) => ReactElement) & {
  /** Loads the component's code; once it is in, the component renders without suspending. */
  preload(): Promise<void>
}

/**
 * A component whose code loads on demand, like `React.lazy`, but which can be loaded ahead of
 * time. `React.lazy` suspends on its first render even when the chunk is already in memory, and
 * React then holds the revealed content back until 300 ms after its fallback showed: a dropdown
 * or dialog opened for the first time would answer a third of a second late. Once `preload` has
 * finished, this one renders the loaded component at once; before that it falls back to
 * `React.lazy` and the nearest Suspense boundary.
 */
export function lazyComponent<P extends object>(load: () => Promise<ComponentType<P>>): LazyComponent<P> {
  let loaded: ComponentType<P> | null = null
  let pending: Promise<ComponentType<P>> | null = null
  const preload = (): Promise<ComponentType<P>> => {
    pending ??= load().then(
      (component) => {
        loaded = component
        return component
      },
      (error: unknown) => {
        // A chunk that failed to load may be asked for again by the next preload.
        pending = null
        throw error
      }
    )
    return pending
  }
  const Suspending = lazy(async () => ({ default: await preload() }))

  function Lazy(props: P): ReactElement {
    // Chosen once per mounted instance: changing the element type later would remount it.
    const [type] = useState<ComponentType<P>>(() => loaded ?? (Suspending as ComponentType<P>))
    return createElement(type, props)
  }
  return Object.assign(Lazy, { preload: () => preload().then(() => undefined) })
}
