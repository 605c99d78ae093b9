import type { TokenSource } from '../../../../src/renderer/src/api/http.ts'

/** The tokens of a signed-in user whose access token never needs renewing: 'tok' on every request. */
export function fixedTokens(): TokenSource {
  return {
    accessToken: () => 'tok',
    canRefresh: () => false,
    refresh: () => Promise.reject(new Error('no')),
    onUnauthorized: () => undefined
  }
}
