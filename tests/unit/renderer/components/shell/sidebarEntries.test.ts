import { describe, expect, it } from 'vitest'
import { FORUM_URL } from '../../../../../src/shared/constants.ts'
import { isSidebarEntryActive, sidebarEntries, type SidebarEntry } from '../../../../../src/renderer/src/components/shell/sidebarEntries.ts'
import { NO_PERMISSIONS, type Permissions } from '../../../../../src/renderer/src/stores/permissions.ts'

const withPermissions = (granted: Partial<Permissions>): Permissions => ({ ...NO_PERMISSIONS, ...granted })
const keys = (entries: SidebarEntry[]) => entries.map((entry) => entry.key)
const entry = (entries: SidebarEntry[], key: string) => entries.find((candidate) => candidate.key === key)!

describe('sidebarEntries', () => {
  it('shows the always-present entries, in the specification order, without permissions', () => {
    expect(keys(sidebarEntries(null, NO_PERMISSIONS))).toEqual([
      'home',
      'profile',
      'offers',
      'subjects',
      'sessions',
      'wallet',
      'assistance'
    ])
  })

  it('adds each gated entry only with its permission', () => {
    expect(keys(sidebarEntries(null, withPermissions({ has_exam: true })))).toContain('exams')
    expect(keys(sidebarEntries(null, withPermissions({ has_forum: true })))).toContain('forum')
    expect(keys(sidebarEntries(null, withPermissions({ influencer: true })))).toContain('revenue')
    expect(keys(sidebarEntries(null, withPermissions({ eligibleUserForGift: true })))).toContain('parrain')
    // Unrelated flags open nothing.
    expect(keys(sidebarEntries(null, withPermissions({ isProfSon: true, discount: true, freeHours: true })))).toHaveLength(7)
  })

  it('orders every entry as the specification lists them', () => {
    const all = withPermissions({ has_exam: true, has_forum: true, influencer: true, eligibleUserForGift: true })
    expect(keys(sidebarEntries({ gift_code: 'CP123' }, all))).toEqual([
      'home',
      'profile',
      'offers',
      'subjects',
      'exams',
      'sessions',
      'forum',
      'wallet',
      'assistance',
      'revenue',
      'parrain'
    ])
  })

  it('opens the forum externally', () => {
    expect(entry(sidebarEntries(null, withPermissions({ has_forum: true })), 'forum')).toEqual({
      key: 'forum',
      kind: 'external',
      href: FORUM_URL
    })
  })

  it('sends Parrain to /gift-code with a gift code, else to /generate-gift-code', () => {
    const eligible = withPermissions({ eligibleUserForGift: true })
    expect(entry(sidebarEntries({ gift_code: 'CP42' }, eligible), 'parrain')).toMatchObject({ to: '/gift-code' })
    expect(entry(sidebarEntries({ gift_code: null }, eligible), 'parrain')).toMatchObject({ to: '/generate-gift-code' })
    expect(entry(sidebarEntries({ gift_code: '' }, eligible), 'parrain')).toMatchObject({ to: '/generate-gift-code' })
    expect(entry(sidebarEntries(null, eligible), 'parrain')).toMatchObject({ to: '/generate-gift-code' })
  })
})

describe('isSidebarEntryActive', () => {
  const all = sidebarEntries(
    { gift_code: null },
    withPermissions({ has_exam: true, has_forum: true, influencer: true, eligibleUserForGift: true })
  )
  const activeKeys = (pathname: string) =>
    all.filter((candidate) => isSidebarEntryActive(candidate, pathname)).map((candidate) => candidate.key)

  it('marks Accueil only on the home page', () => {
    expect(activeKeys('/')).toEqual(['home'])
    expect(activeKeys('/offres')).toEqual(['offers'])
  })

  it('keeps an entry active under its sub-routes, but not on look-alike paths', () => {
    expect(activeKeys('/mon-profil/edit')).toEqual(['profile'])
    expect(activeKeys('/subjects/12/details')).toEqual(['subjects'])
    expect(activeKeys('/exams/3')).toEqual(['exams'])
    expect(activeKeys('/exams-calendar')).toEqual(['exams'])
    expect(activeKeys('/offres-speciales')).toEqual([])
    expect(activeKeys('/porte-monnaie/')).toEqual(['wallet'])
  })

  it('marks Parrain on every referral route', () => {
    for (const path of [
      '/gift-code',
      '/generate-gift-code',
      '/parrain/products',
      '/parrain/product/4',
      '/parrain/no-coins',
      '/convert-coins'
    ]) {
      expect(activeKeys(path), path).toEqual(['parrain'])
    }
  })

  it('never marks the external forum', () => {
    expect(isSidebarEntryActive(entry(all, 'forum'), '/')).toBe(false)
  })
})
