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
