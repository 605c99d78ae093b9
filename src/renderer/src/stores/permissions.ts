import { SEARCH_DISABLED_GROUP_ID } from '../../../shared/constants.ts'
import { activeGroups, EVENT_GROUPS, holdsAny, PURCHASED_ALL_GROUPS, type DatedOffer } from '../../../shared/rules/activeOffers.ts'
import { ATTACHMENT_BLOCKED_GROUP_IDS } from '../../../shared/rules/attachments.ts'

/**
 * The permissions object of the current-user response (specification §3). Until the accounts
 * work lands every flag is false; the shared API schema replaces this shape then.
 */
export interface Permissions {
  has_forum: boolean
  has_exam: boolean
  isProfSon: boolean
  versPilote: boolean
  freeHours: boolean
  hasEditDivision: boolean
  influencer: boolean
  eligibleUserForGift: boolean
  takeTrialAdvantage: boolean
  changePassword: boolean
  discount: boolean
}

export const NO_PERMISSIONS: Readonly<Permissions> = Object.freeze({
  has_forum: false,
  has_exam: false,
  isProfSon: false,
  versPilote: false,
  freeHours: false,
  hasEditDivision: false,
  influencer: false,
  eligibleUserForGift: false,
  takeTrialAdvantage: false,
  changePassword: false,
  discount: false
})

/** The fields of the current user the shell reads. */
export interface ShellUser {
  id: number
  name: string
  last_name: string
  gift_code: string | null
  hasParent: boolean
  hasParentRequest: boolean
  points: number
  /** The profile is complete (§2: its edit screen is then 'Modifier mon profil'). */
  completed: boolean
  /** A test account (§4). */
  istest: boolean
  /** The account is an administrator's own (`user_type` admin). */
  admin: boolean
  /** An administrator opened this session through a switch link (§6, `admin_user_id`). */
  impersonated: boolean
}

/**
 * What the pupil's offers allow, from their **active** offers only (dates in Africa/Tunis), by the
 * same rule the server reads (src/shared/rules/activeOffers.ts, decision 0045).
 */
export interface OfferPermissions {
  /** An active offer of group 104 closes the lesson search. */
  searchClosed: boolean
  /** An active offer of group 83 or 84 blocks attachment downloads. */
  attachmentsBlocked: boolean
  /** An active offer of group 107 or 112 (the events' groups). */
  events: boolean
  /** An active offer of group 85, 122 or 127 (the purchased-all check). */
  purchasedAll: boolean
}

export function offerPermissions(offers: readonly DatedOffer[] | null | undefined, now: Date | number): OfferPermissions {
  const active = activeGroups(offers ?? [], now)
  return {
    searchClosed: active.has(SEARCH_DISABLED_GROUP_ID),
    attachmentsBlocked: holdsAny(active, ATTACHMENT_BLOCKED_GROUP_IDS),
    events: holdsAny(active, EVENT_GROUPS),
    purchasedAll: holdsAny(active, PURCHASED_ALL_GROUPS)
  }
}
