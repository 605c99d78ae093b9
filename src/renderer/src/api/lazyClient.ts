import type { ApiBaseUrls } from '../../../shared/ipc.ts'
import { ApiError } from './errors.ts'

/**
 * An area's API client, built on first use (the base URLs arrive with the session's start-up) and
 * built again if they change: the one lazy client cache every area uses.
 */
export function lazyClient<T>(session: { readonly baseUrls: ApiBaseUrls | null }, build: (baseUrls: ApiBaseUrls) => T): () => T {
  let cached: { baseUrls: ApiBaseUrls; client: T } | null = null
  return () => {
    const baseUrls = session.baseUrls
    if (!baseUrls) throw new ApiError('network', 'the API is not configured yet')
    if (cached?.baseUrls !== baseUrls) cached = { baseUrls, client: build(baseUrls) }
    return cached.client
  }
}

/** The same, for a client whose code loads with its own chunk the first time it is asked for. */
export function lazyLoadedClient<T>(
  session: { readonly baseUrls: ApiBaseUrls | null },
  build: (baseUrls: ApiBaseUrls) => Promise<T>
): () => Promise<T> {
  let cached: { baseUrls: ApiBaseUrls; client: T } | null = null
  return async () => {
    const baseUrls = session.baseUrls
    if (!baseUrls) throw new ApiError('network', 'the API is not configured yet')
    if (cached?.baseUrls !== baseUrls) cached = { baseUrls, client: await build(baseUrls) }
    return cached.client
  }
}
