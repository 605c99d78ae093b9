import { z } from 'zod'
import type { SocialProvider } from '../../api/accounts.ts'

/**
 * The social sign-in this app started (RFC 8252 for native apps): a random `state` the provider
 * hands back in the `darsi://` link, and a PKCE verifier (RFC 7636) whose SHA-256 goes to the
 * provider's page and which only this app sends to exchange the code. A link the app did not ask
 * for (someone else's code, sent to make this pupil sign in as them) is refused, and a code that
 * reached another program is useless without the verifier. Kept in local storage for ten
 * minutes, so that a link that starts the app again still finds it.
 */
const KEY = 'darsi.socialSignIn'
const TTL_MS = 10 * 60_000

type PendingStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>

const PendingSchema = z.object({
  provider: z.enum(['google', 'facebook']),
  state: z.string(),
  verifier: z.string(),
  expiresAt: z.number()
})

export interface SocialSignIns {
  /** A new sign-in with `provider`: what the provider's page must be given. */
  begin(provider: SocialProvider): Promise<{ state: string; codeChallenge: string }>
  /** The verifier of the sign-in this app started with this `state`, once; null for any other link. */
  take(provider: SocialProvider, state: string | null | undefined): string | null
}

function base64url(bytes: Uint8Array): string {
  let binary = ''
  for (const byte of bytes) binary += String.fromCharCode(byte)
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

function random(bytes: number): string {
  return base64url(crypto.getRandomValues(new Uint8Array(bytes)))
}

/** The S256 challenge of a PKCE verifier: base64url of its SHA-256, without padding. */
export async function challengeFor(verifier: string): Promise<string> {
  return base64url(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier))))
}

export function socialSignIns(storage: PendingStorage, now: () => number = Date.now): SocialSignIns {
  return {
    async begin(provider) {
      const state = random(24)
      const verifier = random(48)
      const codeChallenge = await challengeFor(verifier)
      storage.setItem(KEY, JSON.stringify({ provider, state, verifier, expiresAt: now() + TTL_MS }))
      return { state, codeChallenge }
    },
    take(provider, state) {
      let pending: z.infer<typeof PendingSchema> | null
      try {
        const parsed = PendingSchema.safeParse(JSON.parse(storage.getItem(KEY) ?? 'null'))
        pending = parsed.success ? parsed.data : null
      } catch {
        pending = null
      }
      if (!pending || pending.expiresAt <= now()) {
        storage.removeItem(KEY)
        return null
      }
      // A link with another state leaves the pupil's own sign-in waiting for its real return.
      if (!state || pending.state !== state || pending.provider !== provider) return null
      storage.removeItem(KEY)
      return pending.verifier
    }
  }
}

/** Kept in memory where the page's storage is not there (a locked-down profile): lost on restart. */
const memory = new Map<string, string>()
const memoryStorage: PendingStorage = {
  getItem: (key) => memory.get(key) ?? null,
  setItem: (key, value) => void memory.set(key, value),
  removeItem: (key) => void memory.delete(key)
}

/** The app's social sign-ins, in the page's local storage when it has one. */
export function browserSocialSignIns(): SocialSignIns {
  let storage: PendingStorage = memoryStorage
  try {
    if (typeof localStorage !== 'undefined') storage = localStorage
  } catch {
    storage = memoryStorage
  }
  return socialSignIns(storage)
}
