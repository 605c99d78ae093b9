import { FORUM_URL } from '../../../../shared/constants.ts'
import type { Permissions, ShellUser } from '../../stores/permissions.ts'

export type SidebarEntryKey =
  'home' | 'profile' | 'offers' | 'subjects' | 'exams' | 'sessions' | 'forum' | 'wallet' | 'assistance' | 'revenue' | 'parrain'

export type SidebarEntry =
  | {
      key: SidebarEntryKey
      kind: 'route'
      to: string
      /** Paths (and everything under them) on which the entry shows as current. */
      activeOn: readonly string[]
    }
  | { key: SidebarEntryKey; kind: 'external'; href: string }

const route = (key: SidebarEntryKey, to: string, activeOn: readonly string[] = [to]): SidebarEntry => ({
  key,
  kind: 'route',
  to,
  activeOn
})

/**
 * The sidebar of specification §2 and §6: Examens, Le forum, Revenu and Parrain only with their
 * permission; Parrain goes to the referral home matching whether the user has a gift code.
 */
export function sidebarEntries(user: Pick<ShellUser, 'gift_code'> | null, permissions: Permissions): SidebarEntry[] {
  const entries: SidebarEntry[] = [
    route('home', '/'),
    route('profile', '/mon-profil'),
    route('offers', '/offres'),
    route('subjects', '/subjects', ['/subjects', '/courses'])
  ]
  if (permissions.has_exam) entries.push(route('exams', '/exams', ['/exams', '/exams-calendar']))
  entries.push(route('sessions', '/sessions'))
  if (permissions.has_forum) entries.push({ key: 'forum', kind: 'external', href: FORUM_URL })
  entries.push(route('wallet', '/porte-monnaie'), route('assistance', '/assistance'))
  if (permissions.influencer) entries.push(route('revenue', '/revenu'))
  if (permissions.eligibleUserForGift) {
    const to = user?.gift_code ? '/gift-code' : '/generate-gift-code'
    entries.push(route('parrain', to, ['/gift-code', '/generate-gift-code', '/parrain', '/convert-coins']))
  }
  return entries
}

/** Whether `pathname` belongs to the entry; Accueil only on `/` itself. */
export function isSidebarEntryActive(entry: SidebarEntry, pathname: string): boolean {
  if (entry.kind !== 'route') return false
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname
  return entry.activeOn.some((prefix) => (prefix === '/' ? path === '/' : path === prefix || path.startsWith(`${prefix}/`)))
}
