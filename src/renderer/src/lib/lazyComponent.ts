import { createElement, useEffect, useState, type ComponentType, type ReactElement } from 'react'

export type LazyComponent<P extends object> = ((props: P) => ReactElement | null) & {
  /** Loads the component's code; once it is in, the component renders at once. */
  preload(): Promise<void>
}

/**
 * A component whose code loads on demand and can be loaded ahead of time. Until its code is in,
 * it shows `Placeholder` (nothing without one), then renders itself through an ordinary state
 * update: it never suspends. `React.lazy` did, and two of its costs are avoided here: React holds
 * content revealed by a Suspense retry back until 300 ms after its fallback showed (a dropdown
 * opened for the first time answered a third of a second late), and a boundary whose chunk
 * arrived while its fallback was being committed could be left on the fallback for good, its
 * retry pending and never run (seen after a restart: the header without its bell and search, the
 * popup never shown). A load that fails is tried again by the next instance or preload.
 */
export function lazyComponent<P extends object>(
  load: () => Promise<ComponentType<P>>,
  Placeholder: ComponentType | null = null
): LazyComponent<P> {
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

  function Lazy(props: P): ReactElement | null {
    const [type, setType] = useState<ComponentType<P> | null>(() => loaded)
    useEffect(() => {
      if (type) return
      let mounted = true
      preload().then(
        (component) => {
          if (mounted) setType(() => component)
        },
        () => undefined
      )
      return () => {
        mounted = false
      }
    }, [type])
    if (type) return createElement(type, props)
    return Placeholder ? createElement(Placeholder) : null
  }
  return Object.assign(Lazy, { preload: () => preload().then(() => undefined) })
}
