/**
 * Who may see which route (specification §2 and §4), as one pure function of the session
 * state. The router asks it on every navigation; screens never decide access themselves.
 */
import type { RouteAccess, RouteKey } from './routes.ts'

export interface AccessState {
  signedIn: boolean
  verified: boolean
  /** The password expired: only the password change is open. */
  passwordChangeRequired: boolean
  /** The §4 profile-completion rules ask for the profile form. */
  profileIncomplete: boolean
  /** An administrator acting as this pupil: the checks are bypassed. */
  impersonating: boolean
  /** Signed out, and the administrator's marker asks for the external registration page (§4). */
  registerRedirect: boolean
}

export interface GuardedRoute {
  key: RouteKey
  access: RouteAccess
  /** The query string of the location (`?nextPage=offres`). */
  search: string
}

/**
 * Let through, or go to another route; `external: 'register-page'` also opens the external
 * registration page in the system browser (the app itself stays on `redirect`).
 */
export type AccessDecision = { allow: true } | { redirect: string; external?: 'register-page' }

const ALLOW: AccessDecision = { allow: true }

/** Where a signed-in user lands: `/`, or `/offres` when the offers flow was chosen. */
export function homeFor(search: string): string {
  return new URLSearchParams(search).get('nextPage') === 'offres' ? '/offres' : '/'
}

export function decideAccess(route: GuardedRoute, state: AccessState): AccessDecision {
  if (route.access === 'any') return ALLOW
  if (route.access === 'public-only') return state.signedIn ? { redirect: homeFor(route.search) } : ALLOW
  if (!state.signedIn) {
    if (state.registerRedirect) return { redirect: '/login', external: 'register-page' }
    const next = new URLSearchParams(route.search).get('nextPage') === 'offres' ? '?nextPage=offres' : ''
    return { redirect: `/login${next}` }
  }
  if (state.impersonating) return ALLOW
  if (!state.verified) return route.key === 'confirm' ? ALLOW : { redirect: '/confirm' }
  if (state.passwordChangeRequired) return route.key === 'updatePassword' ? ALLOW : { redirect: '/update-password' }
  if (state.profileIncomplete) return route.key === 'profileEdit' || route.key === 'confirm' ? ALLOW : { redirect: '/mon-profil/edit' }
  return ALLOW
}

export interface CompletionFields {
  verified: boolean
  completed: boolean
  phone: string | null
  country_id: number | null
  business_id: number | null
  birth_date: string | null
  institute: unknown
  state: unknown
  division: unknown
}

/**
 * §4 profile completion: verified but not completed (the phone-less Tunisian case is a subset);
 * a business user lacking birth date, institute or governorate; anyone without a class.
 */
export function needsProfileCompletion(user: CompletionFields): boolean {
  if (!user.verified) return false
  if (!user.completed) return true
  if (user.business_id != null && (!user.birth_date || user.institute == null || user.state == null)) return true
  return user.division == null
}
