import { describe, expect, it } from 'vitest'
import {
  decideAccess,
  homeFor,
  needsProfileCompletion,
  type AccessState,
  type CompletionFields
} from '../../../../src/renderer/src/app/guard.ts'
import { findRoute, type RouteKey } from '../../../../src/renderer/src/app/routes.ts'

const signedOut: AccessState = {
  signedIn: false,
  verified: false,
  passwordChangeRequired: false,
  profileIncomplete: false,
  impersonating: false,
  registerRedirect: false
}
const pupil: AccessState = { ...signedOut, signedIn: true, verified: true }

function visit(key: RouteKey, state: AccessState, search = '') {
  const route = findRoute(key)!
  return decideAccess({ key, access: route.access, search }, state)
}

describe('decideAccess (§2, §4)', () => {
  it('sends a signed-out visitor of a protected route to /login, keeping the offers flow', () => {
    expect(visit('home', signedOut)).toEqual({ redirect: '/login' })
    expect(visit('wallet', signedOut)).toEqual({ redirect: '/login' })
    expect(visit('notFound', signedOut)).toEqual({ redirect: '/login' })
    expect(visit('offers', signedOut, '?nextPage=offres')).toEqual({ redirect: '/login?nextPage=offres' })
  })

  it('sends a signed-out visitor to the external registration page when the admin marker asks for it (§4)', () => {
    const marked = { ...signedOut, registerRedirect: true }
    expect(visit('home', marked)).toEqual({ redirect: '/login', external: 'register-page' })
    expect(visit('wallet', marked, '?nextPage=offres')).toEqual({ redirect: '/login', external: 'register-page' })
    // The sign-in and reset screens stay open: the marker acts on protected routes only.
    expect(visit('login', marked)).toEqual({ allow: true })
    expect(visit('resetPassword', marked)).toEqual({ allow: true })
    expect(visit('switch', marked)).toEqual({ allow: true })
  })

  it('opens the public-only routes to a signed-out visitor and sends a signed-in user home or to /offres', () => {
    for (const key of ['login', 'register', 'requestPasswordReset', 'resetPassword', 'socialCallback'] as const) {
      expect(visit(key, signedOut), key).toEqual({ allow: true })
      expect(visit(key, pupil), key).toEqual({ redirect: '/' })
    }
    expect(visit('login', pupil, '?nextPage=offres')).toEqual({ redirect: '/offres' })
  })

  it('keeps an unverified user on /confirm', () => {
    const unverified = { ...pupil, verified: false }
    expect(visit('home', unverified)).toEqual({ redirect: '/confirm' })
    expect(visit('updatePassword', unverified)).toEqual({ redirect: '/confirm' })
    expect(visit('confirm', unverified)).toEqual({ allow: true })
  })

  it('keeps a user whose password expired on /update-password', () => {
    const expired = { ...pupil, passwordChangeRequired: true }
    expect(visit('offers', expired)).toEqual({ redirect: '/update-password' })
    expect(visit('profileEdit', expired)).toEqual({ redirect: '/update-password' })
    expect(visit('updatePassword', expired)).toEqual({ allow: true })
  })

  it('sends an incomplete profile to /mon-profil/edit', () => {
    const incomplete = { ...pupil, profileIncomplete: true }
    expect(visit('home', incomplete)).toEqual({ redirect: '/mon-profil/edit' })
    expect(visit('wallet', incomplete)).toEqual({ redirect: '/mon-profil/edit' })
    expect(visit('profileEdit', incomplete)).toEqual({ allow: true })
  })

  it('lets an administrator acting as a pupil through every check', () => {
    const impersonating = { ...pupil, verified: false, passwordChangeRequired: true, profileIncomplete: true, impersonating: true }
    expect(visit('home', impersonating)).toEqual({ allow: true })
    expect(visit('wallet', impersonating)).toEqual({ allow: true })
  })

  it('shows a complete pupil every protected page, and /switch to anyone', () => {
    expect(visit('home', pupil)).toEqual({ allow: true })
    expect(visit('confirm', pupil)).toEqual({ allow: true })
    expect(visit('switch', signedOut)).toEqual({ allow: true })
    expect(visit('switch', pupil)).toEqual({ allow: true })
  })

  it('lands on /offres only for nextPage=offres', () => {
    expect(homeFor('?nextPage=offres')).toBe('/offres')
    expect(homeFor('?nextPage=other')).toBe('/')
    expect(homeFor('')).toBe('/')
  })
})

describe('needsProfileCompletion (§4)', () => {
  const complete: CompletionFields = {
    verified: true,
    completed: true,
    phone: '20000001',
    country_id: 1,
    business_id: null,
    birth_date: '2008-01-01',
    institute: { id: 1 },
    state: { id: 1 },
    division: { id: 14 }
  }

  it('asks a verified user with an incomplete profile, never an unverified one', () => {
    expect(needsProfileCompletion(complete)).toBe(false)
    expect(needsProfileCompletion({ ...complete, completed: false })).toBe(true)
    expect(needsProfileCompletion({ ...complete, completed: false, phone: null })).toBe(true)
    expect(needsProfileCompletion({ ...complete, completed: false, verified: false })).toBe(false)
  })

  it('asks a business user without birth date, institute or governorate', () => {
    const business = { ...complete, business_id: 4 }
    expect(needsProfileCompletion(business)).toBe(false)
    expect(needsProfileCompletion({ ...business, birth_date: null })).toBe(true)
    expect(needsProfileCompletion({ ...business, institute: null })).toBe(true)
    expect(needsProfileCompletion({ ...business, state: null })).toBe(true)
    // Only business users are held to those three.
    expect(needsProfileCompletion({ ...complete, institute: null })).toBe(false)
  })

  it('asks anyone without a class', () => {
    expect(needsProfileCompletion({ ...complete, division: null })).toBe(true)
  })
})
